package synth

import (
	"testing"

	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestFulfilledOrdersAreNotCancelled: a Shopify order with fulfilled
// items is not cancelled (Shopify refuses the cancel), coherence finds no
// such order among the drawn ones, and an order a task names is one it
// can cancel.
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
	// The orders a task names and may cancel are not fulfilled.
	named := 0
	for _, d := range c.Data {
		for _, h := range d.Handles {
			if h.App != "shopify" || h.Collection != "orders" {
				continue
			}
			for _, rec := range d.Records["shopify"]["orders"] {
				if state.Text(rec["id"]) != h.Key || state.Text(rec["cancelled_at"]) != "" {
					continue
				}
				named++
				if fs := state.Text(rec["fulfillment_status"]); fs == "fulfilled" || fs == "partial" {
					t.Errorf("%s: order %v, which a task names, is %s: cancelling it is refused", d.ID, rec["id"], fs)
				}
			}
		}
	}
	if orders < 10 || named == 0 {
		t.Errorf("%d orders drawn, %d of them named and open, want more", orders, named)
	}
}
