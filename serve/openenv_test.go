package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/legoenv/legoenv/episode"
)

// TestOpenEnvEpisode plays every example environment's reference plan
// through OpenEnv's reset and step, and checks the reward against a
// direct session, the state, reset in place and the errors.
func TestOpenEnvEpisode(t *testing.T) {
	cat := exampleCatalog(t)
	ts := startServer(t, cat, Options{})
	played := 0
	for _, in := range cat.All() {
		env := in.Env
		if len(env.Plan) == 0 {
			continue
		}
		played++
		var start struct {
			Observation OpenEnvStart `json:"observation"`
			Reward      *float64     `json:"reward"`
			Done        bool         `json:"done"`
		}
		if st := ts.do(t, "POST", "/openenv/envs/"+env.ID+"/reset", map[string]any{"seed": 0}, &start); st != 200 || start.Reward != nil || start.Done {
			t.Fatalf("%s: reset %d %+v", env.ID, st, start)
		}
		ep := start.Observation.EpisodeID
		if start.Observation.EnvID != env.ID || len(start.Observation.Tools) == 0 || len(start.Observation.Messages) == 0 {
			t.Fatalf("%s: reset observation %+v", env.ID, start.Observation)
		}
		var res struct {
			Observation OpenEnvCallResult `json:"observation"`
			Reward      *float64          `json:"reward"`
			Done        bool              `json:"done"`
		}
		for _, c := range env.PlanCalls() {
			body := map[string]any{"action": map[string]any{"type": "call_tool", "tool_name": c.Name, "arguments": json.RawMessage(c.Args)}, "episode_id": ep, "request_id": "r1"}
			if st := ts.do(t, "POST", "/openenv/step", body, &res); st != 200 || res.Observation.ToolName != c.Name || res.Reward == nil {
				t.Fatalf("%s: step %s: %d %+v", env.ID, c.Name, st, res)
			}
		}
		s, _ := direct(t, env, episode.SessionOptions{}, env.PlanCalls())
		want := s.Evaluate()
		if *res.Reward != want.Reward || want.Reward != 1 {
			t.Fatalf("%s: OpenEnv reward %v, direct session %v", env.ID, *res.Reward, want.Reward)
		}
		var state OpenEnvState
		if st := ts.do(t, "GET", "/openenv/envs/"+env.ID+"/state?episode_id="+ep, nil, &state); st != 200 ||
			state.StepCount != len(env.Plan) || !state.Passed || state.StateHash != s.Hash() {
			t.Fatalf("%s: state %d %+v (want hash %s)", env.ID, st, state, s.Hash())
		}
		if st := ts.do(t, "POST", "/openenv/reset", map[string]any{"episode_id": ep}, &start); st != 200 || start.Observation.EpisodeID != ep {
			t.Fatalf("%s: reset in place %d %+v", env.ID, st, start)
		}
		if ts.do(t, "GET", "/openenv/state?episode_id="+ep, nil, &state); state.StepCount != 0 || state.Passed {
			t.Fatalf("%s: state after reset %+v", env.ID, state)
		}
	}
	if played == 0 {
		t.Fatal("no example environment has a reference plan")
	}
}

