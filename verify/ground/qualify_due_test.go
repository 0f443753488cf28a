package ground

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
)

// pastDueInvoices are invoices seen on 2026-12-09: three authorised past
// due (18,045.75 owed), one authorised due later, a draft past due and a
// paid one.
const pastDueInvoices = `[{"invoice_number":"INV-1","status":"AUTHORISED","due_date":"2026-11-15","amount_due":4210.50},
	{"invoice_number":"INV-2","status":"AUTHORISED","due_date":"2026-12-05","amount_due":12875.00},
	{"invoice_number":"INV-3","status":"AUTHORISED","due_date":"2026-12-08","amount_due":960.25},
	{"invoice_number":"INV-4","status":"AUTHORISED","due_date":"2026-12-20","amount_due":3000.00},
	{"invoice_number":"INV-5","status":"DRAFT","due_date":"2026-11-30","amount_due":640.00},
	{"invoice_number":"INV-6","status":"PAID","due_date":"2026-11-19","amount_due":0}]`

// A total over the records past their due date, read against the clock
// (the fourteenth batch's gmail_xero_overdue_invoices_balance): what is
// still owed on invoices past their due date leaves out the one due later;
// with no phrase asking for past-due records, no such total is derived;
// a named status qualifies them further.
func TestDeriveTotalPastDue(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-12-09T10:00:00Z")
	sum := []atom.Derivation{{Op: atom.DeriveSum}}
	for _, c := range []struct {
		instruction, figure string
		want                bool
	}{
		{"Email the total still owed on invoices past their due date.", "18,685.75", true},
		{"Post the balance of overdue invoices.", "18,685.75", true},
		{"Post the balance of overdue invoices.", "21,045.75", false}, // every authorised invoice
		{"Email the total still owed on our invoices.", "18,685.75", false},
		{"Email the total owed on authorised invoices past their due date.", "18,045.75", true},
	} {
		ctx := &Visible{Clock: clock, Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		ctx.Add("invoices", pastDueInvoices)
		if got := ctx.Derive(c.figure, sum); (got != "") != c.want {
			t.Errorf("%q: derive(%s) = %q, want derived %v", c.instruction, c.figure, got, c.want)
		}
	}
}

// A bound on the time past due moves the day a due date must lie before
// (the fifteenth batch's slack_xero_bills_two_weeks_overdue_total): at
// least two weeks overdue keeps a bill due exactly 14 days ago and leaves
// out one 4 days overdue; more than 14 days leaves out the one exactly 14
// days overdue.
func TestDeriveTotalPastDueThreshold(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-12-09T10:00:00Z")
	sum := []atom.Derivation{{Op: atom.DeriveSum}}
	bills := `[{"invoice_number":"B-1","due_date":"2026-11-24","amount_due":5200.00},
		{"invoice_number":"B-2","due_date":"2026-12-05","amount_due":1850.75},
		{"invoice_number":"B-3","due_date":"2026-11-09","amount_due":1200.50},
		{"invoice_number":"B-4","due_date":"2026-11-25","amount_due":300.00},
		{"invoice_number":"B-5","due_date":"2026-12-20","amount_due":640.00}]`
	for _, c := range []struct {
		instruction, figure string
		want                bool
	}{
		{"Post the total due on bills at least two weeks overdue.", "6,700.50", true},
		{"Post the total due on bills at least two weeks overdue.", "8,551.25", false}, // every past-due bill
		{"Post the total due on bills more than 14 days past due.", "6,400.50", true},
		{"Post the total due on bills more than 14 days past due.", "6,700.50", false}, // one exactly 14 days overdue
		{"Post the total due on bills at least 14 days past due.", "6,700.50", true},
		{"Post the total due on bills over 2 weeks overdue.", "6,400.50", true},
		{"Post the total due on overdue bills.", "8,551.25", true},
	} {
		ctx := &Visible{Clock: clock, Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		ctx.Add("bills", bills)
		if got := ctx.Derive(c.figure, sum); (got != "") != c.want {
			t.Errorf("%q: derive(%s) = %q, want derived %v", c.instruction, c.figure, got, c.want)
		}
	}
}
