package synth

import (
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestParentsOfTheirKind synthesises the built-in apps whose records point
// at a parent of the kind another field names (Copper's activities and
// tasks, Attio's notes and list entries, Freshsales' notes), and those
// whose deals close and whose messages are edited: every such parent is a
// record of the collection its kind names, and most records have one; no
// deal won or lost closes after the clock, no message is edited before
// it was sent.
func TestParentsOfTheirKind(t *testing.T) {
	c, servers := readWorld(t, 27, "copper", "attio", "box", "freshsales", "linkedin", "notion", "discord", "pipedrive", "insightly", "zoho_crm", "close", "github", "gitlab", "surveymonkey")
	parents, bad, onCompanies, naming := 0, 0, 0, 0
	for _, d := range c.Data {
		var colls []*state.Collection
		for app, byName := range d.Records {
			for name, recs := range byName {
				def := servers[app].Collection(name)
				colls = append(colls, state.NewCollection(app+"."+name, def.KeyField(), recs))
				parents += kindParents(def, recs)
				n, k := namesOfParents(servers[app], def, recs, byName)
				onCompanies, naming = onCompanies+n, naming+k
			}
		}
		clock, err := time.Parse(time.RFC3339, d.Clock)
		if err != nil {
			t.Fatalf("%s: clock %q: %v", d.ID, d.Clock, err)
		}
		for _, v := range coherence.CheckWorld(d.ID, servers, state.NewWorld(clock, colls...)) {
			if v.Rule == coherence.RuleRef || v.Rule == coherence.RuleLifecycle || v.Rule == coherence.RuleFields {
				if bad++; bad <= 10 {
					t.Errorf("%s", v)
				}
			}
		}
	}
	t.Logf("%d records name a parent by kind; %d of %d texts on a company's record name it", parents, naming, onCompanies)
	if parents < 100 {
		t.Fatalf("only %d records name a parent by kind", parents)
	}
	if bad > 0 {
		t.Errorf("%d records contradict themselves or their references, among %d parents named by kind", bad, parents)
	}
	// A note on a company is about that company: its text names it.
	if onCompanies < 50 || naming*10 < onCompanies*7 {
		t.Errorf("%d of %d texts on a company's record name the company", naming, onCompanies)
	}
}

// namesOfParents counts the records of def with text whose parent, named
// by kind, is a company (n), and those whose text names it (k).
func namesOfParents(s *atom.Server, def *atom.Collection, recs []map[string]any, byName map[string][]map[string]any) (n, k int) {
	for name, f := range def.Fields {
		if f.RefBy == "" {
			continue
		}
		for _, rec := range recs {
			tname, ok := f.RefOf(rec)
			tdef := s.Collection(tname)
			if !ok || tdef == nil {
				continue
			}
			var company string
			for _, p := range byName[tname] {
				if p[tdef.KeyField()] != rec[name] {
					continue
				}
				for g := range tdef.Fields {
					if role, _ := atom.RoleOf(s, tdef, g); role == atom.RoleCompany && g == "name" {
						company, _ = p[g].(string)
					}
				}
			}
			text := ""
			for g := range def.Fields {
				if role, _ := atom.RoleOf(s, def, g); role == atom.RoleText {
					x, _ := rec[g].(string)
					text += x
				}
			}
			if company == "" || text == "" {
				continue
			}
			n++
			if strings.Contains(text, company) {
				k++
			}
		}
	}
	return n, k
}

// kindParents counts the records that name a parent by kind.
func kindParents(def *atom.Collection, recs []map[string]any) int {
	n := 0
	for name, f := range def.Fields {
		if f.RefBy == "" {
			continue
		}
		for _, rec := range recs {
			if atom.IsSet(rec[name]) {
				n++
			}
		}
	}
	return n
}
