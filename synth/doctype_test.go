package synth

import (
	"slices"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestDesignsOfAKind synthesises Canva worlds: a design's doctype_name is
// one of the design types its field's examples give, not a second title
// ("Renewal for Acme").
func TestDesignsOfAKind(t *testing.T) {
	kinds := builtinServers(t).ServerFor("canva").MustServer().Collection("designs").Fields["doctype_name"].Examples
	designs := 0
	for seed := int64(1); seed <= 4; seed++ {
		c, _ := readWorld(t, seed, "canva", "slack")
		for _, d := range c.Data {
			for _, r := range d.Records["canva"]["designs"] {
				k := state.Text(r["doctype_name"])
				if k == "" {
					continue
				}
				designs++
				if !slices.Contains(kinds, k) || k == state.Text(r["title"]) || strings.Contains(k, " for ") {
					t.Errorf("%s: design %v (%q) is of kind %q", d.ID, r["id"], r["title"], k)
				}
			}
		}
	}
	t.Logf("%d designs", designs)
	if designs < 10 {
		t.Errorf("%d designs drawn, want more", designs)
	}
}
