package synth

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestConversionEventOfTheAdvertiser synthesises LinkedIn Conversions
// worlds: an event is created no earlier than its conversion happened and
// is sent in one of the world's ad accounts.
func TestConversionEventOfTheAdvertiser(t *testing.T) {
	events := 0
	for seed := int64(1); seed <= 4; seed++ {
		c, _ := readWorld(t, seed, "linkedin_conversions", "slack")
		for _, d := range c.Data {
			accounts := map[string]bool{}
			for _, a := range d.Records["linkedin_conversions"]["ad_accounts"] {
				accounts[state.Text(a["name"])] = true
			}
			for _, e := range d.Records["linkedin_conversions"]["events"] {
				events++
				if a := state.Text(e["account"]); a != "" && !accounts[a] {
					t.Errorf("%s: event %v sent in %q, none of the world's ad accounts", d.ID, e["id"], a)
				}
				if h, cr := state.Text(e["conversion_happened_at"]), state.Text(e["created_at"]); h != "" && cr != "" && cr < h {
					t.Errorf("%s: event %v created %s, before its conversion happened at %s", d.ID, e["id"], cr, h)
				}
			}
		}
	}
	t.Logf("%d events", events)
	if events < 10 {
		t.Errorf("%d events drawn, want more", events)
	}
}
