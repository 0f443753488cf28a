package synth

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestCountsKeepTheirDeclaredBounds: a number field the product bounds
// (HubSpot's NPS score from 0 to 10, the hour Buffer sends a post at) is
// drawn within its bounds in every synthesised record.
func TestCountsKeepTheirDeclaredBounds(t *testing.T) {
	apps := []string{"hubspot", "buffer"}
	c := synthApps(t, 4, apps...)
	src := builtinServers(t)
	checked := 0
	for _, app := range apps {
		s := src.ServerFor(app).MustServer()
		for _, d := range c.Data {
			for _, coll := range s.Collections {
				for name, f := range coll.Fields {
					if !f.Bounded() {
						continue
					}
					for _, rec := range d.Records[app][coll.Name] {
						x, ok := state.Number(rec[name])
						if !ok {
							continue
						}
						checked++
						if !f.Within(x) {
							t.Errorf("%s: %s.%s %v is outside %s", d.ID, app, coll.Name, x, f.BoundsText())
						}
					}
				}
			}
		}
	}
	if checked < 24 {
		t.Fatalf("only %d bounded values checked", checked)
	}
}
