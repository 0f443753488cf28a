package state

import (
	"sync"
	"testing"
)

func TestMemoWhole(t *testing.T) {
	c := world(3).Collection("app.items")
	builds := 0
	build := func(v int) func() any {
		return func() any { builds++; return v }
	}
	for round := 0; round < 2; round++ {
		for k := range maxWholeMemos {
			if got := c.MemoWhole(k, build(k*10)); got != k*10 {
				t.Fatalf("round %d: key %d gives %v", round, k, got)
			}
		}
	}
	if builds != maxWholeMemos {
		t.Fatalf("%d builds for %d keys asked twice", builds, maxWholeMemos)
	}
	// Past the bound, a key is built on every call and not kept.
	for range 2 {
		if got := c.MemoWhole(maxWholeMemos, build(-1)); got != -1 {
			t.Fatalf("a key past the bound gives %v", got)
		}
	}
	if builds != maxWholeMemos+2 {
		t.Fatalf("a key past the bound was built %d times in two calls", builds-maxWholeMemos)
	}
	if other := world(3).Collection("app.items"); other.MemoWhole(0, build(7)) != 7 {
		t.Fatal("another world's collection shares the memo")
	}
}

func TestMemoWholeConcurrent(t *testing.T) {
	c := world(3).Collection("app.items")
	var wg sync.WaitGroup
	got := make([][]any, 8)
	for g := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range maxWholeMemos {
				got[g] = append(got[g], c.MemoWhole(k, func() any { return new(int) }))
			}
		}()
	}
	wg.Wait()
	for g := range got {
		for k := range got[g] {
			if got[g][k] != got[0][k] {
				t.Fatalf("goroutine %d was given another value for key %d than goroutine 0", g, k)
			}
		}
	}
}

func TestUntouched(t *testing.T) {
	s := New(world(3))
	if !s.Untouched("app.items") || !s.Untouched("app.other") {
		t.Fatal("a fresh state has written collections")
	}
	if err := s.Replace("app.items", "r2", Record{"id": "r2", "n": 99.0}); err != nil {
		t.Fatal(err)
	}
	if s.Untouched("app.items") || !s.Untouched("app.other") {
		t.Fatal("a write is not seen on its collection alone")
	}
	if s.Clone().Untouched("app.items") {
		t.Fatal("a clone forgets the write")
	}
	s.Reset()
	if !s.Untouched("app.items") {
		t.Fatal("a reset state still has a written collection")
	}
}
