package serve

import (
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/envfile"
	"github.com/legoenv/legoenv/episode"
)

// writeEnvsFile writes the example environments as `legoenv build` would,
// with the given verified flags, plus a field serve does not know.
func writeEnvsFile(t *testing.T, cat *Catalog, verified func(i int) *bool) string {
	t.Helper()
	var b strings.Builder
	for i, in := range cat.All() {
		rec := map[string]any{"id": in.Env.ID, "recipe": in.Env.Recipe, "apps": in.Env.Apps, "intent": in.Env.Intent.ID,
			"verdict": map[string]any{"checks": []string{"compose"}}}
		if v := verified(i); v != nil {
			rec["verified"] = *v
		}
		line, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		b.WriteString("\n")
		if i == 1 {
			b.WriteString("\n") // blank lines are skipped
		}
	}
	path := filepath.Join(t.TempDir(), "envs.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestEnvsFile(t *testing.T) {
	cat := exampleCatalog(t)
	path := writeEnvsFile(t, cat, func(i int) *bool {
		if i == 0 {
			return nil
		}
		return ptr(i%2 == 1)
	})
	got, err := LoadEnvsFile(exampleLib(t), path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Len() != cat.Len() {
		t.Fatalf("%d environments, want %d", got.Len(), cat.Len())
	}
	for i, in := range got.All() {
		if in.Env.ID != cat.All()[i].Env.ID {
			t.Errorf("%d: %s, want %s", i, in.Env.ID, cat.All()[i].Env.ID)
		}
		if (i == 0) != (in.Verified == nil) || (i > 0 && *in.Verified != (i%2 == 1)) {
			t.Errorf("%d: verified %v", i, in.Verified)
		}
	}
	ts := startServer(t, got, Options{})
	for q, want := range map[string]int{"verified=true": cat.Len() / 2, "verified=false": (cat.Len() - 1) / 2, "": cat.Len()} {
		var l EnvList
		ts.do(t, "GET", "/v1/envs?"+q, nil, &l)
		if l.Total != want {
			t.Errorf("?%s: %d, want %d", q, l.Total, want)
		}
	}
}

func TestEnvsCatalogErrors(t *testing.T) {
	cat := exampleCatalog(t)
	lib := exampleLib(t)
	e := cat.All()[0].Env
	recs := []envfile.Record{
		{ID: e.ID, Recipe: e.Recipe, Line: 1},
		{ID: "env-000000000000", Recipe: e.Recipe, Line: 2},
		{ID: "env-x", Recipe: e.Recipe, Line: 3},
	}
	recs[2].Recipe.Intent.ID = "no_such_intent"
	recs[2].Recipe.Intent.Version = ""
	_, err := EnvsCatalog(lib, "envs.jsonl", recs)
	if err == nil {
		t.Fatal("no error")
	}
	for _, w := range []string{"envs.jsonl:2: id env-000000000000", e.ID, "envs.jsonl:3: env env-x", "no_such_intent"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q does not mention %q", err, w)
		}
	}
	if strings.Contains(err.Error(), "envs.jsonl:1:") {
		t.Errorf("the good line is reported: %v", err)
	}
}

func FuzzStepRequest(f *testing.F) {
	f.Add(`{"tool_calls":[{"id":"a","name":"x","arguments":{"k":1}}]}`)
	f.Add(`{"tool_calls":[{"type":"function","function":{"name":"x","arguments":"{\"k\":1}"}}]}`)
	f.Add(`{"tool_calls":[]}`)
	f.Add(`{"tool_calls":[{"name":"x","arguments":[1]}]} trailing`)
	f.Fuzz(func(t *testing.T, body string) {
		var req StepRequest
		if err := decodeJSON([]byte(body), &req, false); err != nil {
			if !strings.HasPrefix(err.Error(), "body:") {
				t.Errorf("error does not say where: %v", err)
			}
			return
		}
		calls, err := req.Calls()
		if err != nil {
			return
		}
		if len(calls) != len(req.ToolCalls) {
			t.Fatalf("%d calls from %d", len(calls), len(req.ToolCalls))
		}
		for _, c := range calls {
			if c.Name == "" {
				t.Errorf("accepted a call without a name: %s", body)
			}
		}
	})
}

// FuzzStep sends any step body to a live session: the server answers
// 200 or a JSON 4xx, never 5xx, the episode stays usable, and a reply's
// observations (written from their quoting where the session keeps one)
// read as the trajectory records them.
func FuzzStep(f *testing.F) {
	f.Add(`{"tool_calls":[{"name":"helpdesk_search_tickets","arguments":{}},{"name":"helpdesk_get_ticket","arguments":{"id":"T-1001"}}]}`)
	f.Add(`{"tool_calls":[{"name":"helpdesk_update_ticket","arguments":{"id":"T-1001","status":"pending"}},{"name":"helpdesk_search_tickets","arguments":{"status":"pending"}}]}`)
	f.Add(`{"tool_calls":[{"name":"helpdesk_update_ticket","arguments":{"id":"T-1001","status":"pending"}}]}`)
	f.Add(`{"tool_calls":[{"name":"helpdesk_update_ticket","arguments":"{\"id\":5}"}]}`)
	f.Add(`{"tool_calls":[{"name":"helpdesk_add_comment","arguments":{"ticket_id":"T-1001","body":"` + strings.Repeat("x", 100) + `","public":false}}]}`)
	cat := exampleCatalog(f)
	srv := New(cat, Options{})
	env := envBy(f, cat, "reply_and_pend", "northwind_support")
	f.Fuzz(func(t *testing.T, body string) {
		sess, err := srv.NewSession(env.ID, episode.SessionOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer srv.CloseSession(sess.ID)
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/v1/sessions/"+sess.ID+"/step", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		srv.Handler().ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("status %d for %q: %s", rec.Code, body, rec.Body.String())
		}
		if rec.Code != 200 {
			if _, err := errCode(rec.Body.Bytes()); err != nil {
				t.Fatalf("status %d: %v", rec.Code, err)
			}
		} else {
			sameObservations(t, sess, rec.Body.Bytes())
		}
		if _, err := sess.Evaluate(); err != nil {
			t.Fatal(err)
		}
	})
}

// sameObservations checks that reply, a step's, holds the observations
// the session's trajectory ends with.
func sameObservations(t *testing.T, sess *Session, reply []byte) {
	t.Helper()
	var res StepResult
	if err := json.Unmarshal(reply, &res); err != nil {
		t.Fatalf("reply %s: %v", reply, err)
	}
	v, err := sess.View(true)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Observations) > len(v.Trajectory) {
		return // calls refused once the session was done are not recorded
	}
	for i, o := range res.Observations {
		if rec := v.Trajectory[len(v.Trajectory)-len(res.Observations)+i].Observation; o != rec {
			t.Fatalf("observation %d replied\n%+v\nrecorded\n%+v", i, o, rec)
		}
	}
}

