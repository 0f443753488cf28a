package plan

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/inflect"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/satisfy"
	"github.com/legoenv/legoenv/verify/verdict"
)

// Starlark tools. A tool whose effect is a Starlark program declares no
// collection and no fields: what it does is known only by running it. For
// a task on a collection, the planner tries the Starlark tools of the
// collection's app with candidate arguments built from their input schema
// and the task's predicates (an argument named like a constrained field
// gets a value that satisfies it, an object argument the nested fields, an
// argument named like a field of a record inside a list the value for that
// record, a key argument the record the predicates point to), runs each
// candidate call in a scratch session, and keeps the first after which the
// task holds and nothing that held broke. The programs judge; the schema
// and the names only propose.

// Bounds of the Starlark search, within the planner's MaxNodes.
const (
	starlarkTargets    = 2 // records a keyed call is tried on
	starlarkCandidates = 4 // calls tried per tool
)

// fieldArgs name an argument that says which field another argument
// ("value") writes.
var fieldArgs = []string{"field", "field_id", "field_name", "column", "column_id", "column_name"}

// starlarkOptions returns one way per usable Starlark tool of the app.
func (p *Planner) starlarkOptions(task facts.Check, ci *facts.Coll, preds []assert.Predicate, s *episode.Session) []option {
	var out []option
	for _, t := range p.usable(p.env.Tools()) {
		if t.Effect.Kind != "starlark" || t.App != ci.App {
			continue
		}
		cands := p.starlarkCalls(t, ci, preds, s)
		if len(cands) == 0 {
			continue
		}
		out = append(out, option{try: p.starlarkAlt(task, t, ci, cands)})
	}
	return out
}

func (p *Planner) starlarkAlt(task facts.Check, t *episode.Tool, ci *facts.Coll, cands []map[string]any) alternative {
	return func(s *episode.Session) ([]episode.ToolCall, *Reason) {
		n0 := len(s.Trajectory())
		before := p.holding(s)
		var last *Reason
		for i, args := range cands {
			if i > 0 {
				if p.nodes >= MaxNodes {
					break
				}
				p.nodes++
			}
			scratch, err := p.replay(s)
			if err != nil {
				break
			}
			c := p.call(t.Name, args)
			scratch.Call(c)
			if r := p.judge(task, scratch, n0, before); r != nil {
				last = r
				continue
			}
			made, r := p.foundFirst(task, t, ci, c, args, s, before)
			if made == nil {
				last = r
				continue
			}
			s.Step(made...)
			return made, nil
		}
		if last == nil {
			msg := fmt.Sprintf("no call of %s the planner tried makes %s hold", t.Name, task.Field())
			last = &Reason{Kind: ReasonUnsupported, Goal: task.Index, Message: msg,
				Cause: verdict.RootCause{Code: verdict.IntentBadPlan, Atom: facts.Ref(p.env.Intent), Evidence: verdict.Evidence{Tool: t.Name, Assertion: task.Plan().String(), Message: msg}}}
		}
		return nil, last
	}
}

// starlarkKeyArgs lists the arguments of t that may name a record of the
// collection: its key field, or <record>_id or record_id when the
// collection has no field of that name (ticket_id for tickets, record_id
// for a write to a record of any type).
func starlarkKeyArgs(t *episode.Tool, ci *facts.Coll) []string {
	kf := ci.Def.KeyField()
	props := atom.InputProperties(t.Input)
	var out []string
	if props[kf] {
		out = append(out, kf)
	}
	for _, own := range []string{recordNoun(ci) + "_" + kf, "record_" + kf} {
		if _, isField := ci.Def.Fields[own]; props[own] && !isField && own != kf && !slices.Contains(out, own) {
			out = append(out, own)
		}
	}
	return out
}

// recordNoun is what one record of the collection is called (ticket for
// tickets, opportunity for opportunities).
func recordNoun(ci *facts.Coll) string { return inflect.Singular(ci.Coll) }

