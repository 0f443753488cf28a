package ground

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
)

// A deal "still open" is in no closed stage (the working half's
// twilio_sms_hubspot_deals_still_open_count): HubSpot's closedwon and
// closedlost join the word for work ended to another, and both end work.
func TestDeriveCountStillOpenBesideJoinedEndStates(t *testing.T) {
	deals := records("dealstage", "closedwon", 6, "closedlost", 3, "appointmentscheduled", 3, "contractsent", 3, "qualifiedtobuy", 3)
	checkCounts(t, []countCase{
		{"Text me how many of our HubSpot deals are still open, as 'Still open: N'.", "deals", deals, "9", true},
		{"Text me how many HubSpot deals we have, as 'Deals: N'.", "deals", deals, "9", false},
	})
}

// A comparison of a sum joined to a state (the working half's
// slack_sf_won_opportunities_over_5000_count and
// twilio_sms_xero_unpaid_invoices_over_5000_count): the won opportunities
// over $5,000 are 3 (5,000 itself is not over it); the invoices awaiting
// payment over $5,000 are 4, by their total where the amount due of a
// paid one says otherwise. Without the comparison neither is derived.
func TestDeriveCountByASumJoinedToAState(t *testing.T) {
	opps := `[{"name":"A","stage":"Closed Won","amount":7200},{"name":"B","stage":"Closed Won","amount":3000},
		{"name":"C","stage":"Negotiation","amount":9000},{"name":"D","stage":"Closed Won","amount":5500},
		{"name":"E","stage":"Closed Lost","amount":8000},{"name":"F","stage":"Closed Won","amount":12000},
		{"name":"G","stage":"Closed Won","amount":5000},{"name":"H","stage":"Prospecting","amount":6000}]`
	invoices := `[{"number":"INV-1","status":"AUTHORISED","total":7200,"amount_due":7200},{"number":"INV-2","status":"PAID","total":9100,"amount_due":0},
		{"number":"INV-3","status":"AUTHORISED","total":3100,"amount_due":3100},{"number":"INV-4","status":"AUTHORISED","total":5600,"amount_due":5600},
		{"number":"INV-5","status":"DRAFT","total":8000,"amount_due":8000},{"number":"INV-6","status":"AUTHORISED","total":12500,"amount_due":12500},
		{"number":"INV-7","status":"PAID","total":2000,"amount_due":0},{"number":"INV-8","status":"AUTHORISED","total":4999,"amount_due":4999},
		{"number":"INV-9","status":"AUTHORISED","total":5001,"amount_due":5001},{"number":"INV-10","status":"VOIDED","total":6000,"amount_due":6000}]`
	checkCounts(t, []countCase{
		{"Post in #sales-wins how many of our won Salesforce opportunities came in at more than $5,000, as 'Big wins: N'.", "opportunities", opps, "3", true},
		{"Post in #sales-wins how many of our won Salesforce opportunities there are, as 'Wins: N'.", "opportunities", opps, "3", false},
		{"Text how many of our Xero invoices awaiting payment are over $5,000, as 'Unpaid over 5k: N'.", "invoices", invoices, "4", true},
		{"Text how many of our Xero invoices are awaiting payment, as 'Unpaid: N'.", "invoices", invoices, "4", false},
	})
}

// A figure's word a message writes whole ("5k" of the template 'Unpaid
// over 5k: N') is seen there, not read as the number 5 no text states.
func TestDeriveATextWithAFiguresWordWrittenWhole(t *testing.T) {
	ctx := &Visible{Docs: []ContextDoc{NewDoc("the instruction", "Text how many invoices there are, as 'Unpaid over 5k: N'.")}}
	ctx.Add("invoices", records("status", "open", 4))
	if got := ctx.Derive("Unpaid over 5k: 4", []atom.Derivation{{Op: atom.DeriveCount}}); got == "" {
		t.Errorf("'Unpaid over 5k: 4' is not derived")
	}
	if got := ctx.Derive("Unpaid over 6k: 4", []atom.Derivation{{Op: atom.DeriveCount}}); got != "" {
		t.Errorf("'Unpaid over 6k: 4' is derived: %s", got)
	}
}

