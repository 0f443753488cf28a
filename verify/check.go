package verify

import (
	"context"
	"slices"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify/ground"
	"github.com/legoenv/legoenv/verify/verdict"
)

// Check is one verification check, a value in the checks table: a name, a
// doc line and a run function returning diagnostics. A check fails when one
// of its diagnostics carries a root cause.
type Check struct {
	Name string
	Doc  string
	Run  func(p *Job) []Diagnostic
}

// Diagnostic is one finding of a check (verdict.Diagnostic). Cause is set
// when the finding fails the check; findings without a cause are notes
// (which plan was used, what was tried).
type Diagnostic = verdict.Diagnostic

// Job is what the checks of one environment share: the environment, the
// plan the solvable check settled on, and the runs made so far, so that a
// later check reuses the work of an earlier one.
type Job struct {
	Ctx context.Context
	Env *episode.Env

	// Plan is the plan that solved the environment (set by solvable).
	Plan []episode.ToolCall
	// PlanFrom is "reference" or "planner".
	PlanFrom string
	// Grounding traces the values the plan writes that the goal checks to
	// what the agent saw (set by solvable).
	Grounding []ground.Grounding
	// Probes are the wrong plans the discriminating check tried.
	Probes []Probe
	// Unasked is the instruction-ablation self-check's finding: the plan
	// is grounded even by the instruction cut to its names (set by
	// solvable).
	Unasked bool

	info    *envInfo        // facts derived once from the environment
	solved  *run            // the plan's run, recorded by solvable
	empty   *run            // the empty trajectory, recorded by nontrivial
	fillers map[string]bool // arguments of a planner's plan it chose freely
}

// checkTable is the table of checks, cheapest first. Verification runs them
// in order and skips the rest after the first failure.
var checkTable = []Check{
	{Name: "compose", Doc: "atoms resolve, apps are served, slots bind to handles, assertions name real apps, collections and fields, rule checks compile, data keys are sound", Run: runCompose},
	{Name: "nontrivial", Doc: "the goal is not already met by the initial state: doing nothing is not rewarded", Run: runNontrivial},
	{Name: "solvable", Doc: "the reference plan (or the planner's when the intent has none) runs without a tool error and reaches reward 1 without breaking a rule", Run: runSolvable},
	{Name: "discriminating", Doc: "the empty trajectory fails, the plan without any state-changing step fails, and the plan with a key argument perturbed fails", Run: runDiscriminating},
	{Name: "deterministic", Doc: "two replays of the plan give the same states, observations and reward", Run: runDeterministic},
}

// Checks returns the checks in the order verification runs them, a copy:
// changing it changes nothing the verifier does.
func Checks() []Check { return slices.Clone(checkTable) }

// fail makes a failing diagnostic (verdict.Failing).
func fail(c RootCause) Diagnostic { return verdict.Failing(c) }

// note makes an informational diagnostic (verdict.Note).
func note(msg string) Diagnostic { return verdict.Note(msg) }
