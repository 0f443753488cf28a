package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestOrdersFollowTheirRefundsAndShipments: over the built-in atoms, a
// Shopify order holding a refund yet still paid, an unfulfilled order
// (or one with no fulfillment status, which Shopify leaves null until
// one is fulfilled) holding a successful fulfillment, a BigCommerce order awaiting shipment
// that holds a shipment and a Freshsales deal in Negotiation with a
// closed date are violations naming the record and field; a partially
// refunded order, a fulfilled one, a pending fulfillment on an
// unfulfilled order, a shipped BigCommerce order and a won deal with its
// closed date are none.
func TestOrdersFollowTheirRefundsAndShipments(t *testing.T) {
	ss := map[string]*atom.Server{}
	for _, id := range []string{"shopify", "bigcommerce", "freshsales"} {
		ss[id] = builtinServer(t, id)
	}
	w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
		state.NewCollection("shopify.orders", "id", []state.Record{
			{"id": "5001", "name": "#5001", "financial_status": "paid", "fulfillment_status": "unfulfilled", "total_price": 80.0},
			{"id": "5002", "name": "#5002", "financial_status": "partially_refunded", "fulfillment_status": "fulfilled", "total_price": 80.0},
			{"id": "5003", "name": "#5003", "financial_status": "paid", "fulfillment_status": "unfulfilled", "total_price": 80.0},
			{"id": "5004", "name": "#5004", "financial_status": "paid", "total_price": 80.0},
		}),
		state.NewCollection("shopify.refunds", "id", []state.Record{
			{"id": "9001", "order_id": "5001", "amount": 20.0},
			{"id": "9002", "order_id": "5002", "amount": 20.0},
		}),
		state.NewCollection("shopify.fulfillments", "id", []state.Record{
			{"id": "4001", "order_id": "5001", "status": "success"},
			{"id": "4002", "order_id": "5002", "status": "success"},
			{"id": "4003", "order_id": "5003", "status": "pending"},
			{"id": "4004", "order_id": "5004", "status": "success"},
		}),
		state.NewCollection("bigcommerce.orders", "id", []state.Record{
			{"id": "101", "status_id": 9}, {"id": "102", "status_id": 2},
		}),
		state.NewCollection("bigcommerce.shipments", "id", []state.Record{
			{"id": "1201", "order_id": "101", "tracking_number": "1Z999"},
			{"id": "1202", "order_id": "102", "tracking_number": "1Z998"},
		}),
		state.NewCollection("freshsales.deals", "id", []state.Record{
			{"id": "160021", "name": "Renewal", "deal_stage": "Negotiation", "closed_date": "2026-02-01"},
			{"id": "160022", "name": "Expansion", "deal_stage": "Won", "closed_date": "2026-02-01"},
			{"id": "160023", "name": "Pilot", "deal_stage": "Demo"},
		}))
	got := map[string]int{}
	for _, v := range CheckWorld("d", ss, w) {
		got[v.Collection+"|"+v.Key+"|"+v.Field]++
	}
	for _, want := range []string{"shopify.refunds|9001|order_id", "shopify.fulfillments|4001|order_id", "shopify.fulfillments|4004|order_id", "bigcommerce.shipments|1201|order_id", "freshsales.deals|160021|closed_date"} {
		if got[want] == 0 {
			t.Errorf("no violation on %s; got %v", want, got)
		}
	}
	for _, clean := range []string{"shopify.refunds|9002|order_id", "shopify.fulfillments|4002|order_id", "shopify.fulfillments|4003|order_id", "bigcommerce.shipments|1202|order_id", "freshsales.deals|160022|closed_date", "freshsales.deals|160023|closed_date"} {
		if got[clean] > 0 {
			t.Errorf("violation on %s, which keeps the rules; got %v", clean, got)
		}
	}
}
