package synth

import (
	"context"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify"
)

// workflowCorpus synthesises a reduced corpus and returns its library and
// the recipes of its workflow intents.
func workflowCorpus(t *testing.T) (*atom.Library, []atom.Recipe) {
	t.Helper()
	c, err := Synthesize(builtinServers(t), Options{Seed: 1, Size: 0.3, Variants: 1, Workflows: 6})
	if err != nil {
		t.Fatal(err)
	}
	lib, err := c.Library()
	if err != nil {
		t.Fatal(err)
	}
	var rs []atom.Recipe
	for _, r := range c.Recipes {
		if strings.HasPrefix(r.Intent.ID, "wf.") {
			rs = append(rs, r)
		}
	}
	if len(rs) < 4 {
		t.Fatalf("%d workflow recipes, want at least 4", len(rs))
	}
	return lib, rs
}

func TestWorkflowsVerify(t *testing.T) {
	lib, rs := workflowCorpus(t)
	vs := verify.VerifyAll(context.Background(), lib, rs, verify.Options{Jobs: 2})
	for _, v := range vs {
		if !v.Verified {
			t.Errorf("%s (%s) not verified: %+v", v.EnvID, v.Intent, v.RootCause)
		}
	}
	for _, r := range rs {
		env, err := episode.Compose(lib, r, episode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		in := env.Intent.MustIntent()
		if len(env.Apps) < 3 || len(env.Plan) < 6 || len(in.Steps) < 3 {
			t.Errorf("%s: %d apps, %d plan steps, %d steps; want 3+, 6+, 3+", in.ID, len(env.Apps), len(env.Plan), len(in.Steps))
		}
		neg := 0
		for _, c := range env.Checks {
			if c.Source == "goal" && c.Program.Assertion.IsNegative() {
				neg++
			}
		}
		if neg < 3 {
			t.Errorf("%s: %d negative goal assertions, want 3 or more", in.ID, neg)
		}
		// The curated surface holds the plan's tools and distractors, not
		// every tool of the apps.
		all := 0
		for _, s := range env.Servers {
			all += len(s.MustServer().Tools)
		}
		if n := len(env.Tools()); n <= len(planTools(env)) || n >= all {
			t.Errorf("%s: %d tools offered, plan uses %d, apps have %d", in.ID, n, len(planTools(env)), all)
		}
		// What to set lives in the policy document, not the instruction.
		step := env.Composed.Goal[len(in.Goal)]
		for _, p := range step.Where {
			if s, ok := p.Value.(string); ok && p.Field != "" && !strings.Contains(s, "{{") && strings.Contains(env.Instruction, s) {
				t.Errorf("%s: the instruction gives away the value %q", in.ID, s)
			}
		}
	}
}

// TestWorkflowOutputsOnce: a workflow's summary (and its log record) sent
// a second time names the same records, so only a count tells it from the
// plan's own; the doubled plan must lose reward.
func TestWorkflowOutputsOnce(t *testing.T) {
	lib, rs := workflowCorpus(t)
	for _, r := range rs {
		env, err := episode.Compose(lib, r, episode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		createsTwiceLose(t, env)
	}
}

// createsTwiceLose replays the reference plan with each of its creates
// done twice and fails the test where the doubled plan keeps full reward.
func createsTwiceLose(t *testing.T, env *episode.Env) {
	t.Helper()
	calls := env.PlanCalls()
	n := 0
	for i, c := range calls {
		if tool := env.Tool(c.Name); tool == nil || tool.Effect.Kind != "create" {
			continue
		}
		n++
		twice := append(append(append([]episode.ToolCall(nil), calls[:i+1]...), c), calls[i+1:]...)
		s, err := episode.Replay(env, episode.SessionOptions{}, twice)
		if err != nil {
			t.Fatal(err)
		}
		if res := s.Evaluate(); res.Passed {
			t.Errorf("%s: the plan with %s done twice keeps full reward", env.Intent.ID, c.Name)
		}
	}
	if n == 0 {
		t.Errorf("%s: the plan creates nothing", env.Intent.ID)
	}
}

func planTools(env *episode.Env) map[string]bool {
	out := map[string]bool{}
	for _, p := range env.Plan {
		out[p.Tool] = true
	}
	return out
}

// A new version of a step intent reaches every workflow that reuses it.
func TestWorkflowStepFixReachesWorkflows(t *testing.T) {
	lib, rs := workflowCorpus(t)
	r := rs[0]
	before, err := episode.Compose(lib, r, episode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	stepID := before.Intent.MustIntent().Steps[0].Intent
	users := 0
	for _, o := range rs {
		e, _ := lib.Get(atom.KindIntent, o.Intent)
		if e.MustIntent().Steps[0].Intent == stepID {
			users++
		}
	}
	old, err := lib.Get(atom.KindIntent, atom.Pin{ID: stepID})
	if err != nil {
		t.Fatal(err)
	}
	fixed := *old.MustIntent()
	fixed.Goal = append(append([]assert.Assertion(nil), fixed.Goal...), assert.Assertion{Type: assert.NotExists, Target: fixed.Goal[0].Target,
		Where: assert.Where{{Field: fixed.Goal[0].Where[0].Field, Op: assert.OpEquals, Value: "{{t}}"}, {Field: "__deleted", Op: assert.OpEquals, Value: true}}, Label: "the record is kept"})
	if _, err := lib.Put(&fixed, old.File, true); err != nil {
		t.Fatal(err)
	}
	reached := 0
	for _, o := range rs {
		e, _ := lib.Get(atom.KindIntent, o.Intent)
		steps := e.MustIntent().Steps
		if steps[0].Intent != stepID {
			continue
		}
		after, err := episode.Compose(lib, o, episode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, a := range after.Composed.Goal {
			if a.Label == "the record is kept" {
				n++
			}
		}
		if n == len(steps) {
			reached++
		}
	}
	if reached != users {
		t.Errorf("the step's fix reached %d of the %d workflows that reuse it (once per selected record)", reached, users)
	}
}

// A policy moves records through states, never through the reason an
// event happened: Shopify sets cancel_reason when it cancels an order, and
// refuses to cancel it again, so "every order whose cancel reason is X"
// asked the impossible (150 environments of the default build failed
// verification with the product's error).
func TestNoWorkflowStepSetsAReason(t *testing.T) {
	needWholeCorpus(t)
	c, err := Synthesize(builtinServers(t), Options{Seed: 1, Variants: 1, Partners: 1})
	if err != nil {
		t.Fatal(err)
	}
	workflows := 0
	for _, in := range c.Intents {
		if !strings.HasPrefix(in.ID, "wf.") {
			continue
		}
		workflows++
		for _, s := range in.Steps {
			for _, part := range strings.Split(s.Intent, ".") {
				if isReason(part) {
					t.Errorf("%s: step %s sets a reason", in.ID, s.Intent)
				}
			}
		}
	}
	if workflows < 100 {
		t.Fatalf("%d workflow intents; the test reads too few", workflows)
	}
}
