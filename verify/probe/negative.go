package probe

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/satisfy"
	"github.com/legoenv/legoenv/verify/verdict"
)

// maxScopeKeys bounds the keys a scoped unchanged lists as the records
// that may change ("no row is added to this worksheet" names the rows it
// holds): past it the assertion is no longer one a reader can check.
const maxScopeKeys = 50

// protection is the negative assertion over coll that makes a wrong
// plan lose: one the reference plan's final state satisfies and the wrong
// plan's final state (wrong) does not, so that it is known to tell them
// apart before evolution tries it. Candidates, in order:
//
//   - the collection, excepting the records the plan writes: by key when
//     it edits them, by the predicates of one positive goal assertion
//     every record it creates satisfies (planWrites);
//   - when the plan only creates there, a cap on the number of records
//     its exception names (countCap: the summary is not sent again, for
//     a look-alike), then one exception per kind of record it creates
//     (mails to three people, posts in three channels: planAlternatives),
//     then a scope;
//   - otherwise a scope first: the part of the collection the wrong plan
//     changed and the plan does not (the source worksheet a row was put
//     in instead of the one the task names; a worksheet whose rows the
//     plan edits but where it adds none): scoped.
//
// Nil when no candidate tells the two states apart. With wrong nil (no
// state to compare) the first candidate the plan satisfies is taken.
func (in *envInfo) protection(p *Job, coll string, wrong *state.State) *assert.Assertion {
	if p.Solved == nil || p.Solved.Session == nil {
		return nil
	}
	right := p.Solved.Session.State()
	base := right.Base().Collection(coll)
	if base == nil {
		return nil
	}
	pw := planWritesOf(right, coll)
	cands := []func() *assert.Assertion{func() *assert.Assertion { return in.planWrites(coll, base.Key, pw) }}
	byAlternatives := func() *assert.Assertion { return in.planAlternatives(right, coll, base.Key, pw, wrong) }
	scope := func() *assert.Assertion { return in.scoped(right, wrong, coll) }
	if len(pw.edited) == 0 {
		// A frozen intent only gains negatives; a count is a positive that
		// acts as a constraint, so evolution would refuse the whole fix.
		if !atom.IsFrozen(in.Env.Intent.Atom) {
			cands = append(cands, func() *assert.Assertion { return in.countCap(right, wrong, coll, pw) })
		}
		cands = append(cands, byAlternatives, scope)
	} else {
		cands = append(cands, scope, byAlternatives)
	}
	for _, cand := range cands {
		a := cand()
		if a == nil || !tellsApart(*a, right, wrong) {
			continue
		}
		return a
	}
	return nil
}

// overActionProtection is the assertion that makes an over-action lose
// (nil when none tells the plan's state from the wrong one): for a person
// added to a list of recipients, the goal's own assertion on the record
// with the list's length pinned, or, for a frozen intent, which only gains
// negatives, the collection's unchanged with that length pinned in the
// exception naming the record; for any other, protection.
func (in *envInfo) overActionProtection(p *Job, x extraWrite, wrong *state.State) *assert.Assertion {
	if x.kind != KindAddedRecipient {
		return in.protection(p, x.coll, wrong)
	}
	right := p.Solved.Session.State()
	if !atom.IsFrozen(in.Env.Intent.Atom) {
		if a := in.recipientsAssertion(p, x); a != nil && tellsApart(*a, right, wrong) {
			return a
		}
	}
	a := in.protection(p, x.coll, nil)
	if a == nil || a.Type != assert.Unchanged {
		return nil
	}
	pinned := pinRecipients(*a, right, x)
	if !tellsApart(pinned, right, wrong) {
		return nil
	}
	return &pinned
}

// pinIn pins, for a person added to a list of recipients, the list's
// length in the unchanged already made for that collection, when the
// pinned one holds on the plan's state, makes the last wrong plan lose and
// every one the old one did; it reports whether it did.
func (in *envInfo) pinIn(p *Job, made []assert.Assertion, x extraWrite, wrong []overAction) bool {
	if x.kind != KindAddedRecipient {
		return false
	}
	right := p.Solved.Session.State()
	for j, m := range made {
		if m.Type != assert.Unchanged || m.Target != x.coll {
			continue
		}
		if pinned := pinRecipients(m, right, x); tellsApart(pinned, right, wrong[len(wrong)-1].wrong) && keepsRejecting(m, pinned, wrong) {
			made[j] = pinned
			return true
		}
	}
	return false
}

