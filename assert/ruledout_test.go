package assert

import (
	"fmt"
	"strings"
	"testing"
)

// TestRuledOutAgreesWithCEL: over every pairing of a predicate and a
// record shape, MatchRecord (which reads some failures without CEL) gives
// CEL's own answer, and the shortcut does rule records out.
func TestRuledOutAgreesWithCEL(t *testing.T) {
	values := []any{nil, "open", "Open", "closed", 3.0, "3", []any{"open", "vip"}, []any{}, true, map[string]any{"open": 1.0}}
	var preds []Predicate
	for _, op := range OpNames() {
		for _, v := range []any{"open", 3.0, true, []any{"open", 3.0}, "^op", 0.0} {
			if checkOp(op, v) == nil {
				preds = append(preds, Predicate{Field: "status", Op: op, Value: v})
			}
		}
	}
	preds = append(preds, Predicate{Field: "a.b", Op: OpEquals, Value: "open"}, Predicate{Field: "status", Op: OpPresent, Value: false})
	shortcuts := 0
	for _, pr := range preds {
		for _, typ := range []string{Exists, NotExists, Count, Called} {
			a := Assertion{Type: typ, Target: "app.items", Where: Where{{Field: "id", Op: OpPresent, Value: true}, pr}}
			if typ == Called {
				a.Target = "tool"
			}
			p, err := Compile(a)
			if err != nil {
				t.Fatalf("%v: %v", a, err)
			}
			for _, v := range append(values, "absent") {
				r := map[string]any{"id": "r1", "a": map[string]any{"b": v}}
				if v != "absent" {
					r["status"] = v
				}
				got, want := p.MatchRecord(r), p.evalRecord(r)
				if got != want {
					t.Errorf("%s on %v: MatchRecord %v, CEL %v", pr, fmt.Sprint(v), got, want)
				}
				if ruledOut(a.Where, r) {
					shortcuts++
				}
			}
		}
	}
	if shortcuts == 0 {
		t.Fatal("no record was ruled out without CEL")
	}
}

// TestRepeatedOpDoesNotCompile: a where that gives a field one operator
// twice cannot be written down whole, so it does not compile (with or
// without a shared compiler), and says what to use instead.
func TestRepeatedOpDoesNotCompile(t *testing.T) {
	a := Assertion{Type: NotExists, Target: "app.items", Where: Where{{Field: "id", Op: OpNotEquals, Value: "a"}, {Field: "id", Op: OpNotEquals, Value: "b"}}}
	for _, compile := range []func(Assertion) (*Program, error){Compile, NewCompiler().Compile} {
		if _, err := compile(a); err == nil || !strings.Contains(err.Error(), "not_in") {
			t.Fatalf("compiled, or no hint: %v", err)
		}
	}
	a.Where[1].Op = OpNotContains
	if _, err := Compile(a); err != nil {
		t.Fatalf("two operators on one field: %v", err)
	}
}
