package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestEventLastsItsTypesDuration: a Calendly scheduled event ends its
// event type's duration in minutes after it starts (the built-in atom's
// lasts rule); one longer or shorter is a violation on its end_time.
func TestEventLastsItsTypesDuration(t *testing.T) {
	ss := map[string]*atom.Server{"calendly": builtinServer(t, "calendly")}
	for _, c := range []struct {
		end  string
		want int
	}{
		{"2026-03-10T09:30:00Z", 0},
		{"2026-03-10T10:00:00Z", 1}, // an hour for a 30-minute type
		{"2026-03-10T09:15:00Z", 1},
		{"", 0}, // no end: nothing to check
	} {
		ev := state.Record{"id": "EV1001", "name": "Intro call", "event_type_id": "ET1001", "host_ids": []any{"U1"}, "status": "active", "start_time": "2026-03-10T09:00:00Z"}
		if c.end != "" {
			ev["end_time"] = c.end
		}
		et := state.Record{"id": "ET1001", "name": "Intro call", "slug": "intro-call", "duration": 30}
		w := state.NewWorld(time.Date(2026, 3, 16, 9, 0, 0, 0, time.UTC),
			state.NewCollection("calendly.scheduled_events", "id", []state.Record{ev}),
			state.NewCollection("calendly.event_types", "id", []state.Record{et}))
		vs := CheckWorld("d", ss, w)
		if got := countOn(vs, "calendly.scheduled_events", "end_time"); got != c.want {
			t.Errorf("end %q: %d violations on end_time, want %d (%v)", c.end, got, c.want, vs)
		}
	}
}

// TestPayrollPaidWithinItsPeriod: a Gusto payroll's check date is not
// before its pay period starts (the built-in atom's before rule).
func TestPayrollPaidWithinItsPeriod(t *testing.T) {
	ss := map[string]*atom.Server{"gusto": builtinServer(t, "gusto")}
	for _, c := range []struct {
		end, check, field string
		want              int
	}{
		{"2026-02-15", "2026-02-20", "check_date", 0},
		{"2026-02-15", "2026-01-25", "check_date", 1},
		{"2026-02-15", "2026-02-01", "check_date", 0}, // paid the day the period starts
	} {
		p := state.Record{"payroll_uuid": "5b4a3c2d-1", "pay_period_start": "2026-02-01", "pay_period_end": c.end, "check_date": c.check, "payroll_type": "regular"}
		w := state.NewWorld(time.Date(2026, 3, 16, 9, 0, 0, 0, time.UTC), state.NewCollection("gusto.payrolls", "payroll_uuid", []state.Record{p}))
		vs := CheckWorld("d", ss, w)
		if got := countOn(vs, "gusto.payrolls", c.field); got != c.want {
			t.Errorf("period to %s, check %s: %d violations on %s, want %d (%v)", c.end, c.check, got, c.field, c.want, vs)
		}
	}
}

// TestRecordingCarriesItsMeetingsTopic: a Zoom recording's topic is the
// one of the meeting it records (the built-in atom's agrees rule).
func TestRecordingCarriesItsMeetingsTopic(t *testing.T) {
	ss := map[string]*atom.Server{"zoom": builtinServer(t, "zoom")}
	for _, c := range []struct {
		topic string
		want  int
	}{
		{"Quarterly review with Initech", 0},
		{"Onboarding for Hooli", 1},
	} {
		m := state.Record{"id": "85120001", "topic": "Quarterly review with Initech", "type": 2, "start_time": "2026-03-02T15:00:00Z", "status": "ended"}
		r := state.Record{"id": "rec_1", "meeting_id": "85120001", "topic": c.topic, "status": "completed"}
		w := state.NewWorld(time.Date(2026, 3, 16, 9, 0, 0, 0, time.UTC),
			state.NewCollection("zoom.meetings", "id", []state.Record{m}),
			state.NewCollection("zoom.recordings", "id", []state.Record{r}))
		vs := CheckWorld("d", ss, w)
		if got := countOn(vs, "zoom.recordings", "topic"); got != c.want {
			t.Errorf("topic %q: %d violations on topic, want %d (%v)", c.topic, got, c.want, vs)
		}
	}
}
