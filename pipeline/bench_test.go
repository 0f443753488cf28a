package pipeline

import (
	"context"
	"testing"
	"time"

	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/synth"
	"github.com/legoenv/legoenv/verify"
)

// BenchmarkBuild measures a reduced build (synthesis, verification, one
// round of evolution, collection) against its baseline in the same run:
// one plain verification of the same recipes. The ratio says what the
// build adds to verifying once.
func BenchmarkBuild(b *testing.B) {
	src := testlib.Builtin(b)
	opt := synth.Options{Seed: 1, Size: 0.2}
	c, err := synth.Synthesize(src, opt)
	if err != nil {
		b.Fatal(err)
	}
	lib, err := c.Library()
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	t0 := time.Now()
	verify.VerifyAll(ctx, lib, lib.Recipes(), verify.Options{})
	base := time.Since(t0)
	b.ResetTimer()
	var envs int
	for i := 0; i < b.N; i++ {
		bd, err := Run(ctx, src, BuildOptions{Synth: opt, Rounds: 1})
		if err != nil {
			b.Fatal(err)
		}
		envs = len(bd.Envs)
	}
	per := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(per)/float64(base), "x-verify-once")
	b.ReportMetric(float64(envs)/per.Seconds(), "verified-envs/s")
}
