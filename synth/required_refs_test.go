package synth

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestEveryRequiredReferenceNamesARecord: an Outlook message is in a mail
// folder of its world, a Mattermost post in a channel and by a user, a
// monday item on a board and an update on an item: every reference a
// server marks required names a record drawn beside it.
func TestEveryRequiredReferenceNamesARecord(t *testing.T) {
	src := builtinServers(t)
	n := 0
	eachRecord(t, 1, []string{"outlook", "mattermost", "monday"}, func(d *atom.Data, app string, coll *atom.Collection, rec map[string]any) {
		s := src.ServerFor(app).MustServer()
		for name, f := range coll.Fields {
			if !f.Required || f.Ref == "" || f.Type == "array" {
				continue
			}
			n++
			if !namesRecord(d.Records[app][f.Ref], f.RefKey(s.Collection(f.Ref)), rec[name]) {
				t.Errorf("%s: %s.%s %v has %s %v, naming no %s", d.ID, app, coll.Name, rec[coll.KeyField()], name, rec[name], f.Ref)
			}
		}
	})
	if n < 20 {
		t.Fatalf("checked %d references", n)
	}
}

// namesRecord reports whether one of recs holds v (as text) in its field
// key.
func namesRecord(recs []map[string]any, key string, v any) bool {
	for _, r := range recs {
		if state.Text(r[key]) == state.Text(v) {
			return true
		}
	}
	return false
}
