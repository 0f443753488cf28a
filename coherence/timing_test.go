package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
)

// meetings is a collection of sittings with a span and a state, as
// Webex's meetings are; employees one with an active state and a
// termination date, as BambooHR's are.
func meetings() (*atom.Server, *atom.Collection, *atom.Collection) {
	s := &atom.Server{Kind: atom.KindServer, ID: "meet", Collections: []atom.Collection{
		{Name: "meetings", Fields: map[string]atom.Field{
			"start": {Type: "string", Format: "date-time", Role: atom.RoleDate},
			"end":   {Type: "string", Format: "date-time", Role: atom.RoleDate},
			"state": {Type: "string", Enum: []any{"active", "scheduled", "inProgress", "ended", "missed"}, Role: atom.RoleStatus},
		}},
		{Name: "employees", Fields: map[string]atom.Field{
			"status":          {Type: "string", Enum: []any{"Active", "Inactive"}, Role: atom.RoleStatus},
			"hireDate":        {Type: "string", Format: "date", Role: atom.RoleDate},
			"terminationDate": {Type: "string", Format: "date", Role: atom.RoleDate},
		}},
	}}
	return s, &s.Collections[0], &s.Collections[1]
}

// A sitting lasts hours: one that ends days after it starts, or before
// it, is found on its end and mended to an hour after its start; one of
// two hours is left alone.
func TestSittingSpan(t *testing.T) {
	s, def, _ := meetings()
	sh := ShapeOf(s, def)
	for _, c := range []struct {
		name, start, end, want string
	}{
		{"two hours", "2026-03-10T10:00:00Z", "2026-03-10T12:00:00Z", ""},
		{"three weeks", "2026-03-10T10:00:00Z", "2026-03-31T10:00:00Z", "2026-03-10T11:00:00Z"},
		{"ends before it starts", "2026-03-10T10:00:00Z", "2026-03-09T10:00:00Z", "2026-03-10T11:00:00Z"},
	} {
		rec := map[string]any{"start": c.start, "end": c.end, "state": "scheduled"}
		got := sh.Contradictions(rec)
		if c.want == "" {
			if len(got) != 0 {
				t.Errorf("%s: %+v", c.name, got)
			}
			continue
		}
		if len(got) != 1 || got[0].Field != "end" || got[0].Want != c.want {
			t.Errorf("%s: %+v; want end mended to %s", c.name, got, c.want)
		}
	}
	if IsSitting("campaigns") || !IsSitting("interview_schedules") {
		t.Error("a campaign is no sitting; an interview schedule is")
	}
}

// A finished meeting lies before the clock and an upcoming one after it,
// each moved by whole days keeping its length; an active employee's
// termination date is not past. Mending leaves nothing untimely.
func TestUntimely(t *testing.T) {
	s, mdef, edef := meetings()
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	ms, es := ShapeOf(s, mdef), ShapeOf(s, edef)
	for _, c := range []struct {
		name   string
		sh     *Shape
		rec    map[string]any
		fields []string
	}{
		{"an ended meeting tomorrow", ms, map[string]any{"state": "ended", "start": "2026-03-03T10:00:00Z", "end": "2026-03-03T11:00:00Z"}, []string{"start", "end"}},
		{"a missed meeting ending in an hour", ms, map[string]any{"state": "missed", "start": "2026-03-02T08:30:00Z", "end": "2026-03-02T10:00:00Z"}, []string{"start", "end"}},
		{"an ended meeting last week", ms, map[string]any{"state": "ended", "start": "2026-02-23T10:00:00Z", "end": "2026-02-23T11:00:00Z"}, nil},
		{"a scheduled meeting last week", ms, map[string]any{"state": "scheduled", "start": "2026-02-23T10:00:00Z", "end": "2026-02-23T11:00:00Z"}, []string{"start", "end"}},
		{"a scheduled meeting next week", ms, map[string]any{"state": "scheduled", "start": "2026-03-09T10:00:00Z", "end": "2026-03-09T11:00:00Z"}, nil},
		{"a meeting in progress", ms, map[string]any{"state": "inProgress", "start": "2026-03-09T10:00:00Z"}, nil},
		{"an active employee terminated last month", es, map[string]any{"status": "Active", "hireDate": "2024-01-02", "terminationDate": "2026-02-01"}, []string{"terminationDate"}},
		{"an active employee leaving next month", es, map[string]any{"status": "Active", "hireDate": "2024-01-02", "terminationDate": "2026-04-01"}, nil},
		{"an inactive employee terminated last month", es, map[string]any{"status": "Inactive", "hireDate": "2024-01-02", "terminationDate": "2026-02-01"}, nil},
	} {
		got := c.sh.Untimely(c.rec, now)
		var fields []string
		for _, d := range got {
			fields = append(fields, d.Field)
			d.Mend(c.rec)
		}
		if len(fields) != len(c.fields) || (len(fields) > 0 && fields[0] != c.fields[0]) {
			t.Errorf("%s: untimely %v; want %v", c.name, fields, c.fields)
		}
		if left := c.sh.Untimely(c.rec, now); len(left) != 0 {
			t.Errorf("%s: mended %v still untimely: %+v", c.name, c.rec, left)
		}
		if len(c.sh.LifecycleProblems(c.rec)) != 0 || len(c.sh.Contradictions(c.rec)) != 0 {
			t.Errorf("%s: mended %v breaks its lifecycle", c.name, c.rec)
		}
	}
	if got := ms.Untimely(map[string]any{"state": "ended", "start": "2026-03-03T10:00:00Z"}, time.Time{}); got != nil {
		t.Errorf("with no clock: %+v", got)
	}
}

