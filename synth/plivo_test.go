package synth

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestCallsAndTextsToAnotherNumber synthesises Plivo and Twilio: no call
// or text is to the number it is from, and no Plivo call is billed before
// it is answered.
func TestCallsAndTextsToAnotherNumber(t *testing.T) {
	pairs := map[string][2]string{
		"plivo.calls": {"from_number", "to_number"}, "plivo.messages": {"src", "dst"},
		"twilio.calls": {"from_number", "to_number"}, "twilio.sms_messages": {"from_number", "to_number"}, "twilio.whatsapp_messages": {"from_number", "to_number"},
	}
	c, _ := readWorld(t, 27, "plivo", "twilio", "gmail")
	seen, bad := 0, 0
	for _, d := range c.Data {
		for app, byName := range d.Records {
			for name, recs := range byName {
				p, ok := pairs[app+"."+name]
				if !ok {
					continue
				}
				for _, r := range recs {
					seen++
					if n, _ := state.Number(r["bill_duration"]); app == "plivo" && n > 0 && state.Text(r["call_state"]) != "completed" && state.Text(r["call_state"]) != "in-progress" {
						if bad++; bad <= 5 {
							t.Errorf("%s: plivo call %s %s billed %v", d.ID, r["call_uuid"], r["call_state"], n)
						}
					}
					if from := state.Text(r[p[0]]); from != "" && from == state.Text(r[p[1]]) {
						if bad++; bad <= 5 {
							t.Errorf("%s: %s.%s %v from and to %s", d.ID, app, name, r, from)
						}
					}
				}
			}
		}
	}
	t.Logf("%d calls and texts", seen)
	if seen < 20 {
		t.Errorf("only %d calls and texts drawn", seen)
	}
}
