package synth

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestAssetsAndInboxesAsTheProductsKeepThem: a Freshservice asset's user,
// where it has one, is one of the world's requesters, and no two inboxes
// of a Front workspace share a name or an address.
func TestAssetsAndInboxesAsTheProductsKeepThem(t *testing.T) {
	c := synthApps(t, 3, "freshservice", "front")
	assets, inboxes := 0, 0
	for _, d := range c.Data {
		requesters := map[string]bool{}
		for _, q := range d.Records["freshservice"]["requesters"] {
			requesters[state.Text(q["id"])] = true
		}
		for _, a := range d.Records["freshservice"]["assets"] {
			assets++
			if u := state.Text(a["user_id"]); u != "" {
				if !requesters[u] {
					t.Errorf("%s: asset %s is used by %q, no requester", d.ID, state.Text(a["display_id"]), u)
				}
			}
		}
		seen := map[string]bool{}
		for _, x := range d.Records["front"]["inboxes"] {
			inboxes++
			for _, f := range []string{"name", "address"} {
				v := f + "|" + state.Text(x[f])
				if seen[v] {
					t.Errorf("%s: two inboxes of %s %q", d.ID, f, state.Text(x[f]))
				}
				seen[v] = true
			}
		}
	}
	if assets < 4 || inboxes < 4 {
		t.Errorf("only %d assets and %d inboxes drawn", assets, inboxes)
	}
}
