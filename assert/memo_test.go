package assert

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// With a memo shared by two states (a session and its fork) the counts
// are those without one: a remembered record answers as it did, and a
// record put in its place is matched afresh.
func TestMemoCountsAsWithout(t *testing.T) {
	p, err := Compile(mustAssert(t, `{"count":"gmail.messages","where":{"to":{"icontains":"acme"}},"bound":{"equals":2}}`))
	if err != nil {
		t.Fatal(err)
	}
	memo := NewMemo()
	a := state.New(testWorld())
	if err := a.Insert("gmail.messages", state.Record{"id": "m3", "to": []any{"carl@acme.example"}}); err != nil {
		t.Fatal(err)
	}
	b := a.Clone()
	if err := b.Replace("gmail.messages", "m3", state.Record{"id": "m3", "to": []any{"x@y.example"}}); err != nil {
		t.Fatal(err)
	}
	for range 2 { // the second pass answers from the memo
		for _, st := range []*state.State{a, b} {
			with, without := p.Eval(Input{State: st, Memo: memo}), p.Eval(Input{State: st})
			if with != without {
				t.Fatalf("with a memo %+v, without %+v", with, without)
			}
		}
	}
	if got := p.Eval(Input{State: b, Memo: memo}); got.Holds {
		t.Fatalf("the replaced record still matches: %+v", got)
	}
	if len(memo.seen) != 2 {
		t.Fatalf("the memo holds %d matches, want 2 (m3 before and after the replace)", len(memo.seen))
	}
}
