package atom

import (
	"strings"
	"testing"
)

const sumServer = `kind: server
id: desk
collections:
  - name: incidents
    fields:
      impact: {type: integer, enum: [1, 2, 3], role: status}
      urgency: {type: integer, enum: [1, 2, 3], role: status}
      priority: {type: integer, enum: [1, 2, 3, 4, 5], role: status}
      note: {type: string, role: text}
      count: {type: integer}
    invariants:
      - {rule: sum, fields: [priority, impact, urgency], plus: -1}
tools:
  - name: desk_list_incidents
    description: List incidents.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: incidents}
`

// A sum rule adds numbers, and plus is for it alone; a record whose first
// field is not the others' total and plus is a problem naming the field.
func TestSumDeclarations(t *testing.T) {
	expectDiag(t, sumServer, "", "", "")
	expectDiag(t, strings.Replace(sumServer, "[priority, impact, urgency]", "[priority, impact, note]", 1), "collections[0].invariants[0].fields[2]", "sum adds numbers", Error)
	expectDiag(t, strings.Replace(sumServer, "rule: sum, fields: [priority, impact, urgency]", "rule: lte, fields: [impact, count]", 1), "collections[0].invariants[0].plus", "only for it", Error)
	inv := Invariant{Rule: "sum", Fields: []string{"priority", "impact", "urgency"}, Plus: -1}
	if p, ok := inv.recordProblem(map[string]any{"priority": 3, "impact": 1, "urgency": 1}); !ok || p.Field != "priority" || !strings.Contains(p.Message, "impact + urgency - 1 (1)") {
		t.Errorf("1/1 of priority 3: %v %v", p, ok)
	}
	if p, ok := inv.recordProblem(map[string]any{"priority": 4, "impact": 3, "urgency": 2}); ok {
		t.Errorf("3/2 of priority 4: %v", p)
	}
}
