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
