package coherence

import (
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestTotalIsItsItemsSummed: an expense report's total is what its
// expenses come to, where the world holds any of them; refunds take from
// an order's total rather than make it up, and a customer's total spent
// is no sum of the orders the world holds.
func TestTotalIsItsItemsSummed(t *testing.T) {
	money := atom.Field{Type: "number", Role: atom.RoleMoney}
	ref := func(c string) atom.Field { return atom.Field{Type: "string", Role: atom.RoleRef, Ref: c} }
	s := &atom.Server{Kind: atom.KindServer, ID: "exp", Collections: []atom.Collection{
		{Name: "reports", Fields: map[string]atom.Field{"total": money}},
		{Name: "expenses", Fields: map[string]atom.Field{"reportID": ref("reports"), "amount": money}},
		{Name: "customers", Fields: map[string]atom.Field{"total_spent": money}},
		{Name: "orders", Fields: map[string]atom.Field{"customer_id": ref("customers"), "total_price": money}},
		{Name: "refunds", Fields: map[string]atom.Field{"order_id": ref("orders"), "amount": money}},
	}}
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("exp.reports", "id", []state.Record{
			{"id": "r1", "total": 35205.04}, {"id": "r2", "total": 300.5}, {"id": "r3", "total": 99.0},
		}),
		state.NewCollection("exp.expenses", "id", []state.Record{
			{"id": "e1", "reportID": "r1", "amount": 2829.54},
			{"id": "e2", "reportID": "r2", "amount": 100.25}, {"id": "e3", "reportID": "r2", "amount": 200.25},
		}),
		state.NewCollection("exp.customers", "id", []state.Record{{"id": "c1", "total_spent": 10.0}}),
		state.NewCollection("exp.orders", "id", []state.Record{{"id": "o1", "customer_id": "c1", "total_price": 500.0}}),
		state.NewCollection("exp.refunds", "id", []state.Record{{"id": "f1", "order_id": "o1", "amount": 20.0}}))
	var got []string
	for _, v := range CheckWorld("d", map[string]*atom.Server{"exp": s}, w) {
		if v.Rule == RuleFields {
			got = append(got, v.Collection+"["+v.Key+"]")
		}
	}
	if strings.Join(got, ",") != "exp.reports[r1]" {
		t.Errorf("violations at %v, want the report whose one expense is not its total only", got)
	}
}
