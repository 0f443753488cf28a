package assert

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/legoenv/legoenv/state"
)

func mustAssert(t *testing.T, src string) Assertion {
	t.Helper()
	var a Assertion
	if err := json.Unmarshal([]byte(src), &a); err != nil {
		t.Fatalf("parse %s: %v", src, err)
	}
	return a
}

func testWorld() *state.World {
	msgs := []state.Record{
		{"id": "m1", "to": []any{"ann@acme.example", "bob@acme.example"}, "subject": "Invoice 42", "body": "Please PAY now", "amount": 120.0, "sent_at": "2026-01-10"},
		{"id": "m2", "to": []any{"eve@other.example"}, "subject": "Hello", "body": "hi", "amount": 5.0, "cells": map[string]any{"Deal Score": "80"}},
	}
	return state.NewWorld(time.Date(2026, 1, 15, 0, 0, 0, 0, time.UTC), state.NewCollection("gmail.messages", "id", msgs))
}

func TestPredicates(t *testing.T) {
	st := state.New(testWorld())
	cases := []struct {
		src  string
		want bool
	}{
		{`{"exists":"gmail.messages","where":{"to":"ann@acme.example"}}`, true},
		{`{"exists":"gmail.messages","where":{"to":"nobody@acme.example"}}`, false},
		{`{"exists":"gmail.messages","where":{"to":{"iequals":"ANN@acme.example"}}}`, true},
		{`{"exists":"gmail.messages","where":{"subject":{"contains":"Invoice"},"body":{"icontains":"pay"}}}`, true},
		{`{"exists":"gmail.messages","where":{"subject":{"contains":"invoice"}}}`, false},
		{`{"exists":"gmail.messages","where":{"amount":{"gt":100}}}`, true},
		{`{"exists":"gmail.messages","where":{"amount":{"gt":1000}}}`, false},
		{`{"exists":"gmail.messages","where":{"amount":120}}`, true},
		{`{"exists":"gmail.messages","where":{"sent_at":{"lt":"2026-01-11"}}}`, true},
		{`{"exists":"gmail.messages","where":{"cells.Deal Score":"80"}}`, true},
		{`{"exists":"gmail.messages","where":{"cells.Deal Score":{"present":false}}}`, true},
		{`{"exists":"gmail.messages","where":{"missing":{"present":true}}}`, false},
		{`{"exists":"gmail.messages","where":{"to":{"not_contains":"acme"},"id":"m2"}}`, true},
		{`{"exists":"gmail.messages","where":{"to":{"not_contains":"acme"},"id":"m1"}}`, false},
		{`{"exists":"gmail.messages","where":{"id":{"in":["m9","m2"]}}}`, true},
		{`{"exists":"gmail.messages","where":{"id":{"not_in":["m1","m2"]}}}`, false},
		{`{"exists":"gmail.messages","where":{"id":{"not_in":["m1","m9"]}}}`, true},
		{`{"exists":"gmail.messages","where":{"missing":{"not_in":["m1"]}}}`, true},
		{`{"exists":"gmail.messages","where":{"to":{"size":2}}}`, true},
		{`{"exists":"gmail.messages","where":{"subject":{"matches":"^Inv.*\\d+$"}}}`, true},
		{`{"not_exists":"gmail.messages","where":{"to":"eve@other.example"}}`, false},
		{`{"count":"gmail.messages","bound":{"equals":2}}`, true},
		{`{"count":"gmail.messages","where":{"amount":{"lte":5}},"bound":{"min":2}}`, false},
		{`{"cel":"size(state.gmail.messages) == 2 && now > timestamp('2026-01-01T00:00:00Z')"}`, true},
		{`{"exists":"gmail.nothing"}`, false},
		{`{"not_exists":"gmail.nothing"}`, true},
	}
	for _, c := range cases {
		t.Run(c.src, func(t *testing.T) {
			p, err := Compile(mustAssert(t, c.src))
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Eval(Input{State: st}); got.Holds != c.want {
				t.Errorf("got %v (%s), want %v; CEL: %s", got.Holds, got.Reason, c.want, p.Source)
			}
		})
	}
}

func TestBadAssertions(t *testing.T) {
	for _, src := range []string{
		`{"exists":"gmail.messages","wehre":{}}`,
		`{"exists":"gmail.messages","called":"x"}`,
		`{"where":{}}`,
		`{"exists":"gmail.messages","where":{"to":{"bogus":1}}}`,
		`{"exists":"gmail.messages","where":{"to":{"in":"x"}}}`,
		`{"exists":"gmail.messages","where":{"to":{"not_in":"x"}}}`,
		`{"count":"gmail.messages"}`,
		`{"exists":"gmail.messages","where":{"x":{"matches":"("}}}`,
	} {
		var a Assertion
		if err := json.Unmarshal([]byte(src), &a); err == nil {
			if _, err := Compile(a); err == nil {
				t.Errorf("%s: no error", src)
			}
		}
	}
	for _, src := range []string{`{"exists":"messages"}`, `{"cel":"1 + 2"}`, `{"cel":"state.("}`} {
		if _, err := Compile(mustAssert(t, src)); err == nil {
			t.Errorf("%s: compiled", src)
		}
	}
}

