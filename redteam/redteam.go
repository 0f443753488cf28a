// Package redteam runs generic cheating policies against environments:
// the wrong plans a careless or reward-hacking agent makes without knowing
// the goal (nothing, the plan plus a write nobody asked for, a value
// swapped, a shotgun of writes, blind writes), and reports the share of
// environments where one of them keeps full reward. It is how a corpus is
// checked before GPU hours are spent on it.
package redteam

import (
	"context"
	"fmt"
	"slices"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/parallel"
	"github.com/legoenv/legoenv/state"
)

// Attempt is one trajectory a policy tried and its score.
type Attempt struct {
	Policy string             `json:"policy"`
	What   string             `json:"what"`
	Calls  []episode.ToolCall `json:"calls"`
	Reward float64            `json:"reward"`
	Passed bool               `json:"passed"`
}

// PolicyResult is what one policy did in one environment: how many
// trajectories it tried and the first that kept full reward.
type PolicyResult struct {
	Tried   int      `json:"tried"`
	Exploit *Attempt `json:"exploit,omitempty"`
}

// EnvResult is one environment's outcome under every policy.
type EnvResult struct {
	EnvID    string                   `json:"env_id"`
	Intent   string                   `json:"intent"`
	Err      string                   `json:"error,omitempty"`
	Policies map[string]*PolicyResult `json:"policies"`
}

// PlanFunc gives an environment's reference plan.
type PlanFunc func(context.Context, *episode.Env) ([]episode.ToolCall, error)

// Options tune Run.
type Options struct {
	Policies []string // default AllPolicies()
	// Plan gives an environment's reference plan (the intent's, or the
	// planner's); the policies that extend or change it skip an
	// environment without one.
	Plan     PlanFunc
	Jobs     int                   // parallel workers; 0: every core
	Progress func(done, total int) // may be nil
}

// Run runs the policies on each environment, in parallel, results in the
// order of envs.
func Run(ctx context.Context, envs []*episode.Env, opt Options) []EnvResult {
	if len(opt.Policies) == 0 {
		opt.Policies = AllPolicies()
	}
	out := make([]EnvResult, len(envs))
	parallel.For(ctx, len(envs), opt.Jobs, func(i int) { out[i] = runEnv(ctx, envs[i], opt) }, opt.Progress)
	return out
}

// runEnv runs every policy on one environment.
func runEnv(ctx context.Context, env *episode.Env, opt Options) EnvResult {
	res := EnvResult{EnvID: env.ID, Intent: env.Intent.ID, Policies: map[string]*PolicyResult{}}
	w, err := env.World(env.Recipe.Seed)
	if err != nil {
		res.Err = err.Error()
		return res
	}
	tg := &target{env: env, world: w}
	if opt.Plan != nil {
		plan, err := opt.Plan(ctx, env)
		if err != nil {
			res.Err = fmt.Sprintf("no plan: %v", err)
		} else {
			tg.plan = plan
		}
	}
	var planned *episode.Session
	if tg.plan != nil {
		if planned, err = episode.Replay(env, episode.SessionOptions{}, tg.plan); err != nil {
			res.Err = err.Error()
			return res
		}
		tg.planned = planned.State()
	}
	for _, policy := range opt.Policies {
		if ctx.Err() != nil {
			break
		}
		if pr := tg.run(policy, planned); pr != nil {
			res.Policies[policy] = pr
		}
	}
	return res
}

// run tries one policy; nil when it has nothing to try here (no plan to
// extend).
func (tg *target) run(policy string, planned *episode.Session) *PolicyResult {
	needsPlan := policy == Reference || policy == Collateral || policy == Swap
	if needsPlan && planned == nil {
		return nil
	}
	pr := &PolicyResult{}
	try := func(what string, calls []episode.ToolCall) bool {
		a := tg.score(policy, what, calls)
		pr.Tried++
		if a.Passed && pr.Exploit == nil {
			pr.Exploit = &a
		}
		return a.Passed
	}
	switch policy {
	case Nothing:
		try("no call at all", nil)
	case Reference:
		try("the reference plan", tg.plan)
	case Collateral:
		tg.collateral(planned, pr)
	case Swap:
		for _, calls := range tg.swaps() {
			if try("the plan with one value swapped", calls) {
				break
			}
		}
	case Shotgun:
		if calls := tg.shotgun(); len(calls) > 0 {
			try(fmt.Sprintf("%d writes on the records the instruction names", len(calls)), calls)
		}
	case Blind:
		for _, calls := range tg.blind() {
			if try("blind: "+calls[0].Name, calls) {
				break
			}
		}
	}
	return pr
}

// collateral adds each extra write to the planned session (a fork of it):
// one that fails or changes nothing is no attempt.
func (tg *target) collateral(planned *episode.Session, pr *PolicyResult) {
	for _, x := range append(tg.fieldWrites(), tg.toolWrites()...) {
		s := planned.Fork() // the planned session itself stays as the plan left it
		if obs := s.Call(x.call); obs.IsError || !changed(planned.State(), s.State(), x.coll) {
			continue
		}
		res := s.Evaluate()
		pr.Tried++
		if res.Passed && pr.Exploit == nil {
			calls := append(slices.Clone(tg.plan), x.call)
			pr.Exploit = &Attempt{Policy: Collateral, What: "the plan plus " + x.what, Calls: calls, Reward: res.Reward, Passed: true}
			return
		}
	}
}

// changed reports whether a collection differs between two states (the
// records either wrote).
func changed(before, after *state.State, name string) bool {
	for k := range after.Dirty(name) {
		a, aok := after.Get(name, k)
		b, bok := before.Get(name, k)
		if aok != bok || state.HashValue(a) != state.HashValue(b) {
			return true
		}
	}
	return false
}

// score replays calls in a fresh session.
func (tg *target) score(policy, what string, calls []episode.ToolCall) Attempt {
	a := Attempt{Policy: policy, What: what, Calls: calls}
	s, err := episode.Replay(tg.env, episode.SessionOptions{}, calls)
	if err != nil {
		return a
	}
	res := s.Evaluate()
	a.Reward, a.Passed = res.Reward, res.Passed
	if policy != Reference && tg.planned != nil && a.Passed && s.State().Hash() == tg.planned.Hash() {
		// The same world as the reference plan's: the task done another
		// way (a blind write that is the task), not an exploit.
		a.Passed = false
	}
	return a
}

// PolicySummary is one policy over a corpus: the environments it could
// try (a plan to extend, a write to make) and those where an attempt kept
// full reward.
type PolicySummary struct {
	Policy string  `json:"policy"`
	Envs   int     `json:"envs"`
	Kept   int     `json:"kept"`
	Share  float64 `json:"share"`
}

// Summarize counts, per policy, the environments tried and kept.
func Summarize(results []EnvResult, policies []string) []PolicySummary {
	out := make([]PolicySummary, len(policies))
	for i, policy := range policies {
		s := PolicySummary{Policy: policy}
		for _, r := range results {
			pr := r.Policies[policy]
			if pr == nil || pr.Tried == 0 {
				continue
			}
			s.Envs++
			if pr.Exploit != nil {
				s.Kept++
			}
		}
		if s.Envs > 0 {
			s.Share = float64(s.Kept) / float64(s.Envs)
		}
		out[i] = s
	}
	return out
}
