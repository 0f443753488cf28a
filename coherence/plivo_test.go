package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestCallOrTextToAnotherNumber: a Plivo or Twilio call or text to the
// number it is from is a violation (differs), one to another number none.
func TestCallOrTextToAnotherNumber(t *testing.T) {
	ss := map[string]*atom.Server{"plivo": builtinServer(t, "plivo"), "twilio": builtinServer(t, "twilio")}
	clock := time.Date(2026, 4, 17, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		coll, key, from, to string
		rec                 state.Record
	}{
		{"plivo.calls", "call_uuid", "from_number", "to_number", state.Record{"call_uuid": "eba53b9e-50276", "call_state": "completed", "initiation_time": "2026-04-16T10:00:00Z"}},
		{"plivo.messages", "message_uuid", "src", "dst", state.Record{"message_uuid": "db3ce55a-48240", "text": "See you at ten."}},
		{"twilio.calls", "sid", "from_number", "to_number", state.Record{"sid": "CA0123456789abcdef0123456789abcdef", "status": "completed"}},
		{"twilio.sms_messages", "sid", "from_number", "to_number", state.Record{"sid": "SM0123456789abcdef0123456789abcdef", "body": "See you at ten."}},
		{"twilio.whatsapp_messages", "sid", "from_number", "to_number", state.Record{"sid": "MM0123456789abcdef0123456789abcdef", "body": "See you at ten."}},
	} {
		for to, want := range map[string]int{"+1-304-555-8150": 1, "+1-635-555-2809": 0} {
			rec := state.Record{c.from: "+1-304-555-8150", c.to: to}
			for k, v := range c.rec {
				rec[k] = v
			}
			vs := CheckWorld("d", ss, state.NewWorld(clock, state.NewCollection(c.coll, c.key, []state.Record{rec})))
			got := 0
			for _, v := range vs {
				if v.Collection == c.coll && v.Rule == RuleInvariant && (v.Field == c.from || v.Field == c.to) {
					got++
				}
			}
			if got != want {
				t.Errorf("%s from %s to %s: %d violations, want %d: %v", c.coll, rec[c.from], to, got, want, vs)
			}
		}
	}
}

// TestUnansweredCallBillsNothing: a Plivo call not answered, busy or
// failed has bill_duration 0; one billed is a violation, a completed call
// billed none.
func TestUnansweredCallBillsNothing(t *testing.T) {
	ss := map[string]*atom.Server{"plivo": builtinServer(t, "plivo")}
	clock := time.Date(2026, 4, 17, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		state  string
		billed float64
		want   int
	}{{"no-answer", 33, 1}, {"busy", 27, 1}, {"failed", 20, 1}, {"no-answer", 0, 0}, {"completed", 95, 0}} {
		rec := state.Record{"call_uuid": "eba53b9e-50276", "from_number": "+1-304-555-8150", "to_number": "+1-635-555-2809",
			"call_state": c.state, "bill_duration": c.billed, "initiation_time": "2026-04-16T10:00:00Z"}
		vs := CheckWorld("d", ss, state.NewWorld(clock, state.NewCollection("plivo.calls", "call_uuid", []state.Record{rec})))
		if got := countOn(vs, "plivo.calls", "bill_duration"); got != c.want {
			t.Errorf("%s call billed %v: %d violations on bill_duration, want %d: %v", c.state, c.billed, got, c.want, vs)
		}
	}
}
