package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/episode"
)

// TestRESTEpisodes drives full episodes over HTTP (create, step, evaluate,
// state, close) and checks that each gives what a direct run gives, as
// `legoenv play` runs it: the same observations, state hash, reward and
// components.
func TestRESTEpisodes(t *testing.T) {
	cat := exampleCatalog(t)
	ts := startServer(t, cat, Options{})
	trajs := trajectories(t, cat)
	envsSeen := map[string]bool{}
	for i, tr := range trajs {
		batch := i%2 == 0 // half send every call in one step, half one call a step
		t.Run(tr.name, func(t *testing.T) {
			envsSeen[tr.env.ID] = true
			want, wantObs := direct(t, tr.env, episode.SessionOptions{}, tr.calls)
			wantRes := want.Evaluate()

			var start SessionStart
			if st := ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": tr.env.ID}, &start); st != http.StatusCreated {
				t.Fatalf("create: status %d", st)
			}
			if start.SessionID == "" || start.EnvID != tr.env.ID || len(start.Messages) == 0 {
				t.Fatalf("create answered %+v", start)
			}
			var tools []map[string]any
			if err := json.Unmarshal(start.Tools, &tools); err != nil || len(tools) != len(tr.env.Tools()) {
				t.Fatalf("tools: %v, %d of %d", err, len(tools), len(tr.env.Tools()))
			}
			if fn, _ := tools[0]["function"].(map[string]any); tools[0]["type"] != "function" || fn["name"] != tr.env.Tools()[0].Name || fn["parameters"] == nil {
				t.Errorf("tool 0 is not an OpenAI function of the first tool: %v", tools[0])
			}
			base := "/v1/sessions/" + start.SessionID

			var got []episode.Observation
			var last StepResult
			if batch && len(tr.calls) > 0 {
				if st := ts.do(t, "POST", base+"/step", wire(tr.calls), &last); st != http.StatusOK {
					t.Fatalf("step: status %d", st)
				}
				got = last.Observations
			} else {
				for _, c := range tr.calls {
					if st := ts.do(t, "POST", base+"/step", wire([]episode.ToolCall{c}), &last); st != http.StatusOK {
						t.Fatalf("step %s: status %d", c.Name, st)
					}
					if len(last.Observations) != 1 {
						t.Fatalf("step of one call: %d observations", len(last.Observations))
					}
					got = append(got, last.Observations...)
				}
			}
			if len(got) != len(wantObs) {
				t.Fatalf("%d observations, want %d", len(got), len(wantObs))
			}
			for i := range got {
				if got[i].Content != wantObs[i].Content || got[i].IsError != wantObs[i].IsError {
					t.Errorf("observation %d: got %+v, want %+v", i, got[i], wantObs[i])
				}
				if got[i].ToolCallID == "" {
					t.Errorf("observation %d has no tool_call_id", i)
				}
			}
			if len(tr.calls) > 0 && last.Steps != len(tr.calls) {
				t.Errorf("steps %d, want %d", last.Steps, len(tr.calls))
			}

			var ev Evaluation
			if st := ts.do(t, "POST", base+"/evaluate", nil, &ev); st != http.StatusOK {
				t.Fatalf("evaluate: status %d", st)
			}
			if ev.Reward != wantRes.Reward || ev.Passed != wantRes.Passed || len(ev.Components) != len(wantRes.Components) {
				t.Fatalf("REST reward %v passed %v (%d components); direct run %v %v (%d)",
					ev.Reward, ev.Passed, len(ev.Components), wantRes.Reward, wantRes.Passed, len(wantRes.Components))
			}
			for i, c := range ev.Components {
				if c != wantRes.Components[i] {
					t.Errorf("component %d: %+v, want %+v", i, c, wantRes.Components[i])
				}
			}
			if tr.pass != nil && ev.Passed != *tr.pass {
				t.Errorf("passed %v, want %v (reward %v)", ev.Passed, *tr.pass, ev.Reward)
			}

			var view StateView
			if st := ts.do(t, "GET", base+"/state?trajectory=true", nil, &view); st != http.StatusOK {
				t.Fatalf("state: status %d", st)
			}
			if view.StateHash != want.Hash() || len(view.Trajectory) != len(tr.calls) || view.State == nil {
				t.Errorf("state hash %s, %d steps; want %s, %d", view.StateHash, len(view.Trajectory), want.Hash(), len(tr.calls))
			}

			var closed map[string]any
			if st := ts.do(t, "DELETE", base, nil, &closed); st != http.StatusOK || closed["closed"] != true {
				t.Fatalf("delete: %d %v", st, closed)
			}
			for _, req := range [][2]string{{"POST", base + "/step"}, {"POST", base + "/evaluate"}, {"GET", base + "/state"}, {"DELETE", base}} {
				st, b, err := ts.raw(req[0], req[1], `{"tool_calls":[{"name":"x"}]}`)
				code, cerr := errCode(b)
				if err != nil || cerr != nil || st != http.StatusConflict || code != "session_closed" {
					t.Errorf("%s %s after close: %d %s (%v %v), want 409 session_closed", req[0], req[1], st, b, err, cerr)
				}
			}
		})
	}
	if len(envsSeen) < 5 {
		t.Errorf("episodes cover %d environments; want at least 5", len(envsSeen))
	}
}

