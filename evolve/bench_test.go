package evolve

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify"
)

// scaled returns the faults fixture with its recipes repeated over seeds:
// n environments, three shared faults blocking three quarters of them.
func scaled(b *testing.B, n int) *atom.Library {
	lib := loadDir(b, "testdata/faults")
	base := lib.Recipes()
	var rs []atom.Recipe
	for seed := int64(100); len(rs) < n; seed++ {
		for _, r := range base {
			if len(rs) == n {
				break
			}
			r.Seed = seed
			rs = append(rs, r)
		}
	}
	lib.SetRecipes(rs)
	return lib
}

// BenchmarkRun evolves 6,000 environments for one round. It also times one
// verification of every environment (the baseline, in the same run) and
// reports the round's time as a multiple of it (x_verify_all), and how many
// environments the round verified (verified/op): the first pass plus every
// user of each repaired atom, nothing more.
func BenchmarkRun(b *testing.B) {
	lib := scaled(b, 6000)
	start := time.Now()
	vs := verify.VerifyAll(context.Background(), lib, lib.Recipes(), verify.Options{})
	baseline := time.Since(start)
	if verify.Summarize(vs).Verified != 1500 {
		b.Fatal("unexpected verdicts for the scaled fixture")
	}
	var verified atomic.Int64
	counted := func(ctx context.Context, lib *atom.Library, rs []atom.Recipe) []verify.Verdict {
		verified.Add(int64(len(rs)))
		return verify.VerifyAll(ctx, lib, rs, verify.Options{})
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := Run(context.Background(), lib, Options{Now: fixedNow, Verify: counted})
		if err != nil {
			b.Fatal(err)
		}
		// What the round leaves is only environments whose seed draws
		// look-alikes the instruction cannot tell apart, which no
		// repairer handles.
		r := res.Report.Rounds[0]
		left := 0
		for _, p := range r.ParetoAfter {
			if p.Code != verify.IntentAmbiguous {
				b.Fatalf("round left %s: %+v", p.Code, r)
			}
			left += p.Count
		}
		if r.VerifiedAfter+left != 6000 || left > 60 || r.Accepted != 3 {
			b.Fatalf("round = %+v", r)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed())/float64(b.N)/float64(baseline), "x_verify_all")
	b.ReportMetric(float64(verified.Load())/float64(b.N), "verified/op")
}