func TestIncrementalMatchesFullScan(t *testing.T) {
	w := testWorld()
	st := state.New(w)
	p, _ := Compile(mustAssert(t, `{"count":"gmail.messages","where":{"to":{"icontains":"acme"}},"bound":{"equals":2}}`))
	if p.Eval(Input{State: st}).Holds {
		t.Fatal("only one acme message at start")
	}
	if err := st.Insert("gmail.messages", state.Record{"id": "m3", "to": []any{"carl@acme.example"}}); err != nil {
		t.Fatal(err)
	}
	if !p.Eval(Input{State: st}).Holds {
		t.Fatal("two acme messages after insert")
	}
	if err := st.Replace("gmail.messages", "m1", state.Record{"id": "m1", "to": []any{"x@y.example"}}); err != nil {
		t.Fatal(err)
	}
	if got := p.Eval(Input{State: st}); got.Holds || got.Reason != "1 matching records" {
		t.Fatalf("after replace: %+v", got)
	}
	st.Reset()
	if got := p.Eval(Input{State: st}); got.Reason != "1 matching records" {
		t.Fatalf("after reset: %+v", got)
	}
}

func TestScoreRules(t *testing.T) {
	w := testWorld()
	compile := func(src, source string) Check {
		p, err := Compile(mustAssert(t, src))
		if err != nil {
			t.Fatal(err)
		}
		return Check{Program: p, Source: source}
	}
	checks := []Check{
		compile(`{"exists":"gmail.messages","where":{"to":"new@acme.example"}}`, "goal"),     // positive, false at start
		compile(`{"exists":"gmail.messages","where":{"id":"m1"}}`, "goal"),                   // positive, true at start
		compile(`{"not_exists":"gmail.messages","where":{"to":"spy@evil.example"}}`, "goal"), // negative
		compile(`{"not_called":"gmail_delete","where":{}}`, "rule:no-delete"),                // negative
	}
	initial := Input{State: state.New(w)}

	// Doing nothing: counted = positive#1 + 2 negatives = 3; the positive fails,
	// so the negatives are not credited: 0/3.
	r := Score(checks, initial, Input{State: state.New(w)})
	if r.Counted != 3 || r.Credited != 0 || r.Passed {
		t.Fatalf("nothing: %+v", r)
	}

	// Correct: new message sent; 3/3.
	ok := state.New(w)
	_ = ok.Insert("gmail.messages", state.Record{"id": "m9", "to": []any{"new@acme.example"}})
	r = Score(checks, initial, Input{State: ok})
	if r.Reward != 1 || !r.Passed {
		t.Fatalf("correct: %+v", r)
	}

	// Correct but also emails the spy: 2/3.
	bad := state.New(w)
	_ = bad.Insert("gmail.messages", state.Record{"id": "m9", "to": []any{"new@acme.example"}})
	_ = bad.Insert("gmail.messages", state.Record{"id": "m10", "to": []any{"spy@evil.example"}})
	r = Score(checks, initial, Input{State: bad})
	if r.Counted != 3 || r.Credited != 2 || r.Passed {
		t.Fatalf("spy: %+v", r)
	}

	// Correct but deletes m1: the initially-true positive breaks and counts: 3/4.
	broke := state.New(w)
	_ = broke.Insert("gmail.messages", state.Record{"id": "m9", "to": []any{"new@acme.example"}})
	_ = broke.Delete("gmail.messages", "m1")
	r = Score(checks, initial, Input{State: broke, Calls: []Call{{Name: "gmail_delete"}}})
	// positive#2 now counted and failed -> negatives not credited: 1/4.
	if r.Counted != 4 || r.Credited != 1 {
		t.Fatalf("broke: %+v", r)
	}
}

func TestPinnedKeyMatchesScan(t *testing.T) {
	w := testWorld()
	for _, src := range []string{
		`{"exists":"gmail.messages","where":{"id":"m1","subject":{"contains":"Invoice"}}}`,
		`{"exists":"gmail.messages","where":{"id":"m1","subject":{"contains":"Hello"}}}`,
		`{"exists":"gmail.messages","where":{"id":"m9"}}`,
		`{"count":"gmail.messages","where":{"id":"m2"},"bound":{"equals":1}}`,
	} {
		a := mustAssert(t, src)
		p, _ := Compile(a)
		pinned := p.Eval(Input{State: state.New(w)}).Holds
		// The same predicate without the key pin, filtered by hand.
		var scan bool
		for _, r := range w.Collection("gmail.messages").Records {
			if p.MatchRecord(r) {
				scan = true
			}
		}
		if pinned != scan {
			t.Errorf("%s: pinned %v, scan %v", src, pinned, scan)
		}
	}
}
