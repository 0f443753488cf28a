package synth

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// TestConformSumPriority: a drawn ServiceNow incident (the built-in atom)
// takes the priority its impact and urgency make (impact + urgency - 1);
// where a task sets the priority, the urgency it leaves free makes it.
func TestConformSumPriority(t *testing.T) {
	cm := newAppModel(builtinServers(t).ServerFor("servicenow"), nil).byName["incident"]
	var inv atom.Invariant
	for _, i := range cm.c.Invariants {
		if i.Rule == "sum" {
			inv = i
		}
	}
	if inv.Rule == "" {
		t.Fatal("servicenow incident declares no sum rule")
	}
	rec := map[string]any{"impact": 1, "urgency": 2, "priority": 5}
	conformSum(cm, inv, rec, nil)
	if rec["priority"] != 2 {
		t.Errorf("1/2 incident priority %v, want 2", rec["priority"])
	}
	rec = map[string]any{"impact": 1, "urgency": 3, "priority": 1}
	conformSum(cm, inv, rec, map[string]any{"priority": 1})
	if rec["priority"] != 1 || rec["urgency"] != 1 {
		t.Errorf("pinned priority 1 on impact 1: %v, want urgency 1", rec)
	}
	if len(cm.c.RecordProblems(rec)) != 0 {
		t.Errorf("conformed incident %v has problems %v", rec, cm.c.RecordProblems(rec))
	}
}
