package episode

import (
	"github.com/legoenv/legoenv/internal/testlib"
	"reflect"
	"testing"
)

// A fork after any prefix of the plan, continued with the rest, ends where
// a fresh replay of the whole plan does (state, calls, trajectory, score),
// and continuing it leaves the session it was forked from as it was.
func TestForkContinuesAsReplay(t *testing.T) {
	lib := testlib.Example(t)
	for _, env := range composeAll(t, lib) {
		plan := env.PlanCalls()
		if len(plan) == 0 {
			continue
		}
		whole, err := Replay(env, SessionOptions{}, plan)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k <= len(plan); k++ {
			s, _ := Replay(env, SessionOptions{}, plan[:k])
			hash, steps := s.Hash(), s.Steps()
			f := s.Fork()
			f.Step(plan[k:]...)
			if f.Hash() != whole.Hash() || !reflect.DeepEqual(f.Trajectory(), whole.Trajectory()) ||
				!reflect.DeepEqual(f.Calls(), whole.Calls()) || f.TrajectoryBytes() != whole.TrajectoryBytes() {
				t.Fatalf("%s: fork after %d steps, continued, differs from the replay", env.ID, k)
			}
			if got, want := f.Evaluate(), whole.Evaluate(); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: fork after %d steps scores %+v, the replay %+v", env.ID, k, got, want)
			}
			if k < len(plan) && (s.Hash() != hash || s.Steps() != steps) {
				t.Fatalf("%s: continuing the fork after %d steps changed the session it came from", env.ID, k)
			}
		}
	}
}
