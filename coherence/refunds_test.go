package coherence

import (
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// booksServer keeps customers, their invoices and the payments of them,
// each payment naming both its invoice and its customer.
func booksServer() map[string]*atom.Server {
	return map[string]*atom.Server{"books": {Kind: atom.KindServer, ID: "books", Collections: []atom.Collection{
		{Name: "contacts", Fields: map[string]atom.Field{"name": {Type: "string", Role: atom.RolePersonName}}},
		{Name: "invoices", Fields: map[string]atom.Field{
			"customer_id": {Type: "string", Role: atom.RoleRef, Ref: "contacts"},
			"status":      {Type: "string", Enum: []any{"draft", "sent", "paid"}, Role: atom.RoleStatus},
			"total":       {Type: "number", Role: atom.RoleMoney},
		}},
		{Name: "customer_payments", Fields: map[string]atom.Field{
			"invoice_id":  {Type: "string", Role: atom.RoleRef, Ref: "invoices"},
			"customer_id": {Type: "string", Role: atom.RoleRef, Ref: "contacts"},
			"amount":      {Type: "number", Role: atom.RoleMoney},
			"status":      {Type: "string", Enum: []any{"completed", "cancelled"}, Role: atom.RoleStatus},
		}},
	}}}
}

// TestPaymentsOfTheirInvoice: a payment is a money part of its invoice,
// as a refund is of its order: it is for the invoice's customer, of an
// invoice that can take money (not a draft), and the payments that moved
// money add up to no more than the invoice's total. A cancelled payment
// moved nothing.
func TestPaymentsOfTheirInvoice(t *testing.T) {
	contacts := []state.Record{{"id": "c1", "name": "Noor Abernathy"}, {"id": "c2", "name": "Paulo Nakamura"}}
	sent := state.Record{"id": "inv1", "customer_id": "c1", "status": "sent", "total": 500.0}
	pay := func(id, customer string, amount float64, status string) state.Record {
		return state.Record{"id": id, "invoice_id": "inv1", "customer_id": customer, "amount": amount, "status": status}
	}
	cases := []struct {
		name     string
		invoice  state.Record
		payments []state.Record
		want     string // a rule and field, "" for none
	}{
		{"within the total, for its customer", sent, []state.Record{pay("p1", "c1", 200, "completed"), pay("p2", "c1", 300, "completed")}, ""},
		{"for another customer", sent, []state.Record{pay("p1", "c2", 200, "completed")}, "ref customer_id"},
		{"above the total", sent, []state.Record{pay("p1", "c1", 400, "completed"), pay("p2", "c1", 300, "completed")}, "lifecycle amount"},
		{"a cancelled one does not count", sent, []state.Record{pay("p1", "c1", 400, "completed"), pay("p2", "c1", 300, "cancelled")}, ""},
		{"of a draft", with(sent, "status", "draft"), []state.Record{pay("p1", "c1", 100, "completed")}, "lifecycle invoice_id"},
	}
	for _, tc := range cases {
		w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
			state.NewCollection("books.contacts", "id", contacts),
			state.NewCollection("books.invoices", "id", []state.Record{tc.invoice}),
			state.NewCollection("books.customer_payments", "id", tc.payments))
		var got []string
		for _, v := range CheckWorld("d", booksServer(), w) {
			got = append(got, v.Rule+" "+v.Field)
		}
		if strings.Join(got, ",") != tc.want {
			t.Errorf("%s: violations %v, want %q", tc.name, got, tc.want)
		}
	}
}

// TestPartPaidBalance: an invoice in a state a remaining rule of three
// fields lists in values has paid a part of its total: its balance is
// above nothing and below the total, whether or not its payments are in
// the world; one in a state of in has paid nothing.
func TestPartPaidBalance(t *testing.T) {
	ss := booksServer()
	invs := &ss["books"].Collections[1]
	invs.Fields["status"] = atom.Field{Type: "string", Enum: []any{"draft", "sent", "partially_paid", "paid"}, Role: atom.RoleStatus}
	invs.Fields["balance"] = atom.Field{Type: "number", Role: atom.RoleMoney}
	invs.Invariants = []atom.Invariant{
		{Rule: "remaining", Fields: []string{"balance", "total", "status"}, In: []string{"draft", "sent"}, Values: []string{"partially_paid"}},
		{Rule: "full_when", Fields: []string{"total", "status"}, In: []string{"paid"}},
	}
	partial := state.Record{"id": "inv1", "customer_id": "c1", "status": "partially_paid", "total": 500.0, "balance": 200.0}
	pay := state.Record{"id": "p1", "invoice_id": "inv1", "customer_id": "c1", "amount": 500.0, "status": "completed"}
	for _, tc := range []struct {
		name     string
		invoice  state.Record
		payments []state.Record
		want     string // a rule and field, "" for none
	}{
		{"a part left", partial, nil, ""},
		{"nothing left", with(partial, "balance", 0.0), nil, "invariant balance"},
		{"all of it left", with(partial, "balance", 500.0), nil, "invariant balance"},
		{"paid in full by its payments", with(partial, "balance", 0.0), []state.Record{pay}, "invariant balance"},
		{"a part paid by its payments", partial, []state.Record{with(pay, "amount", 300.0)}, ""},
		{"sent, a part left", with(partial, "status", "sent"), nil, "invariant balance"},
		{"sent, all of it left", with(partial, "status", "sent", "balance", 500.0), nil, ""},
	} {
		w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
			state.NewCollection("books.contacts", "id", []state.Record{{"id": "c1", "name": "Noor Abernathy"}}),
			state.NewCollection("books.invoices", "id", []state.Record{tc.invoice}),
			state.NewCollection("books.customer_payments", "id", tc.payments))
		var got []string
		for _, v := range CheckWorld("d", ss, w) {
			got = append(got, v.Rule+" "+v.Field)
		}
		if strings.Join(got, ",") != tc.want {
			t.Errorf("%s: violations %v, want %q", tc.name, got, tc.want)
		}
	}
}
