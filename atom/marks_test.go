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
		{"a sum with no whole", "{ref: order_id, sum: amount, set: {financial_status: refunded}}", "tools[0].effect.marks[0]", "go together"},
		{"short with no sum", "{ref: order_id, set: {financial_status: refunded}, short: {financial_status: paid}}", "tools[0].effect.marks[0]", "go together"},
		{"a sum of a text", "{ref: order_id, sum: note, of: total_price, set: {financial_status: refunded}, short: {financial_status: paid}}", "tools[0].effect.marks[0].sum", "number fields"},
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
// to its whole, Short before, and Short where the whole is unknown.
func TestMarked(t *testing.T) {
	m := Mark{Ref: "order_id", Sum: "amount", Of: "total_price", Set: map[string]any{"s": "refunded"}, Short: map[string]any{"s": "partially_refunded"}}
	for _, c := range []struct {
		target map[string]any
		sum    float64
		want   string
	}{
		{map[string]any{"total_price": 100.0}, 40, "partially_refunded"},
		{map[string]any{"total_price": 100.0}, 100, "refunded"},
		{map[string]any{}, 100, "partially_refunded"},
	} {
		if got := m.Marked(c.target, c.sum)["s"]; got != c.want {
			t.Errorf("Marked(%v, %v) = %v, want %s", c.target, c.sum, got, c.want)
		}
	}
	plain := Mark{Ref: "order_id", Set: map[string]any{"s": "fulfilled"}}
	if got := plain.Marked(nil, 0)["s"]; got != "fulfilled" {
		t.Errorf("a plain mark writes %v", got)
	}
}
