package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// A state that puts a date to one side of the clock (past_when,
// future_when) is checked against the world's clock, and the mend moves
// the record's span to agree: a campaign being sent was scheduled before
// now, a queued one is ahead, an ACTIVE meeting started and has not
// ended.
func TestStatesAgainstTheClock(t *testing.T) {
	ss := servers()
	inv := ss["billing"].Collection("invoices")
	inv.Fields["start_time"] = atom.Field{Type: "string", Format: "date-time"}
	inv.Fields["end_time"] = atom.Field{Type: "string", Format: "date-time"}
	inv.Fields["state"] = atom.Field{Type: "string", Enum: []any{"ACTIVE", "INACTIVE", "in_process", "queued"}}
	inv.Invariants = []atom.Invariant{
		{Rule: "past_when", Fields: []string{"start_time", "state"}, In: []string{"ACTIVE", "in_process"}},
		{Rule: "future_when", Fields: []string{"end_time", "state"}, In: []string{"ACTIVE"}},
		{Rule: "future_when", Fields: []string{"start_time", "state"}, In: []string{"queued"}},
	}
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC) // the test world's clock
	for _, c := range []struct {
		name, state, start, end string
		bad                     bool
	}{
		{"sending, scheduled last week", "in_process", "2026-02-23T09:00:00Z", "2026-02-23T10:00:00Z", false},
		{"sending, scheduled next week", "in_process", "2026-03-09T09:00:00Z", "2026-03-09T10:00:00Z", true},
		{"queued next week", "queued", "2026-03-09T09:00:00Z", "2026-03-09T10:00:00Z", false},
		{"queued last week", "queued", "2026-02-23T09:00:00Z", "2026-02-23T10:00:00Z", true},
		{"active now", "ACTIVE", "2026-03-02T08:30:00Z", "2026-03-02T09:30:00Z", false},
		{"active, ended a month ago", "ACTIVE", "2026-02-02T08:30:00Z", "2026-02-02T09:30:00Z", true},
		{"active, starting tomorrow", "ACTIVE", "2026-03-03T08:30:00Z", "2026-03-03T09:30:00Z", true},
		{"inactive, ended a month ago", "INACTIVE", "2026-02-02T08:30:00Z", "2026-02-02T09:30:00Z", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := with(goodInvoice(), "state", c.state, "start_time", c.start, "end_time", c.end)
			if got := clockViolations(ss, rec); len(got) > 0 != c.bad {
				t.Fatalf("violations %v, want some %v", got, c.bad)
			}
			sh := ShapeOf(ss["billing"], inv)
			for range 2 {
				for _, d := range sh.Clocked(rec, now) {
					d.Mend(rec)
				}
			}
			if got := clockViolations(ss, rec); len(got) > 0 {
				t.Fatalf("mended to %v %v, still %v", rec["start_time"], rec["end_time"], got)
			}
			a, _ := atom.Time(rec["start_time"])
			b, _ := atom.Time(rec["end_time"])
			if b.Sub(a) != time.Hour {
				t.Errorf("mended to %v %v: the span's length changed", rec["start_time"], rec["end_time"])
			}
		})
	}
}

func clockViolations(ss map[string]*atom.Server, rec state.Record) []Violation {
	var out []Violation
	for _, v := range CheckWorld("d", ss, world(goodCustomers(), []state.Record{rec}, nil)) {
		if v.Field == "start_time" || v.Field == "end_time" {
			out = append(out, v)
		}
	}
	return out
}

