package synth

import (
	"testing"

	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestWorldsKeepTheirOrder synthesises apps whose records are sealed,
// timed within or settled by others: Expensify's reports (an OPEN one
// has no submitted date; a submitted one gains no expenses after it),
// Whereby's meetings (participants and recordings within the meeting)
// and Zoho Books' invoices (no payment before its invoice). None
// contradicts itself or the record it is on, and each kind is drawn.
func TestWorldsKeepTheirOrder(t *testing.T) {
	c, servers := readWorld(t, 37, "expensify", "whereby", "zoho_books")
	sealed, parts, paid, bad := 0, 0, 0, 0
	for _, d := range c.Data {
		reports := d.Records["expensify"]["reports"]
		for _, rec := range d.Records["expensify"]["expenses"] {
			if r := findRec(reports, "reportID", state.Text(rec["reportID"])); r != nil && r["submitted"] != nil {
				sealed++
			}
		}
		parts += len(d.Records["whereby"]["participants"]) + len(d.Records["whereby"]["recordings"])
		paid += len(d.Records["zoho_books"]["customer_payments"])
		bad += reportViolations(t, d, servers, bad, coherence.RuleLifecycle, coherence.RuleFields)
	}
	t.Logf("%d expenses on submitted reports, %d parts of meetings, %d payments", sealed, parts, paid)
	// A payment is written only on an invoice it can be on, partly or
	// wholly paid (refers_to): fewer are drawn than parts or expenses.
	if sealed < 10 || parts < 10 || paid < 5 {
		t.Fatalf("only %d expenses on submitted reports, %d parts of meetings, %d payments", sealed, parts, paid)
	}
}

// TestCountsCoverTheirRecords synthesises Shopify (beside Square and Zoho
// Mail, whose tasks name customers many orders are drawn on) and
// Pinterest: no customer's orders_count nor board's pin_count is below
// the orders or pins in the world that reference it.
func TestCountsCoverTheirRecords(t *testing.T) {
	c, servers := readWorld(t, 41, "shopify", "square", "zoho_mail", "pinterest")
	counted, bad := 0, 0
	for _, d := range c.Data {
		counted += len(d.Records["shopify"]["orders"]) + len(d.Records["pinterest"]["pins"])
		bad += reportViolations(t, d, servers, bad, coherence.RuleFields)
	}
	if counted < 10 {
		t.Fatalf("only %d orders and pins drawn", counted)
	}
}
