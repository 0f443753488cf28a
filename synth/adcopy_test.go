package synth

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestAdCopyForAnAudience synthesises Facebook Lead Ads worlds: an ad's
// primary text (declared audience) speaks to whoever sees the ad, never
// as a letter to one person ("Dear Kwame Dubois, ..."); coherence finds
// no rule broken in them.
func TestAdCopyForAnAudience(t *testing.T) {
	ads := 0
	for _, seed := range []int64{55, 7} {
		c, servers := readWorld(t, seed, "facebook_lead_ads")
		for _, d := range c.Data {
			for _, v := range violationsOf(d, servers, "", "") {
				t.Errorf("%s", v)
			}
			for _, a := range d.Records["facebook_lead_ads"]["ads"] {
				msg := state.Text(a["message"])
				if msg == "" {
					continue
				}
				ads++
				if why := atom.Letter(msg); why != "" {
					t.Errorf("%s: ad %v's message %q is a letter: %s", d.ID, a["id"], msg, why)
				}
			}
		}
	}
	t.Logf("%d ads with copy", ads)
	if ads < 5 {
		t.Errorf("%d ads with copy drawn, want more", ads)
	}
}
