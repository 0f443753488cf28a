package synth

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestOneMembershipPerMemberOfASpace synthesises Google Chat worlds: no
// member holds two memberships of one space.
func TestOneMembershipPerMemberOfASpace(t *testing.T) {
	held := 0
	for seed := int64(1); seed <= 6; seed++ {
		c, _ := readWorld(t, seed, "google_chat")
		for _, d := range c.Data {
			seen := map[string]bool{}
			for _, m := range d.Records["google_chat"]["memberships"] {
				who, space := state.Text(m["member_email"]), state.Text(m["space"])
				if who == "" {
					continue
				}
				held++
				if seen[space+"|"+who] {
					t.Errorf("%s: %s holds two memberships of space %s", d.ID, who, space)
				}
				seen[space+"|"+who] = true
			}
		}
	}
	t.Logf("%d memberships", held)
	if held < 15 {
		t.Errorf("%d memberships drawn, want more", held)
	}
}
