package memo

import (
	"sync"
	"testing"
)

func TestMap(t *testing.T) {
	m := New[string, int](2)
	calls := 0
	f := func() int { calls++; return 7 }
	if m.Get("a", f) != 7 || m.Get("a", f) != 7 || calls != 1 {
		t.Fatalf("calls = %d, want 1", calls)
	}
	m.Store("b", 2)
	if m.Len() != 2 {
		t.Fatalf("len = %d", m.Len())
	}
	m.Store("b", 3) // replacing a key does not count as a new one
	if v, ok := m.Load("a"); !ok || v != 7 {
		t.Fatalf("a = %v %v after replacing b", v, ok)
	}
	m.Store("c", 4) // full: starts afresh
	if _, ok := m.Load("a"); ok || m.Len() != 1 {
		t.Fatalf("len = %d after the bound; a still there: %v", m.Len(), ok)
	}
}

func TestMapConcurrent(t *testing.T) {
	m := New[int, int](16)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 100; i++ {
				if v := m.Get(i%20, func() int { return (i % 20) * 2 }); v != (i%20)*2 {
					t.Errorf("Get(%d) = %d", i%20, v)
				}
			}
		}()
	}
	wg.Wait()
}
