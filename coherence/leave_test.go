package coherence

import (
	"fmt"
	"slices"
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

// TestRipplingLeaveWithinEmployment: a leave request of an employee who
// left ends by their end date and none of theirs waits for approval (a
// terminated role's endDate and a leave request's status,
// https://developer.rippling.com/documentation/rest-api).
func TestRipplingLeaveWithinEmployment(t *testing.T) {
	ss := map[string]*atom.Server{"rippling": builtinServer(t, "rippling")}
	emp := state.Record{"id": "5f0b1001", "name": "Ana Ruiz", "role_state": "TERMINATED", "start_date": "2024-02-01", "end_date": "2026-01-30"}
	for _, c := range []struct {
		name               string
		status, start, end string
		want               []string
	}{
		{"leave before the end date", "APPROVED", "2025-11-03", "2025-11-07", nil},
		{"leave ending on the end date", "APPROVED", "2026-01-26", "2026-01-30", nil},
		{"leave ending after the end date", "APPROVED", "2026-01-26", "2026-02-06", []string{"rippling.leave_requests.end_date"}},
		{"leave wholly after the end date", "CANCELED", "2026-02-02", "2026-02-06", []string{"rippling.leave_requests.start_date", "rippling.leave_requests.end_date"}},
		{"leave still pending", "PENDING", "2026-01-26", "2026-01-30", []string{"rippling.leave_requests.start_date", "rippling.leave_requests.end_date", "rippling.leave_requests.role_id"}},
	} {
		leave := state.Record{"id": "7b2d1001", "role_id": "5f0b1001", "leave_type": "VACATION", "status": c.status, "start_date": c.start, "end_date": c.end}
		w := state.NewWorld(time.Date(2026, 3, 25, 9, 0, 0, 0, time.UTC),
			state.NewCollection("rippling.employees", "id", []state.Record{emp}),
			state.NewCollection("rippling.leave_requests", "id", []state.Record{leave}))
		var got []string
		for _, v := range CheckWorld("d", ss, w) {
			got = append(got, v.Collection+"."+v.Field)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: violations on %v, want %v\n%v", c.name, got, c.want, fmt.Sprint(CheckWorld("d", ss, w)))
		}
	}
}
