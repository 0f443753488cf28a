package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestLeaveOnceStarted: a Rippling leave request starts no earlier than
// its employee's start date (the built-in atom's since rule over the
// role): leave from before the start is a violation on its start_date.
func TestLeaveOnceStarted(t *testing.T) {
	ss := map[string]*atom.Server{"rippling": builtinServer(t, "rippling")}
	employee := state.Record{"id": "5f0b21692", "name": "Bjorn Nakamura", "role_state": "ACTIVE", "start_date": "2026-03-23"}
	for _, c := range []struct {
		name, start string
		want        int // violations on the request's start_date
	}{
		{"on the start date", "2026-03-23", 0},
		{"after the start", "2026-04-06", 0},
		{"before the start", "2026-03-06", 1},
	} {
		leave := state.Record{"id": "7b2d91227", "role_id": "5f0b21692", "leave_type": "PERSONAL", "status": "APPROVED", "start_date": c.start, "end_date": "2026-05-25"}
		w := state.NewWorld(time.Date(2026, 4, 3, 9, 0, 0, 0, time.UTC),
			state.NewCollection("rippling.employees", "id", []state.Record{employee}),
			state.NewCollection("rippling.leave_requests", "id", []state.Record{leave}))
		if got := violationsOn(ss, w, "rippling.leave_requests", "start_date"); got != c.want {
			t.Errorf("%s: %d violations on start_date, want %d", c.name, got, c.want)
		}
	}
}
