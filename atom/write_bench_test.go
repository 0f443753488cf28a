package atom_test

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// benchLibrary is a library of n data atoms of 200 records each, as a
// build writes them.
func benchLibrary(b *testing.B, n int) *atom.Library {
	lib := atom.NewLibrary()
	for i := 0; i < n; i++ {
		recs := make([]map[string]any, 200)
		for j := range recs {
			recs[j] = map[string]any{"id": fmt.Sprintf("t_%d", j), "subject": fmt.Sprintf("Ticket %d of atom %d", j, i),
				"status": "open", "priority": float64(j % 4), "tags": []any{"billing", "vip"}}
		}
		d := &atom.Data{Kind: atom.KindData, ID: fmt.Sprintf("bench_%d", i), Records: map[string]map[string][]map[string]any{"desk": {"tickets": recs}}}
		if _, err := lib.Put(d, fmt.Sprintf("data/bench_%d.yaml", i), true); err != nil {
			b.Fatal(err)
		}
	}
	return lib
}

// BenchmarkWriteLibrary writes 128 data atoms: files are rendered on every
// core, a batch at a time; "one-core" is the baseline in the same run
// (GOMAXPROCS 1), so the ratio of the two is the speed-up.
func BenchmarkWriteLibrary(b *testing.B) {
	lib := benchLibrary(b, 128)
	run := func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := atom.Write(lib, nil, b.TempDir()); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("one-core", func(b *testing.B) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
		run(b)
	})
	b.Run("all-cores", run)
}
