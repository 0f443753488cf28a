package verify

import (
	"context"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/testlib"
)

// thousand returns 1,000 distinct environments of the built-in kind: the
// example recipes, each over many data seeds (the generated records differ
// by seed, so every environment has its own initial state and id).
func thousand(lib *atom.Library) []atom.Recipe {
	base := lib.Recipes()
	var out []atom.Recipe
	for seed := int64(1); len(out) < 1000; seed++ {
		for _, r := range base {
			if len(out) == 1000 {
				break
			}
			r.Seed = seed
			out = append(out, r)
		}
	}
	return out
}

// BenchmarkVerify verifies 1,000 environments on one core and on all cores
// in the same iteration, and reports environments per second for each (wall
// time), the parallel speed-up (all cores over one), and environments per
// CPU-second, which is throughput per core whatever else the machine runs.
func BenchmarkVerify(b *testing.B) {
	lib := testlib.Example(b)
	rs := thousand(lib)
	ctx := context.Background()
	cores := runtime.GOMAXPROCS(0)
	// One warm-up pass fills the caches a long run would have warm.
	if vs := VerifyAll(ctx, lib, rs, Options{}); Summarize(vs).Verified != len(rs) {
		b.Fatalf("only %d of %d verified: %+v", Summarize(vs).Verified, len(rs), Summarize(vs).ByCause)
	}
	var one, all, cpuOne, cpuAll time.Duration
	var gcOne, gcAll gcCPU
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g0, c0, t0 := readGCCPU(), cpuTime(), time.Now()
		VerifyAll(ctx, lib, rs, Options{Jobs: 1})
		g1, c1, t1 := readGCCPU(), cpuTime(), time.Now()
		VerifyAll(ctx, lib, rs, Options{Jobs: cores})
		g2, c2, t2 := readGCCPU(), cpuTime(), time.Now()
		gcOne.add(g1, g0)
		gcAll.add(g2, g1)
		one += t1.Sub(t0)
		all += t2.Sub(t1)
		cpuOne += c1 - c0
		cpuAll += c2 - c1
	}
	n := float64(len(rs) * b.N)
	b.ReportMetric(n/one.Seconds(), "envs/s_1core")
	b.ReportMetric(n/all.Seconds(), "envs/s_allcores")
	b.ReportMetric(one.Seconds()/all.Seconds(), "speedup")
	if cpuOne > 0 {
		b.ReportMetric(n/cpuOne.Seconds(), "envs/cpu-s_1core")
		b.ReportMetric(n/cpuAll.Seconds(), "envs/cpu-s_allcores")
	}
	// The collector's share of the process's CPU, as the runtime accounts
	// it: with one worker it marks on the idle core, so one worker already
	// keeps more than one core busy and the speed-up is bounded by it.
	b.ReportMetric(100*gcOne.share(), "gc%_1core")
	b.ReportMetric(100*gcAll.share(), "gc%_allcores")
	b.ReportMetric(float64(cores), "cores")
}

// gcCPU is the runtime's account of CPU time spent collecting garbage and
// running Go code (runtime/metrics), in seconds.
type gcCPU struct{ gc, user float64 }

func readGCCPU() gcCPU {
	ms := []metrics.Sample{{Name: "/cpu/classes/gc/total:cpu-seconds"}, {Name: "/cpu/classes/user:cpu-seconds"}}
	metrics.Read(ms)
	if ms[0].Value.Kind() != metrics.KindFloat64 || ms[1].Value.Kind() != metrics.KindFloat64 {
		return gcCPU{}
	}
	return gcCPU{gc: ms[0].Value.Float64(), user: ms[1].Value.Float64()}
}

// add adds the time between two readings.
func (g *gcCPU) add(to, from gcCPU) {
	g.gc += to.gc - from.gc
	g.user += to.user - from.user
}

func (g gcCPU) share() float64 {
	if g.gc+g.user == 0 {
		return 0
	}
	return g.gc / (g.gc + g.user)
}

// BenchmarkVerifyEnv is one environment's checks on a composed
// environment, per intent: where the time goes besides composition.
func BenchmarkVerifyEnv(b *testing.B) {
	lib := testlib.Example(b)
	for _, r := range lib.Recipes()[:2] {
		v := Verify(context.Background(), lib, r)
		b.Run(v.Intent, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				r.Seed = int64(i%500 + 1)
				Verify(context.Background(), lib, r)
			}
		})
	}
}
