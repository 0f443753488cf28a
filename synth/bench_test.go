package synth

import (
	"context"
	"testing"

	"github.com/legoenv/legoenv/verify"
)

// BenchmarkSynthesize measures synthesis alone over every built-in server.
func BenchmarkSynthesize(b *testing.B) {
	src := builtinServers(b)
	var n int
	for i := 0; i < b.N; i++ {
		c, err := Synthesize(src, Options{Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		n = len(c.Recipes)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "recipes/s")
}

// BenchmarkVerifyBuiltEnv verifies environments of the synthesised corpus
// one at a time (the build's unit of work: composition, grounding, probes,
// determinism), cycling over the first 200 recipes of a reduced corpus.
func BenchmarkVerifyBuiltEnv(b *testing.B) {
	c, err := Synthesize(builtinServers(b), Options{Seed: 1, Size: 0.05})
	if err != nil {
		b.Fatal(err)
	}
	lib, err := c.Library()
	if err != nil {
		b.Fatal(err)
	}
	rs := lib.Recipes()
	if len(rs) > 200 {
		rs = rs[:200]
	}
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		verify.Verify(ctx, lib, rs[i%len(rs)])
	}
}
