package synth

import (
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestConfluenceAsTheProduct synthesises Confluence worlds: a draft page,
// never published, is at its first version; a global space's key is a
// short word of capitals made from its name, a personal space's ~ and a
// number, and every page is in a space of the world; coherence finds no
// rule broken in them.
func TestConfluenceAsTheProduct(t *testing.T) {
	drafts, pages, keys := 0, 0, 0
	for _, seed := range []int64{55, 7} {
		c, servers := readWorld(t, seed, "confluence")
		for _, d := range c.Data {
			for _, v := range violationsOf(d, servers, "", "") {
				t.Errorf("%s", v)
			}
			spaces := map[string]bool{}
			for _, sp := range d.Records["confluence"]["spaces"] {
				k := state.Text(sp["key"])
				spaces[k] = true
				keys++
				switch state.Text(sp["type"]) {
				case "personal":
					if !strings.HasPrefix(k, "~") {
						t.Errorf("%s: personal space %q has key %q, not ~ and its owner's", d.ID, sp["name"], k)
					}
				default:
					if !teamKeyRE.MatchString(k) || !strings.HasPrefix(k, atom.KeyPrefix(state.Text(sp["name"]))[:1]) {
						t.Errorf("%s: space %q has key %q, not a short word of capitals made from its name", d.ID, sp["name"], k)
					}
				}
			}
			for _, p := range d.Records["confluence"]["pages"] {
				pages++
				if !spaces[state.Text(p["space_key"])] {
					t.Errorf("%s: page %v is in space %v, which is no space", d.ID, p["id"], p["space_key"])
				}
				if state.Text(p["status"]) != "draft" {
					continue
				}
				drafts++
				if v, _ := state.Number(p["version"]); v != 1 {
					t.Errorf("%s: draft page %v %q is at version %v, not 1", d.ID, p["id"], p["title"], p["version"])
				}
			}
		}
	}
	t.Logf("%d pages, %d of them drafts; %d spaces", pages, drafts, keys)
	if drafts < 3 || keys < 5 {
		t.Errorf("%d drafts drawn of %d pages, want more", drafts, pages)
	}
}
