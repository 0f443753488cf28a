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
