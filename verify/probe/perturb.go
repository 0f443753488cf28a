package probe

import (
	"encoding/json"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/satisfy"
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
	t := in.Env.Tool(c.Name)
	if t == nil {
		return nil
	}
	var args map[string]any
	if json.Unmarshal(c.Args, &args) != nil || len(args) == 0 {
		return nil
	}
	w, err := in.Env.World(in.Env.Recipe.Seed)
	if err != nil {
		return nil
	}
	p := &perturber{in: in, w: w, c: c, t: t, args: args, ci: in.Colls[t.App+"."+t.Effect.Collection], seen: map[string]bool{}}
	var wf map[string]string
	if p.ci != nil {
		switch t.Effect.Kind {
		case "update", "append", "delete":
			keyArg, match := facts.KeyArgOf(t, p.ci.Def)
			if cur, ok := args[keyArg]; ok {
				p.add(keyArg, match, otherRecordValue(w.Collection(p.ci.Name), match, cur))
			}
		}
		if t.Effect.Kind == "create" || t.Effect.Kind == "update" {
			wf = facts.WriteFields(t, p.ci.Def)
		}
	}
	p.pinned = in.pinnedValues(t.App + "." + t.Effect.Collection)
	if t.Effect.Kind == "starlark" {
		// A Starlark effect names no collection: any of its app's.
		p.pinned = in.pinnedValues(t.App + ".")
	}
	for _, arg := range slices.Sorted(maps.Keys(args)) {
		field := arg
		if f, ok := wf[arg]; ok {
			field = f
		}
		p.argument(arg, field)
	}
	if len(p.out) == 0 {
		// Nothing else to get wrong: the text without the phrase the goal
		// requires it to contain (a case's subject) is the wrong variant.
		for _, w := range in.withoutPhrases(t, args, wf) {
			p.add(w.arg, w.field, w.value)
		}
	}
	return p.out
}

// withoutPhrases returns, for each text argument holding a phrase the goal
// requires its field to contain, the text with the phrase replaced.
func (in *envInfo) withoutPhrases(t *episode.Tool, args map[string]any, wf map[string]string) []perturbation {
	phrases := in.pinnedPhrases(t.App + "." + t.Effect.Collection)
	var out []perturbation
	for _, arg := range slices.Sorted(maps.Keys(args)) {
		field := arg
		if f, ok := wf[arg]; ok {
			field = f
		}
		cur, ok := args[arg].(string)
		for _, ph := range phrases[field] {
			if ok && strings.Contains(strings.ToLower(cur), strings.ToLower(ph)) {
				out = append(out, perturbation{arg: arg, field: field, value: regexp.MustCompile("(?i)"+regexp.QuoteMeta(ph)).ReplaceAllString(cur, "other")})
			}
		}
	}
	return out
}

// pinnedPhrases lists, per field, the texts positive goal assertions on a
// collection require a field to contain.
func (in *envInfo) pinnedPhrases(name string) map[string][]string {
	out := map[string][]string{}
	for _, c := range in.GoalChecks() {
		a := c.Plan()
		if a.IsNegative() || a.Target != name {
			continue
		}
		for _, pr := range a.Where {
			if s, ok := pr.Value.(string); ok && s != "" && (pr.Op == assert.OpContains || pr.Op == assert.OpIContains) {
				out[pr.Field] = append(out[pr.Field], s)
			}
		}
	}
	return out
}

// perturber collects the perturbations of one call, one per argument.
type perturber struct {
	in     *envInfo
	w      *state.World
	c      episode.ToolCall
	t      *episode.Tool
	args   map[string]any
	ci     *facts.Coll
	pinned map[string][]any // values the goal pins, by field
	seen   map[string]bool  // arguments already perturbed
	out    []perturbation
}

// add records the call with argument arg (selecting or writing field) set
// to v, unless v is no change or arg is already perturbed.
func (p *perturber) add(arg, field string, v any) {
	if v == nil || p.seen[arg] || satisfy.ValueEqual(v, p.args[arg]) {
		return
	}
	p.seen[arg] = true
	v = satisfy.FitArg(v, facts.ArgSchema(p.t, arg))
	na := maps.Clone(p.args)
	na[arg] = v
	raw, _ := json.Marshal(na)
	p.out = append(p.out, perturbation{call: episode.ToolCall{ID: p.c.ID, Name: p.c.Name, Args: raw}, arg: arg, field: field, value: v, right: p.args[arg]})
}

