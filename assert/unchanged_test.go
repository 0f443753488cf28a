package assert

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/state"
)

func TestUnchanged(t *testing.T) {
	const name = "gmail.messages"
	edit := func(k, f string, v any) func(*state.State) { return editRecord(t, name, k, f, v) }
	cases := []struct {
		name   string
		src    string
		change func(*state.State)
		want   bool
		reason string
	}{
		{"nothing written", `{"unchanged":"gmail.messages"}`, func(*state.State) {}, true, ""},
		{"the named record may change", `{"unchanged":"gmail.messages","except":{"id":"m1"}}`, edit("m1", "subject", "x"), true, ""},
		{"another record changed", `{"unchanged":"gmail.messages","except":{"id":"m1"}}`, edit("m2", "subject", "x"), false, "m2 changed (subject)"},
		{"a rewrite to the same value", `{"unchanged":"gmail.messages"}`, edit("m2", "subject", "Hello"), true, ""},
		{"an ignored field", `{"unchanged":"gmail.messages","ignore":["updated_at"]}`, edit("m2", "updated_at", "2026-02-01"), true, ""},
		{"a field that is not ignored", `{"unchanged":"gmail.messages","ignore":["updated_at"]}`, edit("m2", "body", "changed"), false, "m2 changed (body)"},
		{"created outside except", `{"unchanged":"gmail.messages","except":{"to":"ann@acme.example"}}`, func(st *state.State) {
			_ = st.Insert(name, state.Record{"id": "m3", "to": "eve@other.example"})
		}, false, "m3 was created"},
		{"created inside except", `{"unchanged":"gmail.messages","except":{"to":"ann@acme.example"}}`, func(st *state.State) {
			_ = st.Insert(name, state.Record{"id": "m3", "to": "ann@acme.example"})
		}, true, ""},
		{"deleted", `{"unchanged":"gmail.messages","except":{"id":"m1"}}`, func(st *state.State) { _ = st.Delete(name, "m2") }, false, "m2 was deleted"},
		{"edited into the exception", `{"unchanged":"gmail.messages","except":{"subject":"Moved"}}`, edit("m2", "subject", "Moved"), true, ""},
		// A scope (where) protects a part of the collection: here the mails
		// to eve, as a source worksheet is protected while the plan writes
		// another.
		{"outside the scope", `{"unchanged":"gmail.messages","where":{"to":"eve@other.example"}}`, edit("m1", "subject", "x"), true, ""},
		{"inside the scope", `{"unchanged":"gmail.messages","where":{"to":"eve@other.example"}}`, edit("m2", "subject", "x"), false, "m2 changed (subject)"},
		{"created inside the scope", `{"unchanged":"gmail.messages","where":{"to":"eve@other.example"}}`, func(st *state.State) {
			_ = st.Insert(name, state.Record{"id": "m3", "to": "eve@other.example"})
		}, false, "m3 was created"},
		{"moved out of the scope", `{"unchanged":"gmail.messages","where":{"to":"eve@other.example"}}`, edit("m2", "to", "ann@acme.example"), false, "m2 changed (to)"},
		{"inside the scope and excepted", `{"unchanged":"gmail.messages","where":{"to":"eve@other.example"},"except":{"id":"m2"}}`, edit("m2", "subject", "x"), true, ""},
		// Alternatives: either exception lets a record change.
		{"the first alternative", `{"unchanged":"gmail.messages","except":[{"to":"ann@acme.example"},{"to":"zoe@acme.example"}]}`, func(st *state.State) {
			_ = st.Insert(name, state.Record{"id": "m3", "to": "ann@acme.example"})
		}, true, ""},
		{"the second alternative", `{"unchanged":"gmail.messages","except":[{"to":"ann@acme.example"},{"to":"zoe@acme.example","subject":"Hi"}]}`, func(st *state.State) {
			_ = st.Insert(name, state.Record{"id": "m3", "to": "zoe@acme.example", "subject": "Hi"})
		}, true, ""},
		{"an alternative's conjunction half met", `{"unchanged":"gmail.messages","except":[{"to":"ann@acme.example"},{"to":"zoe@acme.example","subject":"Hi"}]}`, func(st *state.State) {
			_ = st.Insert(name, state.Record{"id": "m3", "to": "zoe@acme.example", "subject": "Other"})
		}, false, "m3 was created"},
		{"no alternative", `{"unchanged":"gmail.messages","except":[{"to":"ann@acme.example"},{"to":"zoe@acme.example"}]}`, func(st *state.State) {
			_ = st.Insert(name, state.Record{"id": "m3", "to": "eve@other.example"})
		}, false, "m3 was created"},
		{"an edit the alternatives name by key", `{"unchanged":"gmail.messages","except":[{"to":"zoe@acme.example"},{"id":{"in":["m2"]}}]}`, edit("m2", "subject", "x"), true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := mustAssert(t, c.src)
			if !a.IsNegative() || !a.ReadsCollection() || a.IsState() {
				t.Fatalf("unchanged must be a negative assertion over a collection")
			}
			for _, compile := range []func(Assertion) (*Program, error){Compile, NewCompiler().Compile} {
				p, err := compile(a)
				if err != nil {
					t.Fatal(err)
				}
				st := state.New(testWorld())
				c.change(st)
				out := p.Eval(Input{State: st})
				if out.Holds != c.want || !strings.Contains(out.Reason, c.reason) {
					t.Fatalf("got %v (%s), want %v (%s)", out.Holds, out.Reason, c.want, c.reason)
				}
			}
		})
	}
}

