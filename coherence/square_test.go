package coherence

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestSquareAsTheProduct: Square worlds, each broken in one way and checked
// with the built-in atom. Money is in the currency's smallest unit
// (https://developer.squareup.com/reference/square/objects/Money): a
// catalog item of 2774 quoted "$2,774.00" names an amount it does not
// hold, "$27.74" its own. A refund is of a COMPLETED payment
// (https://developer.squareup.com/reference/square/refunds-api/refund-payment),
// whatever the refund's own status.
func TestSquareAsTheProduct(t *testing.T) {
	ss := map[string]*atom.Server{"square": builtinServer(t, "square")}
	type recs = map[string][]state.Record
	base := func() recs {
		return recs{
			"payments":      {{"id": "bP9mAsEMYP1001", "customer_id": "CU1001", "amount_money_amount": 2774, "amount_money_currency": "USD", "status": "COMPLETED", "note": "Value: $27.74."}},
			"customers":     {{"id": "CU1001", "given_name": "Noor", "family_name": "Delacroix", "company_name": "Vortex Dynamics"}, {"id": "CU1002", "given_name": "Orla", "family_name": "Quinn", "company_name": "Cyberdyne Holdings"}},
			"refunds":       {{"id": "UNOE3kv2BZ1001", "payment_id": "bP9mAsEMYP1001", "amount_money_amount": 1200, "status": "PENDING", "reason": "Returned: $12.00."}},
			"catalog_items": {{"id": "W62UWFY35C1001", "name": "Cold brew", "price_money_amount": 2774, "description": "Value: $27.74."}},
		}
	}
	for _, c := range []struct {
		name   string
		break_ func(r recs)
		want   []string // collection.field of each violation
	}{
		{"as the product", func(recs) {}, nil},
		{"a catalog item quoting its cents as dollars", func(r recs) { r["catalog_items"][0]["description"] = "Value: $2,774.00." }, []string{"square.catalog_items.description"}},
		{"a payment quoting its cents as dollars", func(r recs) { r["payments"][0]["note"] = "Value: $2,774.00." }, []string{"square.payments.note"}},
		{"a refund of a pending payment", func(r recs) { r["payments"][0]["status"] = "PENDING" }, []string{"square.refunds.payment_id"}},
		{"a refund of a failed payment", func(r recs) { r["payments"][0]["status"] = "FAILED" }, []string{"square.refunds.payment_id"}},
		{"a refund's reason naming its customer's company", func(r recs) { r["refunds"][0]["reason"] = "Vortex Dynamics returned the order." }, nil},
		{"a refund's reason naming another customer's company", func(r recs) { r["refunds"][0]["reason"] = "Orla at Cyberdyne Holdings moved the work in-house." }, []string{"square.refunds.reason"}},
		{"a refund of a payment of no customer", func(r recs) {
			delete(r["payments"][0], "customer_id")
			r["refunds"][0]["reason"] = "Cyberdyne Holdings moved the work in-house."
		}, nil},
	} {
		r := base()
		c.break_(r)
		var cols []*state.Collection
		for _, coll := range []string{"payments", "refunds", "catalog_items", "customers"} {
			cols = append(cols, state.NewCollection("square."+coll, "id", r[coll]))
		}
		w := state.NewWorld(time.Date(2026, 3, 25, 9, 0, 0, 0, time.UTC), cols...)
		var got []string
		for _, v := range CheckWorld("d", ss, w) {
			got = append(got, v.Collection+"."+v.Field)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: violations on %v, want %v\n%v", c.name, got, c.want, fmt.Sprint(CheckWorld("d", ss, w)))
		}
	}
}
