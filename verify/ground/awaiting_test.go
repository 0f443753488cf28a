package ground

import (
	"fmt"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// records writes n records of each status (a field named field) as a JSON
// list, each with a name of its own.
func records(field string, statuses ...any) string {
	var out []string
	i := 0
	for k := 0; k+1 < len(statuses); k += 2 {
		for range statuses[k+1].(int) {
			i++
			out = append(out, fmt.Sprintf(`{"title":"Item %c%c","%s":%q}`, 'a'+i%26, 'a'+i/26, field, statuses[k].(string)))
		}
	}
	return "[" + strings.Join(out, ",") + "]"
}

// countCase is an instruction over records of a table and whether it
// derives a count as the figure.
type countCase struct {
	instruction, table, recs, figure string
	want                             bool
}

// checkCounts checks each case's count is derived, or not, as it wants.
func checkCounts(t *testing.T, cases []countCase) {
	t.Helper()
	for _, c := range cases {
		ctx := &Visible{Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		ctx.Add(c.table, c.recs)
		if got := ctx.Derive(c.figure, []atom.Derivation{{Op: atom.DeriveCount}}) != ""; got != c.want {
			t.Errorf("%q: derived %s = %v, want %v", c.instruction, c.figure, got, c.want)
		}
	}
}

// A value that says what its records await is named by another phrase
// awaiting the same (the seventeenth batch's
// slack_pipefy_cards_waiting_for_review_count and
// slack_hubspot_tickets_waiting_on_our_team_count): the cards "still
// waiting for review" are the 10 in the phase "Awaiting Review", not those
// "In Review"; the tickets "waiting on our team" the 10 "Waiting on us",
// not those "Waiting on contact". A text that says no wait names neither.
func TestDeriveCountOfRecordsNamedByWhatTheyAwait(t *testing.T) {
	cards := records("phase", "Awaiting Review", 10, "In Review", 3, "Reviewed", 4, "Draft", 2)
	tickets := records("status", "Waiting on us", 10, "Waiting on contact", 5, "New", 4, "Closed", 3)
	checkCounts(t, []countCase{
		{"How many cards are still waiting for review? Post 'Waiting for review: N'.", "cards", cards, "10", true},
		{"How many cards are yet to be reviewed? Post the number.", "cards", cards, "10", true},
		{"How many cards do we have? Post the number.", "cards", cards, "10", false},
		{"Post how many tickets are waiting on our team, as 'Waiting on our team: N'.", "tickets", tickets, "10", true},
		{"Post how many tickets are waiting on the contact.", "tickets", tickets, "5", true},
		{"Post how many tickets we hold, as 'Tickets: N'.", "tickets", tickets, "10", false},
	})
}

// A helpdesk's pending records are those waiting for the reply of the
// person who asked (the seventeenth batch's
// gmail_zendesk_awaiting_requester_reply_count): the tickets "awaiting a
// reply from the requester" are the 12 pending ones, not those on hold.
// Where a value of the field says what it awaits itself ("waiting on
// customer"), the words name that value, not "pending"; a text that says
// no wait names no group.
func TestDeriveCountOfPendingAwaitingAReply(t *testing.T) {
	tickets := records("status", "pending", 12, "hold", 4, "open", 5, "solved", 3)
	withWaiting := records("status", "pending", 12, "waiting_on_customer", 4, "open", 5, "solved", 3)
	checkCounts(t, []countCase{
		{"Email how many tickets are awaiting a reply from the requester, as 'Awaiting requester: N'.", "tickets", tickets, "12", true},
		{"Email how many tickets are waiting on the customer.", "tickets", tickets, "12", true},
		{"Email how many tickets we have in all.", "tickets", tickets, "12", false},
		{"Email how many tickets are awaiting a reply from the requester, as 'Awaiting requester: N'.", "tickets", withWaiting, "12", false},
	})
}

// A value that denies an act as one of its parts is named by the act
// denied (the seventeenth batch's slack_sf_leads_not_yet_contacted_count):
// the leads that "have not been contacted yet" are the 10 "Open - Not
// Contacted", not those "Working - Contacted". Where two values deny the
// same act, the words name neither; a text that denies nothing names no
// group.
func TestDeriveCountOfAValueDenyingAnAct(t *testing.T) {
	leads := records("status", "Open - Not Contacted", 10, "Working - Contacted", 4, "Closed - Converted", 3, "Closed - Not Converted", 2)
	twice := records("status", "Open - Not Contacted", 10, "Nurture - Not Contacted", 4, "Closed - Converted", 3)
	checkCounts(t, []countCase{
		{"Post how many leads have not been contacted yet.", "leads", leads, "10", true},
		{"Post how many leads we have contacted.", "leads", leads, "10", false},
		{"Post how many leads have not been contacted yet.", "leads", twice, "10", false},
	})
}

// A state written as a state word and its noun is named by another state
// word before the noun (the seventeenth batch's
// slack_jira_issues_under_review_count): the issues "under review" are the
// 10 "In Review", not those "Ready for Review". Where another value is the
// noun after a state word ("Under Review" beside "In Review"), the words
// name only the one written so.
func TestDeriveCountOfAStateNamedByAnotherStateWord(t *testing.T) {
	issues := records("status", "In Review", 10, "Ready for Review", 3, "In Progress", 4, "Done", 5)
	both := records("status", "In Review", 10, "Under Review", 3, "In Progress", 4, "Done", 5)
	checkCounts(t, []countCase{
		{"Post how many issues are under review, as 'Under review: N'.", "issues", issues, "10", true},
		{"Post how many issues we have reviewed.", "issues", issues, "10", false},
		{"Post how many issues are under review, as 'Under review: N'.", "issues", both, "10", false},
		{"Post how many issues are under review, as 'Under review: N'.", "issues", both, "3", true},
	})
}

// A word a hyphen parts after a prefix is one word (the seventeenth
// batch's slack_zoho_desk_tickets_reopened_count): the tickets customers
// "reopen" are the 10 "Re-Opened", not the "Open" ones; the bugs
// "re-opened" the 11 "Reopened". A text that names no such word names no
// group.
func TestDeriveCountOfAWordAHyphenParts(t *testing.T) {
	zoho := records("status", "Re-Opened", 10, "Open", 6, "Closed", 5, "On Hold", 2)
	jira := records("status", "Reopened", 11, "Open", 5, "Closed", 4)
	checkCounts(t, []countCase{
		{"How many tickets did customers reopen? Post 'Reopened tickets: N'.", "tickets", zoho, "10", true},
		{"How many tickets are there? Post the number.", "tickets", zoho, "10", false},
		{"Email how many bugs have been re-opened, as 'Re-opened bugs: N'.", "tickets", jira, "11", true},
		{"Email how many bugs there are.", "tickets", jira, "11", false},
	})
}

// The records a text counts as waiting on an act are those neither
// settled nor drafts (the twenty-second batch's working
// slack_docusign_envelopes_still_waiting_on_signature_count and
// slack_docusign_envelopes_yet_to_be_signed_count): the envelopes "still
// waiting on a signature" are the sent and the delivered, not the
// completed, declined or voided ones, nor those only created. A text that
// names no wait counts them all.
func TestDeriveCountOfRecordsWaitingOnAnAct(t *testing.T) {
	envelopes := records("status", "sent", 7, "completed", 5, "delivered", 4, "declined", 3, "created", 3)
	sentOut := records("status", "sent", 7, "completed", 6, "delivered", 5, "voided", 2, "created", 2, "declined", 1)
	checkCounts(t, []countCase{
		{"Post in #people-ops how many DocuSign envelopes are still waiting on a signature, as 'Waiting on signature: N'.", "envelopes", envelopes, "11", true},
		{"Post in #people-ops how many DocuSign envelopes we hold, as 'Envelopes: N'.", "envelopes", envelopes, "11", false},
		{"Post in #lettings how many of the DocuSign envelopes we've sent out are yet to be signed, as 'Unsigned envelopes: N'.", "envelopes", sentOut, "12", true},
	})
}
