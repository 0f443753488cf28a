package coherence

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestStripeAsTheProduct: the Stripe worlds of the readings, each broken
// in one way and checked with the built-in atom. Amounts are in cents
// (unit minor): a charge of 2398 quoted "$2,398.00" names an amount it
// does not hold, "$23.98" its own. A refund, even a canceled one, is no
// more than its charge. An open invoice is not paid in full. A customer
// is delinquent exactly while a subscription of theirs is past due or
// unpaid.
func TestStripeAsTheProduct(t *testing.T) {
	ss := map[string]*atom.Server{"stripe": builtinServer(t, "stripe")}
	type recs = map[string][]state.Record
	base := func() recs {
		return recs{
			"customers":     {{"id": "cus_1001", "email": "orla.underwood@blueharbor.example", "name": "Orla Underwood", "balance": 11413, "delinquent": false, "description": "Value: $114.13."}},
			"charges":       {{"id": "ch_1001", "amount": 2202, "currency": "USD", "customer": "cus_1001", "status": "succeeded", "paid": true, "refunded": false, "amount_refunded": 0, "description": "Value: $22.02."}},
			"refunds":       {{"id": "re_1001", "charge": "ch_1001", "amount": 1200, "status": "canceled"}},
			"invoices":      {{"id": "in_1001", "customer": "cus_1001", "status": "open", "amount_due": 898, "amount_paid": 0, "currency": "USD"}},
			"subscriptions": {{"id": "sub_1001", "customer": "cus_1001", "status": "active"}},
		}
	}
	for _, c := range []struct {
		name   string
		break_ func(r recs)
		want   []string // collection.field of each violation
	}{
		{"as the product", func(recs) {}, nil},
		{"a charge quoting its cents as dollars", func(r recs) { r["charges"][0]["description"] = "Value: $2,202.00." }, []string{"stripe.charges.description"}},
		{"a balance quoting its cents as dollars", func(r recs) { r["customers"][0]["description"] = "Value: $11,413.00." }, []string{"stripe.customers.description"}},
		{"a canceled refund above its charge", func(r recs) { r["refunds"][0]["amount"] = 2905 }, []string{"stripe.refunds.amount"}},
		{"an open invoice paid in full", func(r recs) { r["invoices"][0]["amount_paid"] = 898 }, []string{"stripe.invoices.amount_paid"}},
		{"a paid invoice paid in full", func(r recs) {
			r["invoices"][0]["amount_paid"] = 898
			r["invoices"][0]["status"] = "paid"
		}, nil},
		{"a past-due customer not delinquent", func(r recs) { r["subscriptions"][0]["status"] = "past_due" }, []string{"stripe.customers.delinquent"}},
		{"an unpaid customer delinquent", func(r recs) {
			r["subscriptions"][0]["status"] = "unpaid"
			r["customers"][0]["delinquent"] = true
		}, nil},
		{"a customer in good standing delinquent", func(r recs) { r["customers"][0]["delinquent"] = true }, []string{"stripe.customers.delinquent"}},
	} {
		r := base()
		c.break_(r)
		var cols []*state.Collection
		for _, coll := range []string{"customers", "charges", "refunds", "invoices", "subscriptions"} {
			cols = append(cols, state.NewCollection("stripe."+coll, "id", r[coll]))
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