// argument perturbs one argument that writes or selects field: another
// record it links to, another recipient, another value than the one the
// goal pins.
func (p *perturber) argument(arg, field string) {
	t, cur := p.t, p.args[arg]
	schema := facts.ArgSchema(t, arg)
	fd := satisfy.SchemaField(schema)
	if p.ci != nil {
		fd = facts.FieldDef(p.ci, field, schema)
	}
	switch {
	case strings.HasSuffix(field, "_id") || field == "id":
		switch k := cur.(type) {
		case string:
			p.add(arg, field, p.in.otherKey(p.w, t.App, k))
		case float64:
			// A numeric id (a Zendesk ticket 71): keys are text in the state.
			if n, err := strconv.ParseFloat(state.Text(p.in.otherKey(p.w, t.App, state.Text(k))), 64); err == nil {
				p.add(arg, field, n)
			}
		}
	case fd.Format == "email" || isRecipient(field) || p.in.recipientList(t, arg):
		p.add(arg, field, p.in.otherEmail(p.w, cur))
	}
	for _, v := range p.pinned[field] {
		if satisfy.ValueEqual(v, cur) || (fd.Type == "array" && strings.Contains(state.Text(cur), state.Text(v))) {
			p.add(arg, field, satisfy.OtherValue(v, fd))
		}
	}
	if obj, ok := cur.(map[string]any); ok {
		p.objectField(arg, field, obj)
	}
	if l, ok := cur.([]any); ok {
		p.peopleList(arg, field, l)
	}
	if t.Effect.Kind == "append" && arg == t.Effect.Value {
		for _, v := range p.pinned[t.Effect.Field] {
			if satisfy.ValueEqual(v, cur) {
				p.add(arg, t.Effect.Field, satisfy.OtherValue(v, fd))
			}
		}
	}
}

// objectField perturbs a field inside an object argument that the goal
// pins (a row's cells.Status). A Starlark tool names no collection, so
// the keys of its object argument are also read as the written record's
// own fields (salesforce_create_record {"fields": {"name": ...}} against
// a goal pinning an opportunity's name).
func (p *perturber) objectField(arg, field string, obj map[string]any) {
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		pinned := p.pinned[field+"."+k]
		if p.t.Effect.Kind == "starlark" {
			pinned = append(slices.Clone(pinned), p.pinned[k]...)
		}
		for _, v := range pinned {
			if satisfy.ValueEqual(v, obj[k]) || (isText(v) && strings.EqualFold(state.Text(v), state.Text(obj[k]))) {
				na := maps.Clone(obj)
				na[k] = satisfy.OtherValue(obj[k], atom.Field{})
				p.add(arg, field+"."+k, na)
				break
			}
		}
	}
}

// peopleList perturbs a list of people given as records (an envelope's
// signers or cc recipients, each {email, ...}): every address in it
// replaced by another, so that a goal on any of them tells the wrong
// envelope from the right one.
func (p *perturber) peopleList(arg, field string, l []any) {
	out := make([]any, len(l))
	changed := false
	in := map[string]bool{}
	for _, e := range l {
		if m, ok := e.(map[string]any); ok {
			for k, v := range m {
				if s, ok := v.(string); ok && isEmailField(k) {
					in[strings.ToLower(s)] = true
				}
			}
		}
	}
	for i, e := range l {
		out[i] = e
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		for _, k := range slices.Sorted(maps.Keys(m)) {
			if s, ok := m[k].(string); ok && isEmailField(k) && strings.Contains(s, "@") {
				if other := p.in.outsideEmail(p.w, s, in); other != "" {
					nm := maps.Clone(m)
					nm[k] = other
					out[i], changed = nm, true
				}
				break
			}
		}
	}
	if changed {
		p.add(arg, field, out)
	}
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
	app, coll := facts.SplitName(name)
	for _, c := range in.GoalChecks() {
		a := c.Plan()
		if a.IsNegative() || (a.Target != name && !(a.IsTrajectory())) {
			if ta, _ := facts.SplitName(a.Target); coll != "" || ta != app || a.IsNegative() {
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
		if v, ok := r[field]; ok && v != nil && !satisfy.ValueEqual(v, cur) && state.Text(v) != state.Text(cur) {
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
		if a, _ := facts.SplitName(name); a != app {
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
	s := firstAddress(cur)
	at := strings.LastIndexByte(s, '@')
	if at < 0 {
		return nil
	}
	domain := s[at:]
	for _, v := range in.emailPool(w, s) {
		if strings.HasSuffix(v, domain) {
			return v
		}
	}
	return "someone.else" + domain
}

// outsideEmail is another address of s's domain from the data that the
// list does not hold already (a swap of two signers is no wrong
// envelope), else a made-up one of that domain.
func (in *envInfo) outsideEmail(w *state.World, s string, held map[string]bool) string {
	at := strings.LastIndexByte(s, '@')
	if at < 0 {
		return ""
	}
	domain := s[at:]
	for _, v := range in.emailPool(w, s) {
		if strings.HasSuffix(v, domain) && !held[strings.ToLower(v)] {
			return v
		}
	}
	return "someone.else" + domain
}

// firstAddress is the first address of a recipient value: a string, a
// comma-separated list or a JSON list.
func firstAddress(cur any) string {
	s := state.Text(cur)
	if l, ok := cur.([]any); ok && len(l) > 0 {
		s = state.Text(l[0])
	}
	if first, _, found := strings.Cut(s, ","); found {
		s = strings.TrimSpace(first)
	}
	return s
}

// emailPool lists, sorted, the addresses the data holds in email fields,
// but s.
func (in *envInfo) emailPool(w *state.World, s string) []string {
	var pool []string
	for _, name := range w.Names() {
		ci := in.Colls[name]
		if ci == nil {
			continue
		}
		for f, fd := range ci.Def.Fields {
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
	return slices.Compact(pool)
}

func isEmailField(f string) bool { return f == "email" || strings.HasSuffix(f, "_email") }
