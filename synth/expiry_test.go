package synth

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/state"
)

// TestRequestsInProgressWithinTheirExpiry: the Zoho Sign worlds
// synthesised break no rule, and no request still inprogress was made
// longer ago than its expiration_days (the eleventh reading found one
// made 28 January with two days to run, in progress on 15 May, and a
// task recalling it); tasks still find requests in progress to recall.
func TestRequestsInProgressWithinTheirExpiry(t *testing.T) {
	live := 0
	for _, seed := range []int64{1, 2, 3} {
		c, servers := readWorld(t, seed, "zoho_sign")
		for _, d := range c.Data {
			for _, v := range violationsOf(d, servers, "", "") {
				t.Errorf("%s: %s", d.ID, v)
			}
			now, err := time.Parse(time.RFC3339, d.Clock)
			if err != nil {
				t.Fatalf("%s: clock %q: %v", d.ID, d.Clock, err)
			}
			for _, r := range d.Records["zoho_sign"]["requests"] {
				days, ok := state.Number(r["expiration_days"])
				made, err := time.Parse(time.RFC3339, state.Text(r["created_time"]))
				if r["request_status"] != "inprogress" || !ok || err != nil {
					continue
				}
				live++
				if now.Sub(made) > time.Duration(days*24)*time.Hour {
					t.Errorf("%s: request %v in progress, made %v with %v days to run", d.ID, r["request_id"], r["created_time"], days)
				}
			}
		}
	}
	t.Logf("%d requests in progress", live)
	if live == 0 {
		t.Errorf("no request in progress; want some")
	}
}
