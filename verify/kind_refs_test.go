package verify

import (
	"strings"
	"testing"
)

// TestPlannerFillsAReferenceByKindWhole: a required reference whose
// collection another field names (a note's noteable_iid beside its
// noteable_type), which the goal leaves free, is filled with its kind
// from one record, so the pair names a record and the note is written
// (fixture kind_refs): filled one by one, a default kind beside another
// record's number is the product's 404.
func TestPlannerFillsAReferenceByKindWhole(t *testing.T) {
	ex := explainFixture(t, "kind_refs", 0)
	if v := ex.Verdict; v.RootCause != nil && strings.Contains(v.RootCause.Evidence.Message, "404") {
		t.Fatalf("verdict %+v: the plan's note names no record", v.RootCause)
	}
	var plan []string
	for _, st := range ex.Verdict.Plan {
		plan = append(plan, st.Name+" "+string(st.Args))
	}
	if len(plan) == 0 || !strings.Contains(plan[len(plan)-1], `"noteable_iid":7`) || !strings.Contains(plan[len(plan)-1], `"noteable_type":"MergeRequest"`) {
		t.Fatalf("plan %v, want a note on merge request 7", plan)
	}
}
