package verify

import (
	"context"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify/ground"
	"github.com/legoenv/legoenv/verify/plan"
)

// Plan derives a sequence of tool calls that makes every positive goal
// assertion true and keeps every negative one (and every rule) true, from
// the assertions and the tools' declared effects. Records the task names
// are looked up with the environment's search and get tools, using only
// what the instruction reveals, and their keys are taken from the
// observations. The search is bounded and deterministic. The error is a
// *PlanError.
func Plan(ctx context.Context, env *episode.Env) ([]episode.ToolCall, error) {
	in := newEnvInfo(env)
	return plan.New(ctx, env, in.Info, sight{in}).Plan()
}

// sight lends the planner what the grounding check reads: what the agent
// sees before its first call and the reads that would show it a value.
type sight struct{ in *envInfo }

// Opening is what the agent sees before its first call.
func (s sight) Opening() *ground.Visible { return s.in.messageContext() }

// ReadsShowing returns the reads that would show the agent v.
func (s sight) ReadsShowing(v string, known *ground.Visible, proseOnly bool) []episode.ToolCall {
	return s.in.readsShowing(v, known, proseOnly)
}
