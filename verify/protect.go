package verify

import (
	"fmt"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/state"
)

// protectFix suggests the negative assertion that makes an over-action
// lose: `unchanged` over the collection, excepting the records the
// reference plan writes (by key when it edits records, by the positive
// goal's predicates when it creates them). Nil when the plan does both on
// one collection: no one except list names both.
func (in *envInfo) protectFix(p *Job, coll string) *Fix {
	if p.solved == nil || p.solved.sess == nil {
		return nil
	}
	st := p.solved.sess.State()
	base := st.Base().Collection(coll)
	if base == nil {
		return nil
	}
	var edited []any
	var created []state.Record
	for k := range st.Dirty(coll) {
		if _, ok := base.Lookup(k); ok {
			edited = append(edited, k)
		} else if r, ok := st.Get(coll, k); ok {
			created = append(created, r)
		}
	}
	slices.SortFunc(edited, func(a, b any) int { return strings.Compare(state.Text(a), state.Text(b)) })
	a := assert.Assertion{Type: assert.Unchanged, Target: coll, Label: "nothing else in " + coll + " changes"}
	switch {
	case len(edited) > 0 && len(created) > 0:
		return nil
	case len(edited) == 1:
		a.Except = []assert.Predicate{{Field: base.Key, Op: assert.OpEquals, Value: edited[0]}}
	case len(edited) > 1:
		a.Except = []assert.Predicate{{Field: base.Key, Op: assert.OpIn, Value: edited}}
	case len(created) > 0:
		a.Except = in.createdWhere(coll, created)
		if a.Except == nil {
			return nil
		}
	default:
		a.Label = "nothing in " + coll + " changes"
	}
	iref := ref(in.env.Intent)
	return &Fix{Atom: iref, Description: fmt.Sprintf("add %q to the goal", a.String()), Edit: &AddAssertion{Assertion: a}}
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
	for _, c := range in.goalChecks() {
		a := c.prog.Assertion
		if a.Type != assert.Exists || a.Target != coll {
			continue
		}
		var out []assert.Predicate
		for _, pr := range a.Where {
			switch pr.Op {
			case assert.OpEquals, assert.OpIEquals, assert.OpIn, assert.OpContains, assert.OpIContains:
				if allMatch(coll, pr, created) {
					out = append(out, pr)
				}
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
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
	for _, k := range ProbeKinds {
		if n[k] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", k, n[k]))
		}
	}
	return strings.Join(parts, ", ")
}
