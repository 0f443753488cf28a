package episode

import (
	"encoding/json"
	"strings"
	"testing"
)

// Cancelling a Calendly event cancels it for every invitee and for no
// invitee of another event (https://developer.calendly.com/api-docs/,
// "Cancel Event"). The goal that asks for the cancellation need not say
// what became of the invitees; a change it does not ask for is still
// caught (an invitee marked a no-show, another event cancelled).
func TestCascadesMoveTheRecordsNamingIt(t *testing.T) {
	data := `kind: data
id: d
clock: "2026-03-02T10:00:00Z"
records:
  calendly:
    scheduled_events:
      - {id: EV1, name: Renewal for Acme, status: active}
      - {id: EV2, name: Demo for Globex, status: active}
    invitees:
      - {id: INV1, event_id: EV1, name: Maya Lind, status: active}
      - {id: INV2, event_id: EV1, name: Omar Haddad, status: active}
      - {id: INV3, event_id: EV2, name: Lena Vogt, status: active}
`
	goal := "  - exists: calendly.scheduled_events\n    where: {id: EV1, status: canceled}\n"
	for _, c := range []struct {
		name  string
		calls []string
		want  bool
	}{
		{"the asked event cancelled", []string{`calendly_cancel_event {"event_id":"EV1"}`}, true},
		{"an invitee marked a no-show too", []string{`calendly_cancel_event {"event_id":"EV1"}`, `calendly_mark_no_show {"invitee_id":"INV1"}`}, false},
		{"another event cancelled too", []string{`calendly_cancel_event {"event_id":"EV1"}`, `calendly_cancel_event {"event_id":"EV2"}`}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := yamlSession(t, builtinServer(t, "calendly"), data, "kind: intent\nid: i\napps: [calendly]\ninstruction: Cancel event EV1.\ngoal:\n"+goal)
			for _, call := range c.calls {
				name, args, _ := strings.Cut(call, " ")
				if o := s.Call(ToolCall{Name: name, Args: json.RawMessage(args)}); o.IsError {
					t.Fatalf("%s: %s", call, o.Content)
				}
			}
			for id, want := range map[string]string{"INV1": "canceled", "INV2": "canceled"} {
				if r, _ := s.State().Get("calendly.invitees", id); r["status"] != want || r["canceled_at"] == nil {
					t.Errorf("invitee %s of the cancelled event: %v", id, r)
				}
			}
			if len(c.calls) == 1 {
				if r, _ := s.State().Get("calendly.invitees", "INV3"); r["status"] != "active" {
					t.Errorf("an invitee of another event: %v", r)
				}
			}
			if res := s.Evaluate(); res.Passed != c.want {
				t.Errorf("passed %v, want %v: %s", res.Passed, c.want, reasons(res))
			}
		})
	}
}
