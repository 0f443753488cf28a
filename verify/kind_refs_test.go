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
// Where the project holds no note yet, the pair comes from a record of
// one of the kinds in the project (its issue 39), not from another
// project's. Where the goal leaves the project free too, the note takes
// the project of the record its pair names (issue 3 is project 48002's):
// an iid is a number within its project (ref_per).
func TestPlannerFillsAReferenceByKindWhole(t *testing.T) {
	for i, want := range []string{`"noteable_iid":7,"noteable_type":"MergeRequest"`, `"noteable_iid":39,"noteable_type":"Issue"`, `"noteable_iid":3,"noteable_type":"Issue","project_id":"48002"`, `"noteable_iid":39,"noteable_type":"Issue","project_id":"48001"`} {
		ex := explainFixture(t, "kind_refs", i)
		if v := ex.Verdict; !v.Verified {
			t.Fatalf("recipe %d: verdict %+v, want verified", i, v.RootCause)
		}
		var plan []string
		for _, st := range ex.Verdict.Plan {
			plan = append(plan, st.Name+" "+string(st.Args))
		}
		if len(plan) == 0 || !strings.Contains(plan[len(plan)-1], want) {
			t.Errorf("recipe %d: plan %v, want a note with %s", i, plan, want)
		}
	}
}
