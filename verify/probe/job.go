// Package probe tries the wrong plans a discriminating goal must reject:
// the empty trajectory, the plan without a state-changing step, the plan
// with a key argument perturbed or a free value emptied, and the
// over-actions (the same write on a look-alike or an unnamed record, a
// person added to the recipients, the branch not taken). A wrong plan that
// keeps full reward is a failure whose fix, where one is known, tightens
// the goal or adds the negative that tells the wrong plan's final state
// from the plan's (negative.go, negative_scope.go).
//
// verify's discriminating check hands the probes a Job, what they read of
// the checks' work; the probes know nothing else of verify.
package probe

import (
	"context"
	"strings"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
)

// Job is what the probes of one environment read and what they leave: the
// environment and its facts, the plan that solved it with its run, the
// empty trajectory's run, and the wrong plans tried.
type Job struct {
	Ctx  context.Context // context.Background() when nil
	Env  *episode.Env
	Info *facts.Info // the environment's facts, derived once (from Env when nil)

	// Plan is the plan that solved the environment and Solved its run;
	// Solved is nil when no plan solved it.
	Plan   []episode.ToolCall
	Solved *facts.Run
	// Empty is the run of the empty trajectory, nil when none was made.
	Empty *facts.Run
	// Free reports whether the planner chose a value of a tool's argument
	// in its plan freely (nil: no value was).
	Free func(tool, arg string, v any) bool
	// Probes are the wrong plans tried, in order.
	Probes []Probe

	info   *envInfo    // Info, with the probes' methods
	prefix *prefixRuns // forks of the plan's session
}

// envInfo is an environment's facts with the methods the probes read them
// through.
type envInfo struct{ *facts.Info }

// start fills in what a Job may leave out and wraps its facts.
func (p *Job) start() {
	if p.Ctx == nil {
		p.Ctx = context.Background()
	}
	if p.Info == nil {
		p.Info = facts.New(p.Env)
	}
	p.info = &envInfo{p.Info}
}

// free reports whether the plan's value v of a tool's argument is one the
// planner chose freely.
func (p *Job) free(tool, arg string, v any) bool {
	return p.Free != nil && p.Free(tool, arg, v)
}

// keepsNoRecordOf reports whether an argument of tool t is a reference
// (<x>_id) to a kind of record the tool's app keeps no collection of, and
// its collection no reference for: Instagram's account_id, whose state
// holds only media (the account is the one the Graph API publishes from,
// /{ig-user-id}/media, https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media),
// or a Google Ads customer's account beside its conversions. No record of
// the world answers it, so no goal can say which record it names, and a
// free value of it written otherwise is no wrong write. A value that is
// the key of a record of the app's world (a Twitter following_id naming
// one of its users) names a record whatever the argument is called, and
// is probed.
func (in *envInfo) keepsNoRecordOf(t *episode.Tool, arg string, v any) bool {
	if t == nil || t.App == "" || in.keyOfARecord(t.App, v) {
		return false
	}
	stem, ok := strings.CutSuffix(strings.ToLower(arg), "_id")
	if !ok || stem == "" {
		return false
	}
	own := false
	for name, c := range in.Colls {
		if c.App != t.App {
			continue
		}
		own = true
		switch c.Coll {
		case stem, stem + "s", stem + "es":
			return false
		}
		if c.Coll == t.Effect.Collection || name == t.Effect.Collection {
			if f, ok := c.Def.Fields[arg]; ok && f.Ref != "" {
				return false
			}
		}
	}
	return own
}

// keyOfARecord reports whether v is the key of a record of app's world.
func (in *envInfo) keyOfARecord(app string, v any) bool {
	k, ok := v.(string)
	if !ok || k == "" || in.Data == nil {
		return false
	}
	for _, c := range in.Colls {
		if c.App != app {
			continue
		}
		key := c.Def.KeyField()
		for _, r := range in.Data.Records[app][c.Coll] {
			if state.Text(r[key]) == k {
				return true
			}
		}
	}
	return false
}