// TestCorpusCatalog: a catalog over an opened envs.jsonl lists and
// filters without composing, composes an environment when a session asks
// for it, and serves what the composed catalog serves.
func TestCorpusCatalog(t *testing.T) {
	cat := exampleCatalog(t)
	path := writeEnvsFile(t, cat, func(i int) *bool { return ptr(i%2 == 0) })
	c, err := envfile.Open(path, filepath.Join("..", "corpus", "example"))
	if err != nil {
		t.Fatal(err)
	}
	lazy := CorpusCatalog(c)
	if lazy.Len() != cat.Len() {
		t.Fatalf("%d environments, want %d", lazy.Len(), cat.Len())
	}
	verified := lazy.FindIDs(Filter{Verified: ptr(true)})
	if want := (cat.Len() + 1) / 2; len(verified) != want {
		t.Errorf("%d verified, want %d", len(verified), want)
	}
	first := cat.All()[0].Env
	if ids := lazy.FindIDs(Filter{Intent: first.Intent.ID, App: first.Apps[0]}); len(ids) == 0 || ids[0] != first.ID {
		t.Errorf("filter by intent and app: %v, want %s first", ids, first.ID)
	}
	if c.Cached() != 0 {
		t.Fatalf("listing composed %d environments", c.Cached())
	}
	if in, err := lazy.Lookup("env-nope"); in != nil || err != nil {
		t.Errorf("unknown id: %v, %v", in, err)
	}
	ts := startServer(t, lazy, Options{})
	var list EnvList
	if code := ts.do(t, "GET", "/v1/envs?limit=2", nil, &list); code != 200 || list.Total != cat.Len() || len(list.Envs) != 2 {
		t.Fatalf("list: %d %+v", code, list)
	}
	if list.Envs[0].Tools != len(first.Tools()) || list.Envs[0].ID != first.ID {
		t.Errorf("first listed %+v; the composed catalog has %s with %d tools", list.Envs[0], first.ID, len(first.Tools()))
	}
	var start SessionStart
	if code := ts.do(t, "POST", "/v1/sessions", CreateRequest{EnvID: first.ID}, &start); code != 201 || start.EnvID != first.ID {
		t.Fatalf("create session: %d %+v", code, start)
	}
	if got, want := start.Messages, first.Messages(); len(got) != len(want) || got[len(got)-1].Content != want[len(want)-1].Content {
		t.Errorf("messages %+v, want %+v", got, want)
	}
	if c.Cached() != 2 {
		t.Errorf("%d environments composed; want the 2 listed and used", c.Cached())
	}

	// With the index beside the file, a listing composes nothing.
	if err := envfile.WriteIndex(path, envfile.ComposeSummaries(exampleLib(t), c.Records, 1, nil)); err != nil {
		t.Fatal(err)
	}
	indexed, err := envfile.Open(path, filepath.Join("..", "corpus", "example"))
	if err != nil {
		t.Fatal(err)
	}
	if err := indexed.LoadIndex(); err != nil || len(indexed.Summaries) != cat.Len() {
		t.Fatalf("index: %d entries, %v", len(indexed.Summaries), err)
	}
	ts = startServer(t, CorpusCatalog(indexed), Options{})
	var again EnvList
	if code := ts.do(t, "GET", "/v1/envs?limit=2", nil, &again); code != 200 || len(again.Envs) != 2 {
		t.Fatalf("list: %d %+v", code, again)
	}
	if again.Envs[0].Tools != list.Envs[0].Tools || again.Envs[1].ID != list.Envs[1].ID || indexed.Cached() != 0 {
		t.Errorf("listed from the index %+v (%d composed); composed %+v", again.Envs, indexed.Cached(), list.Envs)
	}
}
