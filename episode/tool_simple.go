package episode

import "math"

// A tool whose arguments are all plain values (strings, string enums,
// string lists, booleans, bounded integers and numbers: most of an
// imported benchmark's and of the built-in servers') is checked against
// its schema on every call, and the general validator walks the schema for
// each: a tenth of a native tool's step. simpleSchema checks those
// arguments directly. It only ever accepts: a call it does not accept goes
// to the validator, whose error text the agent sees.

// simpleSchema is an object schema of required and optional arguments of
// the shapes argShape checks, and nothing else.
type simpleSchema struct {
	required []string
	args     map[string]argShape
}

// argKind is the JSON type of a simple argument.
type argKind uint8

const (
	argString argKind = iota
	argStringList
	argBool
	argInteger
	argNumber
)

// argShape is what a simple argument must be: its type, for a string the
// values it may take (none: any), for a number its inclusive bounds.
type argShape struct {
	kind     argKind
	enum     []string
	min, max float64 // -Inf and +Inf when the schema gives none
}

// simpleOf returns the simple form of a tool's input schema, or nil when
// the schema says more than simpleSchema checks. additionalProperties may
// be false or absent: absent, the tool still takes only its declared
// arguments (Tool.unexpected), and simpleSchema accepts no other.
func simpleOf(in map[string]any) *simpleSchema {
	if !onlyKeys(in, "type", "properties", "required", "additionalProperties", "description", "title") ||
		in["type"] != "object" {
		return nil
	}
	if open, given := in["additionalProperties"]; given && open != false {
		return nil
	}
	props, ok := in["properties"].(map[string]any)
	if !ok {
		return nil
	}
	s := &simpleSchema{args: make(map[string]argShape, len(props))}
	for name, p := range props {
		ps, ok := p.(map[string]any)
		if !ok {
			return nil
		}
		shape, ok := argShapeOf(ps)
		if !ok {
			return nil
		}
		s.args[name] = shape
	}
	req, ok := requiredNames(in)
	if !ok {
		return nil
	}
	s.required = req
	return s
}

// requiredNames reads a schema's required list; ok is false for one that
// is not a list of names.
func requiredNames(in map[string]any) ([]string, bool) {
	given, ok := in["required"]
	if !ok {
		return nil, true
	}
	switch req := given.(type) {
	case []string:
		return req, true
	case []any:
		names := make([]string, 0, len(req))
		for _, r := range req {
			name, ok := r.(string)
			if !ok {
				return nil, false
			}
			names = append(names, name)
		}
		return names, true
	}
	return nil, false
}

// argShapeOf reads one property's schema; ok is false for one that says
// more than argShape checks.
func argShapeOf(ps map[string]any) (argShape, bool) {
	shape := argShape{min: math.Inf(-1), max: math.Inf(1)}
	switch ps["type"] {
	case "string":
		if !onlyKeys(ps, "type", "enum", "description", "title") {
			return shape, false
		}
		if e, given := ps["enum"]; given {
			l, ok := e.([]any)
			if !ok || len(l) == 0 {
				return shape, false
			}
			for _, v := range l {
				s, ok := v.(string)
				if !ok {
					return shape, false
				}
				shape.enum = append(shape.enum, s)
			}
		}
		return shape, true
	case "array":
		items, ok := ps["items"].(map[string]any)
		shape.kind = argStringList
		return shape, ok && items["type"] == "string" && onlyKeys(ps, "type", "items", "description", "title") &&
			onlyKeys(items, "type", "description", "title")
	case "boolean":
		shape.kind = argBool
		return shape, onlyKeys(ps, "type", "description", "title")
	case "integer", "number":
		shape.kind = argNumber
		if ps["type"] == "integer" {
			shape.kind = argInteger
		}
		return shape, onlyKeys(ps, "type", "minimum", "maximum", "description", "title") &&
			bound(ps, "minimum", &shape.min) && bound(ps, "maximum", &shape.max)
	}
	return shape, false
}

// bound reads a numeric bound into *to when the schema gives it; false
// for one that is not a number held exactly as a float64.
func bound(ps map[string]any, key string, to *float64) bool {
	v, given := ps[key]
	if !given {
		return true
	}
	switch x := v.(type) {
	case float64:
		*to = x
	case int:
		*to = float64(x)
		return int(*to) == x && math.Abs(*to) < 1<<53
	case int64:
		*to = float64(x)
		return int64(*to) == x && math.Abs(*to) < 1<<53
	default:
		return false
	}
	return !math.IsNaN(*to)
}

func onlyKeys(m map[string]any, keys ...string) bool {
	n := 0
	for _, k := range keys {
		if _, ok := m[k]; ok {
			n++
		}
	}
	return n == len(m)
}

// accepts reports whether args certainly meet the schema: every required
// argument given, every argument a declared one of its shape.
func (s *simpleSchema) accepts(args map[string]any) bool {
	for _, r := range s.required {
		if _, ok := args[r]; !ok {
			return false
		}
	}
	for k, v := range args {
		shape, declared := s.args[k]
		if !declared || !shape.accepts(v) {
			return false
		}
	}
	return true
}

// accepts reports whether v, an argument as JSON decodes it, has the shape.
func (a *argShape) accepts(v any) bool {
	switch a.kind {
	case argString:
		s, ok := v.(string)
		if !ok || a.enum == nil {
			return ok
		}
		for _, e := range a.enum {
			if e == s {
				return true
			}
		}
		return false
	case argStringList:
		l, ok := v.([]any)
		if !ok {
			return false
		}
		for _, e := range l {
			if _, ok := e.(string); !ok {
				return false
			}
		}
		return true
	case argBool:
		_, ok := v.(bool)
		return ok
	}
	f, ok := v.(float64)
	if !ok || math.IsNaN(f) || math.IsInf(f, 0) || (a.kind == argInteger && f != math.Trunc(f)) {
		return false
	}
	return f >= a.min && f <= a.max
}
