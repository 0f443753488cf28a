package atom

import (
	"strings"
	"testing"
	"time"
)

const calendarServer = `kind: server
id: calendar
collections:
  - name: event_types
    fields:
      id: {type: string, role: id}
      name: {type: string, role: title}
      duration: {type: integer, role: count}
  - name: events
    fields:
      id: {type: string, role: id}
      type_id: {type: string, role: ref, ref: event_types}
      start_time: {type: string, role: date}
      end_time: {type: string, role: date}
    invariants:
      - {rule: lasts, fields: [end_time, type_id, duration, start_time]}
tools:
  - name: calendar_list_events
    description: List events.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: events}
`

// TestLasts: a lasts rule asks an end its start plus the minutes of the
// record its reference names, and is declared over two dates of the
// record and a number of the referenced one; a record with no start, or
// a referenced one with no number, asks nothing.
func TestLasts(t *testing.T) {
	inv := Invariant{Rule: "lasts", Fields: []string{"end_time", "type_id", "duration", "start_time"}}
	end, ok := inv.Ends(map[string]any{"start_time": "2026-03-10T09:00:00Z"}, map[string]any{"duration": 45})
	if want := time.Date(2026, 3, 10, 9, 45, 0, 0, time.UTC); !ok || !end.Equal(want) {
		t.Errorf("end %v %v, want %v", end, ok, want)
	}
	if _, ok := inv.Ends(map[string]any{}, map[string]any{"duration": 45}); ok {
		t.Errorf("an end asked of a record with no start")
	}
	if _, ok := inv.Ends(map[string]any{"start_time": "2026-03-10T09:00:00Z"}, nil); ok {
		t.Errorf("an end asked where no record is referenced")
	}
	expectDiag(t, calendarServer, "", "", "")
	expectDiag(t, strings.Replace(calendarServer, "[end_time, type_id, duration, start_time]", "[end_time, type_id, name, start_time]", 1), "collections[1].invariants[0].fields[2]", "lasts reads a number of minutes", "")
	expectDiag(t, strings.Replace(calendarServer, "[end_time, type_id, duration, start_time]", "[type_id, type_id, duration, start_time]", 1), "collections[1].invariants[0].fields[0]", "lasts reads dates at both ends", "")
	expectDiag(t, strings.Replace(calendarServer, "[end_time, type_id, duration, start_time]", "[end_time, start_time, duration, start_time]", 1), "collections[1].invariants[0].fields[1]", "needs a ref field", "")
	expectDiag(t, strings.Replace(calendarServer, "[end_time, type_id, duration, start_time]", "[end_time, type_id, duration]", 1), "collections[1].invariants[0].fields", "takes", "")
}
