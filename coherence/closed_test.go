package coherence

import (
	"time"

	"github.com/legoenv/legoenv/state"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// tasks is a project tool's collection: a status, the date the task was
// closed, and an employee's hire and termination dates.
func tasks() (*atom.Server, *atom.Collection) {
	s := &atom.Server{Kind: atom.KindServer, ID: "pm", Collections: []atom.Collection{{Name: "tasks", Fields: map[string]atom.Field{
		"status":          {Type: "string", Enum: []any{"to do", "in progress", "review", "complete"}, Role: atom.RoleStatus},
		"date_created":    {Type: "string", Format: "date-time", Role: atom.RoleDate},
		"date_closed":     {Type: "string", Format: "date-time", Role: atom.RoleDate},
		"hireDate":        {Type: "string", Format: "date", Role: atom.RoleDate},
		"terminationDate": {Type: "string", Format: "date", Role: atom.RoleDate},
	}}}}
	return s, &s.Collections[0]
}

// TestClosedDateOnOpenRecord: a task still to do, in progress or in
// review has not been closed (ClickUp sets date_closed when a task
// closes); a complete one may carry the date.
func TestClosedDateOnOpenRecord(t *testing.T) {
	s, def := tasks()
	for status, want := range map[string]string{"to do": "date_closed", "in progress": "date_closed", "review": "date_closed", "complete": ""} {
		rec := map[string]any{"status": status, "date_created": "2026-01-02T10:00:00Z", "date_closed": "2026-02-02T10:00:00Z"}
		var got []string
		for _, d := range DeniedEvents(s, def, rec) {
			got = append(got, d.Field)
		}
		if strings.Join(got, ",") != want {
			t.Errorf("%s: denied %v, want %q", status, got, want)
		}
	}
}

// TestTerminatedBeforeHired: nobody leaves before they join.
func TestTerminatedBeforeHired(t *testing.T) {
	s, def := tasks()
	ok := map[string]any{"hireDate": "2026-02-07", "terminationDate": "2026-04-18"}
	if ps := LifecycleProblems(s, def, ok); len(ps) > 0 {
		t.Errorf("in order, yet %v", ps)
	}
	bad := map[string]any{"hireDate": "2026-02-07", "terminationDate": "2026-01-18"}
	if ps := LifecycleProblems(s, def, bad); len(ps) == 0 {
		t.Error("terminated before hired, and no problem reported")
	}
}

// TestCommentNotBeforeItsPage: a comment, an update or a message is
// written on a record that already exists; one dated before it is
// reported, one after it is not.
func TestCommentNotBeforeItsPage(t *testing.T) {
	wiki := &atom.Server{Kind: atom.KindServer, ID: "wiki", Collections: []atom.Collection{
		{Name: "pages", Fields: map[string]atom.Field{
			"title": {Type: "string"}, "created_at": {Type: "string", Format: "date-time", Role: atom.RoleDate},
		}},
		{Name: "comments", Fields: map[string]atom.Field{
			"page_id":    {Type: "string", Role: atom.RoleRef, Ref: "pages"},
			"created_at": {Type: "string", Format: "date-time", Role: atom.RoleDate},
		}},
		{Name: "labels", Fields: map[string]atom.Field{
			"page_id":    {Type: "string", Role: atom.RoleRef, Ref: "pages"},
			"created_at": {Type: "string", Format: "date-time", Role: atom.RoleDate},
		}},
	}}
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("wiki.pages", "id", []state.Record{{"id": "p1", "title": "Pricing sheet", "created_at": "2026-02-21T11:00:00Z"}}),
		state.NewCollection("wiki.comments", "id", []state.Record{
			{"id": "c1", "page_id": "p1", "created_at": "2026-02-15T17:00:00Z"},
			{"id": "c2", "page_id": "p1", "created_at": "2026-03-15T17:00:00Z"},
		}),
		state.NewCollection("wiki.labels", "id", []state.Record{{"id": "l1", "page_id": "p1", "created_at": "2026-02-15T17:00:00Z"}}))
	var got []string
	for _, v := range CheckWorld("d", map[string]*atom.Server{"wiki": wiki}, w) {
		if v.Rule == RuleLifecycle {
			got = append(got, v.Collection+"["+v.Key+"]")
		}
	}
	if strings.Join(got, ",") != "wiki.comments[c1]" {
		t.Errorf("lifecycle violations at %v, want the comment older than its page only", got)
	}
}

