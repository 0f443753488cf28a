package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestMeetingTypeOfAFewMinutes: a Calendly event type's duration is a
// meeting's length in minutes (the built-in atom's unit and bounds); one
// of two minutes is a violation on duration.
func TestMeetingTypeOfAFewMinutes(t *testing.T) {
	ss := map[string]*atom.Server{"calendly": builtinServer(t, "calendly")}
	for _, c := range []struct {
		duration, want int
	}{
		{30, 0}, {90, 0}, {2, 1}, {4, 1}, {1000, 1},
	} {
		et := state.Record{"id": "ET1001", "name": "Intro call", "slug": "intro-call", "duration": c.duration}
		w := state.NewWorld(time.Date(2026, 3, 16, 9, 0, 0, 0, time.UTC), state.NewCollection("calendly.event_types", "id", []state.Record{et}))
		vs := CheckWorld("d", ss, w)
		if got := countOn(vs, "calendly.event_types", "duration"); got != c.want {
			t.Errorf("duration %d: %d violations on duration, want %d (%v)", c.duration, got, c.want, vs)
		}
	}
}

// TestRecordingOfAMeetingHeld: a Zoom cloud recording is of a meeting
// started or ended, began once the meeting started and before the clock
// (the built-in atom's refers_to, since and past_when rules); a
// recording of a meeting still waiting, or begun before its meeting or
// after the clock, is a violation.
func TestRecordingOfAMeetingHeld(t *testing.T) {
	ss := map[string]*atom.Server{"zoom": builtinServer(t, "zoom")}
	for _, c := range []struct {
		status, start, began, field string
		want                        int
	}{
		{"ended", "2026-03-02T15:00:00Z", "2026-03-02T15:01:00Z", "", 0},
		{"waiting", "2026-03-02T15:00:00Z", "2026-03-02T15:01:00Z", "meeting_id", 1},
		{"ended", "2026-03-02T15:00:00Z", "2026-03-01T15:01:00Z", "recording_start", 1},   // before its meeting
		{"started", "2026-03-16T08:00:00Z", "2026-03-20T15:01:00Z", "recording_start", 1}, // after the clock
	} {
		m := state.Record{"id": "85120001", "topic": "Quarterly review with Initech", "type": 2, "start_time": c.start, "status": c.status}
		r := state.Record{"id": "rec_1", "meeting_id": "85120001", "topic": "Quarterly review with Initech", "status": "completed", "recording_start": c.began}
		w := state.NewWorld(time.Date(2026, 3, 16, 9, 0, 0, 0, time.UTC),
			state.NewCollection("zoom.meetings", "id", []state.Record{m}),
			state.NewCollection("zoom.recordings", "id", []state.Record{r}))
		vs := CheckWorld("d", ss, w)
		got := 0
		for _, v := range vs {
			if v.Collection == "zoom.recordings" {
				got++
			}
		}
		if got != c.want || (c.field != "" && countOn(vs, "zoom.recordings", c.field) == 0) {
			t.Errorf("meeting %s at %s, recording at %s: %d violations, want %d on %q (%v)", c.status, c.start, c.began, got, c.want, c.field, vs)
		}
	}
}

// TestParticipantsOfAMeetingHeld: a Zoom participant is of a meeting
// started or ended (the built-in atom's refers_to rule); one of a meeting
// still waiting to begin is a violation on meeting_id.
func TestParticipantsOfAMeetingHeld(t *testing.T) {
	ss := map[string]*atom.Server{"zoom": builtinServer(t, "zoom")}
	for _, c := range []struct {
		status string
		want   int
	}{
		{"ended", 0}, {"started", 0}, {"waiting", 1},
	} {
		m := state.Record{"id": "85120001", "topic": "Quarterly review with Initech", "type": 2, "start_time": "2026-03-02T15:00:00Z", "status": c.status}
		p := state.Record{"id": "par_1", "meeting_id": "85120001", "user_email": "ana.ruiz@initech.example", "user_name": "ana.ruiz", "duration": 30}
		w := state.NewWorld(time.Date(2026, 3, 16, 9, 0, 0, 0, time.UTC),
			state.NewCollection("zoom.meetings", "id", []state.Record{m}),
			state.NewCollection("zoom.participants", "id", []state.Record{p}))
		vs := CheckWorld("d", ss, w)
		if got := countOn(vs, "zoom.participants", "meeting_id"); got != c.want {
			t.Errorf("meeting %s: %d violations on the participant's meeting_id, want %d (%v)", c.status, got, c.want, vs)
		}
	}
}
