package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/state"
)

// TestBuiltinParentsAndNames: the built-in atoms declare what a product
// refuses to hold: a Salesforce account, campaign or case whose ParentId
// is itself, and two Jira projects of one name, each a violation naming
// the record's field; another parent or another name is none.
func TestBuiltinParentsAndNames(t *testing.T) {
	lib := testlib.Builtin(t)
	ss := map[string]*atom.Server{}
	for _, app := range []string{"salesforce", "jira"} {
		e, err := lib.Get(atom.KindServer, atom.Pin{ID: app})
		if err != nil {
			t.Fatal(err)
		}
		ss[app] = e.MustServer()
	}
	two := func(id1, p1, id2, p2 string) []state.Record {
		return []state.Record{{"id": id1, "parent_id": p1}, {"id": id2, "parent_id": p2}}
	}
	for _, c := range []struct {
		name  string
		coll  string
		recs  []state.Record
		field string // the field a violation names; "" for none
	}{
		{"a case under another case", "salesforce.cases", two("500Dn0000001", "500Dn0000002", "500Dn0000002", ""), ""},
		{"a case its own parent", "salesforce.cases", two("500Dn0000001", "500Dn0000001", "500Dn0000002", ""), "parent_id"},
		{"an account its own parent", "salesforce.accounts", two("001Dn0000001", "001Dn0000001", "001Dn0000002", ""), "parent_id"},
		{"a campaign its own parent", "salesforce.campaigns", two("701Dn0000001", "701Dn0000001", "701Dn0000002", ""), "parent_id"},
		{"projects of two names", "jira.projects", []state.Record{{"id": "10001", "key": "MKT", "name": "Marketing"}, {"id": "10002", "key": "ENG", "name": "Engineering"}}, ""},
		{"projects of one name", "jira.projects", []state.Record{{"id": "10001", "key": "MKT", "name": "Marketing"}, {"id": "10002", "key": "MAR", "name": "Marketing"}}, "name"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), state.NewCollection(c.coll, "id", c.recs))
			var got []string
			for _, v := range CheckWorld("d", ss, w) {
				if v.Rule == RuleInvariant {
					got = append(got, v.Field)
					if v.Field != c.field {
						t.Errorf("unexpected: %s", v)
					}
				}
			}
			if c.field != "" && len(got) == 0 {
				t.Errorf("no violation of %s", c.field)
			}
		})
	}
}
