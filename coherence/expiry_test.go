package coherence

import (
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestRequestInProgressWithinItsExpiry: a Zoho Sign request expires
// expiration_days after it is sent (past_when with a third field of
// days): one still inprogress made weeks before the clock with two days
// to run breaks it, and Clocked moves it into its days; one within them,
// or one expired, does not.
func TestRequestInProgressWithinItsExpiry(t *testing.T) {
	s := builtinServer(t, "zoho_sign")
	ss := map[string]*atom.Server{"zoho_sign": s}
	now := time.Date(2026, 5, 15, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name, status, created string
		days                  int
		want                  int
	}{
		{"in progress past its days", "inprogress", "2026-01-28T10:00:00Z", 2, 1},
		{"in progress within its days", "inprogress", "2026-05-10T10:00:00Z", 19, 0},
		{"expired", "expired", "2026-01-28T10:00:00Z", 2, 0},
		{"no days", "inprogress", "2026-01-28T10:00:00Z", 0, 0},
	} {
		req := state.Record{"request_id": "2000000001", "request_name": "Master services agreement", "request_status": c.status, "created_time": c.created}
		if c.days > 0 {
			req["expiration_days"] = c.days
		}
		w := state.NewWorld(now, state.NewCollection("zoho_sign.requests", "request_id", []state.Record{req}))
		got := 0
		for _, v := range CheckWorld("d", ss, w) {
			if v.Collection == "zoho_sign.requests" && strings.Contains(v.Message, "expiration_days") {
				got++
			}
		}
		if got != c.want {
			t.Errorf("%s: %d violations, want %d", c.name, got, c.want)
		}
		sh := ShapeOf(s, s.Collection("requests"))
		for _, fix := range sh.Clocked(req, now) {
			fix.Mend(req)
		}
		if created, _ := time.Parse(time.RFC3339, state.Text(req["created_time"])); c.want > 0 && (now.Sub(created) > time.Duration(c.days)*24*time.Hour || created.After(now)) {
			t.Errorf("%s: mended to %v, want within %d days before the clock", c.name, req["created_time"], c.days)
		}
	}
}
