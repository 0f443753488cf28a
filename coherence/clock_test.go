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
