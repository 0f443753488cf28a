package probe

import (
	"reflect"
	"testing"

	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/verify/facts"

	"github.com/legoenv/legoenv/episode"
)

// A probe replayed from a fork of the plan's prefix is the run a fresh
// replay gives: the same observations, digests and score, whether it drops
// a step, changes one, or adds calls after the plan.
func TestPrefixReplayIsAFreshReplay(t *testing.T) {
	tried := 0
	for _, env := range planned(t) {
		plan := env.PlanCalls()
		pr := newPrefixRuns(env, plan)
		variants := [][]episode.ToolCall{nil, plan, append(append([]episode.ToolCall(nil), plan...), plan...)}
		for i := range plan {
			drop := append(append([]episode.ToolCall(nil), plan[:i]...), plan[i+1:]...)
			changed := append([]episode.ToolCall(nil), plan...)
			changed[i].Args = []byte(`{}`)
			variants = append(variants, drop, changed, plan[:i+1])
		}
		for _, calls := range variants {
			for _, digests := range []bool{false, true} {
				want, err := facts.Replay(env, calls, digests)
				if err != nil {
					t.Fatal(err)
				}
				got := pr.replay(calls, digests)
				if !reflect.DeepEqual(got.Obs, want.Obs) || !reflect.DeepEqual(got.Digests, want.Digests) ||
					!reflect.DeepEqual(got.Result, want.Result) || got.Session.Hash() != want.Session.Hash() {
					t.Fatalf("%s: %d calls from the fork differ from a fresh replay", env.ID, len(calls))
				}
				tried++
			}
		}
	}
	if tried == 0 {
		t.Fatal("no environment with a plan in the example library")
	}
}

// planned composes the example environments whose reference plan has
// calls.
func planned(tb testing.TB) []*episode.Env {
	lib := testlib.Example(tb)
	var out []*episode.Env
	for _, r := range lib.Recipes() {
		env, err := episode.Compose(lib, r, episode.Options{})
		if err != nil {
			tb.Fatal(err)
		}
		if len(env.PlanCalls()) > 0 {
			out = append(out, env)
		}
	}
	return out
}
