package synth

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestTeamsNamedOnce synthesises Mattermost worlds: no two teams share a
// name, and coherence finds no violation (a name repeated is drawn again
// with its display name, so the name stays the display name's slug).
func TestTeamsNamedOnce(t *testing.T) {
	teams := 0
	for seed := int64(1); seed <= 6; seed++ {
		c, servers := readWorld(t, seed, "mattermost")
		for _, d := range c.Data {
			for _, v := range violationsOf(d, servers, "", "") {
				t.Errorf("%s", v)
			}
			seen := map[string]bool{}
			for _, tm := range d.Records["mattermost"]["teams"] {
				name := state.Text(tm["name"])
				teams++
				if seen[name] {
					t.Errorf("%s: two teams named %q", d.ID, name)
				}
				seen[name] = true
			}
		}
	}
	t.Logf("%d teams", teams)
	if teams < 15 {
		t.Errorf("%d teams drawn, want more", teams)
	}
}
