package probe

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/satisfy"
	"github.com/legoenv/legoenv/verify/verdict"
)

// The negatives below come from the difference between two final states:
// what the wrong plan changed that the reference plan did not. A wrong
// plan that puts the row in another worksheet, or one more mail among the
// plan's own, is told apart by what it touched, not by what it left out.

// change is one record the wrong plan left otherwise than the reference
// plan did: as it was at the start and as the wrong plan left it (nil
// when it did not exist then).
type change struct {
	before, after state.Record
}

// records returns the states of the record that exist, after first.
func (c change) records() []state.Record {
	var out []state.Record
	for _, r := range []state.Record{c.after, c.before} {
		if r != nil {
			out = append(out, r)
		}
	}
	return out
}

// extraChanges lists the records of coll the wrong plan wrote and left
// otherwise than the reference plan did, by key.
func extraChanges(right, wrong *state.State, coll string) []change {
	base := wrong.Base().Collection(coll)
	var out []change
	for _, k := range slices.Sorted(maps.Keys(wrong.Dirty(coll))) {
		wr, wok := wrong.Get(coll, k)
		rr, rok := right.Get(coll, k)
		if wok == rok && reflect.DeepEqual(wr, rr) {
			continue
		}
		var c change
		if b, ok := base.Lookup(k); ok {
			c.before = b
		}
		if wok {
			c.after = wr
		}
		if c.before == nil && c.after == nil {
			continue
		}
		out = append(out, c)
	}
	return out
}

// scoped is `unchanged` over the part of coll that the wrong plan changed
// and the reference plan does not change that way: the records whose link
// field (a field holding the key of a record of another collection: a
// worksheet, a channel, a project) has the value one of the wrong plan's
// records has. When the reference plan changes nothing there, nothing
// there may change; when it only edits records there, those that exist
// may change but none is added. The first scope that holds on the
// reference state and fails on the wrong one is returned.
func (in *envInfo) scoped(right, wrong *state.State, coll string) *assert.Assertion {
	if wrong == nil {
		return nil
	}
	base := right.Base().Collection(coll)
	extras := extraChanges(right, wrong, coll)
	tried := map[string]bool{}
	for _, c := range extras {
		for _, r := range c.records() {
			for _, f := range slices.Sorted(maps.Keys(r)) {
				v, ok := r[f].(string)
				if !ok || f == base.Key || v == "" || tried[f+"\x00"+v] || !isLink(right.Base(), coll, v) {
					continue
				}
				tried[f+"\x00"+v] = true
				a := scopeAssertion(right, coll, assert.Predicate{Field: f, Op: assert.OpEquals, Value: v})
				if a != nil && tellsApart(*a, right, wrong) {
					return a
				}
			}
		}
	}
	return nil
}

