package state

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
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

// TestOverlayMatchesCopy runs random writes on a State and on a plain copy
// of the records edited in place (what the state did before it kept an
// overlay) and compares every read after each write: order, lookups,
// lengths, hashes and snapshots.
func TestOverlayMatchesCopy(t *testing.T) {
	recs := []Record{}
	for i := 0; i < 40; i++ {
		recs = append(recs, Record{"id": fmt.Sprintf("r%d", i%30), "n": float64(i)}) // r0..r9 held twice
	}
	recs = append(recs, Record{"n": -1.0}) // no key
	w := NewWorld(time.Unix(0, 0), NewCollection("app.items", "id", recs), NewCollection("app.other", "id", []Record{{"id": "o1"}}))
	baseHash := New(w).Hash()
	rng := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 20; round++ {
		s := New(w)
		ref := append([]Record(nil), recs...)
		for step := 0; step < 60; step++ {
			k := fmt.Sprintf("r%d", rng.IntN(45))
			held := s.Records("app.items")
			heldCopy := append([]Record(nil), held...)
			var err error
			op := rng.IntN(3)
			switch op {
			case 0:
				r := Record{"id": k, "n": float64(100 + step)}
				err = s.Insert("app.items", r)
				if _, dup := refGet(ref, k); !dup {
					ref = append(ref, r)
				}
			case 1:
				r := Record{"id": k, "n": float64(200 + step)}
				err = s.Replace("app.items", k, r)
				if i := refFind(ref, k); i >= 0 {
					ref[i] = r
				}
			case 2:
				err = s.Delete("app.items", k)
				if i := refFind(ref, k); i >= 0 {
					ref = slices.Delete(slices.Clone(ref), i, i+1)
				}
			}
			_, existed := refGet(heldCopy, k)
			if (err == nil) != (existed != (op == 0)) {
				t.Fatalf("round %d step %d op %d %s: err %v, key held before: %v", round, step, op, k, err, existed)
			}
			if !slices.Equal(pointers(held), pointers(heldCopy)) {
				t.Fatalf("round %d step %d: a write changed a slice Records returned before it", round, step)
			}
			checkSame(t, s, ref)
		}
		s.Reset()
		if s.Hash() != baseHash || s.Len("app.items") != len(recs) {
			t.Fatalf("round %d: reset does not restore the base", round)
		}
	}
	if New(w).Hash() != baseHash {
		t.Fatal("writes changed the base world")
	}
}

func checkSame(t *testing.T, s *State, ref []Record) {
	t.Helper()
	got := s.Records("app.items")
	var walked []Record
	if o := s.over["app.items"]; o != nil {
		for r := range o.all {
			walked = append(walked, r)
		}
	} else {
		walked = s.Records("app.items")
	}
	if !slices.Equal(pointers(got), pointers(ref)) || !slices.Equal(pointers(walked), pointers(ref)) || s.Len("app.items") != len(ref) {
		t.Fatalf("records %v, all %v, len %d; want %v", got, walked, s.Len("app.items"), ref)
	}
	for i := 0; i < 45; i++ {
		k := fmt.Sprintf("r%d", i)
		r, ok := s.Get("app.items", k)
		want, wantOK := refGet(ref, k)
		if ok != wantOK || (ok && fmt.Sprint(r) != fmt.Sprint(want)) {
			t.Fatalf("get %s: %v %v; want %v %v", k, r, ok, want, wantOK)
		}
	}
	fresh := NewWorld(time.Unix(0, 0), NewCollection("app.items", "id", slices.Clone(ref)), NewCollection("app.other", "id", []Record{{"id": "o1"}}))
	if s.Hash() != New(fresh).Hash() {
		t.Fatal("hash differs from the hash of the same records in a base")
	}
	if fmt.Sprint(s.Snapshot()) != fmt.Sprint(New(fresh).Snapshot()) {
		t.Fatal("snapshot differs from the snapshot of the same records in a base")
	}
}

// refFind is the position of the first record with key k, or -1.
func refFind(recs []Record, k string) int {
	return slices.IndexFunc(recs, func(r Record) bool { rk, ok := KeyOf(r, "id"); return ok && rk == k })
}

func refGet(recs []Record, k string) (Record, bool) {
	if i := refFind(recs, k); i >= 0 {
		return recs[i], true
	}
	return nil, false
}

