package state

import (
	"reflect"
	"testing"
)

// A clone holds what its state held, and writes to either (replace,
// insert, delete, fresh keys) leave the other as it was.
func TestCloneIsIndependent(t *testing.T) {
	w := world(5)
	a := New(w)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(a.Replace("app.items", "r2", Record{"id": "r2", "n": 20.0}))
	must(a.Insert("app.items", Record{"id": a.NextKey("app.items", "r"), "n": 60.0}))
	must(a.Delete("app.items", "r4"))
	before, hash := a.Snapshot(), a.Hash()

	b := a.Clone()
	if b.Hash() != hash || !reflect.DeepEqual(b.Snapshot(), before) {
		t.Fatal("the clone does not hold the state's records")
	}
	if !reflect.DeepEqual(b.Dirty("app.items"), a.Dirty("app.items")) {
		t.Fatal("the clone lost the written keys")
	}
	must(b.Replace("app.items", "r2", Record{"id": "r2", "n": 21.0}))
	must(b.Replace("app.items", "r6", Record{"id": "r6", "n": 70.0}))
	must(b.Delete("app.items", "r5"))
	must(b.Insert("app.items", Record{"id": b.NextKey("app.items", "r"), "n": 80.0}))
	must(b.Replace("app.other", "o1", Record{"id": "o1", "x": true}))
	if a.Hash() != hash || !reflect.DeepEqual(a.Snapshot(), before) {
		t.Fatal("a write to the clone changed the state it was cloned from")
	}
	if _, ok := a.Dirty("app.items")["r5"]; ok || a.Dirty("app.other") != nil {
		t.Fatal("a key or collection the clone wrote became dirty in the original")
	}
	// The same writes on the original give the clone's state: the fresh
	// key counter was copied too.
	must(a.Replace("app.items", "r2", Record{"id": "r2", "n": 21.0}))
	must(a.Replace("app.items", "r6", Record{"id": "r6", "n": 70.0}))
	must(a.Delete("app.items", "r5"))
	must(a.Insert("app.items", Record{"id": a.NextKey("app.items", "r"), "n": 80.0}))
	must(a.Replace("app.other", "o1", Record{"id": "o1", "x": true}))
	if a.Hash() != b.Hash() || !reflect.DeepEqual(a.Records("app.items"), b.Records("app.items")) {
		t.Fatal("the same writes on the original and the clone differ")
	}
}
