package assert

import (
	"sync"
	"testing"

	"github.com/legoenv/legoenv/state"
)

// A Compiler must be indistinguishable from Compile: same source, same
// verdict on every record and state, same errors; hits share the checked
// CEL program but not the per-world cache.
func TestCompilerMatchesCompile(t *testing.T) {
	c := NewCompiler()
	w := testWorld()
	st := state.New(w)
	srcs := []string{
		`{"exists":"gmail.messages","where":{"to":"ann@acme.example"}}`,
		`{"exists":"gmail.messages","where":{"to":"eve@other.example"}}`,
		`{"exists":"gmail.messages","where":{"subject":{"contains":"Invoice"},"body":{"icontains":"pay"}}}`,
		`{"exists":"gmail.messages","where":{"amount":{"gt":100}}}`,
		`{"exists":"gmail.messages","where":{"amount":{"gt":1000}}}`,
		`{"exists":"gmail.messages","where":{"sent_at":{"gt":"2026-01-01"}}}`,
		`{"not_exists":"gmail.messages","where":{"to":{"not_contains":"@acme.example"}}}`,
		`{"count":"gmail.messages","where":{"amount":{"lt":200}},"bound":{"equals":2}}`,
		`{"called":"send","where":{"to":"x@y.example"}}`,
		`{"cel":"size(state.gmail.messages) == 2"}`,
	}
	bad := []string{
		`{"exists":"messages","where":{"to":"a"}}`,
		`{"cel":"1 +"}`,
		`{"cel":"42"}`,
	}
	for round := 0; round < 2; round++ { // the second round hits the cache
		for _, src := range srcs {
			a := mustAssert(t, src)
			want, err1 := Compile(a)
			got, err2 := c.Compile(a)
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: %v / %v", src, err1, err2)
			}
			if got.Source != want.Source || got.Assertion.String() != want.Assertion.String() {
				t.Errorf("%s: source %q, want %q", src, got.Source, want.Source)
			}
			for _, r := range w.Collection("gmail.messages").Records {
				if got.MatchRecord(r) != want.MatchRecord(r) {
					t.Errorf("%s: MatchRecord(%v) differs", src, r["id"])
				}
			}
			in := Input{State: st, Calls: []Call{{Name: "send", Args: map[string]any{"to": "x@y.example"}}}}
			if g, w := got.Eval(in), want.Eval(in); g.Holds != w.Holds {
				t.Errorf("%s: Eval %v, want %v", src, g, w)
			}
		}
		for _, src := range bad {
			a := mustAssert(t, src)
			_, err1 := Compile(a)
			_, err2 := c.Compile(a)
			if err1 == nil || err2 == nil || err1.Error() != err2.Error() {
				t.Errorf("%s: errors %v / %v", src, err1, err2)
			}
		}
	}
	// Values are parameters: two assertions that differ only in values share
	// one checked program and still judge by their own values.
	a1 := mustAssert(t, `{"exists":"gmail.messages","where":{"to":"ann@acme.example"}}`)
	a2 := mustAssert(t, `{"exists":"gmail.messages","where":{"to":"nobody@acme.example"}}`)
	p1, _ := c.Compile(a1)
	p2, _ := c.Compile(a2)
	if p1.prg != p2.prg {
		t.Error("programs of one source are not shared")
	}
	if !p1.Eval(Input{State: st}).Holds || p2.Eval(Input{State: st}).Holds {
		t.Error("shared programs do not keep their own values")
	}
	// The cache is the compiler's own: another compiler checks again.
	if p3, _ := NewCompiler().Compile(a1); p3.prg == p1.prg {
		t.Error("two compilers share a program")
	}
}

func TestCompilerConcurrent(t *testing.T) {
	c := NewCompiler()
	st := state.New(testWorld())
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				a := mustAssert(t, `{"exists":"gmail.messages","where":{"amount":{"gt":100}}}`)
				p, err := c.Compile(a)
				if err != nil || !p.Eval(Input{State: st}).Holds {
					t.Errorf("round %d: %v", i, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}
