package tau2

import (
	"runtime"
	"testing"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/cputime"
)

// BenchmarkSteps replays every task's reference plan on one session per
// task: the figures legoenv bench tau2 reports as steps per second and
// per CPU-second (the process's, GC included), and what a step allocates.
// The tools run natively, as legoenv bench tau2 runs them.
func BenchmarkSteps(b *testing.B) {
	n, err := Natives()
	if err != nil {
		b.Fatal(err)
	}
	benchSteps(b, episode.Options{Natives: n})
}

// BenchmarkStepsInterpreted is BenchmarkSteps with every tool's Starlark.
func BenchmarkStepsInterpreted(b *testing.B) { benchSteps(b, episode.Options{}) }

func benchSteps(b *testing.B, opt episode.Options) {
	_, res := importTestdata(b)
	lib, err := res.Library()
	if err != nil {
		b.Fatal(err)
	}
	type task struct {
		s     *episode.Session
		calls []episode.ToolCall
	}
	var tasks []task
	steps := 0
	for _, r := range lib.Recipes() {
		env, err := episode.Compose(lib, r, opt)
		if err != nil {
			b.Fatal(err)
		}
		s, err := episode.NewSession(env, episode.SessionOptions{})
		if err != nil {
			b.Fatal(err)
		}
		tasks = append(tasks, task{s, env.PlanCalls()})
		steps += len(env.PlanCalls())
	}
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	b.ResetTimer()
	c0 := cputime.Process()
	for i := 0; i < b.N; i++ {
		for _, t := range tasks {
			t.s.Reset()
			t.s.Step(t.calls...)
		}
	}
	cpu := cputime.Process() - c0
	runtime.ReadMemStats(&m1)
	n := float64(b.N * steps)
	// Allocation does not depend on the machine's load, as time does.
	b.ReportMetric(float64(m1.Mallocs-m0.Mallocs)/n, "allocs/step")
	b.ReportMetric(float64(m1.TotalAlloc-m0.TotalAlloc)/n, "B/step")
	b.ReportMetric(float64(b.N*steps)/b.Elapsed().Seconds(), "steps/s")
	if cpu > 0 {
		b.ReportMetric(float64(b.N*steps)/cpu.Seconds(), "steps/cpu-s")
	}
	b.ReportMetric(0, "ns/op")
}
