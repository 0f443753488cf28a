package probe

import (
	"testing"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify/facts"
)

// BenchmarkProbeReplay runs an over-action probe (the plan plus one more
// call) afresh and from the fork of the plan's session that the
// discriminating check keeps; the ratio of the two is what forking saves
// per probe.
func BenchmarkProbeReplay(b *testing.B) {
	envs := planned(b)
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
