package synth

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestConfluenceAsTheProduct synthesises Confluence worlds: a draft page,
// never published, is at its first version; coherence finds no rule
// broken in them.
func TestConfluenceAsTheProduct(t *testing.T) {
	drafts, pages := 0, 0
	for _, seed := range []int64{55, 7} {
		c, servers := readWorld(t, seed, "confluence")
		for _, d := range c.Data {
			for _, v := range violationsOf(d, servers, "", "") {
				t.Errorf("%s", v)
			}
			for _, p := range d.Records["confluence"]["pages"] {
				pages++
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
	t.Logf("%d pages, %d of them drafts", pages, drafts)
	if drafts < 3 {
		t.Errorf("%d drafts drawn of %d pages, want more", drafts, pages)
	}
}
