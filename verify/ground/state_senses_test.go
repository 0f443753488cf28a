package ground

import (
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
