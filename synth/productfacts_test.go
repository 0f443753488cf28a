package synth

import (
	"regexp"
	"testing"

	"github.com/legoenv/legoenv/state"
)

// teamKeyRE is a Linear team key as the product has one: a short word of
// capital letters ("ENG"), never an issue's identifier ("TEA-5622").
var teamKeyRE = regexp.MustCompile(`^[A-Z][A-Z0-9]{0,4}$`)

// TestRepliesAndTeamKeysAsTheProducts synthesises Mattermost and Linear
// worlds: a reply's root_id names a post of the world in the reply's own
// channel (synthesis draws no reply it cannot root so: every post it
// writes is a thread's root), and a Linear team's key is a short word of
// capitals, one per team; coherence finds no rule broken in them.
func TestRepliesAndTeamKeysAsTheProducts(t *testing.T) {
	drawn, replies, keys := 0, 0, 0
	for _, seed := range []int64{55, 7} {
		c, servers := readWorld(t, seed, "mattermost", "linear")
		for _, d := range c.Data {
			for _, v := range violationsOf(d, servers, "", "") {
				t.Errorf("%s", v)
			}
			posts := map[string]map[string]any{}
			for _, p := range d.Records["mattermost"]["posts"] {
				posts[state.Text(p["id"])] = p
			}
			drawn += len(d.Records["mattermost"]["posts"])
			for _, p := range d.Records["mattermost"]["posts"] {
				root := state.Text(p["root_id"])
				if root == "" {
					continue
				}
				replies++
				r := posts[root]
				if r == nil {
					t.Errorf("%s: post %v replies to %q, which is no post", d.ID, p["id"], root)
				} else if state.Text(r["channel_id"]) != state.Text(p["channel_id"]) {
					t.Errorf("%s: post %v in %v replies to %v in %v", d.ID, p["id"], p["channel_id"], root, r["channel_id"])
				}
			}
			seen := map[string]bool{}
			for _, tm := range d.Records["linear"]["teams"] {
				k := state.Text(tm["key"])
				keys++
				if !teamKeyRE.MatchString(k) {
					t.Errorf("%s: team %v has key %q, not a short word of capitals", d.ID, tm["name"], k)
				}
				if seen[k] {
					t.Errorf("%s: two teams have the key %q", d.ID, k)
				}
				seen[k] = true
			}
		}
	}
	t.Logf("%d posts, %d of them replies, %d team keys", drawn, replies, keys)
	if drawn < 5 || keys < 5 {
		t.Errorf("%d posts and %d team keys drawn, want more", drawn, keys)
	}
}
