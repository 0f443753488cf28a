package synth

import (
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/legoenv/legoenv/atom"
)

// Reference-plan calls built from a server's declared tools, for the
// intents whose records the instruction does not name (a workflow selects
// them from what the agent reads), which the planner cannot look up.

// requiredArgs lists a tool's required arguments.
func requiredArgs(t *atom.Tool) []string {
	var out []string
	switch rs := t.Input["required"].(type) {
	case []any:
		for _, r := range rs {
			if s, ok := r.(string); ok {
				out = append(out, s)
			}
		}
	case []string:
		out = append(out, rs...)
	}
	return out
}

// argFor returns the argument of t that writes field, or "".
func argFor(t *atom.Tool, cm *collModel, field string) string {
	props := atom.InputProperties(t.Input)
	for _, a := range slices.Sorted(maps.Keys(t.Effect.Fields)) {
		if t.Effect.Fields[a] == field && props[a] {
			return a
		}
	}
	if props[field] && t.Effect.Fields[field] == "" && cm.c.Fields[field].Type != "" {
		return field
	}
	return ""
}

// keyArg returns the argument of t naming the record it acts on, and the
// value to give it for the record slot names: the slot's key, or the
// field the argument matches ("issue_key" matches an issue's "key").
func keyArg(t *atom.Tool, cm *collModel, slot string) (string, string) {
	k := t.Effect.Key
	if k == "" {
		k = cm.key
	}
	match := k
	if f, ok := t.Effect.Fields[k]; ok {
		match = f
	}
	if match == cm.key {
		return k, slotRef(slot, "")
	}
	return k, slotRef(slot, match)
}

// writeCall returns a call of a tool of kind ("create" or "update") on cm
// that writes want (field -> value), acting on the record slot names for
// an update; ok is false when no tool of the app can. A tool that stamps
// a wanted field with that value as a constant needs no argument for it;
// one that stamps it with another value is passed over.
func writeCall(cm *collModel, kind string, want map[string]any, slot string) (atom.PlanCall, bool) {
	tools := cm.toolsFor(kind)
	sort.SliceStable(tools, func(i, j int) bool { return len(tools[i].Effect.Set) > len(tools[j].Effect.Set) })
next:
	for _, t := range tools {
		args := map[string]any{}
		if kind == "update" {
			k, v := keyArg(t, cm, slot)
			if !atom.InputProperties(t.Input)[k] {
				continue
			}
			args[k] = v
		}
		for _, f := range slices.Sorted(maps.Keys(want)) {
			if c, ok := t.Effect.Set[f]; ok {
				if c == want[f] {
					continue
				}
				continue next
			}
			a := argFor(t, cm, f)
			if a == "" {
				continue next
			}
			args[a] = want[f]
		}
		// A constant the tool stamps on a field the goal does not name is
		// fine; a required argument nobody gives is not.
		for _, r := range requiredArgs(t) {
			if _, ok := args[r]; !ok {
				continue next
			}
		}
		return atom.PlanCall{Tool: t.Name, Args: args}, true
	}
	return atom.PlanCall{}, false
}

// listCall returns a search on cm that lists its records (no required
// argument, a limit that holds them all), or filters by field = value when
// field is given.
func listCall(cm *collModel, field string, value any) (atom.PlanCall, bool) {
	for _, t := range cm.toolsFor("search") {
		if len(requiredArgs(t)) > 0 {
			continue
		}
		args := map[string]any{}
		if field != "" {
			arg := ""
			for _, f := range t.Effect.Filters {
				fd := f.Field
				if fd == "" {
					fd = f.Arg
				}
				if fd == field && (f.Op == "" || f.Op == "equals" || f.Op == "iequals" || f.Op == "contains" || f.Op == "icontains") {
					arg = f.Arg
				}
			}
			if arg == "" && len(t.Effect.Filters) == 0 && atom.InputProperties(t.Input)[field] {
				arg = field
			}
			if arg == "" {
				continue
			}
			args[arg] = value
		}
		limitArg := t.Effect.LimitArg
		if limitArg == "" && atom.InputProperties(t.Input)["limit"] {
			limitArg = "limit"
		}
		switch {
		case limitArg != "":
			n := float64(50)
			if sch, ok := t.Input["properties"].(map[string]any)[limitArg].(map[string]any); ok {
				if m, ok := sch["maximum"].(float64); ok && m < n {
					n = m
				}
			}
			if n < 25 {
				continue
			}
			args[limitArg] = n
		case t.Effect.Limit > 0 && t.Effect.Limit < 25:
			continue
		}
		return atom.PlanCall{Tool: t.Name, Args: args}, true
	}
	return atom.PlanCall{}, false
}

// identityArg reports whether an argument names a record or a person (a
// key, a link, an address): the arguments the verifier probes with a
// wrong or empty value even when the planner chose them, as
// verify.identityField reads names.
func identityArg(a string) bool {
	camelID := strings.HasSuffix(a, "Id") || strings.HasSuffix(a, "ID")
	f := strings.ToLower(a)
	switch f {
	case "id", "to", "cc", "bcc", "recipient", "recipients", "email", "channel", "assignee", "owner":
		return true
	}
	return strings.HasSuffix(f, "_id") || strings.HasSuffix(f, "_email") || camelID
}

// creatableWith reports whether some create tool of cm writes every given
// field and requires no identity argument beyond them. A create that also
// needs a parent's id or a person's address the template does not state
// would have the planner make one up, and a goal that does not pin it
// accepts any other: such a target makes no discriminating task.
func (cm *collModel) creatableWith(given ...string) bool {
next:
	for _, t := range cm.toolsFor("create") {
		for _, f := range given {
			if _, ok := t.Effect.Set[f]; !ok && argFor(t, cm, f) == "" {
				continue next
			}
		}
		for _, r := range requiredArgs(t) {
			f := r
			if m, ok := t.Effect.Fields[r]; ok {
				f = m
			}
			if identityArg(r) && !slices.Contains(given, f) {
				continue next
			}
		}
		return true
	}
	return false
}
