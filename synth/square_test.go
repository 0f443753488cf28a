package synth

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestSquareAsTheProduct synthesises Square worlds: a refund is of a
// COMPLETED payment, and a text quoting a money amount quotes it in
// dollars, the cents over a hundred
// (https://developer.squareup.com/reference/square/objects/Money).
func TestSquareAsTheProduct(t *testing.T) {
	dollars := regexp.MustCompile(`\$([0-9][0-9,]*(?:\.[0-9]{2})?)`)
	texts := map[string][2]string{"catalog_items": {"price_money_amount", "description"}, "payments": {"amount_money_amount", "note"}, "refunds": {"amount_money_amount", "reason"}}
	refunds, quoted := 0, 0
	for seed := int64(1); seed <= 4; seed++ {
		c, _ := readWorld(t, seed, "square", "slack")
		for _, d := range c.Data {
			recs := d.Records["square"]
			status := map[string]string{}
			for _, p := range recs["payments"] {
				status[state.Text(p["id"])] = state.Text(p["status"])
			}
			for _, r := range recs["refunds"] {
				refunds++
				if s := status[state.Text(r["payment_id"])]; s != "COMPLETED" {
					t.Errorf("%s: refund %v of a payment %s", d.ID, r["id"], s)
				}
			}
			for coll, ft := range texts {
				for _, r := range recs[coll] {
					a, ok := state.Number(r[ft[0]])
					if !ok || a < 100 {
						continue
					}
					for _, m := range dollars.FindAllStringSubmatch(state.Text(r[ft[1]]), -1) {
						quoted++
						if v, _ := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", ""), 64); v == a {
							t.Errorf("%s: %s %v quotes its %v cents as $%s", d.ID, coll, r["id"], a, m[1])
						}
					}
				}
			}
		}
	}
	t.Logf("%d refunds, %d amounts quoted", refunds, quoted)
	if refunds == 0 {
		t.Errorf("no refund drawn")
	}
}

// TestSquareRefundsAreTheirCustomers synthesises Square worlds: a refund's
// reason names no customer's company but its payment's customer's
// (https://developer.squareup.com/reference/square/objects/PaymentRefund).
func TestSquareRefundsAreTheirCustomers(t *testing.T) {
	checked, bad := 0, 0
	for seed := int64(1); seed <= 6; seed++ {
		c, _ := readWorld(t, seed, "square", "slack")
		for _, d := range c.Data {
			recs := d.Records["square"]
			company := map[string]string{}
			for _, cu := range recs["customers"] {
				company[state.Text(cu["id"])] = state.Text(cu["company_name"])
			}
			customer := map[string]string{}
			for _, p := range recs["payments"] {
				customer[state.Text(p["id"])] = company[state.Text(p["customer_id"])]
			}
			for _, r := range recs["refunds"] {
				own, reason := customer[state.Text(r["payment_id"])], state.Text(r["reason"])
				if own == "" {
					continue
				}
				checked++
				for _, other := range company {
					if other != "" && other != own && strings.Contains(reason, other) && !strings.Contains(reason, own) {
						if bad++; bad <= 5 {
							t.Errorf("%s: refund %v of %s's payment gives the reason %q", d.ID, r["id"], own, reason)
						}
						break
					}
				}
			}
		}
	}
	t.Logf("%d refunds of a customer's payment, %d naming another's company", checked, bad)
	if checked == 0 {
		t.Errorf("no refund of a customer's payment drawn")
	}
}
