package state

import (
	"fmt"
	"testing"
)

// TestJournal: a state journals the inserts, replacements and deletions
// of the collections it watches, each with the record before it, and no
// write to any other; a clone watches the same and starts with an empty
// journal; a reset forgets what was journaled.
func TestJournal(t *testing.T) {
	s := New(world(3))
	s.Watch(map[string]bool{"app.items": true})
	steps := []func() error{
		func() error { return s.Replace("app.items", "r1", Record{"id": "r1", "n": 5.0}) },
		func() error { return s.Insert("app.items", Record{"id": "r9"}) },
		func() error { return s.Delete("app.items", "r2") },
		func() error { return s.Insert("app.other", Record{"id": "o2"}) },
		func() error { return s.Replace("app.other", "o1", Record{"id": "o1", "x": 1.0}) },
	}
	for _, step := range steps {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	got := ""
	for _, w := range s.Journal() {
		got += fmt.Sprintf("%s %s %v; ", w.Name, w.Key, w.Old)
	}
	if want := "app.items r1 map[id:r1 n:0]; app.items r9 map[]; app.items r2 map[id:r2 n:1]; "; got != want {
		t.Errorf("journal %q, want %q", got, want)
	}
	c := s.Clone()
	if len(c.Journal()) != 0 {
		t.Errorf("a clone starts with %d journaled writes", len(c.Journal()))
	}
	_ = c.Insert("app.items", Record{"id": "r10"})
	if len(c.Journal()) != 1 || len(s.Journal()) != 3 {
		t.Errorf("a clone's write: clone %d, state %d journaled; want 1 and 3", len(c.Journal()), len(s.Journal()))
	}
	s.Reset()
	if len(s.Journal()) != 0 {
		t.Errorf("%d journaled writes after a reset", len(s.Journal()))
	}
	u := New(world(3))
	_ = u.Insert("app.items", Record{"id": "r9"})
	if len(u.Journal()) != 0 {
		t.Error("a state that watches nothing journaled a write")
	}
}