// An address of two names is the person's only with one of their names
// in it; other forms of address say nothing.
func TestAddressOf(t *testing.T) {
	for _, c := range []struct {
		email, name string
		want        bool
	}{
		{"wendy.okafor@hooli.example", "Wendy Okafor", true},
		{"wendy.okafor@hooli.example", "Bjorn Kaminski", false},
		{"mary-jane.oneil@acme.example", "Mary-Jane O'Neil", true},
		{"jsmith@acme.example", "Bjorn Kaminski", true},
		{"support@acme.example", "Bjorn Kaminski", true},
		{"jose.mueller@acme.example", "José Müller", true},
	} {
		if got := addressOf(c.email, c.name); got != c.want {
			t.Errorf("addressOf(%s, %s) = %v, want %v", c.email, c.name, got, c.want)
		}
	}
}

// A dropped record (a cancelled issue) has no completion date; it may
// keep a date it was closed or resolved on.
func TestNoCompletionOfDropped(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "track", Collections: []atom.Collection{{Name: "issues", Fields: map[string]atom.Field{
		"state":       {Type: "string", Enum: []any{"Backlog", "Done", "Canceled"}, Role: atom.RoleStatus},
		"completedAt": {Type: "string", Format: "date-time", Role: atom.RoleDate},
		"resolved_at": {Type: "string", Format: "date-time", Role: atom.RoleDate},
	}}}}
	sh := ShapeOf(s, &s.Collections[0])
	for _, c := range []struct {
		state, field string
		denied       bool
	}{
		{"Canceled", "completedAt", true},
		{"Done", "completedAt", false},
		{"Canceled", "resolved_at", false},
		{"Backlog", "completedAt", true},
	} {
		rec := map[string]any{"state": c.state, c.field: "2026-02-01T10:00:00Z"}
		got := sh.DeniedEvents(rec)
		if (len(got) == 1 && got[0].Field == c.field) != c.denied || len(got) > 1 {
			t.Errorf("%s with %s: denied %+v, want denied %v", c.state, c.field, got, c.denied)
		}
	}
}

// A deal won, lost or abandoned closed no later than the clock (Copper's
// won opportunity with a close date next month): the date is mended to
// as long before the clock, not before the deal was created; an open
// deal may close later, and a closed one last week stays.
func TestClosedAhead(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "crm", Collections: []atom.Collection{
		{Name: "opportunities", Fields: map[string]atom.Field{
			"status":       {Type: "string", Enum: []any{"Open", "Won", "Lost", "Abandoned"}, Role: atom.RoleStatus},
			"close_date":   {Type: "string", Format: "date", Role: atom.RoleDate},
			"date_created": {Type: "string", Format: "date-time", Role: atom.RoleDate},
		}},
		{Name: "deals", Fields: map[string]atom.Field{
			"Stage":        {Type: "string", Enum: []any{"Negotiation", "Closed Won", "Closed Lost"}, Role: atom.RoleStatus},
			"Closing_Date": {Type: "string", Format: "date", Role: atom.RoleDate},
		}},
	}}
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	opp, deal := ShapeOf(s, &s.Collections[0]), ShapeOf(s, &s.Collections[1])
	for _, c := range []struct {
		name string
		sh   *Shape
		rec  map[string]any
		want string // the mended date, "" when timely
	}{
		{"won, closing next month", opp, map[string]any{"status": "Won", "close_date": "2026-04-01", "date_created": "2025-11-02T10:00:00Z"}, "2026-01-31"},
		{"abandoned, closing in ten days, created last week", opp, map[string]any{"status": "Abandoned", "close_date": "2026-03-12", "date_created": "2026-02-24T10:00:00Z"}, "2026-02-24"},
		{"lost last week", opp, map[string]any{"status": "Lost", "close_date": "2026-02-23"}, ""},
		{"open, closing next month", opp, map[string]any{"status": "Open", "close_date": "2026-04-01"}, ""},
		{"a stage closed won next week", deal, map[string]any{"Stage": "Closed Won", "Closing_Date": "2026-03-09"}, "2026-02-23"},
		{"a stage in negotiation next week", deal, map[string]any{"Stage": "Negotiation", "Closing_Date": "2026-03-09"}, ""},
	} {
		untimely := func() []Contradiction { return c.sh.Untimely(c.rec, now) }
		mendsOnce(t, c.name, c.rec, untimely, c.want)
	}
}

// mendsOnce checks that find finds nothing in rec when want is "", else
// one contradiction whose mending writes want and leaves none.
func mendsOnce(t *testing.T, name string, rec map[string]any, find func() []Contradiction, want string) {
	t.Helper()
	got := find()
	if want == "" {
		if len(got) != 0 {
			t.Errorf("%s: %+v", name, got)
		}
		return
	}
	if len(got) != 1 || got[0].Want != want {
		t.Errorf("%s: %+v; want one mended to %s", name, got, want)
		return
	}
	got[0].Mend(rec)
	if left := find(); len(left) != 0 {
		t.Errorf("%s: mended %v still holds %+v", name, rec, left)
	}
}
