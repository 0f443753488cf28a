package verify

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/parallel"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/ground"
	"github.com/legoenv/legoenv/verify/verdict"
)

// Options tune VerifyAll.
type Options struct {
	Jobs     int                   // parallel workers; 0 = runtime.NumCPU()
	Progress func(done, total int) // called as environments finish; may be nil
	// Fence composes frozen intents with the whole-world fence too, to
	// verify an imported benchmark under legoenv's fence.
	Fence bool
	// Verified, when set, is called from the workers with each environment
	// that verified and its verdict, while the composed environment is at
	// hand: a caller that needs more of it (a fingerprint, a profile) reads
	// it here instead of composing it again. It must be safe for
	// concurrent use and must not keep env past the call.
	Verified func(env *episode.Env, v Verdict)
}

// Verify composes a recipe, then runs the checks on the environment. A
// recipe that does not compose fails its compose check, with the root cause
// mapped from the composition issues.
func Verify(ctx context.Context, lib *atom.Library, r atom.Recipe) Verdict {
	return VerifyWith(ctx, lib, r, episode.Options{})
}

// VerifyWith is Verify with composition options (the fence on frozen
// intents).
func VerifyWith(ctx context.Context, lib *atom.Library, r atom.Recipe, opt episode.Options) Verdict {
	v, _ := verifyComposed(ctx, lib, r, opt)
	return v
}

// verifyComposed is VerifyWith that also returns the composed environment
// (nil when the recipe does not compose).
func verifyComposed(ctx context.Context, lib *atom.Library, r atom.Recipe, opt episode.Options) (Verdict, *episode.Env) {
	env, err := episode.Compose(lib, r, opt)
	if err != nil {
		return composeFailure(lib, r, err), nil
	}
	v := VerifyEnv(ctx, env)
	if rc := v.RootCause; rc != nil && rc.Code == ServerMissingTool && len(env.Intent.MustIntent().Tools) > 0 {
		if cause, ok := toolsetCause(ctx, lib, env); ok {
			v.RootCause = &cause
		}
	}
	return v, env
}

// toolsetCause decides whether an intent's own tool list is what keeps a
// tool from the plan: the environment with every tool of its apps verifies
// as solvable, so the servers have what the task needs and the intent left
// it out. The fix names the tools the full surface's plan uses that the
// list lacks.
func toolsetCause(ctx context.Context, lib *atom.Library, env *episode.Env) (RootCause, bool) {
	full, err := episode.Compose(lib, env.Recipe, episode.Options{FullSurface: true, Fence: env.Fenced()})
	if err != nil {
		return RootCause{}, false
	}
	v := VerifyEnv(ctx, full)
	if !solvedBy(v) {
		return RootCause{}, false
	}
	var missing []string
	for _, c := range v.Plan {
		if env.Tool(c.Name) == nil && !slices.Contains(missing, c.Name) {
			missing = append(missing, c.Name)
		}
	}
	if len(missing) == 0 {
		return RootCause{}, false
	}
	iref := facts.Ref(env.Intent)
	msg := fmt.Sprintf("the intent's tool list leaves out %s, which the task needs; with every tool of its apps the planner solves it", strings.Join(missing, ", "))
	return verdict.Blame(IntentToolsetExcludes, iref, Evidence{Tool: missing[0], Message: msg}).
		Suggest(&AddToToolset{Tools: missing}, "add %s to the intent's tools", strings.Join(missing, ", ")), true
}

// solvedBy reports whether a verdict's solvable check passed.
func solvedBy(v Verdict) bool {
	for _, c := range v.Checks {
		if c.Name == "solvable" {
			return c.Status == Pass
		}
	}
	return false
}

// VerifyEnv runs the checks on a composed environment, cheapest first; after
// the first failure the remaining checks are skipped. RootCause is nil on a
// failing verdict only when ctx ended before the checks did.
func VerifyEnv(ctx context.Context, env *episode.Env) Verdict {
	v, _ := runChecks(ctx, env)
	return v
}

// Explanation is a verdict with the work behind it: where each value the
// plan writes came from, and every wrong plan the discriminating check
// tried with its reward.
type Explanation struct {
	Verdict   Verdict            `json:"verdict"`
	Grounding []ground.Grounding `json:"grounding"`
	Probes    []Probe            `json:"probes"`
}