// starlarkCalls builds the candidate arguments, best first: for each
// record a key argument may name, the values the record lacks, then every
// value the predicates give; without a key, every value.
func (p *Planner) starlarkCalls(t *episode.Tool, ci *facts.Coll, preds []assert.Predicate, s *episode.Session) []map[string]any {
	keyArgs := starlarkKeyArgs(t, ci)
	loose := looseObjectArg(t, ci)
	var out []map[string]any
	seen := map[string]bool{}
	full := 0 // candidates counted against starlarkCandidates
	put := func(args map[string]any) {
		if k := facts.JSONText(args); len(args) > 0 && !seen[k] {
			seen[k] = true
			out = append(out, args)
		}
	}
	add := func(args map[string]any) {
		if len(args) == 0 || full == starlarkCandidates {
			return
		}
		full++
		// Fields the goal checks that no argument of their own writes go
		// into the loose object argument; the program may set them itself
		// (an action log's action_key), so the call without it is tried
		// first, and no value the agent was never shown is passed.
		if _, ok := args[loose]; ok && loose != "" {
			bare := maps.Clone(args)
			delete(bare, loose)
			put(bare)
		}
		put(args)
	}
	if len(keyArgs) > 0 {
		for _, rec := range p.targets(ci, preds, s) {
			for _, ka := range keyArgs {
				for _, needed := range []bool{true, false} {
					use := preds
					if needed {
						use = nil
						for _, pr := range preds {
							if !satisfy.PredHolds(rec, pr) {
								use = append(use, pr)
							}
						}
					}
					args := p.starlarkArgs(t, ci, use, rec, nil, ka)
					if args != nil {
						args[ka] = satisfy.FitArg(rec[ci.Def.KeyField()], facts.ArgSchema(t, ka))
						// What the call does with the record is unknown (a
						// reply makes a new one), so its values are not
						// copied into the arguments the goal leaves open.
						p.fillRequired(t, ci, args, nil, nil)
					}
					add(args)
				}
			}
		}
	}
	sib := p.sibling(ci, preds, s)
	args := p.starlarkArgs(t, ci, preds, nil, sib, "")
	if args != nil {
		p.fillRequired(t, ci, args, nil, sib)
	}
	add(args)
	return out
}

// starlarkArgs gives the arguments of t the predicates constrain, from rec
// when it is updated; nil when none is constrained or a value cannot be
// derived. keyArg is left out.
func (p *Planner) starlarkArgs(t *episode.Tool, ci *facts.Coll, preds []assert.Predicate, rec, sib map[string]any, keyArg string) map[string]any {
	props := atom.InputProperties(t.Input)
	order, groups := satisfy.ByField(preds)
	args := map[string]any{}
	obj := newObjects(ci, rec, sib)
	elem := map[string][]assert.Predicate{} // field of a record inside a list -> its predicates
	var unwritten []string                  // nested fields of objects no argument writes
	var free []string                       // fields no argument of their own writes
	for _, f := range order {
		kind, ok := starlarkFieldArg(t, ci, props, args, obj, f, groups[f], rec, keyArg)
		if !ok {
			return nil
		}
		switch kind {
		case fieldUnwritten:
			unwritten = append(unwritten, f)
		case fieldFree:
			free = append(free, f)
		}
		if kind == fieldList {
			continue
		}
		for _, pr := range groups[f] {
			if pr.Op != satisfy.OpElem {
				continue
			}
			sub, _ := pr.Value.([]assert.Predicate)
			for _, q := range sub {
				elem[q.Field] = append(elem[q.Field], q)
			}
		}
	}
	obj.write(t, args)
	if !elemArgs(t, ci, props, args, elem, keyArg) || !fieldValueArgs(t, props, args, unwritten, groups) || !fieldsObjectArg(t, ci, args, free, groups, rec) {
		return nil
	}
	if len(args) == 0 && keyArg == "" {
		return nil
	}
	objectTypeArg(t, ci, args)
	return args
}

// How starlarkFieldArg wrote a field.
const (
	fieldNone      = iota // the key, or nothing writes it
	fieldSet              // an argument of its own, or a field inside an object argument
	fieldList             // an argument of its own that takes a list
	fieldUnwritten        // a nested field of an object no argument writes
	fieldFree             // a field of the record no argument of its own writes
)

