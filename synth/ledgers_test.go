package synth

import (
	"testing"

	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// dueDates names, per accounting app, its invoice-like collections and
// the field each is dated by.
var dueDates = map[string]map[string]string{
	"zoho_books":      {"invoices": "date", "bills": "date"},
	"xero":            {"invoices": "date", "bills": "date"},
	"quickbooks":      {"invoices": "txn_date", "bills": "txn_date"},
	"sage_accounting": {"sales_invoices": "date", "purchase_invoices": "date"},
	"freshbooks":      {"invoices": "create_date"},
}

// TestLedgersAsTheProducts synthesises the accounting apps and finds their
// records as the products keep them: an invoice or bill falls due on or
// after its own date; a Zoho Books payment is on an invoice partly or
// wholly paid, never one still draft, sent or overdue; a Xero payment
// carries its invoice's number and follows its date, a transfer is
// between two accounts, and a contact is a customer exactly where it
// has a sales invoice and a supplier where it has a purchase one.
func TestLedgersAsTheProducts(t *testing.T) {
	c, servers := readWorld(t, 27, "zoho_books", "xero", "quickbooks", "sage_accounting", "freshbooks")
	seen := map[string]int{}
	for _, d := range c.Data {
		for _, v := range violationsOf(d, servers, coherence.RuleInvariant, "") {
			t.Errorf("%s", v)
		}
		for app, colls := range dueDates {
			for coll, dated := range colls {
				for _, r := range d.Records[app][coll] {
					if due, on := state.Text(r["due_date"]), state.Text(r[dated]); len(due) >= 10 && len(on) >= 10 {
						if seen["due"]++; due[:10] < on[:10] {
							t.Errorf("%s: %s.%s %v dated %s is due %s", d.ID, app, coll, r[servers[app].Collection(coll).KeyField()], on, due)
						}
					}
				}
			}
		}
		zoho := byKey(d.Records["zoho_books"]["invoices"], "invoice_id")
		for _, p := range d.Records["zoho_books"]["customer_payments"] {
			if inv := zoho[state.Text(p["invoice_id"])]; inv != nil {
				if seen["zoho payment"]++; state.Text(inv["status"]) != "paid" && state.Text(inv["status"]) != "partially_paid" {
					t.Errorf("%s: zoho_books payment %v is on invoice %v, %v", d.ID, p["payment_id"], inv["invoice_id"], inv["status"])
				}
			}
		}
		seen["xero"] += xeroAsTheProduct(t, d.ID, d.Records["xero"])
	}
	t.Logf("checked %v", seen)
	if seen["due"] == 0 || seen["zoho payment"] == 0 || seen["xero"] == 0 {
		t.Fatalf("too little drawn to judge: %v", seen)
	}
}

// xeroAsTheProduct reports Xero's payments, transfers and contacts that
// disagree with their invoices and accounts; it returns how many records
// it judged.
func xeroAsTheProduct(t *testing.T, id string, x map[string][]map[string]any) int {
	t.Helper()
	n := 0
	invs := byKey(x["invoices"], "invoice_id")
	kinds := map[string]map[string]bool{}
	mark := func(c, typ string) {
		if kinds[c] == nil {
			kinds[c] = map[string]bool{}
		}
		kinds[c][typ] = true
	}
	for _, inv := range x["invoices"] {
		mark(state.Text(inv["contact_id"]), state.Text(inv["type"]))
	}
	for _, b := range x["bills"] {
		mark(state.Text(b["contact_id"]), "ACCPAY") // a bill is a purchase invoice
	}
	for _, p := range x["payments"] {
		inv := invs[state.Text(p["invoice_id"])]
		if inv == nil {
			continue
		}
		n++
		if num := state.Text(p["invoice_number"]); num != "" && num != state.Text(inv["invoice_number"]) {
			t.Errorf("%s: xero payment %v names invoice %v, not its invoice's %v", id, p["payment_id"], num, inv["invoice_number"])
		}
		if pd, idate := state.Text(p["date"]), state.Text(inv["date"]); pd != "" && idate != "" && pd[:10] < idate[:10] {
			t.Errorf("%s: xero payment %v of %s is before its invoice's date %s", id, p["payment_id"], pd, idate)
		}
	}
	for _, tr := range x["bank_transfers"] {
		if n++; state.Text(tr["from_bank_account_id"]) == state.Text(tr["to_bank_account_id"]) {
			t.Errorf("%s: xero transfer %v is from and to account %v", id, tr["bank_transfer_id"], tr["to_bank_account_id"])
		}
	}
	for _, c := range x["contacts"] {
		k := kinds[state.Text(c["contact_id"])]
		for flag, typ := range map[string]string{"is_customer": "ACCREC", "is_supplier": "ACCPAY"} {
			if b, ok := c[flag].(bool); ok && b != k[typ] {
				n++
				t.Errorf("%s: xero contact %v is %s %v, holding %s invoices: %v", id, c["contact_id"], flag, b, typ, k[typ])
			}
		}
	}
	return n
}

// byKey indexes recs by their field key.
func byKey(recs []map[string]any, key string) map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, r := range recs {
		out[state.Text(r[key])] = r
	}
	return out
}
