package synth

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestSettlePayments: payments not named by a task are moved to an
// invoice that can take them (not a draft), cut to what is left of its
// total or dropped, and are for their invoice's customer; a world whose
// payments all go keeps an empty list, never a null one.
func TestSettlePayments(t *testing.T) {
	e, err := builtinServers(t).Get(atom.KindServer, atom.Pin{ID: "zoho_books"})
	if err != nil {
		t.Fatal(err)
	}
	m := newAppModel(e, nil)
	cm := m.byName["customer_payments"]
	if cm == nil {
		t.Fatal("zoho_books has no customer_payments")
	}
	pay := func(id, inv, customer string, amount float64) map[string]any {
		return map[string]any{"payment_id": id, "invoice_id": inv, "customer_id": customer, "amount": amount}
	}
	d := &atom.Data{Records: map[string]map[string][]map[string]any{"zoho_books": {
		"invoices": {
			{"invoice_id": "inv1", "customer_id": "c1", "status": "draft", "total": 100.0},
			{"invoice_id": "inv2", "customer_id": "c2", "status": "sent", "total": 100.0},
		},
		"customer_payments": {pay("p1", "inv1", "c1", 50), pay("p2", "inv2", "c3", 80), pay("p3", "inv2", "c2", 80)},
	}}}
	settleMoneyParts(m, cm, d)
	sum := 0.0
	for _, p := range d.Records["zoho_books"]["customer_payments"] {
		x, _ := state.Number(p["amount"])
		sum += x
		if p["invoice_id"] != "inv2" || p["customer_id"] != "c2" {
			t.Errorf("payment %v: want it on inv2 for c2", p)
		}
	}
	if sum > 100 {
		t.Errorf("payments of inv2 come to %v, above its total 100", sum)
	}
	d.Records["zoho_books"]["invoices"] = d.Records["zoho_books"]["invoices"][:1]
	d.Records["zoho_books"]["customer_payments"] = []map[string]any{pay("p4", "inv1", "c1", 50)}
	settleMoneyParts(m, cm, d)
	if got := d.Records["zoho_books"]["customer_payments"]; got == nil || len(got) != 0 {
		t.Errorf("payments of a draft alone: %#v, want an empty list", got)
	}
}