// pinRecipients is the unchanged a with the length of the recipients'
// list (x.field) pinned in every exception that names records the plan
// wrote, one alternative per length those records have: one more person
// on a list then makes it a change.
func pinRecipients(a assert.Assertion, right *state.State, x extraWrite) assert.Assertion {
	var exceptions [][]assert.Predicate
	for _, exception := range append([][]assert.Predicate{a.Except}, a.ExceptAlso...) {
		exceptions = append(exceptions, pinSizes(exception, right, x)...)
	}
	pinned := a
	pinned.Except, pinned.ExceptAlso = exceptions[0], exceptions[1:]
	if len(pinned.ExceptAlso) == 0 {
		pinned.ExceptAlso = nil
	}
	return pinned
}

// pinSizes is the exception where, once for each length of the recipients'
// list among the records the plan wrote that it names, with that length
// pinned; where alone when it names none.
func pinSizes(where []assert.Predicate, right *state.State, x extraWrite) [][]assert.Predicate {
	if len(where) == 0 {
		return [][]assert.Predicate{where}
	}
	var out [][]assert.Predicate
	seen := map[int]bool{}
	for _, k := range slices.Sorted(maps.Keys(right.Dirty(x.coll))) {
		r, ok := right.Get(x.coll, k)
		list, isList := r[x.field].([]any)
		if !ok || !isList || !satisfy.AllHold(r, where) || seen[len(list)] {
			continue
		}
		seen[len(list)] = true
		out = append(out, append(slices.Clone(where), assert.Predicate{Field: x.field, Op: assert.OpSize, Value: float64(len(list))}))
	}
	if len(out) == 0 {
		return [][]assert.Predicate{where}
	}
	return out
}

// withMoreProtections adds to the add_assertion fix of the failure in ds
// the assertions of the one in more (from the probes that ran after it),
// those on a part of a collection the fix does not already cover. ds is
// returned as it is when either has no such fix.
func withMoreProtections(ds, more []verdict.Diagnostic) []verdict.Diagnostic {
	add := addAssertionOf(ds)
	extra := addAssertionOf(more)
	if add == nil || extra == nil {
		return ds
	}
	made := append([]assert.Assertion{add.Assertion}, add.Also...)
	for _, a := range append([]assert.Assertion{extra.Assertion}, extra.Also...) {
		if !sameScope(made, a) {
			add.Also = append(add.Also, a)
			made = append(made, a)
		}
	}
	return ds
}

// addAssertionOf returns the add_assertion payload of the first failure's
// suggested fix, or nil.
func addAssertionOf(ds []verdict.Diagnostic) *verdict.AddAssertion {
	for _, d := range ds {
		if d.Cause != nil && d.Cause.SuggestedFix != nil {
			if a, ok := d.Cause.SuggestedFix.Edit.(*verdict.AddAssertion); ok {
				return a
			}
		}
	}
	return nil
}

// planWrites are the records of one collection a plan wrote: the keys of
// those it edited (or deleted) and the records it created.
type planWrites struct {
	edited  []any
	created []state.Record
}

func planWritesOf(st *state.State, coll string) planWrites {
	var w planWrites
	base := st.Base().Collection(coll)
	for k := range st.Dirty(coll) {
		if _, ok := base.Lookup(k); ok {
			w.edited = append(w.edited, k)
		} else if r, ok := st.Get(coll, k); ok {
			w.created = append(w.created, r)
		}
	}
	slices.SortFunc(w.edited, func(a, b any) int { return strings.Compare(state.Text(a), state.Text(b)) })
	slices.SortFunc(w.created, func(a, b state.Record) int {
		ka, _ := state.KeyOf(a, base.Key)
		kb, _ := state.KeyOf(b, base.Key)
		return strings.Compare(ka, kb)
	})
	return w
}

// tellsApart reports whether a holds on the reference plan's state and,
// when there is one, fails on the wrong plan's.
func tellsApart(a assert.Assertion, right, wrong *state.State) bool {
	prog, err := assert.Compile(a)
	if err != nil || !prog.Eval(assert.Input{State: right}).Holds {
		return false
	}
	return wrong == nil || !prog.Eval(assert.Input{State: wrong}).Holds
}

// planWrites is `unchanged` over the collection excepting the records the
// plan writes, when one exception names them all: nil when the plan both
// edits and creates there.
func (in *envInfo) planWrites(coll, key string, w planWrites) *assert.Assertion {
	a := assert.Assertion{Type: assert.Unchanged, Target: coll, Label: "nothing else in " + coll + " changes"}
	switch {
	case len(w.edited) > 0 && len(w.created) > 0:
		return nil
	case len(w.edited) > 0:
		a.Except = keyIn(key, w.edited)
	case len(w.created) > 0:
		a.Except = in.createdWhere(coll, w.created)
		if a.Except == nil {
			return nil
		}
	default:
		a.Label = "nothing in " + coll + " changes"
	}
	return &a
}

