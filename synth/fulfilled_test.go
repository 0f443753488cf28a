package synth

import (
	"testing"

	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestFulfilledOrdersAreNotCancelled: a Shopify order with fulfilled
// items is not cancelled (Shopify refuses the cancel), and coherence
// finds no such order among the drawn ones.
func TestFulfilledOrdersAreNotCancelled(t *testing.T) {
	c, servers := readWorld(t, 54, "shopify")
	orders := 0
	for _, d := range c.Data {
		for _, v := range violationsOf(d, servers, coherence.RuleInvariant, "fulfillment_status") {
			t.Errorf("%s", v)
		}
		for _, rec := range d.Records["shopify"]["orders"] {
			orders++
			if fs := state.Text(rec["fulfillment_status"]); (fs == "fulfilled" || fs == "partial") && state.Text(rec["cancelled_at"]) != "" {
				t.Errorf("%s: order %v is %s and cancelled at %v", d.ID, rec["id"], fs, rec["cancelled_at"])
			}
		}
	}
	if orders < 10 {
		t.Errorf("%d orders drawn, want more", orders)
	}
}
