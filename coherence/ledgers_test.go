package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestLedgersAsTheProducts: over the built-in atoms, a Zoho Books payment
// on an overdue invoice that owes its whole total, an invoice due before
// its date, a Xero payment naming another invoice's number and dated
// before its invoice, a transfer from an account to itself, a contact
// with a sales invoice that is no customer and one with a bill that is no
// supplier are violations naming the
// record and field; their counterparts that keep the rules are none.
func TestLedgersAsTheProducts(t *testing.T) {
	ss := map[string]*atom.Server{"zoho_books": builtinServer(t, "zoho_books"), "xero": builtinServer(t, "xero"), "quickbooks": builtinServer(t, "quickbooks")}
	clock := time.Date(2026, 6, 8, 9, 0, 0, 0, time.UTC)
	w := state.NewWorld(clock,
		state.NewCollection("zoho_books.contacts", "contact_id", []state.Record{
			{"contact_id": "460200000100001", "contact_name": "Ana Ruiz", "contact_type": "customer", "outstanding_receivable_amount": 500.0},
		}),
		state.NewCollection("zoho_books.invoices", "invoice_id", []state.Record{
			{"invoice_id": "460200000110001", "customer_id": "460200000100001", "status": "overdue", "date": "2026-05-05", "due_date": "2026-05-03", "total": 300.0, "balance": 300.0},
			{"invoice_id": "460200000110002", "customer_id": "460200000100001", "status": "partially_paid", "date": "2026-05-01", "due_date": "2026-05-31", "total": 400.0, "balance": 200.0},
		}),
		state.NewCollection("zoho_books.customer_payments", "payment_id", []state.Record{
			{"payment_id": "460200000130001", "customer_id": "460200000100001", "invoice_id": "460200000110001", "amount": 120.0, "date": "2026-05-21"},
			{"payment_id": "460200000130002", "customer_id": "460200000100001", "invoice_id": "460200000110002", "amount": 200.0, "date": "2026-05-21"},
		}),
		state.NewCollection("quickbooks.invoices", "id", []state.Record{
			{"id": "130001", "txn_date": "2026-04-20", "due_date": "2026-04-10"},
			{"id": "130002", "txn_date": "2026-04-20", "due_date": "2026-05-20"},
		}),
		state.NewCollection("xero.contacts", "contact_id", []state.Record{
			{"contact_id": "c9f5e7a2-35400", "name": "Viktor Sorensen", "is_customer": false, "is_supplier": false},
			{"contact_id": "c9f5e7a2-35401", "name": "Rosa Kim", "is_customer": true, "is_supplier": false},
			{"contact_id": "c9f5e7a2-35402", "name": "Li Wu", "is_customer": false, "is_supplier": false},
			{"contact_id": "c9f5e7a2-35403", "name": "Ana Ruiz", "is_customer": false, "is_supplier": true},
		}),
		state.NewCollection("xero.bills", "invoice_id", []state.Record{
			{"invoice_id": "8e3a4b5d-91205", "invoice_number": "BIL-9449", "contact_id": "c9f5e7a2-35402", "date": "2026-01-31", "due_date": "2026-04-20"},
			{"invoice_id": "8e3a4b5d-91206", "invoice_number": "BIL-9450", "contact_id": "c9f5e7a2-35403", "date": "2026-01-31", "due_date": "2026-04-20"},
		}),
		state.NewCollection("xero.accounts", "account_id", []state.Record{
			{"account_id": "c9d0e1f2-33773", "name": "Business Bank"}, {"account_id": "c9d0e1f2-33774", "name": "Savings"},
		}),
		state.NewCollection("xero.invoices", "invoice_id", []state.Record{
			{"invoice_id": "8e3a4b5c-84884", "invoice_number": "INV-5274", "type": "ACCREC", "contact_id": "c9f5e7a2-35400", "date": "2026-04-24", "due_date": "2026-05-24"},
			{"invoice_id": "8e3a4b5c-84885", "invoice_number": "INV-5275", "type": "ACCREC", "contact_id": "c9f5e7a2-35401", "date": "2026-04-24", "due_date": "2026-05-24"},
		}),
		state.NewCollection("xero.payments", "payment_id", []state.Record{
			{"payment_id": "b1c2d3e4-17624", "invoice_id": "8e3a4b5c-84884", "invoice_number": "PAY-2946", "account_id": "c9d0e1f2-33773", "date": "2026-04-13"},
			{"payment_id": "b1c2d3e4-17625", "invoice_id": "8e3a4b5c-84885", "invoice_number": "INV-5275", "account_id": "c9d0e1f2-33773", "date": "2026-04-30"},
		}),
		state.NewCollection("xero.bank_transfers", "bank_transfer_id", []state.Record{
			{"bank_transfer_id": "e5f6a7b8-24551", "from_bank_account_id": "c9d0e1f2-33773", "to_bank_account_id": "c9d0e1f2-33773"},
			{"bank_transfer_id": "e5f6a7b8-24552", "from_bank_account_id": "c9d0e1f2-33773", "to_bank_account_id": "c9d0e1f2-33774"},
		}))
	got := map[string]int{}
	for _, v := range CheckWorld("d", ss, w) {
		got[v.Collection+"|"+v.Key+"|"+v.Field]++
	}
	for _, want := range []string{
		"zoho_books.customer_payments|460200000130001|invoice_id", "zoho_books.invoices|460200000110001|due_date",
		"quickbooks.invoices|130001|due_date",
		"xero.payments|b1c2d3e4-17624|invoice_number", "xero.payments|b1c2d3e4-17624|date",
		"xero.bank_transfers|e5f6a7b8-24551|to_bank_account_id", "xero.contacts|c9f5e7a2-35400|is_customer",
		"xero.contacts|c9f5e7a2-35402|is_supplier",
	} {
		if got[want] == 0 {
			t.Errorf("no violation on %s; got %v", want, got)
		}
	}
	for _, clean := range []string{
		"zoho_books.customer_payments|460200000130002|invoice_id", "zoho_books.invoices|460200000110002|due_date",
		"quickbooks.invoices|130002|due_date", "xero.payments|b1c2d3e4-17625|invoice_number", "xero.payments|b1c2d3e4-17625|date",
		"xero.bank_transfers|e5f6a7b8-24552|to_bank_account_id", "xero.contacts|c9f5e7a2-35401|is_customer",
		"xero.contacts|c9f5e7a2-35401|is_supplier", "xero.contacts|c9f5e7a2-35403|is_supplier",
	} {
		if got[clean] > 0 {
			t.Errorf("violation on %s, which keeps the rules; got %v", clean, got)
		}
	}
}
