package probe

import (
	"bytes"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify/facts"
)

// prefixRuns holds the solving plan's session after each of its steps, so
// that a wrong plan which starts as the plan does (a probe: the plan with
// one step dropped or changed, or with a call added) continues from a fork
// of that point instead of replaying the shared steps. A forked session is
// the session those steps leave, so the run is the one a fresh replay
// gives, observations, digests and score alike.
type prefixRuns struct {
	plan    []episode.ToolCall
	at      []*episode.Session // at[k]: the session after plan[:k]
	obs     []episode.Observation
	digests []uint64 // state digest after each step
}

// newPrefixRuns replays plan once, keeping a fork after every step; nil
// when no session can be made.
func newPrefixRuns(env *episode.Env, plan []episode.ToolCall) *prefixRuns {
	s, err := episode.NewSession(env, episode.SessionOptions{})
	if err != nil {
		return nil
	}
	pr := &prefixRuns{plan: plan, at: make([]*episode.Session, 0, len(plan)+1)}
	pr.at = append(pr.at, s.Fork())
	for _, c := range plan {
		pr.obs = append(pr.obs, s.Call(c))
		pr.digests = append(pr.digests, facts.Digest(s.State()))
		pr.at = append(pr.at, s.Fork())
	}
	return pr
}

// shared is how many leading calls of calls are the plan's.
func (pr *prefixRuns) shared(calls []episode.ToolCall) int {
	n := 0
	for n < len(calls) && n < len(pr.plan) && sameCall(calls[n], pr.plan[n]) {
		n++
	}
	return n
}

func sameCall(a, b episode.ToolCall) bool {
	return a.ID == b.ID && a.Name == b.Name && bytes.Equal(a.Args, b.Args)
}

// replay is replay(env, calls, digests) for calls that may share a prefix
// with the plan.
func (pr *prefixRuns) replay(calls []episode.ToolCall, digests bool) *facts.Run {
	k := pr.shared(calls)
	s := pr.at[k].Fork()
	r := &facts.Run{Calls: calls, Session: s, Obs: make([]episode.Observation, 0, len(calls))}
	r.Obs = append(r.Obs, pr.obs[:k]...)
	if digests {
		r.Digests = append(r.Digests, pr.digests[:k]...)
	}
	for _, c := range calls[k:] {
		r.Obs = append(r.Obs, s.Call(c))
		if digests {
			r.Digests = append(r.Digests, facts.Digest(s.State()))
		}
	}
	r.Result = s.Evaluate()
	return r
}

// replayProbe replays calls on env from the closest fork of the plan when
// the job has a plan, and afresh otherwise.
func (p *Job) replayProbe(calls []episode.ToolCall, digests bool) (*facts.Run, error) {
	if p.prefix == nil || !samePlan(p.prefix.plan, p.Plan) {
		p.prefix = nil
		if len(p.Plan) > 0 {
			p.prefix = newPrefixRuns(p.Env, p.Plan)
		}
	}
	if p.prefix == nil {
		return facts.Replay(p.Env, calls, digests)
	}
	return p.prefix.replay(calls, digests), nil
}

func samePlan(a, b []episode.ToolCall) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sameCall(a[i], b[i]) {
			return false
		}
	}
	return true
}
