package episode

import (
	"encoding/json"
	"fmt"
	"strings"
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

// A mark keeps the lifecycle of the record it names as an update does:
// Zoho Books brings a void invoice back only as a draft, so a payment on
// one is the product's error, and neither the payment nor its mark is
// written (https://www.zoho.com/books/api/v3/invoices/#mark-as-draft).
func TestMarksKeepTheNamedRecordsLifecycle(t *testing.T) {
	data := "kind: data\nid: d\nclock: \"2026-03-02T10:00:00Z\"\nrecords:\n  zoho_books:\n    contacts:\n      - {contact_id: \"2001\", contact_name: Ana Ruiz, contact_type: customer}\n    invoices:\n      - {invoice_id: \"9001\", customer_id: \"2001\", status: void, total: 100, balance: 100}\n"
	s := yamlSession(t, builtinServer(t, "zoho_books"), data, "kind: intent\nid: i\napps: [zoho_books]\ninstruction: Record the payment.\ngoal:\n  - exists: zoho_books.customer_payments\n")
	o := s.Call(ToolCall{Name: "zoho_books_record_customer_payment", Args: json.RawMessage(`{"customer_id":"2001","invoice_id":"9001","amount":100,"date":"2026-03-01","payment_mode":"cash"}`)})
	if !o.IsError || !strings.Contains(o.Content, "Cannot change a void invoice") {
		t.Fatalf("a payment on a void invoice: error %v, %s", o.IsError, o.Content)
	}
	if n := len(s.State().Records("zoho_books.customer_payments")); n != 0 {
		t.Errorf("%d payments recorded after the refusal, want none", n)
	}
	if r, _ := s.State().Get("zoho_books.invoices", "9001"); r["status"] != "void" || fmt.Sprint(r["balance"]) != "100" {
		t.Errorf("the invoice moved: %v", r)
	}
}

// A Stripe refund with no amount refunds what is left of its charge and
// the charge's amount_refunded follows its refunds
// (https://docs.stripe.com/api/refunds/create).
func TestMarksFillWhatIsLeft(t *testing.T) {
	data := "kind: data\nid: d\nclock: \"2026-03-02T10:00:00Z\"\nrecords:\n  stripe:\n    charges:\n      - {id: ch_1, amount: 5000, amount_refunded: 1500, refunded: false, paid: true, status: succeeded}\n"
	s := yamlSession(t, builtinServer(t, "stripe"), data, "kind: intent\nid: i\napps: [stripe]\ninstruction: Refund the charge.\ngoal:\n  - exists: stripe.refunds\n")
	o := s.Call(ToolCall{Name: "stripe_create_refund", Args: json.RawMessage(`{"charge":"ch_1"}`)})
	if o.IsError {
		t.Fatalf("refund: %s", o.Content)
	}
	if !strings.Contains(o.Content, `"amount":3500`) {
		t.Errorf("the refund is %s, want the 3500 left", o.Content)
	}
	if r, _ := s.State().Get("stripe.charges", "ch_1"); r["refunded"] != true || fmt.Sprint(r["amount_refunded"]) != "5000" {
		t.Errorf("the charge after its full refund: %v", r)
	}
}
