package episode

// A tool whose arguments are all strings or lists of strings (most of an
// imported benchmark's) is checked against its schema on every call, and
// the general validator walks the schema for each: a tenth of a native
// tool's step. simpleSchema checks those arguments directly. It only ever
// accepts: a call it does not accept goes to the validator, whose error
// text the agent sees.

// simpleSchema is an object schema of required, optional, string and
// string-list arguments and nothing else.
type simpleSchema struct {
	required []string
	lists    map[string]bool // argument -> it is a list of strings (else a string)
}

// simpleOf returns the simple form of a tool's input schema, or nil when
// the schema says more than simpleSchema checks.
func simpleOf(in map[string]any) *simpleSchema {
	if !onlyKeys(in, "type", "properties", "required", "additionalProperties", "description", "title") ||
		in["type"] != "object" || in["additionalProperties"] != false {
		return nil
	}
	props, ok := in["properties"].(map[string]any)
	if !ok {
		return nil
	}
	s := &simpleSchema{lists: make(map[string]bool, len(props))}
	for name, p := range props {
		ps, ok := p.(map[string]any)
		if !ok || !onlyKeys(ps, "type", "items", "description", "title") {
			return nil
		}
		switch ps["type"] {
		case "string":
			if _, ok := ps["items"]; ok {
				return nil
			}
			s.lists[name] = false
		case "array":
			items, ok := ps["items"].(map[string]any)
			if !ok || items["type"] != "string" || !onlyKeys(items, "type", "description", "title") {
				return nil
			}
			s.lists[name] = true
		default:
			return nil
		}
	}
	req, _ := in["required"].([]any)
	if _, given := in["required"]; given && req == nil {
		return nil
	}
	for _, r := range req {
		name, ok := r.(string)
		if !ok {
			return nil
		}
		s.required = append(s.required, name)
	}
	return s
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
// argument given, every argument a declared one of its type.
func (s *simpleSchema) accepts(args map[string]any) bool {
	for _, r := range s.required {
		if _, ok := args[r]; !ok {
			return false
		}
	}
	for k, v := range args {
		list, declared := s.lists[k]
		if !declared {
			return false
		}
		if !list {
			if _, ok := v.(string); !ok {
				return false
			}
			continue
		}
		l, ok := v.([]any)
		if !ok {
			return false
		}
		for _, e := range l {
			if _, ok := e.(string); !ok {
				return false
			}
		}
	}
	return true
}
