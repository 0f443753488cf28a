package ground

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// Records partly paid are those some of whose amount is paid and not all
// (the sixteenth batch's gmail_qb_partially_paid_invoices_balance): the
// balance still owed on the partially paid invoices is the total of the
// balances above zero and below their invoice's total (900.00 and
// 1,475.50), not of every balance; the same where the records show an
// amount paid and an amount due. A text that does not say partly paid
// qualifies none.
func TestDeriveTotalOfRecordsPartlyPaid(t *testing.T) {
	sum := []atom.Derivation{{Op: atom.DeriveSum}}
	balances := `[{"doc_number":"3301","total_amt":2400.00,"balance":900.00},{"doc_number":"3302","total_amt":1250.00,"balance":1250.00},
		{"doc_number":"3303","total_amt":3100.00,"balance":1475.50},{"doc_number":"3304","total_amt":800.00,"balance":0},
		{"doc_number":"3305","total_amt":5200.00,"balance":5200.00}]`
	paidDue := `[{"invoice_number":"INV-1","total":1200.00,"amount_paid":400.00,"amount_due":800.00},
		{"invoice_number":"INV-2","total":640.00,"amount_paid":0,"amount_due":640.00},
		{"invoice_number":"INV-3","total":2200.00,"amount_paid":1500.00,"amount_due":700.00},
		{"invoice_number":"INV-4","total":980.00,"amount_paid":980.00,"amount_due":0}]`
	for _, c := range []struct {
		instruction, records, figure string
		want                         bool
	}{
		{"Email the total still owed on invoices that have been partially paid.", balances, "2,375.50", true},
		{"Email the balance left on part-paid invoices.", balances, "2,375.50", true},
		{"Email the total still owed on our invoices.", balances, "2,375.50", false},
		{"Email what is still due on the invoices paid in part.", paidDue, "1,500.00", true},
		{"Email what is still due on the invoices, by number.", paidDue, "1,500.00", false},
	} {
		ctx := &Visible{Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		ctx.Add("invoices", c.records)
		if got := ctx.Derive(c.figure, sum); (got != "") != c.want {
			t.Errorf("%q: derive(%s) = %q, want derived %v", c.instruction, c.figure, got, c.want)
		}
	}
}
