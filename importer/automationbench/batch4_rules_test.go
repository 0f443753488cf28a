package automationbench

import (
	"encoding/json"
	"strings"
	"testing"
)

// Rules made from the fourth batch's working half (testdata/made_up/batch4.txt).

// <x>_<field> where x's records refer to the asserted collection (an
// invitee's event_id names its scheduled event): the event some initial
// invitee with that address belongs to, by its key
// (calendly_cancel_event_by_invitee).
func TestRecordByTheRecordsReferringToIt(t *testing.T) {
	initial := map[string]any{"calendly": map[string]any{
		"scheduled_events": []any{
			map[string]any{"id": "ev1", "name": "Site visit", "status": "active"},
			map[string]any{"id": "ev2", "name": "Site visit", "status": "active"},
			map[string]any{"id": "ev3", "name": "Demo", "status": "active"}},
		"invitees": []any{
			map[string]any{"id": "in1", "event_id": "ev1", "email": "hal@d.example"},
			map[string]any{"id": "in2", "event_id": "ev2", "email": "hale@d.example"},
			map[string]any{"id": "in3", "event_id": "ev3", "email": "hale@d.example"}}}}
	goal := importOne(t, initial,
		map[string]any{"type": "calendly_scheduled_event_canceled", "invitee_email": "hal@d.example"},
		map[string]any{"type": "calendly_scheduled_event_not_canceled", "invitee_email": "hale@d.example"})
	want := []string{`"id":{"equals":"ev1"}`, `"id":{"in":["ev2","ev3"]}`}
	for i, a := range goal {
		g, _ := json.Marshal(a)
		if a.Target != "calendly.scheduled_events" || !strings.Contains(string(g), want[i]) {
			t.Errorf("goal[%d] = %s, want a check on calendly.scheduled_events with %s", i, g, want[i])
		}
	}
}

// A logged write that gives only the action's own parameters (a card moved
// by phase_id, which no field of the card is called) changes no record and
// is recorded, and the planner passes no value the program sets itself (the
// log's action_key) in the tool's loose object argument
// (pipefy_move_large_cards).
func TestLoggedWriteByTheActionsOwnParameters(t *testing.T) {
	task := map[string]any{"task": "made_up.move", "prompt": []any{map[string]any{"role": "user",
		"content": "In Pipefy, move the cards over $5,000 to the Approval phase (phase_approval)."}},
		"info": map[string]any{"zapier_tools": []any{"pipefy_find_cards", "pipefy_move_card"},
			"initial_state": map[string]any{"meta": map[string]any{"current_time": "2026-04-14T09:00:00Z"},
				"pipefy": map[string]any{"actions": map[string]any{}, "cards": []any{
					map[string]any{"id": "card_1", "title": "Forklift service", "phase": "Review", "amount": 7200},
					map[string]any{"id": "card_2", "title": "Office chairs", "phase": "Review", "amount": 1800}}}},
			"assertions": []any{
				map[string]any{"type": "pipefy_action_exists", "action_key": "move_card", "params": map[string]any{"card_id": "card_1", "phase_id": "phase_approval"}},
				map[string]any{"type": "pipefy_action_not_exists", "action_key": "move_card", "params": map[string]any{"card_id": "card_2"}}}}}
	b, _ := json.Marshal(task)
	vs, _ := verifyImported(t, testSchemas(t), []Source{{File: "move.json", Data: b}})
	v := vs["made_up.move"]
	if !v.Verified {
		t.Fatalf("not verified: %s", verdictReason(v))
	}
	for _, c := range v.Plan {
		if strings.Contains(string(c.Args), `"fields"`) {
			t.Errorf("the plan passes the loose object argument: %s %s", c.Name, c.Args)
		}
	}
}
