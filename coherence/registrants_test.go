package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestRegistrantsWhereRegistrationIsAsked: a Zoom registrant is on a
// meeting that requires registration (the built-in atom's refers_to
// rule); one on a meeting with registration_required false is a
// violation on its meeting_id.
func TestRegistrantsWhereRegistrationIsAsked(t *testing.T) {
	ss := map[string]*atom.Server{"zoom": builtinServer(t, "zoom")}
	for _, c := range []struct {
		name     string
		required bool
		want     int // violations on the registrant's meeting_id
	}{
		{"registration required", true, 0},
		{"no registration required", false, 1},
	} {
		meeting := state.Record{"id": "851256823", "topic": "Onboarding session for Cedar Peak Partners", "status": "waiting", "registration_required": c.required}
		reg := state.Record{"id": "reg_59492", "meeting_id": "851256823", "email": "isabel.ali@cedarpeakpartners.example", "status": "approved"}
		w := state.NewWorld(time.Date(2026, 5, 28, 9, 0, 0, 0, time.UTC),
			state.NewCollection("zoom.meetings", "id", []state.Record{meeting}),
			state.NewCollection("zoom.registrants", "id", []state.Record{reg}))
		if got := violationsOn(ss, w, "zoom.registrants", "meeting_id"); got != c.want {
			t.Errorf("%s: %d violations on meeting_id, want %d", c.name, got, c.want)
		}
	}
}
