package episode

import (
	"encoding/json"
	"testing"
)

// A create's marks move the record it names as the product does:
// fulfilling a Shopify order makes it fulfilled, its refunds make it
// partly and then fully refunded. The goal that asks for the fulfillment
// need not say what became of its order, and a change the goal does not
// ask for is still caught where it is made (the other order fulfilled).
func TestMarksMoveTheNamedRecord(t *testing.T) {
	data := `kind: data
id: d
clock: "2026-03-02T10:00:00Z"
records:
  shopify:
    orders:
      - {id: "5001", name: "#5001", financial_status: paid, fulfillment_status: unfulfilled, total_price: 100}
      - {id: "5002", name: "#5002", financial_status: paid, fulfillment_status: unfulfilled, total_price: 50}
`
	goal := "  - exists: shopify.fulfillments\n    where: {order_id: \"5001\"}\n"
	for _, c := range []struct {
		name   string
		orders []string
		want   bool
	}{
		{"the asked order fulfilled", []string{"5001"}, true},
		{"another order fulfilled too", []string{"5001", "5002"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := yamlSession(t, builtinServer(t, "shopify"), data, "kind: intent\nid: i\napps: [shopify]\ninstruction: Fulfill order 5001.\ngoal:\n"+goal)
			for _, id := range c.orders {
				if o := s.Call(ToolCall{Name: "shopify_create_fulfillment", Args: json.RawMessage(`{"order_id":"` + id + `"}`)}); o.IsError {
					t.Fatalf("fulfill %s: %s", id, o.Content)
				}
				if r, _ := s.State().Get("shopify.orders", id); r["fulfillment_status"] != "fulfilled" {
					t.Fatalf("order %s is %v after its fulfillment", id, r["fulfillment_status"])
				}
			}
			res := s.Evaluate()
			if res.Passed != c.want {
				t.Errorf("passed %v, want %v: %s", res.Passed, c.want, reasons(res))
			}
		})
	}
}

// Refunds mark their order partly refunded until they come to its total.
func TestMarksSumTheRecordsNamingIt(t *testing.T) {
	data := "kind: data\nid: d\nclock: \"2026-03-02T10:00:00Z\"\nrecords:\n  shopify:\n    orders:\n      - {id: \"5001\", name: \"#5001\", financial_status: paid, total_price: 100}\n"
	s := yamlSession(t, builtinServer(t, "shopify"), data, "kind: intent\nid: i\napps: [shopify]\ninstruction: Refund order 5001.\ngoal:\n  - exists: shopify.refunds\n")
	for _, step := range []struct {
		amount string
		want   string
	}{{"30", "partially_refunded"}, {"30", "partially_refunded"}, {"40", "refunded"}} {
		if o := s.Call(ToolCall{Name: "shopify_create_refund", Args: json.RawMessage(`{"order_id":"5001","amount":` + step.amount + `}`)}); o.IsError {
			t.Fatalf("refund: %s", o.Content)
		}
		if r, _ := s.State().Get("shopify.orders", "5001"); r["financial_status"] != step.want {
			t.Fatalf("after a refund of %s the order is %v, want %s", step.amount, r["financial_status"], step.want)
		}
	}
}
