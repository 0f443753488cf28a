package episode

import (
	"math/rand"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// TestSimpleSchemaAcceptsOnlyValid draws arguments for schemas simple and
// not: whatever the direct check accepts, the validator accepts too, and
// it accepts the plain valid calls.
func TestSimpleSchemaAcceptsOnlyValid(t *testing.T) {
	str := map[string]any{"type": "string", "description": "d"}
	list := map[string]any{"type": "array", "items": map[string]any{"type": "string"}}
	enum := map[string]any{"type": "string", "enum": []any{"open", "x"}}
	boolean := map[string]any{"type": "boolean", "title": "t"}
	integer := map[string]any{"type": "integer", "minimum": 1, "maximum": 50}
	number := map[string]any{"type": "number", "minimum": -0.5}
	schemas := []map[string]any{
		{"type": "object", "properties": map[string]any{"a": str, "b": list}, "required": []any{"a", "b"}, "additionalProperties": false},
		{"type": "object", "properties": map[string]any{"a": str, "b": list}, "required": []any{"a"}, "additionalProperties": false},
		{"type": "object", "properties": map[string]any{}, "required": []any{}, "additionalProperties": false},
		{"type": "object", "properties": map[string]any{"a": map[string]any{"type": "string", "minLength": 2}}, "additionalProperties": false},
		{"type": "object", "properties": map[string]any{"a": str}, "required": []any{"a", "z"}, "additionalProperties": false},
		{"type": "object", "properties": map[string]any{"a": str}, "additionalProperties": true},
		// Simple with additionalProperties absent, and the other shapes.
		{"type": "object", "properties": map[string]any{"a": str}},
		{"type": "object", "properties": map[string]any{"a": enum, "b": boolean, "c": integer}, "required": []string{"a"}},
		{"type": "object", "properties": map[string]any{"a": number, "b": map[string]any{"type": "integer"}}},
		// Not simple: an enum that is not all strings, an exclusive bound.
		{"type": "object", "properties": map[string]any{"a": map[string]any{"type": "string", "enum": []any{"x", 1.0}}}},
		{"type": "object", "properties": map[string]any{"a": map[string]any{"type": "integer", "exclusiveMinimum": 1}}},
	}
	values := []any{"", "x", "open", 1.0, 0.5, 2.0, 50.0, 51.0, -1.0, 1e300, true, false, nil, []any{}, []any{"x", "y"}, []any{"x", 2.0}, map[string]any{"a": "x"}}
	rng := rand.New(rand.NewSource(1))
	for i, in := range schemas {
		sch, err := atom.CompileSchema(in)
		if err != nil {
			t.Fatal(err)
		}
		simple := simpleOf(in)
		if (simple != nil) != (i <= 2 || i == 4 || (i >= 6 && i <= 8)) {
			t.Fatalf("schema %d: simple %v", i, simple != nil)
		}
		if simple == nil {
			continue
		}
		accepted := 0
		for j := 0; j < 2000; j++ {
			args := map[string]any{}
			for _, k := range []string{"a", "b", "c"} {
				if rng.Intn(3) > 0 {
					args[k] = values[rng.Intn(len(values))]
				}
			}
			if simple.accepts(args) {
				accepted++
				if err := sch.Validate(any(args)); err != nil {
					t.Fatalf("schema %d: accepted %v, which the validator refuses: %v", i, args, err)
				}
			}
		}
		if i != 4 && accepted == 0 {
			t.Errorf("schema %d: nothing accepted", i)
		}
	}
}