// starlarkFieldArg writes into args (or obj) a value for field f that its
// predicates accept; ok is false when none can be derived.
func starlarkFieldArg(t *episode.Tool, ci *facts.Coll, props map[string]bool, args map[string]any, obj *objects, f string, fp []assert.Predicate, rec map[string]any, keyArg string) (int, bool) {
	head, tail, dotted := strings.Cut(f, ".")
	a := ownArg(props, ci, f)
	switch {
	case f == keyArg || f == ci.Def.KeyField():
		return fieldNone, true
	case a != "":
		schema := facts.ArgSchema(t, a)
		if st, _ := schema["type"].(string); st == "array" || satisfy.IsList(ci.Def, f) || satisfy.IsListPreds(fp) {
			cur, _ := rec[f].([]any)
			add, ok := satisfy.List(fp, cur)
			if !ok {
				return fieldList, false
			}
			args[a] = satisfy.FitArg(append(append([]any(nil), cur...), add...), schema)
			return fieldList, true
		}
		v, ok := satisfy.Scalar(fp, facts.FieldDef(ci, f, schema))
		if !ok {
			return fieldSet, false
		}
		args[a] = satisfy.FitArg(v, schema)
		return fieldSet, true
	case dotted && props[head]:
		v, ok := nestedValue(fp)
		if !ok {
			return fieldSet, false
		}
		obj.set(head, head, strings.Split(tail, "."), v)
		return fieldSet, true
	case dotted:
		return fieldUnwritten, true
	case facts.KnownField(ci.Def, f):
		return fieldFree, true
	}
	return fieldNone, true
}

// elemArgs sets the arguments that name a field of a record inside a list
// (a signer's email) from the predicates on that field; false when no
// value satisfies them.
func elemArgs(t *episode.Tool, ci *facts.Coll, props map[string]bool, args map[string]any, elem map[string][]assert.Predicate, keyArg string) bool {
	for _, f := range slices.Sorted(maps.Keys(elem)) {
		if _, set := args[f]; set || !props[f] || f == keyArg {
			continue
		}
		schema := facts.ArgSchema(t, f)
		v, ok := satisfy.Scalar(elem[f], facts.FieldDef(ci, f, schema))
		if !ok {
			return false
		}
		args[f] = satisfy.FitArg(v, schema)
	}
	return true
}

// fieldValueArgs writes the first unwritten nested field through a field
// argument and a value argument (field_id + value), when the tool has
// them; false when no value satisfies its predicates.
func fieldValueArgs(t *episode.Tool, props map[string]bool, args map[string]any, unwritten []string, groups map[string][]assert.Predicate) bool {
	if len(unwritten) == 0 || !props["value"] {
		return true
	}
	for _, fa := range fieldArgs {
		if !props[fa] {
			continue
		}
		f := unwritten[0]
		_, tail, _ := strings.Cut(f, ".")
		v, ok := nestedValue(groups[f])
		if !ok {
			return false
		}
		args[fa] = tail
		args["value"] = satisfy.FitArg(v, facts.ArgSchema(t, "value"))
		break
	}
	return true
}

// ownArg is the argument of a Starlark tool that writes field f of the
// collection: f itself, the singular of a list field (tag for tags: one
// element added or taken out), f prefixed with the record's name (the
// invitee_email of a call that books a meeting and creates its invitee),
// or the field's first words where they name no field of their own (body
// for body_plain, from for from_, channel for channel_id); "" when none
// does. The call's result judges the guess.
func ownArg(props map[string]bool, ci *facts.Coll, f string) string {
	if props[f] {
		return f
	}
	if a := inflect.Singular(f); a != f && satisfy.IsList(ci.Def, f) && props[a] {
		return a // one element of a list: tag for tags
	}
	if a := recordNoun(ci) + "_" + f; props[a] {
		return a
	}
	for a := f; ; {
		i := strings.LastIndex(a, "_")
		if i <= 0 {
			return ""
		}
		a = a[:i]
		if _, isField := ci.Def.Fields[a]; props[a] && !isField {
			return a
		}
	}
}

// targets returns the records a keyed call may act on: the one the key
// predicate pins, else the records the predicates point to most, scored by
// the goal's values they hold (3 each: a reply names the message from the
// person it goes to) and the predicates they already satisfy (1 each).
func (p *Planner) targets(ci *facts.Coll, preds []assert.Predicate, s *episode.Session) []map[string]any {
	if k := pinnedKey(ci.Def.KeyField(), preds); k != nil {
		if rec, ok := s.State().Get(ci.Name, state.Text(k)); ok {
			return []map[string]any{rec}
		}
		return nil
	}
	var values []any
	for _, pr := range preds {
		switch pr.Op {
		case assert.OpEquals, assert.OpIEquals, assert.OpContains, assert.OpIContains:
			values = append(values, pr.Value)
		case assert.OpIn:
			if l, ok := pr.Value.([]any); ok {
				values = append(values, l...)
			}
		}
	}
	type scored struct {
		rec   map[string]any
		score int
	}
	var ranked []scored
	for _, r := range s.State().Records(ci.Name) {
		n := 0
		for _, pr := range preds {
			if satisfy.PredHolds(r, pr) {
				n++
			}
		}
		for _, v := range values {
			if mentions(r, v) {
				n += 3
			}
		}
		if n > 0 {
			ranked = append(ranked, scored{r, n})
		}
	}
	sort.SliceStable(ranked, func(i, j int) bool { return ranked[i].score > ranked[j].score })
	var out []map[string]any
	for i := 0; i < len(ranked) && i < starlarkTargets; i++ {
		out = append(out, ranked[i].rec)
	}
	return out
}

