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
	created := false
	for k := range st.Dirty(coll) {
		if _, ok := base.Lookup(k); ok {
			edited = append(edited, k)
		} else {
			created = true
		}
	}
	slices.SortFunc(edited, func(a, b any) int { return strings.Compare(state.Text(a), state.Text(b)) })
	a := assert.Assertion{Type: assert.Unchanged, Target: coll, Label: "nothing else in " + coll + " changes"}
	switch {
	case len(edited) > 0 && created:
		return nil
	case len(edited) == 1:
		a.Except = []assert.Predicate{{Field: base.Key, Op: assert.OpEquals, Value: edited[0]}}
	case len(edited) > 1:
		a.Except = []assert.Predicate{{Field: base.Key, Op: assert.OpIn, Value: edited}}
	case created:
		a.Except = in.createdWhere(coll)
		if a.Except == nil {
			return nil
		}
	default:
		a.Label = "nothing in " + coll + " changes"
	}
	iref := ref(in.env.Intent)
	return &Fix{Atom: iref, Description: fmt.Sprintf("add %q to the goal", a.String()), Edit: &AddAssertion{Assertion: a}}
}

// createdWhere returns the equality predicates of the first positive goal
// assertion on coll: what the record the task creates is known by.
func (in *envInfo) createdWhere(coll string) []assert.Predicate {
	for _, c := range in.goalChecks() {
		a := c.prog.Assertion
		if a.Type != assert.Exists || a.Target != coll {
			continue
		}
		var out []assert.Predicate
		for _, pr := range a.Where {
			if pr.Op == assert.OpEquals || pr.Op == assert.OpIEquals {
				out = append(out, pr)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
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
