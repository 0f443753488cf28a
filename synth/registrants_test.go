package synth

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestRegistrantsWhereRegistrationIsAsked synthesises Zoom worlds: every
// registrant is on a meeting that requires registration.
func TestRegistrantsWhereRegistrationIsAsked(t *testing.T) {
	registrants := 0
	for seed := int64(1); seed <= 4; seed++ {
		c, _ := readWorld(t, seed, "zoom", "slack")
		for _, d := range c.Data {
			required := map[string]bool{}
			for _, m := range d.Records["zoom"]["meetings"] {
				required[state.Text(m["id"])] = m["registration_required"] == true
			}
			for _, r := range d.Records["zoom"]["registrants"] {
				registrants++
				if !required[state.Text(r["meeting_id"])] {
					t.Errorf("%s: registrant %v on meeting %v, which requires no registration", d.ID, r["id"], r["meeting_id"])
				}
			}
		}
	}
	t.Logf("%d registrants", registrants)
	if registrants < 10 {
		t.Errorf("%d registrants drawn, want more", registrants)
	}
}