// TestRESTMetaToolset runs a plan through search_tools/execute_tool and
// gets the reward of the named plan.
func TestRESTMetaToolset(t *testing.T) {
	cat := exampleCatalog(t)
	ts := startServer(t, cat, Options{})
	env := envBy(t, cat, "escalate_ticket", "northwind_support")
	var start SessionStart
	if st := ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": env.ID, "toolset": "meta", "seed": 7}, &start); st != http.StatusCreated {
		t.Fatalf("create: %d", st)
	}
	if start.Toolset != "meta" || start.Seed != 7 || !strings.Contains(string(start.Tools), "execute_tool") {
		t.Fatalf("meta session: %+v", start)
	}
	calls := []map[string]any{{"id": "s1", "type": "function", "function": map[string]any{"name": "search_tools", "arguments": `{"query":"ticket"}`}}}
	for i, c := range env.PlanCalls() {
		// The OpenAI chat form: arguments as a string.
		args, _ := json.Marshal(map[string]any{"tool_name": c.Name, "arguments": json.RawMessage(c.Args)})
		calls = append(calls, map[string]any{"id": fmt.Sprint("c", i), "type": "function", "function": map[string]any{"name": "execute_tool", "arguments": string(args)}})
	}
	var res StepResult
	if st := ts.do(t, "POST", "/v1/sessions/"+start.SessionID+"/step", map[string]any{"tool_calls": calls}, &res); st != http.StatusOK {
		t.Fatalf("step: %d", st)
	}
	for i, o := range res.Observations {
		if o.IsError || o.ToolCallID != calls[i]["id"] {
			t.Errorf("observation %d: %+v", i, o)
		}
	}
	if !strings.Contains(res.Observations[0].Content, "helpdesk_update_ticket") {
		t.Errorf("search_tools found no ticket tool: %s", res.Observations[0].Content)
	}
	want, _ := direct(t, env, episode.SessionOptions{Seed: 7}, env.PlanCalls())
	var ev Evaluation
	ts.do(t, "GET", "/v1/sessions/"+start.SessionID+"/evaluate", nil, &ev)
	if w := want.Evaluate(); ev.Reward != w.Reward || !ev.Passed {
		t.Errorf("meta plan: reward %v passed %v; named plan %v", ev.Reward, ev.Passed, w.Reward)
	}
	// Reset goes back to the start: the goal no longer holds.
	var again SessionStart
	if st := ts.do(t, "POST", "/v1/sessions/"+start.SessionID+"/reset", nil, &again); st != http.StatusOK || again.SessionID != start.SessionID {
		t.Fatalf("reset: %d %+v", st, again)
	}
	ts.do(t, "POST", "/v1/sessions/"+start.SessionID+"/evaluate", "", &ev)
	if ev.Passed || ev.Steps != 0 {
		t.Errorf("after reset: passed %v, %d steps", ev.Passed, ev.Steps)
	}
}

