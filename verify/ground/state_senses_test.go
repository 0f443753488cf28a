package ground

import (
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// A phrase names the value a product stores its state's meaning as (the
// eighteenth batch's working tasks): registrants "turned down" are the
// denied ones, calls "nobody picked up" the no-answer ones (beside busy),
// envelopes "fully executed" and meetings that "took place" the
// completed ones, estimates the customer "said yes to" the accepted ones.
// A field holding two values of the sense ("declined" beside "denied") is
// named by neither, a denied phrase names none, and a text without the
// phrase names no group.
func TestDeriveCountOfAStateNamedByWhatItMeans(t *testing.T) {
	registrants := records("status", "denied", 11, "approved", 6, "pending", 4)
	calls := records("status", "no-answer", 11, "completed", 6, "busy", 4)
	envelopes := records("status", "completed", 14, "delivered", 4, "sent", 3, "declined", 2)
	meetings := records("status", "completed", 13, "canceled", 5, "active", 3)
	estimates := records("txn_status", "Accepted", 11, "Pending", 5, "Rejected", 3)
	checkCounts(t, []countCase{
		{"Email how many registrants were turned down, as 'Turned down: N'.", "registrants", registrants, "11", true},
		{"Email how many registrants there are by status.", "registrants", registrants, "11", false},
		{"Email how many registrants were turned down.", "registrants", records("status", "denied", 11, "declined", 3, "approved", 6), "11", false},
		{"Text how many of our calls nobody picked up.", "calls", calls, "11", true},
		{"Text how many of our calls went through.", "calls", calls, "11", false},
		{"Email how many of our envelopes are fully executed.", "envelopes", envelopes, "14", true},
		{"How many of our meetings actually took place?", "meetings", meetings, "13", true},
		{"How many of our meetings never took place?", "meetings", meetings, "13", false},
		{"Email how many estimates the customer has said yes to.", "estimates", estimates, "11", true},
	})
}

// More senses (the nineteenth batch's working tasks): campaigns "switched
// off" are the paused ones, tickets "parked" those on hold, tickets
// "brand new" the submitted ones, events "called off" the cancelled ones,
// conversations "put to bed" the closed ones (beside open and pending).
// A yes-or-no field is named by its sense too: invoices that "never went
// out" are those whose sent is false, channels "still live" those whose
// paused is false; and a flag's word after "never" is denied as after
// "not" (invoices "never sent").
func TestDeriveCountOfAStateNamedByMoreSenses(t *testing.T) {
	campaigns := records("status", "PAUSED", 13, "ENABLED", 11, "REMOVED", 3)
	tickets := records("status", "On Hold", 14, "Open", 9, "Escalated", 4)
	fresh := records("state", "submitted", 11, "open", 8, "resolved", 6)
	events := records("status", "cancelled", 11, "confirmed", 14)
	convs := records("status", "closed", 14, "open", 7, "pending", 4)
	checkCounts(t, []countCase{
		{"Email how many of our campaigns are switched off, as 'Switched off: N'.", "campaigns", campaigns, "13", true},
		{"Email how many of our campaigns there are.", "campaigns", campaigns, "13", false},
		{"Post how many tickets are parked right now.", "tickets", tickets, "14", true},
		{"Email how many tickets are brand new and untouched.", "tickets", fresh, "11", true},
		{"Email how many events have been called off.", "events", events, "11", true},
		{"Email how many events were never called off.", "events", events, "11", false},
		{"Text how many conversations we've put to bed.", "conversations", convs, "14", true},
	})
	ds := []atom.Derivation{{Op: atom.DeriveCount}}
	invoices := `[{"doc":"Arc","sent":false},{"doc":"Bay","sent":true},{"doc":"Cove","sent":false},{"doc":"Dale","sent":true},{"doc":"Elm","sent":true}]`
	channels := `[{"name":"Arc","paused":false},{"name":"Bay","paused":true},{"name":"Cove","paused":false},{"name":"Dale","paused":false},{"name":"Elm","paused":true}]`
	for _, c := range []struct {
		instruction, recs, figure string
		want                      bool
	}{
		{"Email how many invoices never went out to the customer.", invoices, "2", true},
		{"Email how many invoices have gone out.", invoices, "3", true},
		{"Email how many invoices we never sent, as 'Never sent: N'.", invoices, "2", true},
		{"Email how many invoices we hold, by doc.", invoices, "2", false},
		{"Tell us how many channels are still live.", channels, "3", true},
		{"Tell us how many channels are switched off.", channels, "2", true},
		{"Tell us how many channels we hold, by name.", channels, "3", false},
	} {
		ctx := &Visible{Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		ctx.Add("records", c.recs)
		if got := ctx.Derive(c.figure, ds) != ""; got != c.want {
			t.Errorf("%q: derived %s = %v, want %v", c.instruction, c.figure, got, c.want)
		}
	}
}

// Senses of the twentieth batch's working tasks: issues that "got sorted"
// are those in the state work ends in (Done, beside To Do and In
// Progress), invoices "settled" the paid ones, bills "waiting to be paid"
// the authorised ones, registrants "given the green light" the approved
// ones, members who "opted out" the unsubscribed ones, conversations
// "marked as junk" the spam ones and those "filed away" the archived
// ones, campaigns "taken down" the removed ones, conversations "put off"
// the snoozed ones, calls that "got through" the completed ones (beside
// busy and no-answer). A field holding two values that end work (solved
// beside closed) is named by neither, "sorted by" names no state, and a
// denied phrase names none.
func TestDeriveCountOfAStateNamedByTwentiethSenses(t *testing.T) {
	issues := records("status", "Done", 14, "To Do", 7, "In Progress", 5)
	invoices := records("status", "PAID", 12, "SENT", 6, "OVERDUE", 3, "DRAFT", 2)
	bills := records("status", "AUTHORISED", 13, "PAID", 6, "DRAFT", 4)
	registrants := records("status", "approved", 13, "pending", 6, "denied", 3)
	members := records("status", "unsubscribed", 11, "subscribed", 8, "pending", 3)
	convs := records("status", "spam", 11, "archived", 12, "closed", 6)
	campaigns := records("status", "REMOVED", 12, "ENABLED", 6, "PAUSED", 5)
	snoozed := records("state", "snoozed", 11, "open", 7, "closed", 5)
	calls := records("status", "completed", 14, "busy", 5, "no-answer", 4)
	checkCounts(t, []countCase{
		{"Email how many issues have got sorted, as 'Sorted: N'.", "issues", issues, "14", true},
		{"Email our issues sorted by status, as 'Issues: N'.", "issues", issues, "14", false},
		{"Email how many tickets have got sorted.", "tickets", records("status", "solved", 14, "closed", 4, "open", 6), "14", false},
		{"Text how many invoices the customers have settled.", "invoices", invoices, "12", true},
		{"Text how many invoices the customers have never settled.", "invoices", invoices, "12", false},
		{"Email how many bills are waiting to be paid.", "bills", bills, "13", true},
		{"Email how many registrants have been given the green light.", "registrants", registrants, "13", true},
		{"Text how many members have opted out.", "members", members, "11", true},
		{"Post how many conversations were marked as junk.", "conversations", convs, "11", true},
		{"Post how many conversations have been filed away.", "conversations", convs, "12", true},
		{"Post how many conversations there are by status.", "conversations", convs, "12", false},
		{"Text how many campaigns we've taken down for good.", "campaigns", campaigns, "12", true},
		{"Email how many conversations have been put off till later.", "conversations", snoozed, "11", true},
		{"Post how many of our calls actually got through.", "calls", calls, "14", true},
		{"Post how many of our calls never got through.", "calls", calls, "14", false},
	})
}

// BenchmarkNamesSense measures reading every sense's phrases in a
// document of mail-sized prose.
func BenchmarkNamesSense(b *testing.B) {
	body := strings.Repeat("Hi team, the shipment for order 4417 left on Tuesday and the invoice was sent to accounts. ", 40)
	ctx := &Visible{Docs: []ContextDoc{NewDoc("the instruction", "Email how many records there are."), NewDoc("a mail", body)}}
	for b.Loop() {
		ctx.namesSense("paid", []string{"paid", "draft", "voided"}, 0)
	}
}
