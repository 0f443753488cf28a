package coherence

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// officeApp has expense reports with expenses and comments, requests
// approved in turn, meetings with participants and recordings, and
// invoices with payments.
func officeApp() *atom.Server {
	dt := atom.Field{Type: "string", Format: "date-time", Role: atom.RoleDate}
	day := atom.Field{Type: "string", Format: "date", Role: atom.RoleDate}
	ref := func(c string) atom.Field { return atom.Field{Type: "string", Role: atom.RoleRef, Ref: c} }
	return &atom.Server{Kind: atom.KindServer, ID: "office", Collections: []atom.Collection{
		{Name: "reports", Fields: map[string]atom.Field{
			"status":    {Type: "string", Enum: []any{"OPEN", "SUBMITTED", "APPROVED"}, Role: atom.RoleStatus},
			"submitted": dt, "approved_at": dt,
		}},
		{Name: "expenses", Fields: map[string]atom.Field{"reportID": ref("reports"), "created": day}},
		{Name: "comments", Fields: map[string]atom.Field{"reportID": ref("reports"), "created_at": dt}},
		{Name: "meetings", Fields: map[string]atom.Field{
			"status":    {Type: "string", Enum: []any{"waiting", "started", "ended"}, Role: atom.RoleStatus},
			"startDate": dt, "endDate": dt,
		}},
		{Name: "participants", Fields: map[string]atom.Field{"meetingId": ref("meetings"), "joinedAt": dt, "leftAt": dt}},
		{Name: "invoices", Fields: map[string]atom.Field{"date": day, "due_date": day, "title": {Type: "string", Role: atom.RoleTitle}}},
		{Name: "customer_payments", Fields: map[string]atom.Field{"invoice_id": ref("invoices"), "date": day}},
	}}
}

// TestDateOfAStateNotReached: a date named for a state of the record's
// status (submitted, approved_at) is not set while the status is in a
// state before any other (OPEN, pending); a date named for the act in
// another form (a waiting meeting's start_time) is a plan and stays.
func TestDateOfAStateNotReached(t *testing.T) {
	s := officeApp()
	reports := ShapeOf(s, s.Collection("reports"))
	fields := func(cs []Contradiction) string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Field)
		}
		slices.Sort(out)
		return strings.Join(out, ",")
	}
	open := map[string]any{"status": "OPEN", "submitted": "2026-03-01T10:00:00Z", "approved_at": "2026-03-02T10:00:00Z"}
	if got := fields(reports.Contradictions(open)); got != "approved_at,submitted" {
		t.Errorf("an OPEN report's dates denied: %q, want approved_at,submitted", got)
	}
	sub := map[string]any{"status": "SUBMITTED", "submitted": "2026-03-01T10:00:00Z"}
	if got := fields(reports.Contradictions(sub)); got != "" {
		t.Errorf("a SUBMITTED report's submitted denied: %q", got)
	}
	meetings := ShapeOf(s, s.Collection("meetings"))
	waiting := map[string]any{"status": "waiting", "startDate": "2026-06-01T10:00:00Z"}
	if got := fields(meetings.Contradictions(waiting)); got != "" {
		t.Errorf("a waiting meeting's planned start denied: %q", got)
	}
}

// lifecycleAt lists the collection[key].field of each lifecycle
// violation of w over app.
func lifecycleAt(w *state.World, s *atom.Server) string {
	var got []string
	for _, v := range CheckWorld("d", map[string]*atom.Server{s.ID: s}, w) {
		if v.Rule == RuleLifecycle {
			got = append(got, v.Collection+"["+v.Key+"]."+v.Field)
		}
	}
	slices.Sort(got)
	return strings.Join(got, ",")
}

// TestNoContentsAfterTheSeal: an expense is not created after its report
// was submitted (on a later day: the created date has no time), but a
// comment on the report may be; an open report is not sealed.
func TestNoContentsAfterTheSeal(t *testing.T) {
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("office.reports", "id", []state.Record{
			{"id": "r1", "status": "APPROVED", "submitted": "2026-03-10T10:00:00Z"},
			{"id": "r2", "status": "OPEN"},
		}),
		state.NewCollection("office.expenses", "id", []state.Record{
			{"id": "e1", "reportID": "r1", "created": "2026-03-12"},
			{"id": "e2", "reportID": "r1", "created": "2026-03-10"},
			{"id": "e3", "reportID": "r2", "created": "2026-04-12"},
		}),
		state.NewCollection("office.comments", "id", []state.Record{{"id": "c1", "reportID": "r1", "created_at": "2026-03-20T10:00:00Z"}}))
	if got := lifecycleAt(w, officeApp()); got != "office.expenses[e1].created" {
		t.Errorf("lifecycle violations at %q, want the expense after its report's submission only", got)
	}
}

// TestPartsWithinTheirSitting: a participant joins and leaves within its
// meeting's start and end.
func TestPartsWithinTheirSitting(t *testing.T) {
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("office.meetings", "id", []state.Record{
			{"id": "m1", "status": "ended", "startDate": "2026-03-10T10:00:00Z", "endDate": "2026-03-10T11:00:00Z"},
		}),
		state.NewCollection("office.participants", "id", []state.Record{
			{"id": "p1", "meetingId": "m1", "joinedAt": "2025-11-06T17:30:00Z", "leftAt": "2026-03-10T10:40:00Z"},
			{"id": "p2", "meetingId": "m1", "joinedAt": "2026-03-10T10:05:00Z", "leftAt": "2026-03-10T10:55:00Z"},
		}))
	if got := lifecycleAt(w, officeApp()); got != "office.participants[p1].joinedAt" {
		t.Errorf("lifecycle violations at %q, want the participant who joined months before only", got)
	}
}

// TestPaymentNotBeforeItsInvoice: a payment's plain date is when it was
// made, and it is not before the date its invoice was issued.
func TestPaymentNotBeforeItsInvoice(t *testing.T) {
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("office.invoices", "id", []state.Record{{"id": "i1", "title": "March", "date": "2026-02-02", "due_date": "2026-03-02"}}),
		state.NewCollection("office.customer_payments", "id", []state.Record{
			{"id": "y1", "invoice_id": "i1", "date": "2026-01-24"},
			{"id": "y2", "invoice_id": "i1", "date": "2026-02-20"},
		}))
	if got := lifecycleAt(w, officeApp()); got != "office.customer_payments[y1].date" {
		t.Errorf("lifecycle violations at %q, want the payment before its invoice only", got)
	}
}