func TestAPIErrors(t *testing.T) {
	cat := exampleCatalog(t)
	ts := startServer(t, cat, Options{MaxBodyBytes: 4096})
	env := cat.All()[0].Env
	var start SessionStart
	ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": env.ID}, &start)
	sp := "/v1/sessions/" + start.SessionID
	cases := []struct {
		name, method, path, body string
		status                   int
		code, msg                string
	}{
		{"unknown env", "POST", "/v1/sessions", `{"env_id":"env-nope"}`, 404, "not_found", "env-nope"},
		{"missing env_id", "POST", "/v1/sessions", `{}`, 400, "bad_request", "env_id"},
		{"empty body", "POST", "/v1/sessions", ``, 400, "bad_request", "empty"},
		{"bad toolset", "POST", "/v1/sessions", `{"env_id":"` + env.ID + `","toolset":"all"}`, 400, "bad_request", "toolset"},
		{"seed not a number", "POST", "/v1/sessions", `{"env_id":"` + env.ID + `","seed":"x"}`, 400, "bad_request", "field seed"},
		{"unknown field", "POST", "/v1/sessions", `{"env":"x"}`, 400, "bad_request", `unknown field "env"`},
		{"invalid JSON", "POST", "/v1/sessions", "{\n \"env_id\": ,}", 400, "bad_request", "line 2"},
		{"two values", "POST", "/v1/sessions", `{"env_id":"a"} {}`, 400, "bad_request", "more than one"},
		{"unknown session", "POST", "/v1/sessions/ses_nope/step", `{"tool_calls":[{"name":"x"}]}`, 404, "not_found", "ses_nope"},
		{"unknown session state", "GET", "/v1/sessions/ses_nope/state", ``, 404, "not_found", "ses_nope"},
		{"unknown env id", "GET", "/v1/envs/env-nope", ``, 404, "not_found", "env-nope"},
		{"no route", "GET", "/v2/envs", ``, 404, "not_found", "/v1"},
		{"wrong method", "GET", "/v1/sessions", ``, 405, "method_not_allowed", "POST"},
		{"wrong method step", "GET", sp + "/step", ``, 405, "method_not_allowed", "POST"},
		{"tool_calls missing", "POST", sp + "/step", `{}`, 400, "bad_request", "tool_calls"},
		{"tool_calls empty", "POST", sp + "/step", `{"tool_calls":[]}`, 400, "bad_request", "empty"},
		{"tool_calls not a list", "POST", sp + "/step", `{"tool_calls":{"name":"x"}}`, 400, "bad_request", "tool_calls"},
		{"call without name", "POST", sp + "/step", `{"tool_calls":[{"name":"a"},{"arguments":{}}]}`, 400, "bad_request", "tool_calls[1].name"},
		{"names differ", "POST", sp + "/step", `{"tool_calls":[{"name":"a","function":{"name":"b"}}]}`, 400, "bad_request", "differ"},
		{"bad type", "POST", sp + "/step", `{"tool_calls":[{"type":"code","name":"a"}]}`, 400, "bad_request", "type"},
		{"too large", "POST", sp + "/step", `{"tool_calls":[{"name":"a","arguments":{"x":"` + strings.Repeat("y", 5000) + `"}}]}`, 413, "too_large", "4096"},
		{"bad limit", "GET", "/v1/envs?limit=-1", ``, 400, "bad_request", "limit"},
		{"bad verified", "GET", "/v1/envs?verified=maybe", ``, 400, "bad_request", "verified"},
		{"bad trajectory flag", "GET", sp + "/state?trajectory=yes", ``, 400, "bad_request", "trajectory"},
		{"evaluate with a body", "POST", sp + "/evaluate", `{"x":1}`, 400, "bad_request", "unknown field"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var body any
			if c.body != "" {
				body = c.body
			}
			st, b, err := ts.raw(c.method, c.path, body)
			if err != nil {
				t.Fatal(err)
			}
			code, err := errCode(b)
			if err != nil {
				t.Fatal(err)
			}
			var e errorBody
			_ = json.Unmarshal(b, &e)
			if st != c.status || code != c.code || !strings.Contains(e.Error.Message, c.msg) {
				t.Errorf("%d %s, want %d %s mentioning %q", st, b, c.status, c.code, c.msg)
			}
		})
	}
	// None of these touched the session.
	var ev Evaluation
	ts.do(t, "GET", sp+"/evaluate", nil, &ev)
	if ev.Steps != 0 {
		t.Errorf("bad requests made %d steps", ev.Steps)
	}
}

func TestSessionLimit(t *testing.T) {
	cat := exampleCatalog(t)
	ts := startServer(t, cat, Options{MaxSessions: 3})
	env := cat.All()[0].Env
	var ids []string
	for i := 0; i < 3; i++ {
		var s SessionStart
		if st := ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": env.ID}, &s); st != 201 {
			t.Fatalf("session %d: %d", i, st)
		}
		ids = append(ids, s.SessionID)
	}
	st, b, _ := ts.raw("POST", "/v1/sessions", map[string]any{"env_id": env.ID})
	if code, _ := errCode(b); st != http.StatusTooManyRequests || code != "too_many_sessions" {
		t.Fatalf("over the limit: %d %s", st, b)
	}
	ts.do(t, "DELETE", "/v1/sessions/"+ids[0], nil, nil)
	if st := ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": env.ID}, nil); st != 201 {
		t.Fatalf("after a close: %d", st)
	}
	if n := ts.OpenSessions(); n != 3 {
		t.Errorf("%d open, want 3", n)
	}
}

