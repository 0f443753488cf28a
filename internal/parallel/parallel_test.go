package parallel

import (
	"context"
	"sync/atomic"
	"testing"
)

func TestForCallsEachIndexOnceWithRisingProgress(t *testing.T) {
	const n = 500
	var calls [n]atomic.Int32
	last := 0
	For(context.Background(), n, 3, func(i int) { calls[i].Add(1) }, func(done, total int) {
		if done != last+1 || total != n {
			t.Errorf("progress %d of %d after %d", done, total, last)
		}
		last = done
	})
	for i := range calls {
		if c := calls[i].Load(); c != 1 {
			t.Fatalf("index %d called %d times", i, c)
		}
	}
	if last != n {
		t.Errorf("progress ended at %d, want %d", last, n)
	}
}

func TestForStopsWhenTheContextEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var ran atomic.Int32
	For(ctx, 10_000, 2, func(i int) {
		if ran.Add(1) == 10 {
			cancel()
		}
	}, nil)
	if r := ran.Load(); r >= 10_000 || r < 10 {
		t.Errorf("%d calls ran after the context ended at the 10th", r)
	}
}

func TestWorkers(t *testing.T) {
	if Workers(3) != 3 || Workers(0) < 1 || Workers(-1) != Workers(0) {
		t.Errorf("Workers: 3 -> %d, 0 -> %d, -1 -> %d", Workers(3), Workers(0), Workers(-1))
	}
}
