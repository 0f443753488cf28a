package episode

import (
	"encoding/json"
	"testing"

	"github.com/legoenv/legoenv/internal/testlib"
)

// TestUnfilteredSearch checks that a search without filters of an
// untouched collection answers what encoding the search anew gives, for
// every limit and form, that sessions of one world share the answer, and
// that a collection the session wrote is searched anew.
func TestUnfilteredSearch(t *testing.T) {
	lib := testlib.Example(t)
	shared, written := 0, 0
	for _, env := range composeAll(t, lib) {
		open := func() *Session {
			s, err := NewSession(env, SessionOptions{})
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		a, b, played := open(), open(), open()
		played.Step(env.PlanCalls()...)
		for _, tool := range env.tools {
			e, ok := tool.impl.(*searchEffect)
			if !ok {
				continue
			}
			// The first limits asked are kept (a collection keeps a few),
			// and one past the collection's size is the size's.
			for i, limit := range []int{20, 1 << 40, 1, 0, -1} {
				want, err := marshalJSONString(e.listed(a.st, nil, limit))
				if err != nil {
					t.Fatal(err)
				}
				for _, quote := range []bool{false, true} {
					first, ok := e.unfiltered(a.st, nil, limit, quote)
					text, _ := marshalJSONString(first)
					if !ok || text != want {
						t.Fatalf("%s limit %d quoted %v: unfiltered %v\n%s\nwant\n%s", tool.Name, limit, quote, ok, text, want)
					}
					if q, isQuoted := first.(*quotedJSON); isQuoted != quote || isQuoted && string(q.appendQuoted(nil)) != string(appendJSONEscaped(nil, want)) {
						t.Fatalf("%s limit %d: quoted %v, want %v", tool.Name, limit, isQuoted, quote)
					}
					if again, _ := e.unfiltered(b.st, nil, limit, quote); i < 2 && again != first {
						t.Fatalf("%s limit %d quoted %v: another session of the world searches anew", tool.Name, limit, quote)
					}
					shared++
				}
			}
			filter := []activeFilter{{filter{arg: "x", field: "id", op: "equals"}, "x"}}
			if _, ok := e.unfiltered(a.st, filter, 20, false); ok {
				t.Fatalf("%s: a filtered search is kept", tool.Name)
			}
			if _, ok := e.unfiltered(played.st, nil, 20, false); ok != played.st.Untouched(e.tg.name) {
				t.Fatalf("%s: kept answer %v for a collection untouched %v", tool.Name, ok, played.st.Untouched(e.tg.name))
			}
			if !played.st.Untouched(e.tg.name) {
				written++
			}
		}
	}
	if shared == 0 || written == 0 {
		t.Fatalf("%d shared searches, %d searches of written collections: the example library no longer tests both", shared, written)
	}
}

// TestGetShared checks that gets of a stored record in two sessions of a
// world answer the same result, quoting included, held once.
func TestGetShared(t *testing.T) {
	env := composeAll(t, testlib.Example(t))[0]
	var got []Observation
	for range 2 {
		s, err := NewSession(env, SessionOptions{Quoted: true})
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, s.Call(ToolCall{Name: "helpdesk_get_ticket", Args: json.RawMessage(`{"id":"T-1001"}`)}))
	}
	if got[0].IsError || got[0].quoted == nil || got[0].quoted != got[1].quoted || got[0].Content != got[1].Content {
		t.Fatalf("two sessions' gets of one record: %+v and %+v", got[0], got[1])
	}
}
