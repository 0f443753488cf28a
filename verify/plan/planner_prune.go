package plan

import (
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify/facts"
)

// Pruning. The planner makes each task hold in turn, so a later step may
// make an earlier one needless: the tag added for one assertion is
// written again by the update that takes another tag off, an envelope
// voided once without its reason and again with it. Such a plan still
// passes without the earlier step, which is what the discriminating check
// reads as a goal that does not check that step. So a plan that passes is
// pruned: a step that changes the state is dropped while the plan still
// passes without it and no call fails; reads stay, since later steps name
// what they found.

// prune drops needless state-changing steps from a passing plan, the
// earliest first, one at a time (each drop is checked on a replay of the
// whole plan, as the drop probe will be).
func (p *Planner) prune(calls []episode.ToolCall) []episode.ToolCall {
	for len(calls) > 1 && p.ctx.Err() == nil {
		r, err := facts.Replay(p.env, calls, true)
		if err != nil || !r.Result.Passed || r.FirstError() >= 0 {
			return calls
		}
		dropped := false
		for _, i := range r.ChangingSteps() {
			cand := append(append([]episode.ToolCall(nil), calls[:i]...), calls[i+1:]...)
			if rr, err := facts.Replay(p.env, cand, false); err == nil && rr.Result.Passed && rr.FirstError() < 0 {
				calls, dropped = cand, true
				break
			}
		}
		if !dropped {
			return calls
		}
	}
	return calls
}
