package evolve

import (
	"context"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify"
)

// scaled returns the faults fixture with its recipes repeated over many
// seeds: n environments, three shared faults blocking three quarters.
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

// BenchmarkVerifyAll is the baseline: one verification of every environment.
func BenchmarkVerifyAll(b *testing.B) {
	lib := scaled(b, 6000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		vs := verify.VerifyAll(context.Background(), lib, lib.Recipes(), verify.Options{})
		if verify.Summarize(vs).Verified != 1500 {
			b.Fatal("unexpected verdicts")
		}
	}
}

// BenchmarkRun evolves the same 6,000 environments for one round; its time
// over BenchmarkVerifyAll's is the cost of evolution beyond one pass.
func BenchmarkRun(b *testing.B) {
	lib := scaled(b, 6000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := Run(context.Background(), lib, Options{Now: fixedNow})
		if err != nil {
			b.Fatal(err)
		}
		if r := res.Report.Rounds[0]; r.VerifiedAfter != 6000 || r.Accepted != 3 {
			b.Fatalf("round = %+v", r)
		}
	}
}
