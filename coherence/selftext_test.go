package coherence

import (
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestTextNamesNotItsOwnParentAsAnother: a ClickUp comment on the task
// "Update the pricing page" that reads "Blocked on the task Update the
// pricing page for now." speaks of its own task as another; one blocked
// on another task, or naming its task bare, does not. A Figma comment by
// user_handle paulo.bergstrom that copies or greets Paulo Bergstrom is
// not his; one copying someone else is.
func TestTextNamesNotItsOwnParentAsAnother(t *testing.T) {
	ss := map[string]*atom.Server{"clickup": builtinServer(t, "clickup"), "figma": builtinServer(t, "figma")}
	tasks := []state.Record{
		{"id": "86a1", "name": "Update the pricing page", "list_id": "901", "status": "to do"},
		{"id": "86a2", "name": "Collect renewal paperwork", "list_id": "901", "status": "to do"},
	}
	files := []state.Record{{"key": "FgK1", "name": "Soylent LLC security questionnaire"}}
	for _, c := range []struct {
		name, text, by string
		want           int
	}{
		{"blocked on its own task", "Blocked on the task Update the pricing page for now.", "", 1},
		{"see its own task", "Looks fine. See the task Update the pricing page.", "", 1},
		{"blocked on another task", "Blocked on the task Collect renewal paperwork for now.", "", 0},
		{"its task named bare", "Updated Update the pricing page on 3 May.", "", 0},
		{"a longer name", "Blocked on the task Update the pricing pages for now.", "", 0},
		{"copies its writer", "Copying Paulo Bergstrom for sign-off.", "paulo.bergstrom", 1},
		{"greets its writer", "Paulo, the Soylent figures look right to me.", "paulo.bergstrom", 1},
		{"greets its writer, hi", "Hi Paulo, a quick update.", "paulo.bergstrom", 1},
		{"copies another", "Copying Ana Ruiz for sign-off.", "paulo.bergstrom", 0},
		{"greets another Paulo", "Paulo, the figures look right to me.", "ana.ruiz", 0},
		{"umlaut", "Copying Amanda Müller.", "amanda.mueller", 1},
	} {
		var w *state.World
		coll := "clickup.comments"
		if c.by == "" {
			w = state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
				state.NewCollection("clickup.tasks", "id", tasks),
				state.NewCollection(coll, "id", []state.Record{{"id": "9013", "task_id": "86a1", "comment_text": c.text}}))
		} else {
			coll = "figma.comments"
			w = state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
				state.NewCollection("figma.files", "key", files),
				state.NewCollection(coll, "id", []state.Record{{"id": "1508", "file_key": "FgK1", "message": c.text, "user_handle": c.by}}))
		}
		got := 0
		for _, v := range CheckWorld("d", ss, w) {
			if v.Rule == RuleRef && v.Collection == coll && (strings.Contains(v.Message, "as another") || strings.Contains(v.Message, "who wrote it")) {
				got++
			}
		}
		if got != c.want {
			t.Errorf("%s: %d violations, want %d", c.name, got, c.want)
		}
	}
}

// TestTextNamesNoRecordMadeAfterIt: a Jira Service Management comment made
// on 3 March that "ties in with the request" raised on 9 March names a
// record that was not there when it was written; one naming a request
// raised before it does not, nor one with no date.
func TestTextNamesNoRecordMadeAfterIt(t *testing.T) {
	ss := map[string]*atom.Server{"jira_service_management": builtinServer(t, "jira_service_management")}
	requests := []state.Record{
		{"issueKey": "HELP-1", "summary": "Refund request for order 2231", "requestTypeId": "rt1", "created": "2026-02-20T10:00:00Z"},
		{"issueKey": "HELP-2", "summary": "Order 2231 arrived damaged", "requestTypeId": "rt1", "created": "2026-03-09T10:00:00Z"},
		{"issueKey": "HELP-3", "summary": "Invoice 88 shows the wrong amount", "requestTypeId": "rt1", "created": "2026-02-01T10:00:00Z"},
	}
	types := []state.Record{{"id": "rt1", "name": "Ask a billing question"}}
	for _, c := range []struct {
		name, text, created string
		want                int
	}{
		{"names a request raised after it", "Checked the order. This ties in with the request Order 2231 arrived damaged.", "2026-03-03T10:00:00Z", 1},
		{"names a request raised before it", "Checked the order. This ties in with the request Invoice 88 shows the wrong amount.", "2026-03-03T10:00:00Z", 0},
		{"written after the request", "Checked the order. This ties in with the request Order 2231 arrived damaged.", "2026-03-10T10:00:00Z", 0},
		{"no date", "Checked the order. This ties in with the request Order 2231 arrived damaged.", "", 0},
	} {
		comment := state.Record{"id": "1001", "issueKey": "HELP-1", "body": c.text, "public": true}
		if c.created != "" {
			comment["created"] = c.created
		}
		w := state.NewWorld(time.Date(2026, 3, 12, 9, 0, 0, 0, time.UTC),
			state.NewCollection("jira_service_management.request_types", "id", types),
			state.NewCollection("jira_service_management.requests", "issueKey", requests),
			state.NewCollection("jira_service_management.comments", "id", []state.Record{comment}))
		got := 0
		for _, v := range CheckWorld("d", ss, w) {
			if v.Rule == RuleRef && v.Collection == "jira_service_management.comments" && strings.Contains(v.Message, "made after it") {
				got++
			}
		}
		if got != c.want {
			t.Errorf("%s: %d violations, want %d", c.name, got, c.want)
		}
	}
}