// keyIn is the predicate naming records by key: an equality for one.
func keyIn(key string, keys []any) []assert.Predicate {
	if len(keys) == 1 {
		return []assert.Predicate{{Field: key, Op: assert.OpEquals, Value: keys[0]}}
	}
	return []assert.Predicate{{Field: key, Op: assert.OpIn, Value: keys}}
}

// createdWhere returns the predicates of the first positive goal assertion
// on coll that pin a value (equal to it, one of a list, containing it) and
// that every record the plan created satisfies: what the records the task
// creates are known by. A goal that accepts a channel by id or by name, or
// a text by a phrase it contains, still tells the created record from one
// written elsewhere; a predicate that names only one of several created
// records (one contact of the four added to a campaign) is left out, so
// that the exception covers them all.
func (in *envInfo) createdWhere(coll string, created []state.Record) []assert.Predicate {
	for _, c := range in.GoalChecks() {
		a := c.Prog.Assertion
		if a.Type != assert.Exists || a.Target != coll {
			continue
		}
		if out := pinning(coll, a.Where, created); len(out) > 0 {
			return out
		}
	}
	return nil
}

// pinning keeps the predicates of where that pin a value and that every
// record satisfies.
func pinning(coll string, where []assert.Predicate, recs []state.Record) []assert.Predicate {
	var out []assert.Predicate
	for _, pr := range where {
		switch pr.Op {
		case assert.OpEquals, assert.OpIEquals, assert.OpIn, assert.OpContains, assert.OpIContains:
			if allMatch(coll, pr, recs) {
				out = append(out, pr)
			}
		}
	}
	return out
}

// allMatch reports whether every record satisfies the predicate.
func allMatch(coll string, pr assert.Predicate, recs []state.Record) bool {
	p, err := assert.Compile(assert.Assertion{Type: assert.Exists, Target: coll, Where: []assert.Predicate{pr}})
	if err != nil {
		return false
	}
	for _, r := range recs {
		if !p.MatchRecord(r) {
			return false
		}
	}
	return true
}

// probeCounts renders how many probes of each kind ran.
func probeCounts(ps []Probe) string {
	n := map[string]int{}
	for _, p := range ps {
		n[p.Kind]++
	}
	var parts []string
	for _, k := range kinds {
		if n[k] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", k, n[k]))
		}
	}
	return strings.Join(parts, ", ")
}

// perturbFailure is the root cause of a perturbation of step i that kept
// full reward (its run r). When the goal does not pin the value, the fix
// is not to pin it but to forbid what the wrong plan did instead: the
// scoped unchanged that tells its final state from the plan's (the row
// put in the source worksheet instead of the one the task names).
func (p *Job) perturbFailure(i int, pt perturbation, kind string, r *facts.Run) verdict.RootCause {
	c := freeValueCause(p.info.perturbCause(p.Plan[i], i, pt), kind)
	if c.SuggestedFix != nil || c.Atom != facts.Ref(p.Env.Intent) || r == nil || r.Session == nil {
		return c
	}
	if fix := p.info.substitutionFix(p, r.Session.State()); fix != nil {
		c.SuggestedFix = fix
		c.Evidence.Message += "; what the wrong plan changed instead can be forbidden"
	}
	return c
}

// sameScope reports whether an assertion of as covers what a covers: the
// same type, collection and where.
func sameScope(as []assert.Assertion, a assert.Assertion) bool {
	return slices.ContainsFunc(as, func(b assert.Assertion) bool {
		return b.Type == a.Type && b.Target == a.Target && reflect.DeepEqual(b.Where, a.Where)
	})
}

// keepsRejecting reports whether b makes every wrong plan lose that old
// makes lose: b may replace old.
func keepsRejecting(old, b assert.Assertion, wrong []overAction) bool {
	for _, o := range wrong {
		if rejects([]assert.Assertion{old}, o.wrong) && !rejects([]assert.Assertion{b}, o.wrong) {
			return false
		}
	}
	return true
}

// rejects reports whether one of the assertions fails on st.
func rejects(as []assert.Assertion, st *state.State) bool {
	for _, a := range as {
		if prog, err := assert.Compile(a); err == nil && !prog.Eval(assert.Input{State: st}).Holds {
			return true
		}
	}
	return false
}
