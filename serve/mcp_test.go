package serve

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/legoenv/legoenv/episode"
)

// TestMCPOverHTTP drives a session's MCP endpoint with the Go SDK's client:
// the tools are the environment's with the atoms' schemas, calls act on
// the state REST evaluates, and failing calls are isError results.
func TestMCPOverHTTP(t *testing.T) {
	cat := exampleCatalog(t)
	ts := startServer(t, cat, Options{})
	env := envBy(t, cat, "escalate_ticket", "northwind_support")
	plan := env.PlanCalls()
	want, wantObs := direct(t, env, episode.SessionOptions{}, plan)

	var start SessionStart
	ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": env.ID}, &start)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "serve-test", Version: "0"}, nil)
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: ts.URL + start.MCP, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	if ins := cs.InitializeResult().Instructions; !strings.Contains(ins, strings.TrimSpace(env.Instruction)) {
		t.Errorf("instructions %q lack the task", ins)
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(tools.Tools) != len(env.Tools()) {
		t.Fatalf("%d tools, want %d", len(tools.Tools), len(env.Tools()))
	}
	// MCP lists tools by name; match them by name.
	for i, tool := range tools.Tools {
		et := env.Tool(tool.Name)
		if et == nil {
			t.Errorf("tool %d: %s is not a tool of the environment", i, tool.Name)
			continue
		}
		var wantSchema any
		raw, _ := json.Marshal(et.Input)
		_ = json.Unmarshal(raw, &wantSchema)
		if tool.Name != et.Name || tool.Description != et.Description || !reflect.DeepEqual(tool.InputSchema, wantSchema) {
			t.Errorf("tool %d: %s %v; want %s %v", i, tool.Name, tool.InputSchema, et.Name, wantSchema)
		}
	}

	// The first call goes through REST, the rest through MCP: one state.
	ts.do(t, "POST", "/v1/sessions/"+start.SessionID+"/step", wire(plan[:1]), nil)
	for i, c := range plan[1:] {
		var args map[string]any
		_ = json.Unmarshal(c.Args, &args)
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.Name, Arguments: args})
		if err != nil {
			t.Fatalf("call %s: %v", c.Name, err)
		}
		if res.IsError || len(res.Content) != 1 || res.Content[0].(*mcp.TextContent).Text != wantObs[i+1].Content {
			t.Errorf("call %s: %+v, want %s", c.Name, res, wantObs[i+1].Content)
		}
	}
	bad, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: plan[0].Name, Arguments: map[string]any{"id": 42}})
	if err != nil {
		t.Fatalf("a bad call is a protocol error: %v", err)
	}
	if !bad.IsError || !strings.Contains(bad.Content[0].(*mcp.TextContent).Text, "invalid arguments") {
		t.Errorf("bad call: %+v", bad)
	}

	var ev Evaluation
	ts.do(t, "POST", "/v1/sessions/"+start.SessionID+"/evaluate", nil, &ev)
	if wr := want.Evaluate(); ev.Reward != wr.Reward || !ev.Passed || ev.Steps != len(plan)+1 {
		t.Errorf("evaluate: reward %v passed %v steps %d; direct run %v, %d steps", ev.Reward, ev.Passed, ev.Steps, wr.Reward, len(plan))
	}
	rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: EvaluationURI})
	if err != nil {
		t.Fatal(err)
	}
	var rev Evaluation
	if err := json.Unmarshal([]byte(rr.Contents[0].Text), &rev); err != nil || rev.Reward != ev.Reward || rev.Steps != ev.Steps {
		t.Errorf("evaluation resource: %s (%v)", rr.Contents[0].Text, err)
	}
	p, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "task"})
	if err != nil || len(p.Messages) != 1 || !strings.Contains(p.Messages[0].Content.(*mcp.TextContent).Text, strings.TrimSpace(env.Instruction)) {
		t.Errorf("task prompt: %+v %v", p, err)
	}

	// A client left connected (its GET stream open) must not hold up the
	// server's shutdown at cleanup.
	var other SessionStart
	ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": env.ID}, &other)
	if _, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: ts.URL + other.MCP, MaxRetries: -1}, nil); err != nil {
		t.Fatal(err)
	}

	// Closing the session disconnects the MCP client.
	ts.do(t, "DELETE", "/v1/sessions/"+start.SessionID, nil, nil)
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: plan[0].Name, Arguments: map[string]any{}})
	if err == nil && !res.IsError {
		t.Errorf("a call after close succeeded: %+v", res)
	}
}

func TestObjectSchema(t *testing.T) {
	cases := []struct {
		in, want string
		err      bool
	}{
		{`{"type":"object","properties":{"a":{"type":"string"}}}`, `{"type":"object","properties":{"a":{"type":"string"}}}`, false},
		{`{"properties":{}}`, `{"properties":{},"type":"object"}`, false},
		{``, `{"type":"object"}`, false},
		{`{"type":"string"}`, ``, true},
		{`[1]`, ``, true},
	}
	for _, c := range cases {
		got, err := objectSchema(json.RawMessage(c.in))
		if (err != nil) != c.err || (!c.err && string(got) != c.want) {
			t.Errorf("objectSchema(%s) = %s, %v; want %s (error %v)", c.in, got, err, c.want, c.err)
		}
	}
}