// Explain verifies env and keeps the grounding trace and the probes.
func Explain(ctx context.Context, env *episode.Env) Explanation {
	v, p := runChecks(ctx, env)
	return Explanation{Verdict: v, Grounding: p.Grounding, Probes: p.Probes}
}

func runChecks(ctx context.Context, env *episode.Env) (Verdict, *Job) {
	v := Verdict{EnvID: env.ID, Recipe: env.Recipe, Intent: env.Intent.ID, Data: env.Data.ID, Apps: env.Apps, Verified: true}
	p := &Job{Ctx: ctx, Env: env, info: newEnvInfo(env)}
	failed := false
	for _, c := range checkTable {
		res := CheckResult{Name: c.Name, Status: Skip}
		if failed {
			v.Checks = append(v.Checks, res)
			continue
		}
		if err := ctx.Err(); err != nil {
			res.Status = Fail
			res.Diagnostics = []string{"interrupted: " + err.Error()}
			v.Checks = append(v.Checks, res)
			v.Verified, failed = false, true
			continue
		}
		res.Status = Pass
		for _, d := range c.Run(p) {
			res.Diagnostics = append(res.Diagnostics, d.Message)
			if d.Cause != nil && res.Status == Pass {
				res.Status = Fail
				cause := *d.Cause
				v.RootCause = &cause
			}
		}
		if res.Status == Pass && ctx.Err() != nil {
			// A check cut short by the context proves nothing.
			res.Status = Fail
			res.Diagnostics = append(res.Diagnostics, "interrupted: "+ctx.Err().Error())
		}
		if res.Status == Fail {
			v.Verified, failed = false, true
		}
		v.Checks = append(v.Checks, res)
	}
	v.Plan, v.PlanFrom = p.Plan, p.PlanFrom
	v.Probes = probeTally(p.Probes)
	v.Unasked = p.Unasked
	return v, p
}

// probeTally counts the probes of each kind.
func probeTally(ps []Probe) map[string]int {
	if len(ps) == 0 {
		return nil
	}
	out := map[string]int{}
	for _, p := range ps {
		out[p.Kind]++
	}
	return out
}

// VerifyAll verifies recipes in parallel and returns the verdicts in the
// order of rs.
func VerifyAll(ctx context.Context, lib *atom.Library, rs []atom.Recipe, opt Options) []Verdict {
	out := make([]Verdict, len(rs))
	// Every recipe gets a verdict: one verified after ctx ends says so
	// itself, which callers that keep verdicts rely on.
	parallel.For(context.WithoutCancel(ctx), len(rs), opt.Jobs, func(i int) {
		v, env := verifyComposed(ctx, lib, rs[i], episode.Options{Fence: opt.Fence})
		if opt.Verified != nil && v.Verified && env != nil {
			opt.Verified(env, v)
		}
		out[i] = v
	}, opt.Progress)
	return out
}

// composeFailure is the verdict of a recipe that does not compose.
func composeFailure(lib *atom.Library, r atom.Recipe, err error) Verdict {
	v := Verdict{Recipe: r, Intent: r.Intent.ID, Data: r.Data.ID}
	var ce *episode.ComposeError
	res := CheckResult{Name: checkTable[0].Name, Status: Fail}
	if errors.As(err, &ce) {
		v.Recipe = ce.Recipe
		for _, is := range ce.Issues {
			res.Diagnostics = append(res.Diagnostics, is.String())
		}
		cause := composeCause(lib, ce)
		v.RootCause = &cause
	} else {
		res.Diagnostics = []string{err.Error()}
		v.RootCause = &RootCause{Code: RecipeMissingAtom, Atom: AtomRef{Kind: atom.KindIntent, ID: r.Intent.ID}, Evidence: Evidence{Message: err.Error()}}
	}
	v.EnvID = v.Recipe.Hash()
	for _, s := range v.Recipe.Servers {
		if e, err := lib.Get(atom.KindServer, s); err == nil {
			v.Apps = append(v.Apps, e.MustServer().AppName())
		}
	}
	v.Checks = append(v.Checks, res)
	for _, c := range checkTable[1:] {
		v.Checks = append(v.Checks, CheckResult{Name: c.Name, Status: Skip})
	}
	return v
}
