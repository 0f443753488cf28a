package satisfy

import (
	"fmt"
	"testing"

	"github.com/legoenv/legoenv/assert"
)

// TestPredHoldsAgreesWithCEL: the planner's reading of a membership or
// equality predicate gives the compiled assertion's own answer, on
// scalars, lists and absent fields.
func TestPredHoldsAgreesWithCEL(t *testing.T) {
	values := []any{"m1", "m2", []any{"m1", "x"}, []any{}, 3.0, nil, "absent"}
	for _, op := range []string{assert.OpEquals, assert.OpNotEquals, assert.OpIn, assert.OpNotIn} {
		var pv any = "m1"
		if op == assert.OpIn || op == assert.OpNotIn {
			pv = []any{"m1", 3.0}
		}
		pr := assert.Predicate{Field: "id", Op: op, Value: pv}
		prog, err := assert.Compile(assert.Assertion{Type: assert.Exists, Target: "a.b", Where: assert.Where{pr}})
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range values {
			r := map[string]any{}
			if v != "absent" {
				r["id"] = v
			}
			if got, want := PredHolds(r, pr), prog.MatchRecord(r); got != want {
				t.Errorf("%s %v on %s: planner %v, CEL %v", op, pv, fmt.Sprint(v), got, want)
			}
		}
	}
}
