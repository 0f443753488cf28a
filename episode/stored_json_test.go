package episode

import (
	"encoding/json"
	"testing"

	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/state"
)

// TestStoredJSON checks that a search or a get answering records from
// their stored JSON answers what encoding the records anew gives, before
// and after the session writes one of them; a session that keeps its
// observations quoted too writes them into a reply as json.Marshal does,
// from the stored quoting while the records are the base's.
func TestStoredJSON(t *testing.T) {
	for _, quoted := range []bool{false, true} {
		testStoredJSON(t, quoted)
	}
}

func testStoredJSON(t *testing.T, quoted bool) {
	lib := testlib.Example(t)
	env := composeAll(t, lib)[0]
	s, err := NewSession(env, SessionOptions{Quoted: quoted})
	if err != nil {
		t.Fatal(err)
	}
	// A search is written quoted all along (the record the session wrote
	// quoted as it is read); a get, from the stored quoting alone.
	reply := func(round int, o Observation, kept bool) {
		t.Helper()
		if want, _ := json.Marshal(o); string(o.AppendJSON(nil)) != string(want) {
			t.Fatalf("round %d: observation writes\n%s\nwant\n%s", round, o.AppendJSON(nil), want)
		}
		if (o.quoted != nil) != (quoted && kept) {
			t.Fatalf("round %d, quoted session %v: observation kept quoted %v", round, quoted, o.quoted != nil)
		}
		if last := s.Trajectory()[len(s.Trajectory())-1].Observation; last.quoted != nil {
			t.Fatal("the trajectory keeps the quoted observation")
		}
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
		reply(round, o, true)
		o = s.Call(ToolCall{Name: "helpdesk_get_ticket", Args: json.RawMessage(`{"id":"T-1001"}`)})
		r, _ := s.State().Get("helpdesk.tickets", "T-1001")
		if w, _ := json.Marshal(r); o.IsError || o.Content != string(w) {
			t.Fatalf("round %d: get answers %s, want %s", round, o.Content, w)
		}
		reply(round, o, round == 0)
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
		type keptQuote struct {
			q    *quotedJSON
			want string
		}
		var kept []keptQuote
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
				want, err := marshalJSONString(e.listed(s.st, c.fs, c.limit))
				for _, quote := range []bool{false, true} {
					got, ok := e.encoded(s.st, c.fs, c.limit, quote)
					text, _ := marshalJSONString(got)
					if !ok || err != nil || text != want {
						t.Fatalf("%s limit %d filters %d: encoded %v\n%s\nwant\n%s", tool.Name, c.limit, len(c.fs), ok, text, want)
					}
					if q, isQuoted := got.(*quotedJSON); isQuoted && string(q.appendQuoted(nil)) != string(appendJSONEscaped(nil, want)) {
						t.Fatalf("%s limit %d filters %d: quoted\n%s\nwant\n%s", tool.Name, c.limit, len(c.fs), q.appendQuoted(nil), appendJSONEscaped(nil, want))
					} else if isQuoted {
						kept = append(kept, keptQuote{q, want})
					}
				}
			}
		}
		if searches == 0 {
			t.Errorf("%s: no search tool", env.ID)
		}
		// The searches after a result leave its quoting as it was.
		for _, k := range kept {
			if got := string(k.q.appendQuoted(nil)); got != string(appendJSONEscaped(nil, k.want)) {
				t.Fatalf("%s: a later search changed an earlier quoting to\n%s", env.ID, got)
			}
		}
	}
}