func TestIdleExpiry(t *testing.T) {
	cat := exampleCatalog(t)
	ts := startServer(t, cat, Options{IdleTimeout: time.Hour})
	now := time.Now()
	ts.now = func() time.Time { return now }
	env := cat.All()[0].Env
	var a, b SessionStart
	ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": env.ID}, &a)
	ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": env.ID}, &b)
	// b is used half an hour later; a is not.
	now = now.Add(50 * time.Minute)
	ts.sessions.get(b.SessionID)
	sb, _ := ts.sessions.get(b.SessionID)
	sb.touch(now)
	now = now.Add(20 * time.Minute)
	if n := ts.ExpireIdle(); n != 1 {
		t.Fatalf("expired %d, want 1", n)
	}
	st, body, _ := ts.raw("POST", "/v1/sessions/"+a.SessionID+"/step", `{"tool_calls":[{"name":"x"}]}`)
	if code, _ := errCode(body); st != http.StatusConflict || code != "session_closed" {
		t.Errorf("expired session: %d %s", st, body)
	}
	if st := ts.do(t, "POST", "/v1/sessions/"+b.SessionID+"/evaluate", nil, nil); st != http.StatusOK {
		t.Errorf("active session: %d", st)
	}
	if n := ts.OpenSessions(); n != 1 {
		t.Errorf("%d open, want 1", n)
	}
}

func TestListEnvs(t *testing.T) {
	cat := exampleCatalog(t)
	ts := startServer(t, cat, Options{})
	var all EnvList
	ts.do(t, "GET", "/v1/envs?limit=1000", nil, &all)
	if all.Total != cat.Len() || len(all.Envs) != cat.Len() || all.NextOffset != nil {
		t.Fatalf("all: total %d, %d listed, next %v; catalog %d", all.Total, len(all.Envs), all.NextOffset, cat.Len())
	}
	// Paging visits every environment once, in order.
	var paged []string
	for off := 0; ; {
		var page EnvList
		ts.do(t, "GET", fmt.Sprintf("/v1/envs?limit=2&offset=%d", off), nil, &page)
		if len(page.Envs) > 2 {
			t.Fatalf("page of %d", len(page.Envs))
		}
		for _, e := range page.Envs {
			paged = append(paged, e.ID)
		}
		if page.NextOffset == nil {
			break
		}
		off = *page.NextOffset
	}
	if len(paged) != cat.Len() {
		t.Fatalf("paging listed %d, want %d", len(paged), cat.Len())
	}
	for i, e := range all.Envs {
		if paged[i] != e.ID {
			t.Errorf("page order differs at %d", i)
		}
	}
	filters := []struct {
		query string
		keep  func(EnvSummary) bool
	}{
		{"app=mail", func(e EnvSummary) bool { return slices.Contains(e.Apps, "mail") }},
		{"app=helpdesk", func(e EnvSummary) bool { return slices.Contains(e.Apps, "helpdesk") }},
		{"intent=log_discovery_note", func(e EnvSummary) bool { return e.Intent == "log_discovery_note" }},
		{"app=crm&intent=email_account_owner", func(e EnvSummary) bool { return e.Intent == "email_account_owner" && slices.Contains(e.Apps, "crm") }},
		{"app=nothing", func(EnvSummary) bool { return false }},
	}
	for _, f := range filters {
		t.Run(f.query, func(t *testing.T) {
			var want []string
			for _, e := range all.Envs {
				if f.keep(e) {
					want = append(want, e.ID)
				}
			}
			var got EnvList
			ts.do(t, "GET", "/v1/envs?"+f.query, nil, &got)
			if got.Total != len(want) || len(got.Envs) != len(want) {
				t.Fatalf("%d listed, want %d", len(got.Envs), len(want))
			}
			for i, e := range got.Envs {
				if e.ID != want[i] {
					t.Errorf("%d: %s, want %s", i, e.ID, want[i])
				}
			}
		})
	}
	var d EnvDetail
	id := all.Envs[1].ID
	if st := ts.do(t, "GET", "/v1/envs/"+id, nil, &d); st != 200 || d.ID != id || len(d.ToolDefs) != d.Tools || d.Recipe.Intent.ID != d.Intent || len(d.Messages) == 0 || d.Limits.MaxSteps == 0 {
		t.Errorf("detail: %d %+v", st, d)
	}
	var h map[string]any
	if st := ts.do(t, "GET", "/healthz", nil, &h); st != 200 || h["status"] != "ok" || h["environments"] != float64(cat.Len()) {
		t.Errorf("healthz: %d %v", st, h)
	}
}

