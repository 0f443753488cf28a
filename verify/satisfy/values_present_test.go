package satisfy

import (
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
)

// A field the goal wants unset (present: false) is given null, the value
// a tool clears it with; unset and equal to a value at once has none.
func TestSatisfyScalarUnset(t *testing.T) {
	unset := assert.Predicate{Field: "assignee_id", Op: assert.OpPresent, Value: false}
	if v, ok := Scalar([]assert.Predicate{unset}, atom.Field{Type: "string"}); !ok || v != nil {
		t.Errorf("present false: got %v, %v; want nil, true", v, ok)
	}
	both := []assert.Predicate{unset, {Field: "assignee_id", Op: assert.OpEquals, Value: "7"}}
	if v, ok := Scalar(both, atom.Field{Type: "string"}); ok {
		t.Errorf("present false and equals 7: got %v, want none", v)
	}
}