// TestTraceOfAnEventNotHad: a reason or an author of an event the record
// has not had is denied, whatever form the word takes: Stripe's
// cancellation_reason on a payment intent that is not canceled, Shopify's
// cancel_reason on an order without cancelled_at. An expiration date is
// no trace of having expired.
func TestTraceOfAnEventNotHad(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "shop", Collections: []atom.Collection{{Name: "orders", Fields: map[string]atom.Field{
		"status":              {Type: "string", Enum: []any{"requires_payment_method", "succeeded", "canceled", "expired"}, Role: atom.RoleStatus},
		"cancellation_reason": {Type: "string", Role: atom.RoleText},
		"cancel_reason":       {Type: "string", Enum: []any{"customer", "fraud"}, Role: atom.RoleStatus},
		"cancelled_at":        {Type: "string", Format: "date-time", Role: atom.RoleDate},
		"expiration_date":     {Type: "string", Format: "date", Role: atom.RoleDate},
		"created_by":          {Type: "string", Role: atom.RoleUsername},
	}}}}
	def := &s.Collections[0]
	cases := []struct {
		rec  map[string]any
		want string
	}{
		{map[string]any{"status": "requires_payment_method", "cancellation_reason": "requested_by_customer"}, "cancellation_reason"},
		{map[string]any{"status": "canceled", "cancellation_reason": "requested_by_customer"}, ""},
		{map[string]any{"status": "succeeded", "cancel_reason": "fraud"}, "cancel_reason"},
		{map[string]any{"status": "canceled", "cancel_reason": "fraud", "cancelled_at": "2026-02-01T10:00:00Z"}, ""},
		{map[string]any{"status": "succeeded", "expiration_date": "2026-09-01", "created_by": "ana.ruiz"}, ""},
	}
	for _, tc := range cases {
		var got []string
		for _, d := range DeniedEvents(s, def, tc.rec) {
			got = append(got, d.Field)
		}
		if strings.Join(got, ",") != tc.want {
			t.Errorf("%v: denied %v, want %q", tc.rec, got, tc.want)
		}
	}
}

// TestSettledDealsChance: a won deal's chance of winning is 100, a lost
// or abandoned one's 0, and an open one's anything; synthesis mends it.
func TestSettledDealsChance(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "crm", Collections: []atom.Collection{{Name: "opportunities", Fields: map[string]atom.Field{
		"OPPORTUNITY_STATE": {Type: "string", Enum: []any{"OPEN", "WON", "LOST", "ABANDONED"}, Role: atom.RoleStatus},
		"PROBABILITY":       {Type: "integer", Role: atom.RoleCount},
		"confidence":        {Type: "integer", Role: atom.RoleCount},
	}}}}
	def := &s.Collections[0]
	for st, want := range map[string]any{"OPEN": nil, "WON": 100, "LOST": 0, "ABANDONED": 0} {
		rec := map[string]any{"OPPORTUNITY_STATE": st, "PROBABILITY": 31, "confidence": 22}
		cs := Contradictions(s, def, rec)
		if want == nil {
			if len(cs) > 0 {
				t.Errorf("%s: %v", st, cs)
			}
			continue
		}
		if len(cs) != 2 {
			t.Fatalf("%s: contradictions %v, want PROBABILITY and confidence", st, cs)
		}
		for _, c := range cs {
			c.Mend(rec)
		}
		if rec["PROBABILITY"] != want || rec["confidence"] != want {
			t.Errorf("%s: mended to %v", st, rec)
		}
	}
}

// TestSettledStageChance: a deal whose pipeline stage settles it (Zoho
// CRM's Stage "Closed Won") has the chance its stage says; an open stage
// leaves it alone.
func TestSettledStageChance(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "crm", Collections: []atom.Collection{{Name: "deals", Fields: map[string]atom.Field{
		"Stage":       {Type: "string", Enum: []any{"Negotiation/Review", "Closed Won", "Closed Lost"}, Role: atom.RoleStatus},
		"Probability": {Type: "integer", Role: atom.RoleCount},
	}}}}
	def := &s.Collections[0]
	for st, want := range map[string]any{"Negotiation/Review": 35, "Closed Won": 100, "Closed Lost": 0} {
		rec := map[string]any{"Stage": st, "Probability": 35}
		for _, c := range Contradictions(s, def, rec) {
			c.Mend(rec)
		}
		if rec["Probability"] != want {
			t.Errorf("%s: Probability %v, want %v", st, rec["Probability"], want)
		}
	}
}
