package serve

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/legoenv/legoenv/episode"
)

// TestConcurrentSessions runs 200 sessions at once over HTTP, each
// interleaving steps and evaluations, and checks every reward (after every
// step, and at the end) against a serial run of the same calls. Run it with
// -race.
func TestConcurrentSessions(t *testing.T) {
	cat := exampleCatalog(t)
	ts := startServer(t, cat, Options{})
	trajs := trajectories(t, cat)
	seeds := []int64{0, 11}

	// The serial run: the reward after each prefix of each trajectory.
	type key struct{ traj, seed int }
	want := map[key][]float64{}
	for ti, tr := range trajs {
		for si, seed := range seeds {
			s, err := episode.NewSession(tr.env, episode.SessionOptions{Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			rewards := []float64{s.Evaluate().Reward}
			for _, c := range tr.calls {
				s.Call(c)
				rewards = append(rewards, s.Evaluate().Reward)
			}
			want[key{ti, si}] = rewards
		}
	}

	const sessions = 200
	results := make([]mixedOutcome, sessions)
	keys := make([]key, sessions)
	begin := make(chan struct{})
	var wg sync.WaitGroup
	totalCalls := 0
	for i := 0; i < sessions; i++ {
		k := key{i % len(trajs), (i / len(trajs)) % len(seeds)}
		totalCalls += len(trajs[k.traj].calls)
		wg.Add(1)
		keys[i] = k
		go func(i int, k key) {
			defer wg.Done()
			<-begin
			results[i] = runMixed(ts, trajs[k.traj], seeds[k.seed], i)
		}(i, k)
	}
	close(begin)
	wg.Wait()

	checked := 0
	for i, r := range results {
		k := keys[i]
		if r.err != nil {
			t.Errorf("session %d (%s): %v", i, trajs[k.traj].name, r.err)
			continue
		}
		w := want[k]
		for steps, got := range r.rewards {
			if got != w[steps] {
				t.Errorf("session %d (%s, seed %d) after %d steps: reward %v, serial run %v", i, trajs[k.traj].name, seeds[k.seed], steps, got, w[steps])
			}
			checked++
		}
	}
	if checked < sessions {
		t.Errorf("checked %d rewards; want at least one per session", checked)
	}

	// The metrics agree with what the clients did.
	_, text, err := ts.raw("GET", "/metrics", nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]float64{
		"legoenv_sessions_created_total":      sessions,
		"legoenv_sessions_open":               0,
		"legoenv_steps_total":                 float64(totalCalls),
		"legoenv_step_duration_seconds_count": float64(totalCalls),
	} {
		if got := metricValue(t, string(text), name); got != want {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
}

// mixedOutcome is what one session of the concurrency test saw.
type mixedOutcome struct {
	rewards map[int]float64 // steps taken -> reward evaluated then
	err     error
}

// runMixed drives one session: a step a call, an evaluation after every
// other step and at the end, then a close.
func runMixed(ts *testServer, tr trajectory, seed int64, n int) (out mixedOutcome) {
	out.rewards = map[int]float64{}
	fail := func(format string, args ...any) {
		if out.err == nil {
			out.err = fmt.Errorf(format, args...)
		}
	}
	var start SessionStart
	if err := ts.json("POST", "/v1/sessions", map[string]any{"env_id": tr.env.ID, "seed": seed}, 201, &start); err != nil {
		fail("create: %v", err)
		return
	}
	base := "/v1/sessions/" + start.SessionID
	evaluate := func(steps int) {
		var ev Evaluation
		if err := ts.json("POST", base+"/evaluate", nil, 200, &ev); err != nil {
			fail("evaluate: %v", err)
			return
		}
		if ev.Steps != steps {
			fail("evaluate after %d steps says %d", steps, ev.Steps)
		}
		out.rewards[steps] = ev.Reward
	}
	if n%3 == 0 {
		evaluate(0)
	}
	for i, c := range tr.calls {
		var res StepResult
		if err := ts.json("POST", base+"/step", wire([]episode.ToolCall{c}), 200, &res); err != nil {
			fail("step %d: %v", i, err)
			return
		}
		if res.Steps != i+1 {
			fail("step %d answered steps=%d", i, res.Steps)
		}
		if (i+n)%2 == 0 {
			evaluate(i + 1)
		}
	}
	evaluate(len(tr.calls))
	if err := ts.json("DELETE", base, nil, 200, nil); err != nil {
		fail("close: %v", err)
	}
	return
}

// json is raw with a wanted status and a decoded answer.
func (ts *testServer) json(method, path string, body any, status int, out any) error {
	st, b, err := ts.raw(method, path, body)
	if err != nil {
		return err
	}
	if st != status {
		return fmt.Errorf("%s %s: status %d (%s), want %d", method, path, st, b, status)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(b, out)
}

// metricValue reads an unlabelled sample from Prometheus text.
func metricValue(t testing.TB, text, name string) float64 {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, name+" ") {
			v, err := strconv.ParseFloat(strings.TrimSpace(line[len(name):]), 64)
			if err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			return v
		}
	}
	t.Fatalf("metric %s not exposed", name)
	return math.NaN()
}
