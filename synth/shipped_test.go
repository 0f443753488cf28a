package synth

import (
	"slices"
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestOrdersFollowTheirRefundsAndShipments synthesises the stores and the
// CRM whose orders and deals say what was done to them: a Shopify order
// with a refund is refunded or partially refunded, one with a successful
// fulfillment is fulfilled or partial, a BigCommerce order holding a
// shipment is shipped or past it, and a Freshsales deal holds a closed
// date only once won or lost. Coherence finds no violation over these
// worlds.
func TestOrdersFollowTheirRefundsAndShipments(t *testing.T) {
	c, servers := readWorld(t, 55, "shopify", "bigcommerce", "freshsales")
	var refunds, fulfilled, shipments, closed, bad int
	fail := func(format string, args ...any) {
		if bad++; bad <= 20 {
			t.Errorf(format, args...)
		}
	}
	for _, d := range c.Data {
		sh := d.Records["shopify"]
		for _, r := range sh["refunds"] {
			refunds++
			if o := findRec(sh["orders"], "id", state.Text(r["order_id"])); o != nil && !slices.Contains([]any{"refunded", "partially_refunded"}, o["financial_status"]) {
				fail("%s: refund %v on order %v, %v", d.ID, r["id"], o["id"], o["financial_status"])
			}
		}
		for _, f := range sh["fulfillments"] {
			if f["status"] != "success" {
				continue
			}
			fulfilled++
			if o := findRec(sh["orders"], "id", state.Text(f["order_id"])); o != nil && !slices.Contains([]any{"fulfilled", "partial"}, o["fulfillment_status"]) {
				fail("%s: fulfillment %v done on order %v, %v", d.ID, f["id"], o["id"], o["fulfillment_status"])
			}
		}
		bc := d.Records["bigcommerce"]
		for _, s := range bc["shipments"] {
			shipments++
			if o := findRec(bc["orders"], "id", state.Text(s["order_id"])); o != nil && !slices.Contains([]string{"2", "3", "4", "10", "13", "14"}, state.Text(o["status_id"])) {
				fail("%s: shipment %v of order %v, status %v", d.ID, s["id"], o["id"], o["status_id"])
			}
		}
		for _, x := range d.Records["freshsales"]["deals"] {
			if x["closed_date"] == nil {
				continue
			}
			closed++
			if x["deal_stage"] != "Won" && x["deal_stage"] != "Lost" {
				fail("%s: deal %v at %v closed on %v", d.ID, x["id"], x["deal_stage"], x["closed_date"])
			}
		}
		for _, v := range checkData(t, d, servers) {
			fail("%s", v)
		}
	}
	t.Logf("%d refunds, %d fulfillments done, %d shipments, %d closed deals over %d data atoms", refunds, fulfilled, shipments, closed, len(c.Data))
	if refunds < 5 || fulfilled < 1 || shipments < 5 || closed < 5 {
		t.Errorf("drawn %d refunds, %d fulfillments done, %d shipments, %d closed deals; want more", refunds, fulfilled, shipments, closed)
	}
	if bad > 0 {
		t.Errorf("%d violations", bad)
	}
}
