package verify

import (
	"fmt"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/verdict"
)

// fenceProgram is the environment's whole-world fence, nil when it has
// none (a frozen intent composed without one).
func (in *envInfo) fenceProgram() *assert.Program {
	for _, c := range in.Checks {
		if c.Fence {
			return c.Prog
		}
	}
	return nil
}

// unaskedCause is the cause of a plan that breaks the whole-world fence.
// When the plan changes a field of a record a goal assertion names, what
// the plan does is what the instruction asked and the goal left unsaid:
// the fix makes that assertion check the field's new value (a tag the
// plan adds, a status it sets).
func (in *envInfo) unaskedCause(r *run, from string) RootCause {
	st := r.Session.State()
	var breaks []assert.FenceBreak
	if fp := in.fenceProgram(); fp != nil {
		breaks = fp.FenceBreaks(st, 1)
	}
	msg := fmt.Sprintf("the %s plan changes what the goal does not ask for", from)
	if len(breaks) > 0 {
		msg += ": " + breaks[0].String()
	}
	rc := verdict.Blame(IntentUnaskedChange, facts.Ref(in.Env.Intent), Evidence{Assertion: "nothing else in the world changes", Message: msg})
	if len(breaks) == 0 || breaks[0].Kind != "changed" {
		return rc
	}
	b := breaks[0]
	field, _, _ := strings.Cut(b.Field, ".")
	rc.Evidence.Collection, rc.Evidence.Field = b.Collection, field
	after, _ := st.Get(b.Collection, b.Key)
	before, _ := st.Base().Collection(b.Collection).Lookup(b.Key)
	index := in.goalNaming(b.Collection, after)
	if index < 0 {
		return rc
	}
	value := addedValue(before[field], after[field])
	return rc.Suggest(&TightenAssertion{Index: index, Field: field, Value: value}, "make goal[%d] check %s", index, field)
}

// goalNaming is the index of the first positive goal assertion on the
// collection that matches the record; -1 when none does.
func (in *envInfo) goalNaming(coll string, r state.Record) int {
	for _, c := range in.GoalChecks() {
		a := c.Prog.Assertion
		if !a.IsNegative() && a.Target == coll && c.Prog.MatchRecord(r) {
			return c.Index
		}
	}
	return -1
}

// addedValue is what a change wrote: for a list, the first element the
// new list has that the old lacks; else the new value.
func addedValue(old, cur any) any {
	nl, ok := cur.([]any)
	if !ok {
		return cur
	}
	ol, _ := old.([]any)
	for _, v := range nl {
		found := false
		for _, o := range ol {
			if state.Text(o) == state.Text(v) {
				found = true
				break
			}
		}
		if !found {
			return v
		}
	}
	return cur
}