// A record's start compared with the clock, joined to a state (the
// working half's gmail_zendesk_unresolved_tickets_older_than_30_days_count):
// the tickets still unresolved that were opened more than 30 days before
// 2026-12-08 are the 4 open or pending ones created before 2026-11-08.
func TestDeriveCountOpenedMoreThanDaysAgo(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-12-08T10:00:00Z")
	tickets := `[{"subject":"A","status":"open","created_at":"2026-10-25T10:00:00Z"},{"subject":"B","status":"open","created_at":"2026-11-29T10:00:00Z"},
		{"subject":"C","status":"solved","created_at":"2026-11-08T10:00:00Z"},{"subject":"D","status":"open","created_at":"2026-10-10T10:00:00Z"},
		{"subject":"E","status":"open","created_at":"2026-11-10T10:00:00Z"},{"subject":"F","status":"pending","created_at":"2026-12-04T10:00:00Z"},
		{"subject":"G","status":"open","created_at":"2026-09-10T10:00:00Z"},{"subject":"H","status":"closed","created_at":"2026-10-30T10:00:00Z"},
		{"subject":"I","status":"open","created_at":"2026-11-27T10:00:00Z"},{"subject":"J","status":"pending","created_at":"2026-11-06T10:00:00Z"}]`
	for _, c := range []struct {
		instruction string
		want        bool
	}{
		{"Email how many Zendesk tickets that are still unresolved were opened more than 30 days ago, as 'Unresolved over 30 days: N'.", true},
		{"Email how many Zendesk tickets are still unresolved, as 'Unresolved: N'.", false},
	} {
		ctx := &Visible{Clock: clock, Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		ctx.Add("tickets", tickets)
		if got := ctx.Derive("4", []atom.Derivation{{Op: atom.DeriveCount}}); (got != "") != c.want {
			t.Errorf("%q: derive(4) = %q, want derived %v", c.instruction, got, c.want)
		}
	}
}

// A state written by a phrase of its meaning (the working half's
// zendesk_ticket_named_by_subject_awaiting_reply): a Zendesk ticket
// marked "as awaiting their reply" is written pending; a text that says
// no wait names it not.
func TestFindStateWrittenByAPhraseOfItsMeaning(t *testing.T) {
	statuses := []string{"new", "open", "pending", "hold", "solved", "closed"}
	for _, c := range []struct {
		instruction string
		want        bool
	}{
		{"I've asked the customer for their file. Mark that Zendesk ticket as awaiting their reply and tag it 'needs-file'.", true},
		{"Tag that Zendesk ticket 'needs-file'.", false},
	} {
		ctx := &Visible{Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		if got := ctx.FindStateBySense("pending", statuses); (got != "") != c.want {
			t.Errorf("%q: found pending = %q, want %v", c.instruction, got, c.want)
		}
	}
}

// A record's whole sum under a name of its own (the working half's
// gmail_wave_overdue_invoices_over_1000_count): Wave's invoice_total, not
// its invoice_amount_due, which a paid invoice holds at 0. The overdue
// invoices over $1,000 are 4.
func TestDeriveCountByASumOnAFieldNamingTheWholeSum(t *testing.T) {
	invoices := `[{"number":"1","status":"OVERDUE","invoice_total":1500,"invoice_amount_due":1500},{"number":"2","status":"OVERDUE","invoice_total":800,"invoice_amount_due":800},
		{"number":"3","status":"SENT","invoice_total":2500,"invoice_amount_due":2500},{"number":"4","status":"OVERDUE","invoice_total":1001,"invoice_amount_due":1001},
		{"number":"5","status":"PAID","invoice_total":3000,"invoice_amount_due":0},{"number":"6","status":"OVERDUE","invoice_total":1000,"invoice_amount_due":1000},
		{"number":"7","status":"OVERDUE","invoice_total":4200,"invoice_amount_due":4200},{"number":"8","status":"DRAFT","invoice_total":1900,"invoice_amount_due":1900},
		{"number":"9","status":"OVERDUE","invoice_total":2750,"invoice_amount_due":2750},{"number":"10","status":"SENT","invoice_total":600,"invoice_amount_due":600}]`
	checkCounts(t, []countCase{
		{"Email how many of our overdue Wave invoices are for more than $1,000, as 'Overdue over 1k: N'.", "invoices", invoices, "4", true},
		{"Email how many of our overdue Wave invoices there are, as 'Overdue: N'.", "invoices", invoices, "4", false},
	})
}

// A state named by another value of its sense that the field does not
// hold (the working half's slack_mailchimp_campaigns_still_in_draft_count):
// Mailchimp stores a draft campaign as "save", and the campaigns "still
// in draft" are those. A text that names no draft names them not.
func TestDeriveCountOfAStateByAnotherValueOfItsSense(t *testing.T) {
	campaigns := records("status", "save", 11, "sent", 5, "schedule", 3)
	checkCounts(t, []countCase{
		{"Post in #newsletters how many of our Mailchimp campaigns are still in draft, as 'Still in draft: N'.", "campaigns", campaigns, "11", true},
		{"Post in #newsletters how many Mailchimp campaigns we have, as 'Campaigns: N'.", "campaigns", campaigns, "11", false},
	})
}

// The share of a period's opportunities still open divides the open ones
// by every one of the period, where the stages that end work (Closed Won,
// Closed Lost) and the is_closed flag say the same: the base of a share of
// a flag of work ended is not narrowed by "still" on the stage.
func TestDeriveShareStillOpenBesideClosedStages(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-12-20T10:00:00Z")
	ds := []atom.Derivation{{Op: atom.DeriveCount}, {Op: atom.DeriveRatio}}
	opps := `[{"name":"A","stage":"Closed Won","is_closed":true,"created_date":"2026-12-02"},{"name":"B","stage":"Closed Lost","is_closed":true,"created_date":"2026-12-03"},
		{"name":"C","stage":"Prospecting","is_closed":false,"created_date":"2026-12-04"},{"name":"D","stage":"Negotiation","is_closed":false,"created_date":"2026-12-05"},
		{"name":"E","stage":"Closed Won","is_closed":true,"created_date":"2026-12-06"},{"name":"F","stage":"Qualification","is_closed":false,"created_date":"2026-12-07"},
		{"name":"G","stage":"Closed Won","is_closed":true,"created_date":"2026-12-08"},{"name":"H","stage":"Prospecting","is_closed":false,"created_date":"2026-12-09"},
		{"name":"I","stage":"Prospecting","is_closed":false,"created_date":"2026-11-09"},{"name":"J","stage":"Closed Won","is_closed":true,"created_date":"2026-11-10"}]`
	ctx := &Visible{Clock: clock, Docs: []ContextDoc{NewDoc("the instruction", "What share of this month's Salesforce opportunities are still open? Email it as a percentage.")}}
	ctx.Add("opportunities", opps)
	if got := ctx.Derive("50%", ds); got == "" {
		t.Errorf("the share still open (4 of this month's 8) is not derived")
	}
}
