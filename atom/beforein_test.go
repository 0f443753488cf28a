package atom

import (
	"strings"
	"testing"
)

const beforeInServer = `kind: server
id: crm
collections:
  - name: engagements
    fields:
      type: {type: string, enum: [NOTE, CALL, TASK], role: status}
      timestamp: {type: string, format: date-time, role: date}
      created_at: {type: string, format: date-time, role: date}
    invariants:
      - {rule: before, fields: [timestamp, created_at, type], in: [NOTE, CALL]}
tools:
  - name: crm_list_engagements
    description: List engagements.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: engagements}
`

// A before rule of three fields holds only on the records whose third
// field holds one of its states (in): a note or a call is logged after it
// took place, a task may be due ahead of its logging.
func TestBeforeInSomeStates(t *testing.T) {
	for _, c := range []struct{ name, old, new, field, want string }{
		{name: "declarations load"},
		{"not a state of the field", "in: [NOTE, CALL]", "in: [NOTE, MEETING]", "collections[0].invariants[0].in[1]", `"MEETING" is not a value of type`},
		{"states without a third field", "fields: [timestamp, created_at, type]", "fields: [timestamp, created_at]", "collections[0].invariants[0].in", "in lists the states"},
		{"a third field without states", ", in: [NOTE, CALL]", "", "collections[0].invariants[0].in", "in lists the states"},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectDiag(t, strings.Replace(beforeInServer, c.old, c.new, 1), c.field, c.want, "")
		})
	}
	inv := Invariant{Rule: "before", Fields: []string{"timestamp", "created_at", "type"}, In: []string{"NOTE", "CALL"}}
	c := &Collection{Invariants: []Invariant{inv}}
	for typ, want := range map[string]int{"CALL": 1, "NOTE": 1, "TASK": 0, "": 0} {
		rec := map[string]any{"type": typ, "timestamp": "2026-02-05T10:00:00Z", "created_at": "2025-11-20T10:00:00Z"}
		if got := len(c.RecordProblems(rec)); got != want {
			t.Errorf("%q logged before it took place: %d problems, want %d", typ, got, want)
		}
	}
}
