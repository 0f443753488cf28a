package coherence

import (
	"fmt"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// A shape answers as the functions that derive one afresh, and keeps
// answering for the definition it was derived from: a definition edited
// afterwards needs a shape derived again.
func TestShapeAnswersAsTheFunctions(t *testing.T) {
	s, def := channels()
	sh := ShapeOf(s, def)
	rec := goodChannel()
	rec["is_archived"] = true // a flag the live status denies
	rec["published_at"] = "not a date"
	if got, want := fmt.Sprint(sh.CheckRecord(rec)), fmt.Sprint(CheckRecord(s, def, rec)); got != want || len(sh.CheckRecord(rec)) == 0 {
		t.Errorf("CheckRecord: shape %s, function %s (want equal and not empty)", got, want)
	}
	if got, want := fmt.Sprint(sh.Contradictions(rec)), fmt.Sprint(Contradictions(s, def, rec)); got != want {
		t.Errorf("Contradictions: shape %s, function %s", got, want)
	}
	if got, want := fmt.Sprint(sh.DeniedEvents(rec)), fmt.Sprint(DeniedEvents(s, def, rec)); got != want {
		t.Errorf("DeniedEvents: shape %s, function %s", got, want)
	}
	if got, want := fmt.Sprint(sh.LifecycleProblems(rec)), fmt.Sprint(LifecycleProblems(s, def, rec)); got != want {
		t.Errorf("LifecycleProblems: shape %s, function %s", got, want)
	}
	def.Fields["archived_on"] = atom.Field{Type: "string", Role: atom.RoleDate}
	rec["archived_on"] = "not a date"
	on := func(vs []Violation) (n int) {
		for _, v := range vs {
			if v.Field == "archived_on" {
				n++
			}
		}
		return n
	}
	if old, fresh := on(sh.CheckRecord(rec)), on(ShapeOf(s, def).CheckRecord(rec)); old != 0 || fresh == 0 {
		t.Errorf("violations on a field added after the shape: %d from the old shape (want 0), %d from a fresh one (want some)", old, fresh)
	}
}