// TestSameSessionConcurrently steps one session from many goroutines: the
// calls are serialised, none is lost.
func TestSameSessionConcurrently(t *testing.T) {
	cat := exampleCatalog(t)
	ts := startServer(t, cat, Options{})
	env := envBy(t, cat, "log_discovery_note", "northwind_support")
	var start SessionStart
	ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": env.ID}, &start)
	const workers, each = 8, 6
	errs := make(chan error, workers)
	for w := 0; w < workers; w++ {
		go func() {
			for i := 0; i < each; i++ {
				body := fmt.Sprintf(`{"tool_calls":[{"name":"crm_create_note","arguments":{"contact_id":"con_2","title":"w%d","body":"n%d"}}]}`, w, i)
				st, b, err := ts.raw("POST", "/v1/sessions/"+start.SessionID+"/step", body)
				if err == nil && st != 200 {
					err = fmt.Errorf("status %d %s", st, b)
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for w := 0; w < workers; w++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	var v StateView
	ts.do(t, "GET", "/v1/sessions/"+start.SessionID+"/state", nil, &v)
	notes, _ := v.State["crm"].(map[string]any)["notes"].([]any)
	before, _ := direct(t, env, episode.SessionOptions{}, nil)
	if v.Steps != workers*each || len(notes) != len(before.State().Records("crm.notes"))+workers*each {
		t.Errorf("%d steps and %d notes after %d concurrent creates", v.Steps, len(notes), workers*each)
	}
}

// TestMetrics checks the Prometheus series against what the clients did.
func TestMetrics(t *testing.T) {
	cat := exampleCatalog(t)
	ts := startServer(t, cat, Options{IdleTimeout: time.Hour})
	now := time.Now()
	ts.now = func() time.Time { return now }
	env := envBy(t, cat, "reply_and_pend", "northwind_support")
	var a, b SessionStart
	ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": env.ID}, &a)
	ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": env.ID}, &b)
	ts.do(t, "POST", "/v1/sessions/"+a.SessionID+"/step", `{"tool_calls":[{"name":"no_such_tool"},{"name":"helpdesk_get_ticket","arguments":{"id":"T-1001"}}]}`, nil)
	ts.do(t, "POST", "/v1/sessions/"+a.SessionID+"/evaluate", nil, nil)
	ts.do(t, "GET", "/v1/sessions/ses_nope/state", nil, nil)
	ts.do(t, "POST", "/v1/sessions", `{`, nil)
	now = now.Add(2 * time.Hour)
	sb, _ := ts.sessions.get(b.SessionID)
	sb.touch(now)
	ts.ExpireIdle() // closes a
	_, text, err := ts.raw("GET", "/metrics", nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]float64{
		"legoenv_sessions_created_total":                  2,
		"legoenv_sessions_open":                           1,
		"legoenv_sessions_expired_total":                  1,
		"legoenv_steps_total":                             2,
		"legoenv_tool_errors_total":                       1,
		"legoenv_evaluations_total":                       1,
		"legoenv_step_duration_seconds_count":             1,
		`legoenv_http_errors_total{status="404"}`:         1,
		`legoenv_http_errors_total{status="400"}`:         1,
		`legoenv_step_duration_seconds_bucket{le="+Inf"}`: 1,
	} {
		if got := metricValue(t, string(text), name); got != want {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	if !strings.Contains(string(text), "go_goroutines") {
		t.Error("no Go runtime metrics")
	}
}

// StepResult.AppendJSON writes what the JSON encoder writes.
func TestStepResultAppendJSON(t *testing.T) {
	for _, r := range []StepResult{
		{},
		{Observations: []episode.Observation{{ToolCallID: "call_1", Content: `{"a":"<b>"}`}, {Content: "é\u2028", IsError: true}}, Steps: 12, Done: true},
		{Observations: []episode.Observation{}},
	} {
		var want bytes.Buffer
		if err := json.NewEncoder(&want).Encode(r); err != nil {
			t.Fatal(err)
		}
		if got := r.AppendJSON(nil); string(got) != want.String() {
			t.Errorf("got  %s\nwant %s", got, want.String())
		}
	}
}

// A call sent without an id is answered with the session's next,
// call_1, call_2 and on.
func TestCallIDs(t *testing.T) {
	for _, n := range []int{1, 9, 10, 12345, 1 << 40} {
		if got, want := callID(n), fmt.Sprintf("call_%d", n); got != want {
			t.Errorf("callID(%d) = %q, want %q", n, got, want)
		}
	}
}
