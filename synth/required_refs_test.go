package synth

import "testing"

// TestEveryRequiredReferenceNamesARecord: an Outlook message is in a mail
// folder of its world, a Mattermost post in a channel and by a user, a
// monday item on a board and an update on an item: every reference a
// server marks required names a record drawn beside it.
func TestEveryRequiredReferenceNamesARecord(t *testing.T) {
	apps := []string{"outlook", "mattermost", "monday"}
	c := synthApps(t, 1, apps...)
	src := builtinServers(t)
	n := 0
	for _, app := range apps {
		s := src.ServerFor(app).MustServer()
		for _, coll := range s.Collections {
			for name, f := range coll.Fields {
				if !f.Required || f.Ref == "" || f.Type == "array" {
					continue
				}
				target := s.Collection(f.Ref)
				for _, d := range c.Data {
					keys := map[any]bool{}
					for _, r := range d.Records[app][f.Ref] {
						keys[r[f.RefKey(target)]] = true
					}
					for _, rec := range d.Records[app][coll.Name] {
						n++
						if !keys[rec[name]] {
							t.Errorf("%s: %s.%s %v has %s %v, naming no %s", d.ID, app, coll.Name, rec[coll.KeyField()], name, rec[name], f.Ref)
						}
					}
				}
			}
		}
	}
	if n < 20 {
		t.Fatalf("checked %d references", n)
	}
}