func TestUnchangedJSON(t *testing.T) {
	a := mustAssert(t, `{"unchanged":"gmail.messages","except":{"id":{"in":["m1","m2"]}},"ignore":["b","a"],"label":"others alone"}`)
	a.Normalize()
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"except":{"id":{"in":["m1","m2"]}},"ignore":["a","b"],"label":"others alone","unchanged":"gmail.messages"}`
	if string(b) != want {
		t.Fatalf("got %s\nwant %s", b, want)
	}
	// Several alternatives round-trip as a list, one as an object; a scope
	// is the where.
	for _, src := range []string{
		`{"except":[{"to":{"equals":"a@x.example"}},{"id":{"in":["m1","m2"]},"subject":{"equals":"Hi"}}],"unchanged":"gmail.messages"}`,
		`{"except":{"id":{"equals":"m1"}},"unchanged":"gmail.messages","where":{"worksheet_id":{"equals":"ws_topics"}}}`,
	} {
		a := mustAssert(t, src)
		a.Normalize()
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != src {
			t.Errorf("got %s\nwant %s", b, src)
		}
	}
	if s := mustAssert(t, `{"unchanged":"gmail.messages","where":{"to":"e"},"except":[{"id":"m1"},{"id":"m2"}]}`).String(); s != `unchanged gmail.messages where to="e" except id="m1" or id="m2"` {
		t.Errorf("String: %s", s)
	}
	for _, bad := range []string{
		`{"exists":"gmail.messages","except":{"id":"m1"}}`,
		`{"unchanged":"gmail.messages","except":[]}`,
		`{"unchanged":"gmail.messages","except":[{"id":"m1"},{}]}`,
		`{"unchanged":"gmail.messages","except":[{"id":{"bogus":1}}]}`,
		`{"exists":"gmail.messages","except":[{"id":"m1"}]}`,
		`{"unchanged":"gmail.messages","ignore":"a"}`,
	} {
		var x Assertion
		if err := json.Unmarshal([]byte(bad), &x); err == nil {
			t.Errorf("%s: want an error", bad)
		}
	}
	if _, err := Compile(mustAssert(t, `{"unchanged":"messages"}`)); err == nil {
		t.Error("a target without an app must not compile")
	}
	// Scored as a constraint: credited only when every positive passes.
	st := state.New(testWorld())
	pos, _ := Compile(mustAssert(t, `{"exists":"gmail.messages","where":{"id":"m9"}}`))
	neg, _ := Compile(mustAssert(t, `{"unchanged":"gmail.messages"}`))
	res := Score([]Check{{Program: pos, Source: "goal"}, {Program: neg, Source: "goal"}}, Input{State: state.New(testWorld())}, Input{State: st})
	if res.Credited != 0 || res.Passed {
		t.Fatalf("an unchanged collection earns nothing while a positive fails: %+v", res)
	}
}

// FuzzAssertionJSON: whatever an atom holds, reading an assertion either
// fails with an error or gives one that compiles or fails to compile
// without a panic, and that reads back the same once written.
func FuzzAssertionJSON(f *testing.F) {
	f.Add(`{"unchanged":"gmail.messages","except":[{"to":"a@x.example"},{"id":{"in":["m1"]}}]}`)
	f.Add(`{"unchanged":"google_sheets.rows","where":{"worksheet_id":"ws_topics"},"except":{"id":{"in":["r1","r2"]}}}`)
	f.Add(`{"count":"log.entries","where":{"body":{"contains":"x"}},"bound":{"max":1}}`)
	f.Add(`{"unchanged":"a.b","except":[]}`)
	f.Fuzz(func(t *testing.T, src string) {
		var a Assertion
		if json.Unmarshal([]byte(src), &a) != nil {
			return
		}
		_, _ = Compile(a)
		a.Normalize()
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatalf("write %+v: %v", a, err)
		}
		var back Assertion
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("read back %s: %v", b, err)
		}
		back.Normalize()
		if b2, _ := json.Marshal(back); string(b2) != string(b) {
			t.Fatalf("round trip: %s -> %s", b, b2)
		}
	})
}

// editRecord returns a change that sets one field of one record, as a
// tool's update would.
func editRecord(t *testing.T, name, k, f string, v any) func(*state.State) {
	return func(st *state.State) {
		r, _ := st.Get(name, k)
		n := state.Record{}
		for kk, vv := range r {
			n[kk] = vv
		}
		n[f] = v
		if err := st.Replace(name, k, n); err != nil {
			t.Fatal(err)
		}
	}
}
