package ground

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
)

// A count over a period's records that leaves out those holding a value
// ("not counting cancelled ones", the value written "canceled") and keeps
// those a plural names ("product demos" for "Product Demo"): the
// fourteenth batch's slack_calendly_demos_this_month_count. Where the
// text leaves nothing out, the count is not derived.
func TestDeriveCountLeavingOutAValue(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-12-09T10:00:00Z")
	ds := []atom.Derivation{{Op: atom.DeriveCount}}
	events := `[{"id":"e1","name":"Product Demo","start_time":"2026-12-02T15:00:00Z","status":"active"},
		{"id":"e2","name":"Product Demo","start_time":"2026-12-07T16:00:00Z","status":"active"},
		{"id":"e3","name":"Product Demo","start_time":"2026-12-10T14:00:00Z","status":"canceled"},
		{"id":"e4","name":"Product Demo","start_time":"2026-12-15T17:00:00Z","status":"active"},
		{"id":"e5","name":"Partner Onboarding","start_time":"2026-12-03T13:00:00Z","status":"active"},
		{"id":"e6","name":"Product Demo","start_time":"2026-11-26T15:00:00Z","status":"active"}]`
	for _, c := range []struct {
		instruction, figure string
		want                bool
	}{
		{"How many product demos are booked this month, not counting cancelled ones?", "3", true},
		{"How many product demos are booked this month?", "3", false}, // nothing left out
	} {
		ctx := &Visible{Clock: clock, Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		ctx.Add("events", events)
		if got := ctx.Derive(c.figure, ds); (got != "") != c.want {
			t.Errorf("%q: derive(%s) = %q, want derived %v", c.instruction, c.figure, got, c.want)
		}
	}
}

// A negation leaves out what it denies (the eighteenth batch's
// gmail_hiver_wholesale_not_closed_yet_count and
// gmail_zendesk_tickets_amara_hasnt_finished_count): the conversations
// that "haven't been closed yet" are the 13 open or pending, not the 18 of
// every status; the tickets "not finished yet" are the 13 neither solved
// nor closed, as a word for work ended, denied, leaves out every value
// that ends work. A text that denies nothing derives neither.
func TestDeriveCountOfRecordsANegationLeavesOut(t *testing.T) {
	convs := records("status", "open", 7, "pending", 6, "closed", 5)
	tickets := records("status", "open", 5, "new", 4, "pending", 2, "hold", 2, "solved", 5, "closed", 3)
	checkCounts(t, []countCase{
		{"Email how many conversations haven't been closed yet, as 'Not closed: N'.", "conversations", convs, "13", true},
		{"Email how many conversations there are, as 'Conversations: N'.", "conversations", convs, "13", false},
		{"Email how many of the tickets she hasn't finished yet, as 'Unfinished: N'.", "tickets", tickets, "13", true},
		{"Email how many tickets we hold, as 'Tickets: N'.", "tickets", tickets, "13", false},
	})
}

// A word for work ended that no value writes names every value that ends
// work where two or more do (the eighteenth batch's
// gmail_zendesk_org_tickets_done_with_count): the tickets "we're done
// with" are the 14 solved or closed, not the 8 solved alone; denied ("not
// done yet") it names the others.
func TestDeriveCountOfRecordsInEveryStateThatEndsWork(t *testing.T) {
	tickets := records("status", "solved", 8, "closed", 6, "open", 4, "pending", 3)
	checkCounts(t, []countCase{
		{"Email how many tickets we're done with, as 'Done: N'.", "tickets", tickets, "14", true},
		{"Email how many tickets we hold, as 'Tickets: N'.", "tickets", tickets, "14", false},
		{"Email how many tickets are not done yet, as 'Not done: N'.", "tickets", tickets, "7", true},
	})
}

// What is "still" someone's is the work not ended (the eighteenth batch's
// slack_jira_issues_still_on_kenjis_plate_count): the issues "still on
// Kenji's plate" are his 11 to do or in progress, not his 16; a text
// without "still" names only the 16.
func TestDeriveCountOfRecordsStillHeld(t *testing.T) {
	var issues []string
	for i, st := range []struct {
		status, who string
		n           int
	}{{"To Do", "kenji", 6}, {"In Progress", "kenji", 5}, {"Done", "kenji", 5}, {"To Do", "mika", 4}} {
		for j := range st.n {
			issues = append(issues, fmt.Sprintf(`{"summary":"Issue %c%c","status":%q,"assignee":"%s@ex.example"}`, 'a'+i, 'a'+j, st.status, st.who))
		}
	}
	recs := "[" + strings.Join(issues, ",") + "]"
	checkCounts(t, []countCase{
		{"Post how many issues are still on kenji@ex.example's plate.", "issues", recs, "11", true},
		{"Post how many issues kenji@ex.example holds.", "issues", recs, "11", false},
	})
}

// "No longer" leaves out the state it denies: the contacts "no longer
// active" are those whose status is not ACTIVE, and a text that says only
// "active" counts the active ones, not these.
func TestDeriveCountOfAStateNoLongerHeld(t *testing.T) {
	ds := []atom.Derivation{{Op: atom.DeriveCount}}
	contacts := `[{"id":"c1","name":"Alder Supply","contact_status":"ARCHIVED"},{"id":"c2","name":"Birch Supply","contact_status":"ACTIVE"},
		{"id":"c3","name":"Cedar Supply","contact_status":"ARCHIVED"},{"id":"c4","name":"Damson Supply","contact_status":"ARCHIVED"},
		{"id":"c5","name":"Elder Supply","contact_status":"ACTIVE"}]`
	for _, c := range []struct {
		instruction, figure string
		want                bool
	}{
		{"Text her how many of our contacts are no longer active.", "3", true},
		{"Text her how many of our contacts are active.", "3", false},
	} {
		ctx := &Visible{Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		ctx.Add("contacts", contacts)
		if got := ctx.Derive(c.figure, ds); (got != "") != c.want {
			t.Errorf("%q: derive(%s) = %q, want derived %v", c.instruction, c.figure, got, c.want)
		}
	}
}
