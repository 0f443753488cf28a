package synth

import (
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/legoenv/legoenv/state"
)

// phoneNumberRE is a phone number as synthesis writes one: a calling code
// and digits, in groups.
var phoneNumberRE = regexp.MustCompile(`^\+?\d[\d -]{6,}$`)

// Plivo and Twilio as the products keep them: a call still queued,
// ringing or in progress was placed within the hour, not days ago
// (https://www.plivo.com/docs/voice/api/call,
// https://www.twilio.com/docs/voice/api/call-resource), and a number a
// Plivo account owns is a phone number
// (https://www.plivo.com/docs/numbers/api/account-phone-number).
func TestCallsAndNumbersAsTheProducts(t *testing.T) {
	live, numbers := 0, 0
	for _, seed := range []int64{55, 7} {
		c, servers := readWorld(t, seed, "plivo", "twilio")
		for _, d := range c.Data {
			for _, v := range violationsOf(d, servers, "", "") {
				t.Errorf("%s", v)
			}
			clock, err := time.Parse(time.RFC3339, d.Clock)
			if err != nil {
				t.Fatalf("%s: clock %q: %v", d.ID, d.Clock, err)
			}
			live += liveCallsOld(t, d.ID, clock, d.Records["plivo"]["calls"], "call_state", "initiation_time", "queued", "ringing", "in-progress")
			live += liveCallsOld(t, d.ID, clock, d.Records["twilio"]["calls"], "status", "start_time", "ringing", "in-progress")
			for _, n := range d.Records["plivo"]["numbers"] {
				numbers++
				if k := state.Text(n["number"]); !phoneNumberRE.MatchString(k) {
					t.Errorf("%s: plivo number %q is no phone number", d.ID, k)
				}
			}
		}
	}
	t.Logf("%d live calls, %d numbers", live, numbers)
	if live == 0 || numbers == 0 {
		t.Fatalf("drew %d live calls and %d numbers: nothing to check", live, numbers)
	}
}

// liveCallsOld counts the calls of calls in one of the live states, and
// reports each placed more than an hour before clock.
func liveCallsOld(t *testing.T, id string, clock time.Time, calls []map[string]any, status, placed string, states ...string) int {
	t.Helper()
	n := 0
	for _, c := range calls {
		if !slices.Contains(states, state.Text(c[status])) {
			continue
		}
		n++
		at, err := time.Parse(time.RFC3339, state.Text(c[placed]))
		if err == nil && clock.Sub(at) > time.Hour {
			t.Errorf("%s: call %v is %v, placed %v before the clock %v", id, c[placed], c[status], clock.Sub(at), clock)
		}
	}
	return n
}
