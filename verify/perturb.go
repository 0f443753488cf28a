package verify

import (
	"encoding/json"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
)

// perturbation is a plan step with one key argument changed: another
// record, another recipient, another value.
type perturbation struct {
	call  episode.ToolCall
	arg   string
	field string // the field the argument selects or writes
	value any    // the wrong value
	right any
}

// perturbations lists the wrong variants of a state-changing call that a
// discriminating goal must reject: the record it acts on, the records it
// links to (fields ending in _id), its recipients (email fields), and the
// values the goal pins exactly.
func (in *envInfo) perturbations(c episode.ToolCall) []perturbation {
	t := in.env.Tool(c.Name)
	if t == nil {
		return nil
	}
	var args map[string]any
	if json.Unmarshal(c.Args, &args) != nil || len(args) == 0 {
		return nil
	}
	w, err := in.env.World(in.env.Recipe.Seed)
	if err != nil {
		return nil
	}
	ci := in.colls[t.App+"."+t.Effect.Collection]
	var out []perturbation
	seen := map[string]bool{}
	addP := func(arg, field string, v any) {
		if v == nil || seen[arg] || valueEqual(v, args[arg]) {
			return
		}
		seen[arg] = true
		v = fitArg(v, argSchema(t, arg))
		na := make(map[string]any, len(args))
		for k, x := range args {
			na[k] = x
		}
		na[arg] = v
		raw, _ := json.Marshal(na)
		out = append(out, perturbation{call: episode.ToolCall{ID: c.ID, Name: c.Name, Args: raw}, arg: arg, field: field, value: v, right: args[arg]})
	}
	var wf map[string]string
	if ci != nil {
		switch t.Effect.Kind {
		case "update", "append", "delete":
			keyArg, match := keyArgOf(t, ci.def)
			if cur, ok := args[keyArg]; ok {
				addP(keyArg, match, otherRecordValue(w.Collection(ci.name), match, cur))
			}
		}
		if t.Effect.Kind == "create" || t.Effect.Kind == "update" {
			wf = writeFields(t, ci.def)
		}
	}
	pinned := in.pinnedValues(t.App + "." + t.Effect.Collection)
	if t.Effect.Kind == "starlark" {
		// A Starlark effect names no collection: any of its app's.
		pinned = in.pinnedValues(t.App + ".")
	}
	for _, arg := range slices.Sorted(maps.Keys(args)) {
		cur := args[arg]
		field := arg
		if wf != nil {
			if f, ok := wf[arg]; ok {
				field = f
			}
		}
		schema := argSchema(t, arg)
		fd := schemaField(schema)
		if ci != nil {
			fd = fieldDef(ci, field, schema)
		}
		switch {
		case strings.HasSuffix(field, "_id") || field == "id":
			if s, ok := cur.(string); ok {
				addP(arg, field, in.otherKey(w, t.App, s))
			}
		case fd.Format == "email" || isRecipient(field):
			addP(arg, field, in.otherEmail(w, cur))
		}
		for _, v := range pinned[field] {
			if valueEqual(v, cur) || (fd.Type == "array" && strings.Contains(state.Text(cur), state.Text(v))) {
				addP(arg, field, otherValue(v, fd))
			}
		}
		if obj, ok := cur.(map[string]any); ok {
			// A field inside an object the goal pins (a row's cells.Status).
			for _, k := range slices.Sorted(maps.Keys(obj)) {
				for _, v := range pinned[field+"."+k] {
					if valueEqual(v, obj[k]) || (isText(v) && strings.EqualFold(state.Text(v), state.Text(obj[k]))) {
						na := make(map[string]any, len(obj))
						for kk, x := range obj {
							na[kk] = x
						}
						na[k] = otherValue(obj[k], atom.Field{})
						addP(arg, field+"."+k, na)
						break
					}
				}
			}
		}
		if t.Effect.Kind == "append" && arg == t.Effect.Value {
			for _, v := range pinned[t.Effect.Field] {
				if valueEqual(v, cur) {
					addP(arg, t.Effect.Field, otherValue(v, fd))
				}
			}
		}
	}
	return out
}

func isText(v any) bool { _, ok := v.(string); return ok }

func isRecipient(f string) bool {
	switch strings.ToLower(f) {
	case "to", "cc", "bcc", "recipient", "recipients", "email":
		return true
	}
	return false
}

// pinnedValues lists, per field, the values positive goal assertions on a
// collection (or on a tool's arguments) require exactly.
func (in *envInfo) pinnedValues(name string) map[string][]any {
	out := map[string][]any{}
	app, coll := splitName(name)
	for _, c := range in.goalChecks() {
		a := c.plan()
		if a.IsNegative() || (a.Target != name && !(a.IsTrajectory())) {
			if ta, _ := splitName(a.Target); coll != "" || ta != app || a.IsNegative() {
				continue
			}
		}
		for _, pr := range a.Where {
			switch pr.Op {
			case assert.OpEquals, assert.OpIEquals:
				out[pr.Field] = append(out[pr.Field], pr.Value)
			case assert.OpIn:
				if l, ok := pr.Value.([]any); ok && len(l) == 1 {
					out[pr.Field] = append(out[pr.Field], l[0])
				}
			}
		}
	}
	return out
}

// otherRecordValue returns the field of another record of c.
func otherRecordValue(c *state.Collection, field string, cur any) any {
	if c == nil {
		return nil
	}
	for _, r := range c.Records {
		if v, ok := r[field]; ok && v != nil && !valueEqual(v, cur) && state.Text(v) != state.Text(cur) {
			return v
		}
	}
	return nil
}

// otherKey finds the collection of the app that holds a record with key k
// and returns another key of it.
func (in *envInfo) otherKey(w *state.World, app, k string) any {
	names := w.Names()
	for _, name := range names {
		if a, _ := splitName(name); a != app {
			continue
		}
		c := w.Collection(name)
		if _, ok := c.Lookup(k); ok {
			return otherRecordValue(c, c.Key, k)
		}
	}
	return nil
}

// otherEmail returns another address from the data, preferring one of the
// same domain so that a domain rule does not decide the outcome.
func (in *envInfo) otherEmail(w *state.World, cur any) any {
	s := state.Text(cur)
	if l, ok := cur.([]any); ok && len(l) > 0 {
		s = state.Text(l[0])
	}
	if first, _, found := strings.Cut(s, ","); found {
		s = strings.TrimSpace(first)
	}
	at := strings.LastIndexByte(s, '@')
	if at < 0 {
		return nil
	}
	domain := s[at:]
	var pool []string
	for _, name := range w.Names() {
		ci := in.colls[name]
		if ci == nil {
			continue
		}
		for f, fd := range ci.def.Fields {
			if fd.Format != "email" && !isEmailField(f) {
				continue
			}
			for _, r := range w.Collection(name).Records {
				if v, ok := r[f].(string); ok && strings.Contains(v, "@") && !strings.EqualFold(v, s) {
					pool = append(pool, v)
				}
			}
		}
	}
	sort.Strings(pool)
	for _, v := range pool {
		if strings.HasSuffix(v, domain) {
			return v
		}
	}
	return "someone.else" + domain
}

// siblingEmail returns another address the data holds (same domain
// first), or nil: an over-action writes to someone who exists.
func (in *envInfo) siblingEmail(w *state.World, cur any) any {
	v, _ := in.otherEmail(w, cur).(string)
	if v == "" || strings.HasPrefix(v, "someone.else@") {
		return nil
	}
	return v
}

func isEmailField(f string) bool { return f == "email" || strings.HasSuffix(f, "_email") }
