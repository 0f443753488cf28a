package state

import (
	"fmt"
	"testing"
	"time"
)

func world(n int) *World {
	recs := make([]Record, n)
	for i := range recs {
		recs[i] = Record{"id": fmt.Sprintf("r%d", i+1), "n": float64(i)}
	}
	other := []Record{{"id": "o1"}}
	return NewWorld(time.Unix(0, 0), NewCollection("app.items", "id", recs), NewCollection("app.other", "id", other))
}

func TestCopyOnWrite(t *testing.T) {
	w := world(3)
	a, b := New(w), New(w)
	h0 := a.Hash()
	if err := a.Replace("app.items", "r2", Record{"id": "r2", "n": 99.0}); err != nil {
		t.Fatal(err)
	}
	if r, _ := w.Collection("app.items").Lookup("r2"); r["n"] != 1.0 {
		t.Fatal("a write changed the base world")
	}
	if r, _ := b.Get("app.items", "r2"); r["n"] != 1.0 {
		t.Fatal("a write leaked into another session")
	}
	if &a.Records("app.other")[0] != &w.Collection("app.other").Records[0] {
		t.Fatal("an untouched collection was copied")
	}
	if a.Hash() == h0 || b.Hash() != h0 {
		t.Fatal("hashes do not follow the writes")
	}
	a.Reset()
	if a.Hash() != h0 {
		t.Fatal("reset does not restore the base")
	}
}

func TestInsertDeleteAndKeys(t *testing.T) {
	s := New(world(3))
	if err := s.Insert("app.items", Record{"id": "r1"}); err == nil {
		t.Fatal("duplicate key accepted")
	}
	if err := s.Insert("app.items", Record{"n": 1.0}); err == nil {
		t.Fatal("record without key accepted")
	}
	if err := s.Insert("app.nothing", Record{"id": "x"}); err == nil {
		t.Fatal("unknown collection accepted")
	}
	k := s.NextKey("app.items", "r")
	if k != "r4" {
		t.Fatalf("next key %s", k)
	}
	if err := s.Insert("app.items", Record{"id": k}); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete("app.items", "r1"); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Get("app.items", "r1"); ok {
		t.Fatal("deleted record still there")
	}
	if r, ok := s.Get("app.items", "r3"); !ok || r["n"] != 2.0 {
		t.Fatal("index broken after delete")
	}
	dirty := s.Dirty("app.items")
	if _, ok := dirty["r1"]; !ok || len(dirty) != 2 {
		t.Fatalf("dirty %v", dirty)
	}
	if s.Dirty("app.other") != nil {
		t.Fatal("untouched collection is dirty")
	}
}

func TestHashIsCanonical(t *testing.T) {
	a := HashValue(map[string]any{"a": 1.0, "b": []any{"x", true, nil}})
	b := HashValue(map[string]any{"b": []any{"x", true, nil}, "a": int64(1)})
	c := HashValue(map[string]any{"a": 1.0, "b": []any{"x", true}})
	if a != b || a == c {
		t.Fatalf("%s %s %s", a, b, c)
	}
}