func TestOpenEnvErrors(t *testing.T) {
	cat := exampleCatalog(t)
	ts := startServer(t, cat, Options{})
	env := cat.All()[0].Env
	var start struct {
		Observation OpenEnvStart `json:"observation"`
	}
	ts.do(t, "POST", "/openenv/reset", map[string]any{"env_id": env.ID, "extra_kwarg": true}, &start)
	ep := start.Observation.EpisodeID
	if !strings.HasPrefix(ep, "ses_") {
		t.Fatalf("reset with env_id and an extra field: %+v", start)
	}
	var tools struct {
		Observation struct {
			Tools []OpenEnvTool `json:"tools"`
		} `json:"observation"`
	}
	if st := ts.do(t, "POST", "/openenv/step", map[string]any{"action": map[string]any{"type": "list_tools"}, "episode_id": ep}, &tools); st != 200 || len(tools.Observation.Tools) != len(env.Tools()) {
		t.Fatalf("list_tools: %d %+v", st, tools)
	}
	var bad struct {
		Observation OpenEnvCallResult `json:"observation"`
	}
	ts.do(t, "POST", "/openenv/step", map[string]any{"action": map[string]any{"type": "call_tool", "tool_name": "no_such_tool"}, "episode_id": ep}, &bad)
	if bad.Observation.Error == nil || bad.Observation.Error.ErrorType != "execution_error" || bad.Observation.Result != nil {
		t.Fatalf("unknown tool: %+v", bad.Observation)
	}
	cases := []struct {
		method, path string
		body         any
		status       int
		detail       string
	}{
		{"POST", "/openenv/reset", map[string]any{}, 422, "env_id: missing"},
		{"POST", "/openenv/reset", map[string]any{"env_id": "env-nope"}, 404, "unknown environment"},
		{"POST", "/openenv/envs/" + env.ID + "/reset", map[string]any{"env_id": "other"}, 422, "differ"},
		{"POST", "/openenv/reset", map[string]any{"env_id": env.ID, "seed": -1}, 422, "negative"},
		{"POST", "/openenv/step", map[string]any{"action": map[string]any{"type": "call_tool", "tool_name": "x"}}, 422, "episode_id: missing"},
		{"POST", "/openenv/step", map[string]any{"episode_id": ep}, 422, "action: missing"},
		{"POST", "/openenv/step", map[string]any{"episode_id": ep, "action": map[string]any{"type": "jump"}}, 422, `"jump"`},
		{"POST", "/openenv/step", map[string]any{"episode_id": ep, "action": map[string]any{"type": "call_tool"}}, 422, "tool_name: missing"},
		{"POST", "/openenv/step", `{"episode_id": `, 422, "invalid JSON"},
		{"POST", "/openenv/step", map[string]any{"episode_id": "ses_nope", "action": map[string]any{"type": "list_tools"}}, 404, "unknown episode"},
		{"GET", "/openenv/envs/env-other/state?episode_id=" + ep, nil, 422, "not env-other"},
		{"GET", "/openenv/step", nil, 405, "not allowed"},
	}
	for _, c := range cases {
		st, b, err := ts.raw(c.method, c.path, c.body)
		if err != nil {
			t.Fatal(err)
		}
		var e struct {
			Detail string `json:"detail"`
		}
		_ = json.Unmarshal(b, &e)
		if c.status == 405 {
			e.Detail = string(b)
		}
		if st != c.status || !strings.Contains(e.Detail, c.detail) {
			t.Errorf("%s %s %v: %d %s; want %d with %q", c.method, c.path, c.body, st, b, c.status, c.detail)
		}
	}
	ts.CloseSession(ep)
	if st, b, _ := ts.raw("GET", "/openenv/state?episode_id="+ep, nil); st != http.StatusConflict {
		t.Fatalf("closed episode: %d %s", st, b)
	}
	var h map[string]string
	if ts.do(t, "GET", "/openenv/health", nil, &h); h["status"] != "healthy" {
		t.Fatalf("health %v", h)
	}
}

// TestOpenEnvWebSocket plays a reference plan over OpenEnv's WebSocket
// protocol: one connection, one episode, closed with the connection.
func TestOpenEnvWebSocket(t *testing.T) {
	cat := exampleCatalog(t)
	ts := startServer(t, cat, Options{})
	var env *episode.Env
	for _, in := range cat.All() {
		if len(in.Env.Plan) > 1 {
			env = in.Env
			break
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/openenv/envs/"+env.ID+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	send := func(msg string) wsMessage {
		t.Helper()
		if err := conn.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
			t.Fatal(err)
		}
		_, b, err := conn.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var m wsMessage
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("%s: %s", b, err)
		}
		return m
	}
	for msg, code := range map[string]string{`{"type": "step", "data": {"type": "list_tools"}}`: wsSessionError, `{"type": "jump"}`: wsUnknownType, `{"type":`: wsInvalidJSON} {
		if m := send(msg); m.Type != "error" || !strings.Contains(string(m.Data), code) {
			t.Errorf("%s: %s %s; want error %s", msg, m.Type, m.Data, code)
		}
	}
	var start struct {
		Observation OpenEnvStart `json:"observation"`
	}
	if m := send(`{"type": "reset", "data": {}}`); m.Type != "observation" || json.Unmarshal(m.Data, &start) != nil || start.Observation.EnvID != env.ID {
		t.Fatalf("reset: %s %s", m.Type, m.Data)
	}
	var res OpenEnvResult
	for _, c := range env.PlanCalls() {
		m := send(fmt.Sprintf(`{"type": "step", "data": {"type": "call_tool", "tool_name": %q, "arguments": %s}}`, c.Name, c.Args))
		if m.Type != "observation" || json.Unmarshal(m.Data, &res) != nil {
			t.Fatalf("step %s: %s %s", c.Name, m.Type, m.Data)
		}
	}
	if res.Reward == nil || *res.Reward != 1 {
		t.Fatalf("reward after the plan: %v", res.Reward)
	}
	var st OpenEnvState
	if m := send(`{"type": "state"}`); m.Type != "state" || json.Unmarshal(m.Data, &st) != nil || st.StepCount != len(env.Plan) || !st.Passed || st.EpisodeID != start.Observation.EpisodeID {
		t.Fatalf("state: %s %s", m.Type, m.Data)
	}
	if m := send(`{"type": "reset"}`); !strings.Contains(string(m.Data), start.Observation.EpisodeID) {
		t.Fatalf("reset on the connection is another episode: %s", m.Data)
	}
	if m := send(`{"type": "state"}`); json.Unmarshal(m.Data, &st) != nil || st.StepCount != 0 {
		t.Fatalf("state after reset: %s", m.Data)
	}
	if err := conn.Write(ctx, websocket.MessageText, []byte(`{"type": "close"}`)); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for ts.OpenSessions() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d sessions open after close", ts.OpenSessions())
		}
		time.Sleep(10 * time.Millisecond)
	}
}
