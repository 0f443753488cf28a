package dist

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/verify"
)

// BenchmarkVerify runs the example library's verification in one process
// (the baseline, verify.VerifyAll on all cores) and through an embedded
// JetStream server with two in-process workers of one job each; the ratio
// of the two is the cost of the queue on one machine.
func BenchmarkVerify(b *testing.B) {
	lib, err := LoadLibrary(BuiltinExample)
	if err != nil {
		b.Fatal(err)
	}
	rs := lib.Recipes()
	b.Run("local", func(b *testing.B) {
		for b.Loop() {
			verify.VerifyAll(b.Context(), lib, rs, verify.Options{})
		}
	})
	b.Run("jetstream-2-workers", func(b *testing.B) {
		url := startServer(b)
		for range 2 {
			_, js := connect(b, url)
			w := &Worker{JS: js, Config: testConfig}
			go func() { _ = w.Run(b.Context()) }()
		}
		_, js := connect(b, url)
		c := &Coordinator{JS: js, Config: testConfig, Timeout: time.Minute}
		for b.Loop() {
			if _, err := c.Verify(b.Context(), BuiltinExample, rs); err != nil {
				b.Fatal(err)
			}
		}
	})
}