// pointers makes records comparable by identity.
func pointers(recs []Record) []uintptr {
	out := make([]uintptr, len(recs))
	for i, r := range recs {
		out[i] = reflect.ValueOf(r).Pointer()
	}
	return out
}

// TestFirstWriteCostsTheSame: a write and a reset allocate no more on a
// 10,000-record collection than on a 10-record one (a copy of the
// collection would be 80 KB of pointers and its index).
func TestFirstWriteCostsTheSame(t *testing.T) {
	bytes := func(n int) uint64 {
		w := world(n)
		s := New(w)
		w.Collection("app.items").build()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for i := 0; i < 100; i++ {
			if err := s.Replace("app.items", "r5", Record{"id": "r5", "n": 0.5}); err != nil {
				t.Fatal(err)
			}
			s.Reset()
		}
		runtime.ReadMemStats(&after)
		return (after.TotalAlloc - before.TotalAlloc) / 100
	}
	small, large := bytes(10), bytes(10000)
	if large > 2*small+512 {
		t.Fatalf("a write and a reset allocate %d bytes on 10,000 records, %d on 10", large, small)
	}
}

func TestPathAndNumber(t *testing.T) {
	r := Record{"a.b": 1, "addr": map[string]any{"city": "Oslo", "zip": nil}, "n": nil}
	for _, c := range []struct {
		path string
		want any
		ok   bool
	}{
		{"a.b", 1, true},
		{"addr.city", "Oslo", true},
		{"addr.zip", nil, false},
		{"addr.street", nil, false},
		{"n", nil, false},
		{"n.x", nil, false},
		{"missing", nil, false},
	} {
		if got, ok := Path(r, c.path); got != c.want || ok != c.ok {
			t.Errorf("Path(%q) = %v, %v; want %v, %v", c.path, got, ok, c.want, c.ok)
		}
	}
	for _, v := range []any{2.5, 3, int64(4)} {
		if _, ok := Number(v); !ok {
			t.Errorf("Number(%v) not a number", v)
		}
	}
	if _, ok := Number("5"); ok {
		t.Error(`Number("5") read a string as a number`)
	}
}

// Locate and Placed give a base record its position in the base collection
// and a record the session wrote -1, in the order Records gives; Memo
// builds once per base record.
func TestPositionsAndMemo(t *testing.T) {
	s := New(world(4))
	if err := s.Replace("app.items", "r2", Record{"id": "r2", "n": 9.0}); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete("app.items", "r3"); err != nil {
		t.Fatal(err)
	}
	if err := s.Insert("app.items", Record{"id": "r5"}); err != nil {
		t.Fatal(err)
	}
	var keys []string
	var pos []int
	for p, r := range s.Placed("app.items") {
		k, _ := KeyOf(r, "id")
		keys, pos = append(keys, k), append(pos, p)
		if lr, lp, ok := s.Locate("app.items", k); !ok || lp != p || !reflect.DeepEqual(lr, r) {
			t.Errorf("Locate(%s) = %v %d %v, Placed gives %v %d", k, lr, lp, ok, r, p)
		}
	}
	if want := []string{"r1", "r2", "r4", "r5"}; !slices.Equal(keys, want) || !slices.Equal(pos, []int{0, -1, 3, -1}) {
		t.Fatalf("Placed: %v at %v", keys, pos)
	}
	if _, p, ok := New(s.Base()).Locate("app.items", "r3"); !ok || p != 2 {
		t.Fatalf("an untouched state locates r3 at %d, %v", p, ok)
	}
	if _, _, ok := s.Locate("app.items", "r3"); ok {
		t.Fatal("a deleted record is located")
	}
	c, built := s.Base().Collection("app.items"), 0
	for range 3 {
		v := c.Memo(3, func(r Record) any { built++; return r["n"] })
		if v != 3.0 || built != 1 {
			t.Fatalf("Memo gives %v after %d builds", v, built)
		}
	}
}

func TestNamed(t *testing.T) {
	s := New(NewWorld(time.Time{}, NewCollection("shop.orders", "id", nil)))
	for _, c := range []struct{ app, coll, want string }{
		{"shop", "orders", "shop.orders"},
		{"shop", "users", ""},
		{"sho", "p.orders", ""},
		{"", "orders", ""},
	} {
		if got := s.Named(c.app, c.coll); got != c.want {
			t.Errorf("Named(%q, %q) = %q, want %q", c.app, c.coll, got, c.want)
		}
	}
}