// scopeAssertion is the unchanged over the records of coll that satisfy
// scope, given what the reference plan (right) did there: nil when it
// creates or deletes records there (the scope cannot tell its writes from
// a wrong one) or when the records that may change are too many to list.
func scopeAssertion(right *state.State, coll string, scope assert.Predicate) *assert.Assertion {
	sp, err := assert.Compile(assert.Assertion{Type: assert.Exists, Target: coll, Where: []assert.Predicate{scope}})
	if err != nil {
		return nil
	}
	base := right.Base().Collection(coll)
	edits := false
	for k := range right.Dirty(coll) {
		b, had := base.Lookup(k)
		r, has := right.Get(coll, k)
		covered := (had && sp.MatchRecord(b)) || (has && sp.MatchRecord(r))
		switch {
		case !covered:
		case had && has:
			edits = true
		default:
			return nil
		}
	}
	// No label: the assertion reads well as it is, and a label holding the
	// scope's value would differ between the environments of one intent,
	// which evolution needs to agree (values become slot templates).
	a := assert.Assertion{Type: assert.Unchanged, Target: coll, Where: []assert.Predicate{scope}}
	if !edits {
		return &a
	}
	var keys []any
	for _, r := range base.Records {
		if sp.MatchRecord(r) {
			k, _ := state.KeyOf(r, base.Key)
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 || len(keys) > maxScopeKeys {
		return nil
	}
	a.Except = keyIn(base.Key, keys)
	return &a
}

// isLink reports whether v is the key of a record of a collection other
// than coll: the value of a link field.
func isLink(w *state.World, coll, v string) bool {
	for _, name := range w.Names() {
		if name == coll {
			continue
		}
		if c := w.Collection(name); c != nil {
			if _, ok := c.Lookup(v); ok {
				return true
			}
		}
	}
	return false
}

// planAlternatives is `unchanged` over coll with one exception per kind
// of record the plan writes there: its edits by key, and each record it
// creates by the pinning predicates of a positive goal assertion it
// satisfies (one that none of the wrong plan's records satisfies, when
// there is one), else by a link field's value (the channel a summary is
// posted in). Nil when a created record has neither.
func (in *envInfo) planAlternatives(right *state.State, coll, key string, w planWrites, wrong *state.State) *assert.Assertion {
	if len(w.created) == 0 {
		return nil
	}
	var extra []state.Record
	if wrong != nil {
		for _, c := range extraChanges(right, wrong, coll) {
			extra = append(extra, c.records()...)
		}
	}
	var exceptions [][]assert.Predicate
	if len(w.edited) > 0 {
		exceptions = append(exceptions, keyIn(key, w.edited))
	}
	seen := map[string]bool{}
	for _, r := range w.created {
		exception := in.goalAlternative(coll, r, extra)
		if exception == nil {
			exception = linkAlternative(right.Base(), coll, key, r, extra)
		}
		if exception == nil {
			return nil
		}
		b, _ := json.Marshal(assert.Where(exception))
		if !seen[string(b)] {
			seen[string(b)] = true
			exceptions = append(exceptions, exception)
		}
	}
	a := assert.Assertion{Type: assert.Unchanged, Target: coll, Except: exceptions[0], ExceptAlso: exceptions[1:],
		Label: "nothing else in " + coll + " changes"}
	a.Normalize()
	return &a
}

// goalAlternative returns the pinning predicates of a positive goal
// assertion on coll that r satisfies, preferring one that no record of
// extra satisfies (cel checks count as the wheres they read as).
func (in *envInfo) goalAlternative(coll string, r state.Record, extra []state.Record) []assert.Predicate {
	in.ReadCELs()
	var fallback []assert.Predicate
	for _, c := range in.GoalChecks() {
		a := c.Plan()
		if a.Type != assert.Exists || a.Target != coll {
			continue
		}
		preds := pinning(coll, a.Where, []state.Record{r})
		if len(preds) == 0 {
			continue
		}
		if !anyMatch(coll, preds, extra) {
			return preds
		}
		if fallback == nil {
			fallback = preds
		}
	}
	return fallback
}

// linkAlternative names r by one of its link fields, the one whose value
// the fewest records of the start share among those no record of extra
// has.
func linkAlternative(w *state.World, coll, key string, r state.Record, extra []state.Record) []assert.Predicate {
	base := w.Collection(coll)
	var best []assert.Predicate
	bestN := -1
	for _, f := range slices.Sorted(maps.Keys(r)) {
		v, ok := r[f].(string)
		if !ok || f == key || v == "" || !isLink(w, coll, v) {
			continue
		}
		pr := []assert.Predicate{{Field: f, Op: assert.OpEquals, Value: v}}
		if anyMatch(coll, pr, extra) {
			continue
		}
		n := 0
		for _, b := range base.Records {
			if satisfy.ValueEqual(b[f], v) {
				n++
			}
		}
		if bestN < 0 || n < bestN {
			best, bestN = pr, n
		}
	}
	return best
}

// anyMatch reports whether some record satisfies every predicate.
func anyMatch(coll string, preds []assert.Predicate, recs []state.Record) bool {
	if len(recs) == 0 {
		return false
	}
	p, err := assert.Compile(assert.Assertion{Type: assert.Exists, Target: coll, Where: preds})
	if err != nil {
		return false
	}
	for _, r := range recs {
		if p.MatchRecord(r) {
			return true
		}
	}
	return false
}

// substitutionFix suggests, for a wrong plan that wrote elsewhere than the
// plan (a value the goal does not pin put the row in another worksheet),
// the scoped unchanged over the first collection where that tells its
// final state (wrong) from the plan's; nil when none does.
func (in *envInfo) substitutionFix(p *Job, wrong *state.State) *verdict.Fix {
	if p.Solved == nil || p.Solved.Session == nil {
		return nil
	}
	right := p.Solved.Session.State()
	for _, coll := range wrong.Base().Names() {
		if len(wrong.Dirty(coll)) == 0 {
			continue
		}
		if a := in.scoped(right, wrong, coll); a != nil {
			return in.addFix(*a)
		}
	}
	return nil
}

// equalities keeps the predicates that pin a value exactly (equal, one of
// a list), or all of ps when none does.
func equalities(ps []assert.Predicate) []assert.Predicate {
	var out []assert.Predicate
	for _, p := range ps {
		switch p.Op {
		case assert.OpEquals, assert.OpIEquals, assert.OpIn:
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		return ps
	}
	return out
}

// countCap caps the records of coll that the plan's exception names at as
// many as the plan leaves, by the exception's exact predicates (the
// recipient and folder, the log's name): the same cap then serves every
// environment of the intent, whichever record the wrong plan swapped. When the wrong plan's extra record is one more
// of the kind the plan creates (the summary sent again, for a look-alike,
// to the same people and naming the same records), no exception tells it
// from the plan's, but their number does. A count already true at the
// start is credited only when broken (the AutomationBench rule), so it
// acts as a constraint. Nil unless the plan only creates in coll and one
// goal assertion names every record it creates.
func (in *envInfo) countCap(right, wrong *state.State, coll string, w planWrites) *assert.Assertion {
	if wrong == nil || len(w.created) == 0 || len(w.edited) > 0 {
		return nil
	}
	where := equalities(in.createdWhere(coll, w.created))
	if where == nil {
		return nil
	}
	prog, err := assert.Compile(assert.Assertion{Type: assert.Exists, Target: coll, Where: where})
	if err != nil {
		return nil
	}
	n := 0
	for _, r := range right.Records(coll) {
		if prog.MatchRecord(r) {
			n++
		}
	}
	a := assert.Assertion{Type: assert.Count, Target: coll, Where: where, Bound: assert.Bound{Max: &n}}
	return &a
}

// asWritten returns a copy of a with each predicate value that a goal
// assertion of the intent holds as a slot template ({{w1.name}}) put back
// as that template: the assertion was checked on this environment's
// values, and the intent it is added to serves every environment of the
// intent. Evolution would otherwise guess the slot from the value, and a
// value two fields share (a campaign whose name is its headline) reads
// differently in different environments.
func (in *envInfo) asWritten(a assert.Assertion) assert.Assertion {
	back := func(ps []assert.Predicate) []assert.Predicate {
		if ps == nil {
			return nil
		}
		out := slices.Clone(ps)
		for i, p := range out {
			if v, ok := in.templateOf(p); ok {
				out[i].Value = v
			}
		}
		return out
	}
	a.Where = back(a.Where)
	a.Except = back(a.Except)
	if a.ExceptAlso != nil {
		also := make([][]assert.Predicate, len(a.ExceptAlso))
		for i, exception := range a.ExceptAlso {
			also[i] = back(exception)
		}
		a.ExceptAlso = also
	}
	return a
}

// templateOf finds a goal predicate of the same field and op whose
// rendered value is p's and whose written value is a template.
func (in *envInfo) templateOf(p assert.Predicate) (any, bool) {
	for _, c := range in.GoalChecks() {
		filled, raw := c.Prog.Assertion.Where, c.Raw.Where
		for _, r := range raw {
			s, ok := r.Value.(string)
			if !ok || r.Field != p.Field || r.Op != p.Op || !strings.Contains(s, "{{") {
				continue
			}
			for _, f := range filled {
				if f.Field == p.Field && f.Op == p.Op && reflect.DeepEqual(f.Value, p.Value) {
					return r.Value, true
				}
			}
		}
	}
	return nil, false
}

// addFix is the add_assertion fix of a and also, written as the intent
// writes its values.
func (in *envInfo) addFix(a assert.Assertion, also ...assert.Assertion) *verdict.Fix {
	add := &verdict.AddAssertion{Assertion: in.asWritten(a)}
	for _, b := range also {
		add.Also = append(add.Also, in.asWritten(b))
	}
	desc := fmt.Sprintf("add %q to the goal", add.Assertion.String())
	if len(add.Also) > 0 {
		desc += fmt.Sprintf(" and %d more assertion(s)", len(add.Also))
	}
	return &verdict.Fix{Atom: facts.Ref(in.Env.Intent), Description: desc, Edit: add}
}