// TestTextNamesNoOtherThanItsSubject: an Expensify expense is in one
// report (reportID declared subject): a comment sending its reader to
// another report names a report it is not in; one naming none does not.
func TestTextNamesNoOtherThanItsSubject(t *testing.T) {
	ss := map[string]*atom.Server{"expensify": builtinServer(t, "expensify")}
	reports := []state.Record{
		{"reportID": "R001", "reportName": "REP-8772", "policyID": "P001", "status": "OPEN"},
		{"reportID": "R002", "reportName": "REP-6992", "policyID": "P001", "status": "OPEN"},
	}
	for _, c := range []struct {
		name, text, report string
		want               int
	}{
		{"another report", "Farid confirmed the figure. See the report REP-6992.", "R001", 1},
		{"no report", "Farid confirmed the figure.", "R001", 0},
		{"unreported", "Farid confirmed the figure. See the report REP-6992.", "", 0},
	} {
		exp := state.Record{"transactionID": "T001", "merchant": "Delta", "amount": 420.0, "comment": c.text}
		if c.report != "" {
			exp["reportID"] = c.report
		}
		w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
			state.NewCollection("expensify.reports", "reportID", reports),
			state.NewCollection("expensify.expenses", "transactionID", []state.Record{exp}))
		got := 0
		for _, v := range CheckWorld("d", ss, w) {
			if v.Collection == "expensify.expenses" && strings.Contains(v.Message, "not the one") {
				got++
			}
		}
		if got != c.want {
			t.Errorf("%s: %d violations, want %d", c.name, got, c.want)
		}
	}
}

// TestTextNamesNotItsParentReferenceAsAnother: an Expensify expense is
// kept in its report where it has one (reportID, declared parent though
// not required): a comment "See the report Q3 travel." on an expense of
// Q3 travel speaks of its own report as another; one sending its reader
// to another report, or on an unreported expense, does not.
func TestTextNamesNotItsParentReferenceAsAnother(t *testing.T) {
	ss := map[string]*atom.Server{"expensify": builtinServer(t, "expensify")}
	reports := []state.Record{
		{"reportID": "R001", "reportName": "Q3 travel", "policyID": "P001", "status": "OPEN"},
		{"reportID": "R002", "reportName": "Client dinners", "policyID": "P001", "status": "OPEN"},
	}
	for _, c := range []struct {
		name, text, report string
		want               int
	}{
		{"its own report", "Booked through the agency. See the report Q3 travel.", "R001", 1},
		{"another report", "Booked through the agency. See the report Client dinners.", "R001", 0},
		{"unreported", "Booked through the agency. See the report Q3 travel.", "", 0},
	} {
		exp := state.Record{"transactionID": "T001", "merchant": "Delta", "amount": 420.0, "comment": c.text}
		if c.report != "" {
			exp["reportID"] = c.report
		}
		w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
			state.NewCollection("expensify.reports", "reportID", reports),
			state.NewCollection("expensify.expenses", "transactionID", []state.Record{exp}))
		got := 0
		for _, v := range CheckWorld("d", ss, w) {
			if v.Rule == RuleRef && v.Collection == "expensify.expenses" && strings.Contains(v.Message, "as another") {
				got++
			}
		}
		if got != c.want {
			t.Errorf("%s: %d violations, want %d", c.name, got, c.want)
		}
	}
}
