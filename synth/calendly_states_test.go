package synth

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestCalendlyStatesAreTheProducts: a scheduled event and an invitee are
// active or canceled, never "completed", which Calendly has no state for.
func TestCalendlyStatesAreTheProducts(t *testing.T) {
	c, _ := readWorld(t, 54, "calendly")
	n := 0
	for _, d := range c.Data {
		for _, coll := range []string{"scheduled_events", "invitees"} {
			for _, rec := range d.Records["calendly"][coll] {
				n++
				if s := state.Text(rec["status"]); s != "active" && s != "canceled" && s != "" {
					t.Errorf("%s: %s %v is %q", d.ID, coll, rec["id"], s)
				}
			}
		}
	}
	if n < 10 {
		t.Errorf("%d Calendly events and invitees drawn, want more", n)
	}
}
