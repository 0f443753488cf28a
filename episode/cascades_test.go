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

// TestTerminationCancelsPendingLeave: terminating a Rippling employee
// cancels their leave requests still waiting for approval, and only those
// (the cascade's only): an approved one stays, as does another employee's,
// and the fence lets the cancelled one change beside the termination.
func TestTerminationCancelsPendingLeave(t *testing.T) {
	data := `kind: data
id: d
clock: "2026-03-02T10:00:00Z"
records:
  rippling:
    employees:
      - {id: E1, name: Maya Lind, role_state: ACTIVE, start_date: "2024-01-08"}
      - {id: E2, name: Omar Haddad, role_state: ACTIVE, start_date: "2024-05-13"}
    leave_requests:
      - {id: L1, role_id: E1, leave_type: VACATION, status: PENDING, start_date: "2026-03-16", end_date: "2026-03-20"}
      - {id: L2, role_id: E1, leave_type: SICK, status: APPROVED, start_date: "2026-01-12", end_date: "2026-01-13"}
      - {id: L3, role_id: E2, leave_type: VACATION, status: PENDING, start_date: "2026-03-23", end_date: "2026-03-27"}
`
	goal := "  - exists: rippling.employees\n    where: {id: E1, role_state: TERMINATED, end_date: \"2026-03-02\"}\n"
	s := yamlSession(t, builtinServer(t, "rippling"), data, "kind: intent\nid: i\napps: [rippling]\ninstruction: Terminate Maya Lind as of today.\ngoal:\n"+goal)
	if o := s.Call(ToolCall{Name: "rippling_terminate_employee", Args: json.RawMessage(`{"employee_id":"E1","end_date":"2026-03-02"}`)}); o.IsError {
		t.Fatalf("terminate: %s", o.Content)
	}
	for id, want := range map[string]string{"L1": "CANCELED", "L2": "APPROVED", "L3": "PENDING"} {
		if r, _ := s.State().Get("rippling.leave_requests", id); r["status"] != want {
			t.Errorf("leave request %s: %v, want status %s", id, r, want)
		}
	}
	if res := s.Evaluate(); !res.Passed {
		t.Errorf("the termination failed: %s", reasons(res))
	}
	// An approved leave cancelled beside the termination is the agent's
	// doing, not the cascade's: the fence catches it.
	s = yamlSession(t, builtinServer(t, "rippling"), data, "kind: intent\nid: i\napps: [rippling]\ninstruction: Terminate Maya Lind as of today.\ngoal:\n"+goal)
	for _, call := range []string{`rippling_process_leave_request {"request_id":"L2","status":"CANCELED"}`, `rippling_terminate_employee {"employee_id":"E1","end_date":"2026-03-02"}`} {
		name, args, _ := strings.Cut(call, " ")
		if o := s.Call(ToolCall{Name: name, Args: json.RawMessage(args)}); o.IsError {
			t.Fatalf("%s: %s", call, o.Content)
		}
	}
	if res := s.Evaluate(); res.Passed {
		t.Errorf("an approved leave cancelled beside the termination passed")
	}
}
