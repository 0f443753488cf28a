package synth

import (
	"slices"
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestEstimatesOnAScale synthesises Linear worlds: every issue's
// estimate is a point of an estimate scale (the field's enum).
func TestEstimatesOnAScale(t *testing.T) {
	points := []float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 13, 16, 21, 32, 64}
	n := 0
	for seed := int64(1); seed <= 3; seed++ {
		c, _ := readWorld(t, seed, "linear")
		for _, d := range c.Data {
			for _, r := range d.Records["linear"]["issues"] {
				x, ok := state.Number(r["estimate"])
				if !ok {
					continue
				}
				n++
				if !slices.Contains(points, x) {
					t.Errorf("%s: issue %v has estimate %v, on no scale", d.ID, r["id"], x)
				}
			}
		}
	}
	if n < 10 {
		t.Errorf("%d estimates drawn, want more", n)
	}
}

// TestContactOnceInAList synthesises ActiveCampaign worlds: no contact
// is in one list twice.
func TestContactOnceInAList(t *testing.T) {
	n := 0
	for seed := int64(1); seed <= 4; seed++ {
		c, _ := readWorld(t, seed, "activecampaign")
		for _, d := range c.Data {
			seen := map[[2]string]bool{}
			for _, r := range d.Records["activecampaign"]["contact_lists"] {
				n++
				k := [2]string{state.Text(r["contact"]), state.Text(r["list"])}
				if seen[k] {
					t.Errorf("%s: contact %s in list %s twice", d.ID, k[0], k[1])
				}
				seen[k] = true
			}
		}
	}
	if n < 10 {
		t.Errorf("%d contact lists drawn, want more", n)
	}
}

// TestRegistrantsOnMeetingsThatTakeThem synthesises Zoom worlds: a
// meeting requires registration exactly where it is scheduled or
// recurring with a fixed time and approves registrants, and every
// registrant is on such a meeting.
func TestRegistrantsOnMeetingsThatTakeThem(t *testing.T) {
	registrants := 0
	for seed := int64(1); seed <= 4; seed++ {
		c, _ := readWorld(t, seed, "zoom", "slack")
		for _, d := range c.Data {
			takes := map[string]bool{}
			for _, m := range d.Records["zoom"]["meetings"] {
				typ, approval := state.Text(m["type"]), state.Text(m["approval_type"])
				required := m["registration_required"] == true
				if required && (typ != "2" && typ != "8" || approval != "0" && approval != "1") || !required && (approval == "0" || approval == "1") {
					t.Errorf("%s: meeting %v of type %s, approval_type %s, registration_required %v", d.ID, m["id"], typ, approval, required)
				}
				takes[state.Text(m["id"])] = required
			}
			for _, r := range d.Records["zoom"]["registrants"] {
				registrants++
				if !takes[state.Text(r["meeting_id"])] {
					t.Errorf("%s: registrant %v on meeting %v, which takes no registration", d.ID, r["id"], r["meeting_id"])
				}
			}
		}
	}
	if registrants < 10 {
		t.Errorf("%d registrants drawn, want more", registrants)
	}
}
