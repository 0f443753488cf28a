package evolve

import (
	"context"
	"fmt"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify"
)

// A repair must not buy verified environments by accepting what the old
// version rejected. Two tests, both on intents and rules (the atoms that
// hold goals and checks):
//
//   - behaviour: every wrong plan (probe) that lost reward under the old
//     version, in an environment it verified, must still lose under the
//     new one;
//   - shape, for environments the old version failed (they have no
//     probes): no assertion of the goal is dropped, no negative assertion
//     is changed, and none keeps fewer predicates.
//
// weakens returns why a proposal weakens the atom, or "".
func (e *engine) weakens(ctx context.Context, head *atom.Entry, prop Proposal, cand *atom.Library, rs []atom.Recipe, users []int) (string, error) {
	if head.Kind != atom.KindIntent && head.Kind != atom.KindRule {
		return "", nil
	}
	if why := shapeWeakens(head.Atom, prop.Atom); why != "" {
		return why, nil
	}
	for _, i := range users {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		if !e.cur[i].Verified {
			continue
		}
		why, err := probesNowPass(ctx, e.lib, e.recipes[i], cand, rs[i])
		if err != nil || why != "" {
			return why, err
		}
	}
	return "", nil
}

// probesNowPass replays the old environment's failing probes on the new
// one.
func probesNowPass(ctx context.Context, oldLib *atom.Library, oldR atom.Recipe, newLib *atom.Library, newR atom.Recipe) (string, error) {
	oldEnv, err := episode.Compose(oldLib, oldR, episode.Options{})
	if err != nil {
		return "", nil // nothing to compare against
	}
	newEnv, err := episode.Compose(newLib, newR, episode.Options{})
	if err != nil {
		return "", nil // the gate's own verification reports it
	}
	ex := verify.Explain(ctx, oldEnv)
	for _, p := range ex.Probes {
		if p.Passed {
			continue
		}
		s, err := episode.Replay(newEnv, episode.SessionOptions{}, p.Plan)
		if err != nil {
			continue
		}
		if s.Evaluate().Passed {
			return fmt.Sprintf("weakens the goal: in %s the %s probe (%s) lost reward under the old version and passes under the new one", oldEnv.ID, p.Kind, p.What), nil
		}
	}
	return "", nil
}

// shapeWeakens compares the assertions of two versions of an intent (its
// goal) or a rule (its checks).
func shapeWeakens(oldAtom, newAtom any) string {
	var before, after []assert.Assertion
	what := "goal"
	switch o := oldAtom.(type) {
	case *atom.Intent:
		n, ok := newAtom.(*atom.Intent)
		if !ok {
			return ""
		}
		if n.NoFence && !o.NoFence {
			return "weakens the goal: drops the whole-world fence (no_fence)"
		}
		before, after = o.Goal, n.Goal
	case *atom.Rule:
		// A rule may be relaxed (that is how a rule that forbids the goal
		// is repaired); only its behaviour is held, by the probes.
		return ""
	default:
		return ""
	}
	if len(after) < len(before) {
		return fmt.Sprintf("weakens the %s: %d assertions, %d before", what, len(after), len(before))
	}
	for i, a := range before {
		if why := looser(a, after[i]); why != "" {
			return fmt.Sprintf("weakens the %s: %s[%d] (%s) %s", what, what, i, a.String(), why)
		}
	}
	return ""
}

// looser says how b accepts more than a, or "". A positive assertion
// loosens by losing predicates; a negative one (it forbids the records or
// calls its where matches) by gaining them; unchanged by losing except
// predicates, gaining alternative exceptions, narrowing its scope (more
// where predicates) or ignoring more fields.
func looser(a, b assert.Assertion) string {
	switch {
	case a.Type != b.Type:
		return "became " + b.Type
	case a.Type == assert.Unchanged && (len(b.Except) < len(a.Except) || len(b.ExceptAlso) > len(a.ExceptAlso) ||
		len(b.Where) > len(a.Where) || len(b.Ignore) > len(a.Ignore)):
		return "lets more records change"
	case a.Type == assert.NotExists || a.Type == assert.NotCalled:
		if len(b.Where) > len(a.Where) {
			return "forbids less"
		}
	case !a.IsNegative() && len(b.Where) < len(a.Where):
		return fmt.Sprintf("keeps %d of its %d predicates", len(b.Where), len(a.Where))
	}
	return ""
}
