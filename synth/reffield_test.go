package synth

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestReferencesByField synthesises Jira, whose comments name their issue
// and whose issues name their project by its key field, not its id:
// every such reference drawn holds a key of a record there, and coherence
// finds no reference that does not resolve.
func TestReferencesByField(t *testing.T) {
	c, servers := readWorld(t, 27, "jira", "confluence", "slack")
	held, bad := 0, 0
	for _, d := range c.Data {
		var colls []*state.Collection
		for app, byName := range d.Records {
			for name, recs := range byName {
				colls = append(colls, state.NewCollection(app+"."+name, servers[app].Collection(name).KeyField(), recs))
			}
		}
		keys := map[string]bool{}
		for _, coll := range []string{"issues", "projects"} {
			for _, r := range d.Records["jira"][coll] {
				keys[coll+"|"+state.Text(r["key"])] = true
			}
		}
		for _, ref := range [][3]string{{"comments", "issue_key", "issues"}, {"issues", "project_key", "projects"}} {
			for _, r := range d.Records["jira"][ref[0]] {
				if v, ok := r[ref[1]]; ok {
					held++
					if !keys[ref[2]+"|"+state.Text(v)] {
						t.Errorf("%s: %s %v holds %q, no %s's key", d.ID, ref[0], r["id"], state.Text(v), ref[2])
					}
				}
			}
		}
		clock, _ := time.Parse(time.RFC3339, d.Clock)
		for _, v := range coherence.CheckWorld(d.ID, servers, state.NewWorld(clock, colls...)) {
			if v.Rule == coherence.RuleRef {
				if bad++; bad <= 5 {
					t.Errorf("%s", v)
				}
			}
		}
	}
	if held < 10 {
		t.Errorf("only %d references by key field drawn", held)
	}
}
