package synth

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// TestTimeOffAsksItsDays synthesises BambooHR: a time-off request asks no
// more days than the calendar days from its start to its end, and
// coherence finds no violation.
func TestTimeOffAsksItsDays(t *testing.T) {
	inv := atom.Invariant{Rule: "spans", Fields: []string{"amount", "start", "end"}}
	requests, bad := 0, 0
	for seed := int64(60); seed < 70; seed++ {
		c, servers := readWorld(t, seed, "bamboohr")
		for _, d := range c.Data {
			for _, r := range d.Records["bamboohr"]["time_off_requests"] {
				count, days, ok := inv.SpanDays(r)
				if !ok {
					continue
				}
				if requests++; count > days {
					if bad++; bad <= 10 {
						t.Errorf("%s: request %v asks %v days from %v to %v", d.ID, r["id"], count, r["start"], r["end"])
					}
				}
			}
			for _, v := range checkData(t, d, servers) {
				if bad++; bad <= 20 {
					t.Errorf("%s", v)
				}
			}
		}
	}
	t.Logf("%d time-off requests with dates and days", requests)
	if requests < 10 {
		t.Errorf("drawn %d time-off requests; want more", requests)
	}
	if bad > 0 {
		t.Errorf("%d bad", bad)
	}
}
