package synth

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestTimeOffRequestedOnceHired synthesises BambooHR worlds: no time-off
// request was made before its employee's hire date.
func TestTimeOffRequestedOnceHired(t *testing.T) {
	requests := 0
	for seed := int64(1); seed <= 6; seed++ {
		c, _ := readWorld(t, seed, "bamboohr", "slack")
		for _, d := range c.Data {
			hired := map[string]string{}
			for _, e := range d.Records["bamboohr"]["employees"] {
				hired[state.Text(e["id"])] = state.Text(e["hireDate"])
			}
			for _, r := range d.Records["bamboohr"]["time_off_requests"] {
				h, made := hired[state.Text(r["employeeId"])], state.Text(r["created"])
				if h == "" || made == "" {
					continue
				}
				requests++
				if made[:10] < h {
					t.Errorf("%s: time-off request %v made %s, before its employee %v was hired on %s", d.ID, r["id"], made, r["employeeId"], h)
				}
			}
		}
	}
	t.Logf("%d requests of employees with a hire date", requests)
	if requests < 10 {
		t.Errorf("%d requests drawn, want more", requests)
	}
}
