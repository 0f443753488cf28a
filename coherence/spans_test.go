package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestTimeOffWithinItsDays: a BambooHR time-off request asks no more days
// than the calendar days from its start to its end (the built-in atom's
// spans rule); a day off asking sixteen is a violation on amount.
func TestTimeOffWithinItsDays(t *testing.T) {
	ss := map[string]*atom.Server{"bamboohr": builtinServer(t, "bamboohr")}
	for _, c := range []struct {
		start, end string
		amount     float64
		want       int
	}{
		{"2026-06-04", "2026-06-04", 1, 0},
		{"2026-06-04", "2026-06-04", 16, 1},
		{"2026-06-28", "2026-07-11", 8, 0},
		{"2026-05-03", "2026-05-06", 18, 1},
	} {
		emp := state.Record{"id": "40123", "firstName": "Elif", "lastName": "Esposito", "hireDate": "2025-01-06"}
		r := state.Record{"id": "1954722", "employeeId": "40123", "type": "Bereavement", "status": "approved", "start": c.start, "end": c.end, "amount": c.amount, "created": "2026-03-02T10:00:00Z"}
		w := state.NewWorld(time.Date(2026, 3, 16, 9, 0, 0, 0, time.UTC),
			state.NewCollection("bamboohr.employees", "id", []state.Record{emp}),
			state.NewCollection("bamboohr.time_off_requests", "id", []state.Record{r}))
		vs := CheckWorld("d", ss, w)
		if got := countOn(vs, "bamboohr.time_off_requests", "amount"); got != c.want {
			t.Errorf("%s to %s, %v days: %d violations on amount, want %d (%v)", c.start, c.end, c.amount, got, c.want, vs)
		}
	}
}
