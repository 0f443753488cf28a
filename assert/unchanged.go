package assert

import (
	"fmt"
	"slices"

	"github.com/legoenv/legoenv/state"
)

// evalUnchanged checks an Unchanged assertion. Only the records the session
// wrote can differ from the start, so it reads the dirty keys alone: a
// record is left alone when it is in both states with equal fields (Ignore
// aside), may change when it matches an exception before or after, and is
// not covered when it is outside the scope (Where) both before and after:
// a row moved out of the protected worksheet is a change to it.
func (p *Program) evalUnchanged(st *state.State) Outcome {
	a := p.Assertion
	if !st.Has(a.Target) {
		return Outcome{true, fmt.Sprintf("no collection %s", a.Target)}
	}
	base := st.Base().Collection(a.Target)
	dirty := st.Dirty(a.Target)
	keys := make([]string, 0, len(dirty))
	for k := range dirty {
		keys = append(keys, k)
	}
	slices.Sort(keys) // the first change named is the same every run
	for _, k := range keys {
		before, had := base.Lookup(k)
		after, has := st.Get(a.Target, k)
		if (had && p.MatchRecord(before)) || (has && p.MatchRecord(after)) {
			continue
		}
		if !(had && p.inScope(before)) && !(has && p.inScope(after)) {
			continue
		}
		switch {
		case had && has:
			if f, differ := firstDiff(after, before, a.Ignore); differ {
				return Outcome{false, fmt.Sprintf("%s %s changed (%s)", a.Target, k, f)}
			}
		case has:
			return Outcome{false, fmt.Sprintf("%s %s was created", a.Target, k)}
		case had:
			return Outcome{false, fmt.Sprintf("%s %s was deleted", a.Target, k)}
		}
	}
	if p.scope != nil {
		return Outcome{true, "no record it covers changed"}
	}
	return Outcome{true, "no other record changed"}
}