// mentions reports whether a top-level field of r holds v (ignoring case),
// or a list field holds it.
func mentions(r map[string]any, v any) bool {
	want := state.Text(v)
	if want == "" {
		return false
	}
	for _, x := range r {
		switch y := x.(type) {
		case []any:
			for _, e := range y {
				if strings.EqualFold(state.Text(e), want) {
					return true
				}
			}
		case map[string]any:
		default:
			if strings.EqualFold(state.Text(y), want) {
				return true
			}
		}
	}
	return false
}

// fieldsObjectArg writes the free fields (those no argument of their own
// writes) into the argument that takes an object of any fields, when the
// tool has one: Salesforce's write to a record of any type takes
// {"fields": {"type": ...}}. False when no value satisfies a field's
// predicates.
func fieldsObjectArg(t *episode.Tool, ci *facts.Coll, args map[string]any, free []string, groups map[string][]assert.Predicate, rec map[string]any) bool {
	arg := looseObjectArg(t, ci)
	if arg == "" || len(free) == 0 {
		return true
	}
	obj := map[string]any{}
	for _, f := range free {
		fp := groups[f]
		if satisfy.IsList(ci.Def, f) || satisfy.IsListPreds(fp) {
			cur, _ := rec[f].([]any)
			add, ok := satisfy.List(fp, cur)
			if !ok {
				return false
			}
			obj[f] = append(append([]any(nil), cur...), add...)
			continue
		}
		v, ok := satisfy.Scalar(fp, facts.FieldDef(ci, f, nil))
		if !ok {
			return false
		}
		obj[f] = v
	}
	args[arg] = obj
	return true
}

// looseObjectArg is the argument of t that takes an object of any fields:
// an object argument that declares no properties of its own and is no
// field of the collection ("fields" first); "" when none.
func looseObjectArg(t *episode.Tool, ci *facts.Coll) string {
	props := atom.InputProperties(t.Input)
	names := slices.Sorted(maps.Keys(props))
	slices.SortStableFunc(names, func(a, b string) int {
		if a == "fields" {
			return -1
		}
		if b == "fields" {
			return 1
		}
		return 0
	})
	for _, a := range names {
		sc := facts.ArgSchema(t, a)
		if typ, _ := sc["type"].(string); typ != "object" || sc["properties"] != nil {
			continue
		}
		if _, isField := ci.Def.Fields[a]; isField {
			continue
		}
		return a
	}
	return ""
}

// objectTypes name an argument that says which type of record a tool of
// any type reads or writes.
var objectTypes = []string{"object_type", "object", "type", "record_type"}

// objectTypeArg names the collection's record type in the argument that
// says which type a tool of any type acts on, when the tool has one and
// no field of the collection is called so: the value the argument's enum
// offers for it, else the record's name in the product's form
// (Opportunity, CampaignMember).
func objectTypeArg(t *episode.Tool, ci *facts.Coll, args map[string]any) {
	props := atom.InputProperties(t.Input)
	for _, a := range objectTypes {
		if _, isField := ci.Def.Fields[a]; !props[a] || isField {
			continue
		}
		if _, set := args[a]; !set {
			args[a] = objectTypeValue(facts.ArgSchema(t, a), ci)
		}
		return
	}
}

func objectTypeValue(schema map[string]any, ci *facts.Coll) string {
	squash := func(s string) string {
		return strings.ToLower(strings.NewReplacer("_", "", " ", "", "-", "").Replace(s))
	}
	noun := recordNoun(ci)
	if enum, ok := schema["enum"].([]any); ok {
		for _, e := range enum {
			if es, ok := e.(string); ok && (squash(es) == squash(noun) || squash(es) == squash(ci.Coll)) {
				return es
			}
		}
	}
	var b strings.Builder
	for _, w := range strings.Split(noun, "_") {
		if w != "" {
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return b.String()
}
