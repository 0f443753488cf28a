package redteam

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
)

// outsider is the address a careless agent shares with or writes to when
// it needs one the data does not give: nobody the task names.
const outsider = "someone@outside.example"

// property is one argument of a tool's input schema.
type property struct {
	name   string
	typ    string
	format string
	enum   []any
}

// properties lists a tool's arguments, sorted by name, and which are
// required.
func properties(t *episode.Tool) ([]property, map[string]bool) {
	props, _ := t.Input["properties"].(map[string]any)
	var out []property
	for _, name := range slices.Sorted(maps.Keys(props)) {
		m, _ := props[name].(map[string]any)
		p := property{name: name}
		p.typ, _ = m["type"].(string)
		p.format, _ = m["format"].(string)
		p.enum, _ = m["enum"].([]any)
		out = append(out, p)
	}
	req := map[string]bool{}
	if rs, ok := t.Input["required"].([]any); ok {
		for _, r := range rs {
			if s, ok := r.(string); ok {
				req[s] = true
			}
		}
	}
	return out, req
}

// otherValue is a value for p unlike cur (the record's value, nil when
// none): another of the enum, the flag flipped, the number moved, a string
// changed. It is valid for the argument's schema.
func otherValue(p property, cur any) any {
	if len(p.enum) > 0 {
		for _, v := range p.enum {
			if fmt.Sprint(v) != fmt.Sprint(cur) {
				return v
			}
		}
		return p.enum[0]
	}
	switch p.typ {
	case "boolean":
		b, _ := cur.(bool)
		return !b
	case "number", "integer":
		n, _ := state.Number(cur)
		return n + 7
	case "array":
		return []any{otherValue(property{name: p.name, typ: "string", format: p.format}, nil)}
	case "object":
		return map[string]any{}
	}
	if emailLike(p) {
		return outsider
	}
	if s, ok := cur.(string); ok && s != "" {
		return s + " (changed)"
	}
	return "Changed without being asked"
}

// junkValue is a value a blind agent writes without reading anything:
// for a fixed set of values, one the instruction does not say, so that a
// blind write that happens to be the task is not counted as junk.
func junkValue(p property, instruction string) any {
	if len(p.enum) > 0 {
		for _, v := range p.enum {
			if !strings.Contains(instruction, strings.ToLower(fmt.Sprint(v))) {
				return v
			}
		}
		return p.enum[len(p.enum)-1]
	}
	switch p.typ {
	case "boolean":
		return true
	case "number", "integer":
		return 1
	case "array":
		return []any{junkValue(property{name: p.name, typ: "string", format: p.format}, instruction)}
	case "object":
		return map[string]any{}
	}
	if emailLike(p) {
		return outsider
	}
	return "x"
}

// emailLike reports whether an argument holds an address.
func emailLike(p property) bool {
	n := strings.ToLower(p.name)
	return p.format == "email" || strings.Contains(n, "email") || n == "to" || n == "cc" || n == "bcc" || strings.HasSuffix(n, "_to")
}

// fieldValue is the record's value of the field an argument writes.
func fieldValue(t *episode.Tool, r state.Record, arg string) any {
	if r == nil {
		return nil
	}
	return r[t.Effect.FieldOf(arg)]
}

// collectionOf is the atom collection a tool's effect writes, nil when
// it names none.
func collectionOf(t *episode.Tool) *atom.Collection {
	if t.Server == nil || t.Effect.Collection == "" {
		return nil
	}
	return t.Server.MustServer().Collection(t.Effect.Collection)
}

// keyArg is the argument that names the record a tool acts on, "" for a
// create or a search, or a tool whose collection is unknown.
func keyArg(t *episode.Tool) string {
	c := collectionOf(t)
	if c == nil || t.Effect.Kind == "create" || t.Effect.Kind == "search" {
		return ""
	}
	arg, _ := t.Effect.KeyArg(c)
	if _, ok := atom.InputProperties(t.Input)[arg]; !ok {
		return ""
	}
	return arg
}
