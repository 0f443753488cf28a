package synth

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestTimeOffWhileEmployed synthesises BambooHR worlds: a time-off request
// is made once its employee was hired and, where they left, made and taken
// before their termination date; both bounds hold together.
func TestTimeOffWhileEmployed(t *testing.T) {
	requests, leavers := 0, 0
	for seed := int64(1); seed <= 6; seed++ {
		c, _ := readWorld(t, seed, "bamboohr", "slack")
		for _, d := range c.Data {
			employees := map[string]state.Record{}
			for _, e := range d.Records["bamboohr"]["employees"] {
				employees[state.Text(e["id"])] = e
			}
			for _, r := range d.Records["bamboohr"]["time_off_requests"] {
				e := employees[state.Text(r["employeeId"])]
				hired, left, made := state.Text(e["hireDate"]), state.Text(e["terminationDate"]), state.Text(r["created"])
				if hired == "" || len(made) < 10 {
					continue
				}
				requests++
				if made[:10] < hired {
					t.Errorf("%s: time-off request %v made %s, before its employee %v was hired on %s", d.ID, r["id"], made, r["employeeId"], hired)
				}
				if left == "" {
					continue
				}
				leavers++
				for _, f := range []string{"created", "start", "end"} {
					if v := state.Text(r[f]); len(v) >= 10 && v[:10] > left {
						t.Errorf("%s: time-off request %v has %s %s, after its employee %v left on %s", d.ID, r["id"], f, v, r["employeeId"], left)
					}
				}
			}
		}
	}
	t.Logf("%d requests of employees with a hire date, %d of leavers", requests, leavers)
	if requests < 10 || leavers == 0 {
		t.Errorf("%d requests drawn, %d of leavers, want more", requests, leavers)
	}
}