// A future_when rule with days keeps its date ahead of the clock by that
// many days at most (a Google Forms watch expires seven days after it is
// made or renewed, and an expired one is gone), and the mend moves a date
// further ahead, or behind, into them.
func TestDatesWithinDaysOfTheClock(t *testing.T) {
	ss := servers()
	inv := ss["billing"].Collection("invoices")
	inv.Fields["expire_time"] = atom.Field{Type: "string", Format: "date-time"}
	inv.Fields["state"] = atom.Field{Type: "string", Enum: []any{"ACTIVE", "SUSPENDED", "DELETED"}}
	inv.Invariants = []atom.Invariant{{Rule: "future_when", Fields: []string{"expire_time", "state"}, In: []string{"ACTIVE", "SUSPENDED"}, Days: 7}}
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC) // the test world's clock
	for _, c := range []struct {
		name, state, expires string
		bad                  bool
	}{
		{"active, expiring in three days", "ACTIVE", "2026-03-05T09:00:00Z", false},
		{"active, expiring in seven days", "ACTIVE", "2026-03-09T09:00:00Z", false},
		{"active, expiring in a month", "ACTIVE", "2026-04-02T09:00:00Z", true},
		{"suspended, expiring in eight days", "SUSPENDED", "2026-03-10T09:30:00Z", true},
		{"suspended, expired last week", "SUSPENDED", "2026-02-23T09:00:00Z", true},
		{"deleted, expiring in a month", "DELETED", "2026-04-02T09:00:00Z", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := with(goodInvoice(), "state", c.state, "expire_time", c.expires)
			got := fieldViolations(ss, rec, "expire_time")
			if len(got) > 0 != c.bad {
				t.Fatalf("violations %v, want some %v", got, c.bad)
			}
			for _, d := range ShapeOf(ss["billing"], inv).Clocked(rec, now) {
				d.Mend(rec)
			}
			if got := fieldViolations(ss, rec, "expire_time"); len(got) > 0 {
				t.Fatalf("mended to %v, still %v", rec["expire_time"], got)
			}
		})
	}
}

func fieldViolations(ss map[string]*atom.Server, rec state.Record, f string) []Violation {
	var out []Violation
	for _, v := range CheckWorld("d", ss, world(goodCustomers(), []state.Record{rec}, nil)) {
		if v.Field == f {
			out = append(out, v)
		}
	}
	return out
}

// A past_when rule with hours keeps its date behind the clock by that
// many hours at most (a Plivo call still queued, ringing or in progress
// was placed minutes ago, not days: https://www.plivo.com/docs/voice/api/call),
// and the mend moves a date further behind into them.
func TestDatesWithinHoursBeforeTheClock(t *testing.T) {
	ss := servers()
	inv := ss["billing"].Collection("invoices")
	inv.Fields["initiation_time"] = atom.Field{Type: "string", Format: "date-time"}
	inv.Fields["call_state"] = atom.Field{Type: "string", Enum: []any{"queued", "in-progress", "completed"}}
	inv.Invariants = []atom.Invariant{{Rule: "past_when", Fields: []string{"initiation_time", "call_state"}, In: []string{"queued", "in-progress"}, Hours: 1}}
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC) // the test world's clock
	for _, c := range []struct {
		name, state, placed string
		bad                 bool
	}{
		{"in progress, placed ten minutes ago", "in-progress", "2026-03-02T08:50:00Z", false},
		{"queued, placed an hour ago", "queued", "2026-03-02T08:00:00Z", false},
		{"queued since last week", "queued", "2026-02-24T10:17:00Z", true},
		{"in progress for two hours", "in-progress", "2026-03-02T07:00:00Z", true},
		{"in progress, placed tomorrow", "in-progress", "2026-03-03T09:00:00Z", true},
		{"completed last week", "completed", "2026-02-24T10:17:00Z", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := with(goodInvoice(), "call_state", c.state, "initiation_time", c.placed)
			got := fieldViolations(ss, rec, "initiation_time")
			if len(got) > 0 != c.bad {
				t.Fatalf("violations %v, want some %v", got, c.bad)
			}
			for _, d := range ShapeOf(ss["billing"], inv).Clocked(rec, now) {
				d.Mend(rec)
			}
			if got := fieldViolations(ss, rec, "initiation_time"); len(got) > 0 {
				t.Fatalf("mended to %v, still %v", rec["initiation_time"], got)
			}
		})
	}
}
