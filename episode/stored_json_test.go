package episode

import (
	"encoding/json"
	"testing"

	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/state"
)

// TestStoredJSON checks that a search or a get answering records from
// their stored JSON answers what encoding the records anew gives, before
// and after the session writes one of them.
func TestStoredJSON(t *testing.T) {
	lib := testlib.Example(t)
	env := composeAll(t, lib)[0]
	s, err := NewSession(env, SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := func(results []state.Record) string {
		l := []any{}
		for _, r := range results {
			if len(l) < env.Limits.SearchLimit {
				l = append(l, r)
			}
		}
		b, _ := json.Marshal(map[string]any{"results": l, "total": len(results)})
		return string(b)
	}
	for round := 0; round < 2; round++ {
		o := s.Call(ToolCall{Name: "helpdesk_search_tickets", Args: json.RawMessage(`{}`)})
		if w := want(s.State().Records("helpdesk.tickets")); o.Content != w {
			t.Fatalf("round %d: search answers\n%s\nwant\n%s", round, o.Content, w)
		}
		o = s.Call(ToolCall{Name: "helpdesk_get_ticket", Args: json.RawMessage(`{"id":"T-1001"}`)})
		r, _ := s.State().Get("helpdesk.tickets", "T-1001")
		if w, _ := json.Marshal(r); o.IsError || o.Content != string(w) {
			t.Fatalf("round %d: get answers %s, want %s", round, o.Content, w)
		}
		if o := s.Call(ToolCall{Name: "helpdesk_update_ticket", Args: json.RawMessage(`{"id":"T-1001","status":"pending"}`)}); o.IsError {
			t.Fatal(o.Content)
		}
	}
}

// A search written in one pass reads as the encoding of its result map,
// filtered, cut at a limit, and over records a session wrote.
func TestSearchEncoded(t *testing.T) {
	lib := testlib.Example(t)
	for _, env := range composeAll(t, lib) {
		s, err := NewSession(env, SessionOptions{})
		if err != nil {
			t.Fatal(err)
		}
		s.Step(env.PlanCalls()...) // records of the session's own
		searches := 0
		for _, tool := range env.tools {
			e, ok := tool.impl.(*searchEffect)
			if !ok {
				continue
			}
			searches++
			var fs []activeFilter
			if len(e.filters) > 0 {
				fs = []activeFilter{{e.filters[0], "a"}}
			}
			for _, c := range []struct {
				fs    []activeFilter
				limit int
			}{{nil, 20}, {nil, 1}, {nil, 0}, {nil, -1}, {fs, 20}} {
				got, ok := e.encoded(s.st, c.fs, c.limit)
				want, err := marshalJSONString(e.listed(s.st, c.fs, c.limit))
				if !ok || err != nil || string(got) != want {
					t.Fatalf("%s limit %d filters %d: encoded %v\n%s\nwant\n%s", tool.Name, c.limit, len(c.fs), ok, got, want)
				}
			}
		}
		if searches == 0 {
			t.Errorf("%s: no search tool", env.ID)
		}
	}
}
