package atom

import (
	"strings"
	"testing"
)

const marksServer = `kind: server
id: shop
collections:
  - name: orders
    fields:
      total_price: {type: number, role: money}
      fulfillment_status: {type: string, enum: [fulfilled, unfulfilled], role: status}
      financial_status: {type: string, enum: [paid, partially_refunded, refunded], role: status}
  - name: refunds
    fields:
      order_id: {type: string, role: ref, ref: orders, required: true}
      amount: {type: number, role: money}
      note: {type: string, role: text}
tools:
  - name: shop_refund
    description: Refund an order.
    input: {type: object, properties: {order_id: {type: string}, amount: {type: number}}, required: [order_id]}
    effect:
      kind: create
      collection: refunds
      marks:
        - {ref: order_id, sum: amount, of: total_price, set: {financial_status: refunded}, short: {financial_status: partially_refunded}}
`

// A create's marks name a reference of its collection and write values
// of fields of the collection it names; sum, of and short go together,
// on number fields.
func TestMarkDeclarations(t *testing.T) {
	const mark = "{ref: order_id, sum: amount, of: total_price, set: {financial_status: refunded}, short: {financial_status: partially_refunded}}"
	for _, c := range []struct{ name, new, field, want string }{
		{name: "declarations load", new: mark},
		{"a plain mark", "{ref: order_id, set: {fulfillment_status: fulfilled}}", "", ""},
		{"not a reference", "{ref: note, set: {fulfillment_status: fulfilled}}", "tools[0].effect.marks[0].ref", "not a single reference"},
		{"no such field on the record named", "{ref: order_id, set: {status: fulfilled}}", "tools[0].effect.marks[0].set.status", `no field "status"`},
		{"a value the field cannot hold", "{ref: order_id, set: {fulfillment_status: shipped}}", "tools[0].effect.marks[0].set.fulfillment_status", "not one of"},
		{"nothing set", "{ref: order_id, set: {}}", "tools[0].effect.marks[0].set", "at least one field"},
		{"a sum with no whole", "{ref: order_id, sum: amount, set: {financial_status: refunded}}", "tools[0].effect.marks[0]", "go"},
		{"short with no sum", "{ref: order_id, set: {financial_status: refunded}, short: {financial_status: paid}}", "tools[0].effect.marks[0]", "short with sum"},
		{"a sum of a text", "{ref: order_id, sum: note, of: total_price, set: {financial_status: refunded}, short: {financial_status: paid}}", "tools[0].effect.marks[0].sum", "number field"},
		{"a balance", "{ref: order_id, sum: amount, left: total_price, set: {financial_status: refunded}, short: {financial_status: paid}}", "", ""},
		{"a balance in a text", "{ref: order_id, sum: amount, left: financial_status, set: {financial_status: refunded}}", "tools[0].effect.marks[0].left", "number field"},
		{"a balance with no sum", "{ref: order_id, left: total_price, set: {financial_status: refunded}}", "tools[0].effect.marks[0]", "sum goes with"},
		{"a running total in a text", "{ref: order_id, sum: amount, of: total_price, adds: financial_status, set: {financial_status: refunded}}", "tools[0].effect.marks[0].adds", "number field"},
		{"fill with no sum", "{ref: order_id, fill: true, set: {financial_status: refunded}}", "tools[0].effect.marks[0]", "fill with sum"},
		{"a short value the field cannot hold", "{ref: order_id, sum: amount, of: total_price, set: {financial_status: refunded}, short: {financial_status: partly}}", "tools[0].effect.marks[0].short.financial_status", "not one of"},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectDiag(t, strings.Replace(marksServer, mark, c.new, 1), c.field, c.want, "")
		})
	}
	t.Run("only a create marks", func(t *testing.T) {
		expectDiag(t, strings.Replace(marksServer, "kind: create", "kind: update", 1), "tools[0].effect.marks[0]", "what a create does", "")
	})
}

// A mark with a sum writes Set once the records naming the target come
// to its whole, Short before, and Short where the whole is unknown; with
// a balance, once the new record's amount takes it to nothing, and the
// balance takes what is left; with a running total, once it comes to the
// whole, and the total takes the new amount.
func TestMarked(t *testing.T) {
	m := Mark{Ref: "order_id", Sum: "amount", Of: "total", Set: map[string]any{"s": "paid"}, Short: map[string]any{"s": "partly"}}
	for _, c := range []struct {
		name    string
		left    string
		target  map[string]any
		before  float64
		own     float64
		want    string
		balance any
	}{
		{"short of the whole", "", map[string]any{"total": 100.0}, 0, 40, "partly", nil},
		{"the whole", "", map[string]any{"total": 100.0}, 40, 60, "paid", nil},
		{"no whole", "", map[string]any{}, 0, 100, "partly", nil},
		{"short of the balance", "balance", map[string]any{"total": 100.0, "balance": 70.0}, 0, 30, "partly", 40.0},
		{"the balance", "balance", map[string]any{"total": 100.0, "balance": 70.0}, 0, 70, "paid", 0.0},
		{"above the balance", "balance", map[string]any{"balance": 70.0}, 0, 90, "paid", 0.0},
		{"no balance: the whole less the sum", "balance", map[string]any{"total": 100.0}, 0, 30, "partly", 70.0},
	} {
		m.Left = c.left
		got := m.Marked(c.target, c.before, c.own)
		if got["s"] != c.want || got["balance"] != c.balance {
			t.Errorf("%s: %v, want %s with balance %v", c.name, got, c.want, c.balance)
		}
	}
	plain := Mark{Ref: "order_id", Set: map[string]any{"s": "fulfilled"}}
	if got := plain.Marked(nil, 0, 0)["s"]; got != "fulfilled" {
		t.Errorf("a plain mark writes %v", got)
	}
}

// A mark with a running total (a Stripe charge's amount_refunded) holds
// it against the whole, not the records naming the target, raises it by
// the new amount, and gives a new record with no amount the rest.
func TestMarkedAdds(t *testing.T) {
	m := Mark{Ref: "charge", Sum: "amount", Of: "amount", Adds: "amount_refunded", Fill: true, Set: map[string]any{"refunded": true}, Short: map[string]any{"refunded": false}}
	charge := map[string]any{"amount": 5000.0, "amount_refunded": 1500.0}
	if rest, ok := m.Rest(charge, 0); !ok || rest != 3500 {
		t.Errorf("rest %v %v, want 3500", rest, ok)
	}
	if got := m.Marked(charge, 0, 1000); got["refunded"] != false || got["amount_refunded"] != 2500.0 {
		t.Errorf("a part refunded: %v", got)
	}
	if got := m.Marked(charge, 0, 3500); got["refunded"] != true || got["amount_refunded"] != 5000.0 {
		t.Errorf("the rest refunded: %v", got)
	}
}
