package synth

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestLeaveOnceStarted synthesises Rippling worlds: a leave request starts
// no earlier than its employee's start date.
func TestLeaveOnceStarted(t *testing.T) {
	requests := 0
	for seed := int64(1); seed <= 6; seed++ {
		c, _ := readWorld(t, seed, "rippling", "slack")
		for _, d := range c.Data {
			started := map[string]string{}
			for _, e := range d.Records["rippling"]["employees"] {
				started[state.Text(e["id"])] = state.Text(e["start_date"])
			}
			for _, r := range d.Records["rippling"]["leave_requests"] {
				s, from := started[state.Text(r["role_id"])], state.Text(r["start_date"])
				if s == "" || from == "" {
					continue
				}
				requests++
				if from < s {
					t.Errorf("%s: leave request %v starts %s, before its employee %v started on %s", d.ID, r["id"], from, r["role_id"], s)
				}
			}
		}
	}
	t.Logf("%d leave requests of employees with a start date", requests)
	if requests < 10 {
		t.Errorf("%d leave requests drawn, want more", requests)
	}
}

// TestLeaveEndsByTheLeaving synthesises Rippling worlds: a leave request
// of an employee who left ends no later than their end date and none of
// theirs is pending (a pending request is ahead of the clock, their end
// date behind it).
func TestLeaveEndsByTheLeaving(t *testing.T) {
	requests := 0
	servers := appServers(t, "rippling", "gmail", "slack")
	for seed := int64(1); seed <= 8; seed++ {
		apps := []string{"rippling", "slack"}
		if seed%2 == 0 {
			apps = []string{"rippling", "gmail", "slack"}
		}
		c, _ := readWorld(t, seed, apps...)
		for _, d := range c.Data {
			for _, v := range checkData(t, d, servers) {
				if v.Collection == "rippling.leave_requests" {
					t.Errorf("%s: %v", d.ID, v)
				}
			}
			left := map[string]string{}
			for _, e := range d.Records["rippling"]["employees"] {
				left[state.Text(e["id"])] = state.Text(e["end_date"])
			}
			for _, r := range d.Records["rippling"]["leave_requests"] {
				end, to := left[state.Text(r["role_id"])], state.Text(r["end_date"])
				if end == "" || to == "" {
					continue
				}
				requests++
				if from := state.Text(r["start_date"]); from > to {
					t.Errorf("%s: leave request %v starts %s, after it ends on %s", d.ID, r["id"], from, to)
				}
				if r["status"] == "PENDING" {
					t.Errorf("%s: leave request %v of employee %v, who left on %s, is pending", d.ID, r["id"], r["role_id"], end)
				}
				if to > end {
					t.Errorf("%s: leave request %v ends %s, after its employee %v left on %s", d.ID, r["id"], to, r["role_id"], end)
				}
			}
		}
	}
	t.Logf("%d leave requests of employees who left", requests)
	if requests == 0 {
		t.Errorf("no leave request of an employee who left drawn")
	}
}
