package state

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"
)

// holds reports whether r's value at path reads as text, or holds it.
func holds(r Record, path, text string) bool {
	v, _ := Path(r, path)
	return slices.Contains(texts(nil, v), text)
}

// Holding gives, in Placed's order, every current record that holds the
// text, whatever the session wrote, inserted or deleted.
func TestHolding(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	value := func() any {
		switch rng.IntN(5) {
		case 0:
			return nil
		case 1:
			return float64(rng.IntN(3))
		case 2:
			return []any{fmt.Sprint(rng.IntN(3)), []any{"x"}}
		}
		return fmt.Sprint(rng.IntN(3))
	}
	recs := make([]Record, 40)
	for i := range recs {
		recs[i] = Record{"id": fmt.Sprintf("r%d", i), "a": Record{"b": value()}}
	}
	w := NewWorld(time.Unix(0, 0), NewCollection("app.c", "id", recs))
	s := New(w)
	for step := 0; step < 60; step++ {
		k := fmt.Sprintf("r%d", rng.IntN(50))
		switch _, ok := s.Get("app.c", k); {
		case !ok:
			_ = s.Insert("app.c", Record{"id": k, "a": Record{"b": value()}})
		case rng.IntN(3) == 0:
			_ = s.Delete("app.c", k)
		default:
			_ = s.Replace("app.c", k, Record{"id": k, "a": Record{"b": value()}})
		}
		for _, text := range []string{"0", "1", "2", "x", "y"} {
			var want, got []Record
			for _, r := range s.Placed("app.c") {
				if holds(r, "a.b", text) {
					want = append(want, r)
				}
			}
			recs, ok := s.Holding("app.c", "a.b", text)
			if !ok {
				t.Fatal("no index")
			}
			for p, r := range recs {
				if p >= 0 && !holds(r, "a.b", text) {
					t.Fatalf("base record %v at %d does not hold %q", r, p, text)
				}
				if holds(r, "a.b", text) {
					got = append(got, r)
				}
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("step %d, %q: got %v, want %v", step, text, got, want)
			}
		}
	}
	c := w.Collection("app.c")
	for i := 0; i < maxIndexes; i++ {
		c.textIndex(fmt.Sprint("p", i))
	}
	if _, ok := New(w).Holding("app.c", "other", "0"); ok {
		t.Fatal("a collection indexes more than maxIndexes paths")
	}
}
