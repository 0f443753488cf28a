package synth

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestUnreadWithinAllSubmissions synthesises Jotform worlds: no form
// counts more new (unread) submissions than submissions in all.
func TestUnreadWithinAllSubmissions(t *testing.T) {
	forms := 0
	for seed := int64(1); seed <= 4; seed++ {
		c, _ := readWorld(t, seed, "jotform")
		for _, d := range c.Data {
			for _, f := range d.Records["jotform"]["forms"] {
				n, okN := state.Number(f["new"])
				all, okAll := state.Number(f["count"])
				if !okN || !okAll {
					continue
				}
				forms++
				if n > all {
					t.Errorf("%s: form %v counts %v new of %v submissions", d.ID, f["id"], f["new"], f["count"])
				}
			}
		}
	}
	t.Logf("%d forms with both counts", forms)
	if forms < 10 {
		t.Errorf("%d forms with both counts drawn, want more", forms)
	}
}
