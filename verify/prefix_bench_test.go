package verify

import (
	"testing"

	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/verify/facts"

	"github.com/legoenv/legoenv/episode"
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

// BenchmarkProbeReplay runs an over-action probe (the plan plus one more
// call) afresh and from the fork of the plan's session that the
// discriminating check keeps; the ratio of the two is what forking saves
// per probe.
func BenchmarkProbeReplay(b *testing.B) {
	envs := planEnvs(b)
	probes := make([][]episode.ToolCall, len(envs))
	prefixes := make([]*prefixRuns, len(envs))
	for i, env := range envs {
		plan := env.PlanCalls()
		probes[i] = append(append([]episode.ToolCall(nil), plan...), plan[len(plan)-1])
		prefixes[i] = newPrefixRuns(env, plan)
	}
	b.Run("fresh", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			j := i % len(envs)
			if _, err := facts.Replay(envs[j], probes[j], true); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("fork", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			j := i % len(envs)
			prefixes[j].replay(probes[j], true)
		}
	})
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
