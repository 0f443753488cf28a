package atom

import (
	"strings"
	"testing"
)

const leaveServer = `kind: server
id: leave
collections:
  - name: requests
    fields:
      id: {type: string, role: id}
      start: {type: string, format: date, role: date}
      end: {type: string, format: date, role: date}
      amount: {type: number, role: count}
      notes: {type: string, role: text}
    invariants:
      - {rule: spans, fields: [amount, start, end]}
tools:
  - name: leave_list_requests
    description: List requests.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: requests}
`

// TestSpans: a spans rule asks a count of days no more than the calendar
// days its dates take, both ends counted; a record missing one of them
// asks nothing; lint wants a number and two dates.
func TestSpans(t *testing.T) {
	c := &Collection{Name: "requests", Fields: map[string]Field{
		"start": {Type: "string", Format: "date", Role: RoleDate}, "end": {Type: "string", Format: "date", Role: RoleDate},
		"amount": {Type: "number", Role: RoleCount},
	}, Invariants: []Invariant{{Rule: "spans", Fields: []string{"amount", "start", "end"}}}}
	for _, tc := range []struct {
		rec  map[string]any
		want int
	}{
		{map[string]any{"amount": 1.0, "start": "2026-06-04", "end": "2026-06-04"}, 0},
		{map[string]any{"amount": 0.5, "start": "2026-06-04", "end": "2026-06-04"}, 0},
		{map[string]any{"amount": 16.0, "start": "2026-06-04", "end": "2026-06-04"}, 1},
		{map[string]any{"amount": 8.0, "start": "2026-06-28", "end": "2026-07-11"}, 0},
		{map[string]any{"amount": 15.0, "start": "2026-06-28", "end": "2026-07-11"}, 1},
		{map[string]any{"amount": 14.0, "start": "2026-06-28T00:00:00Z", "end": "2026-07-11T23:00:00Z"}, 0},
		{map[string]any{"amount": 16.0, "start": "2026-06-04"}, 0},
	} {
		if ps := c.RecordProblems(tc.rec); len(ps) != tc.want || tc.want > 0 && ps[0].Field != "amount" {
			t.Errorf("%v: problems %v, want %d on amount", tc.rec, ps, tc.want)
		}
	}
	expectDiag(t, leaveServer, "", "", "")
	expectDiag(t, strings.Replace(leaveServer, "[amount, start, end]", "[notes, start, end]", 1), "collections[0].invariants[0].fields[0]", "spans bounds a number of days", "")
	expectDiag(t, strings.Replace(leaveServer, "[amount, start, end]", "[amount, start, notes]", 1), "collections[0].invariants[0].fields[2]", "spans reads dates at both ends", "")
	expectDiag(t, strings.Replace(leaveServer, "[amount, start, end]", "[amount, start]", 1), "collections[0].invariants[0].fields", "takes", "")
}
