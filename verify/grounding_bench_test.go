package verify

import (
	"testing"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/verify/facts"
)

// planEnvs composes the example environments that have a reference plan.
func planEnvs(b *testing.B) []*episode.Env {
	lib := testlib.Example(b)
	var out []*episode.Env
	for _, r := range lib.Recipes() {
		env, err := episode.Compose(lib, r, episode.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if len(env.Plan) > 0 {
			out = append(out, env)
		}
	}
	if len(out) == 0 {
		b.Fatal("no example environment has a plan")
	}
	return out
}

// BenchmarkGrounding traces the plan's writes to what the agent saw, as the
// solvable check does once per environment.
func BenchmarkGrounding(b *testing.B) {
	envs := planEnvs(b)
	infos := make([]*envInfo, len(envs))
	runs := make([]*run, len(envs))
	for i, env := range envs {
		infos[i] = newEnvInfo(env)
		r, err := facts.Replay(env, env.PlanCalls(), true)
		if err != nil {
			b.Fatal(err)
		}
		runs[i] = r
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := i % len(envs)
		infos[j].traceGrounding(runs[j])
	}
}
