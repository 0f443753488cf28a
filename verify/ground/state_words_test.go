package ground

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
)

// A word names the value of the same state in the product's spelling
// where that value is its field's only one of the state (the fourteenth
// batch's gmail_xero_overdue_invoices_balance: "approved" invoices are
// those whose status is "AUTHORISED", so a draft past due is left out).
// Where the field also holds "approved", the word names that value alone;
// a text that names no such state names no group.
func TestDeriveTotalOfAStateInTheProductsSpelling(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-12-09T10:00:00Z")
	sum := []atom.Derivation{{Op: atom.DeriveSum}}
	withApproved := `[{"invoice_number":"INV-1","status":"AUTHORISED","due_date":"2026-11-15","amount_due":4210.50},
		{"invoice_number":"INV-2","status":"AUTHORISED","due_date":"2026-12-05","amount_due":12875.00},
		{"invoice_number":"INV-3","status":"APPROVED","due_date":"2026-12-08","amount_due":960.25},
		{"invoice_number":"INV-5","status":"DRAFT","due_date":"2026-11-30","amount_due":640.00}]`
	for _, c := range []struct {
		instruction, records, figure string
		want                         bool
	}{
		{"Email the total still owed on approved invoices past their due date.", pastDueInvoices, "18,045.75", true},
		{"Email the total still owed on invoices past their due date.", pastDueInvoices, "18,045.75", false},
		{"Email the total still owed on approved invoices past their due date.", withApproved, "17,085.50", false},
	} {
		ctx := &Visible{Clock: clock, Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		ctx.Add("invoices", c.records)
		if got := ctx.Derive(c.figure, sum); (got != "") != c.want {
			t.Errorf("%q: derive(%s) = %q, want derived %v", c.instruction, c.figure, got, c.want)
		}
	}
}

// A status word found as a part of one-word values names them (the
// fourteenth batch's slack_hubspot_win_rate_last_month): of the deals that
// closed last month, won or lost ("closedwon", "closedlost"), two of
// five were won, 40%, and a deal of last month still open is not among
// them. The part that tells the values apart ("won") names one; the part
// they share ("closed") all of them. A text that does not say closed
// names no such share, and the parts of values that share no beginning
// name nothing.
func TestDeriveShareOfAValueNamedByAPart(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-12-09T10:00:00Z")
	ratio := []atom.Derivation{{Op: atom.DeriveRatio}, {Op: atom.DeriveCount}}
	deals := `[{"dealname":"Ione","dealstage":"closedwon","closedate":"2026-11-03"},
		{"dealname":"Jasper","dealstage":"closedlost","closedate":"2026-11-10"},
		{"dealname":"Kinloch","dealstage":"closedlost","closedate":"2026-11-14"},
		{"dealname":"Lumen","dealstage":"closedwon","closedate":"2026-11-21"},
		{"dealname":"Mossgiel","dealstage":"closedlost","closedate":"2026-11-28"},
		{"dealname":"Norbury","dealstage":"closedwon","closedate":"2026-10-31"},
		{"dealname":"Oakham","dealstage":"closedwon","closedate":"2026-12-01"},
		{"dealname":"Pryor","dealstage":"appointmentscheduled","closedate":"2026-11-26"}]`
	apart := `[{"dealname":"Ione","dealstage":"won","closedate":"2026-11-03"},
		{"dealname":"Jasper","dealstage":"lost","closedate":"2026-11-10"},
		{"dealname":"Kinloch","dealstage":"lost","closedate":"2026-11-14"},
		{"dealname":"Lumen","dealstage":"wonagain","closedate":"2026-11-21"},
		{"dealname":"Mossgiel","dealstage":"lost","closedate":"2026-11-28"},
		{"dealname":"Pryor","dealstage":"appointmentscheduled","closedate":"2026-11-26"}]`
	for _, c := range []struct {
		instruction, records, figure string
		want                         bool
	}{
		{"Of the deals that closed last month (won or lost), what share did we win? Post 'Win rate: N%'.", deals, "40", true},
		{"Of the deals that closed last month, how many were won? Post 'Won: N'.", deals, "2", true},
		{"Of last month's deals, what share are won? Post 'Win rate: N%'.", deals, "40", false},
		{"Of the deals that closed last month (won or lost), what share did we win? Post 'Win rate: N%'.", apart, "40", false},
	} {
		ctx := &Visible{Clock: clock, Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		ctx.Add("deals", c.records)
		if got := ctx.Derive(c.figure, ratio); (got != "") != c.want {
			t.Errorf("%q: derive(%s) = %q, want derived %v", c.instruction, c.figure, got, c.want)
		}
	}
}

// A value is named by another form of its word (the sixteenth batch's
// slack_intercom_snoozed_conversations_count): the conversations "on
// snooze" are those whose state is "snoozed", six of eleven. Where
// another value of the field is a form of the same word too, the word
// names neither; a text that names no form names no group.
func TestDeriveCountOfAValueNamedByAnotherForm(t *testing.T) {
	count := []atom.Derivation{{Op: atom.DeriveCount}}
	convs := `[{"title":"Flour order","state":"snoozed"},{"title":"Mixer parts","state":"open"},{"title":"Pricing","state":"snoozed"},
		{"title":"Delivery slot","state":"closed"},{"title":"Yeast batch","state":"snoozed"},{"title":"Login","state":"open"},
		{"title":"Returns","state":"snoozed"},{"title":"Catalogue","state":"snoozed"},{"title":"Ovens","state":"snoozed"},
		{"title":"Trays","state":"open"},{"title":"Labels","state":"closed"}]`
	both := `[{"title":"Flour order","state":"snoozed"},{"title":"Mixer parts","state":"snoozes"},{"title":"Pricing","state":"snoozed"},
		{"title":"Delivery slot","state":"closed"},{"title":"Yeast batch","state":"snoozed"},{"title":"Login","state":"open"},
		{"title":"Returns","state":"snoozed"},{"title":"Catalogue","state":"snoozed"},{"title":"Ovens","state":"snoozed"},
		{"title":"Trays","state":"open"},{"title":"Labels","state":"closed"}]`
	for _, c := range []struct {
		instruction, records, figure string
		want                         bool
	}{
		{"Post how many conversations we have put on snooze.", convs, "6", true},
		{"Post how many conversations are snoozed.", convs, "6", true},
		{"Post how many conversations we have, by title.", convs, "6", false},
		{"Post how many conversations we have put on snooze.", both, "6", false},
	} {
		ctx := &Visible{Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		ctx.Add("conversations", c.records)
		if got := ctx.Derive(c.figure, count); (got != "") != c.want {
			t.Errorf("%q: derive(%s) = %q, want derived %v", c.instruction, c.figure, got, c.want)
		}
	}
}
