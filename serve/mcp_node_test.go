package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/legoenv/legoenv/episode"
)

// needNode returns the node binary for the TypeScript SDK tests. Without
// node or the installed SDK (npm ci in serve/mcptest) the tests skip, but
// in CI (CI=true) they fail: there the SDK must be installed.
func needNode(t *testing.T) string {
	t.Helper()
	missing := func(why string) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s; CI must run 'npm ci' in serve/mcptest before go test", why)
		}
		t.Skipf("%s (run 'npm ci' in serve/mcptest to run this test)", why)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("node is not installed")
	}
	if _, err := os.Stat(filepath.Join("mcptest", "node_modules", "@modelcontextprotocol", "sdk", "package.json")); err != nil {
		missing("the TypeScript MCP SDK is not installed in serve/mcptest/node_modules")
	}
	return node
}

// nodeConfig is what mcptest/client.mjs is told to do.
type nodeConfig struct {
	Transport   string     `json:"transport"`
	URL         string     `json:"url,omitempty"`
	Command     string     `json:"command,omitempty"`
	Args        []string   `json:"args,omitempty"`
	EvaluateURL string     `json:"evaluate_url,omitempty"`
	Calls       []nodeCall `json:"calls"`
	BadCall     *nodeCall  `json:"bad_call,omitempty"`
}

type nodeCall struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

// nodeEvaluation is the score the client read, through REST and the
// evaluation resource.
type nodeEvaluation struct {
	REST *struct {
		Status int        `json:"status"`
		Body   Evaluation `json:"body"`
	} `json:"rest"`
	Resource Evaluation `json:"resource"`
}

type nodeReport struct {
	Server       map[string]any `json:"server"`
	Instructions string         `json:"instructions"`
	Tools        []struct {
		Name        string         `json:"name"`
		Description string         `json:"description"`
		InputSchema map[string]any `json:"inputSchema"`
	} `json:"tools"`
	Before  nodeEvaluation `json:"before"`
	After   nodeEvaluation `json:"after"`
	Results []struct {
		Name    string `json:"name"`
		IsError bool   `json:"isError"`
		Text    string `json:"text"`
	} `json:"results"`
	Bad struct {
		IsError bool   `json:"isError"`
		Text    string `json:"text"`
	} `json:"bad"`
	UnknownTool struct {
		Error *string `json:"error"`
	} `json:"unknown_tool"`
	Prompt string `json:"prompt"`
}

func runNode(t *testing.T, node string, cfg nodeConfig) nodeReport {
	t.Helper()
	path := filepath.Join(t.TempDir(), "config.json")
	b, _ := json.Marshal(cfg)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join("mcptest", "client.mjs"), path)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node client: %v\nstderr:\n%s", err, stderr.String())
	}
	var rep nodeReport
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatalf("node report: %v\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}
	return rep
}

func nodeCalls(calls []episode.ToolCall) []nodeCall {
	out := make([]nodeCall, len(calls))
	for i, c := range calls {
		out[i] = nodeCall{Name: c.Name, Arguments: c.Args}
	}
	return out
}

// metaCalls wraps calls for the meta toolset.
func metaCalls(calls []episode.ToolCall) []episode.ToolCall {
	out := make([]episode.ToolCall, len(calls))
	for i, c := range calls {
		args, _ := json.Marshal(map[string]any{"tool_name": c.Name, "arguments": json.RawMessage(c.Args)})
		out[i] = episode.ToolCall{Name: "execute_tool", Args: args}
	}
	return out
}

// checkReport checks what the TypeScript client saw against the
// environment and a direct run of the same calls.
func checkReport(t *testing.T, rep nodeReport, env *episode.Env, defs []episode.Def, calls []episode.ToolCall, opts episode.SessionOptions) {
	t.Helper()
	want, wantObs := direct(t, env, opts, calls)
	wantEnd := want.Evaluate()
	fresh, _ := direct(t, env, opts, nil)
	wantStart := fresh.Evaluate()

	if rep.Server["name"] != "legoenv" || !strings.Contains(rep.Instructions, strings.TrimSpace(env.Instruction)) {
		t.Errorf("server %v, instructions %q", rep.Server, rep.Instructions)
	}
	if len(rep.Tools) != len(defs) {
		t.Fatalf("%d tools listed, want %d", len(rep.Tools), len(defs))
	}
	byName := map[string]episode.Def{}
	for _, d := range defs {
		byName[d.Name] = d
	}
	for _, tool := range rep.Tools {
		d, ok := byName[tool.Name]
		if !ok {
			t.Errorf("tool %s is not the session's", tool.Name)
			continue
		}
		var schema map[string]any
		_ = json.Unmarshal(d.InputSchema, &schema)
		if tool.Description != d.Description || !reflect.DeepEqual(tool.InputSchema, schema) {
			t.Errorf("tool %s: schema %v, want the atom's %v", tool.Name, tool.InputSchema, schema)
		}
	}
	if len(rep.Results) != len(calls) {
		t.Fatalf("%d results for %d calls", len(rep.Results), len(calls))
	}
	for i, r := range rep.Results {
		if r.IsError != wantObs[i].IsError || r.Text != wantObs[i].Content {
			t.Errorf("call %d (%s): isError %v %s; direct run %v %s", i, r.Name, r.IsError, r.Text, wantObs[i].IsError, wantObs[i].Content)
		}
	}
	if !rep.Bad.IsError || !strings.Contains(rep.Bad.Text, "error") {
		t.Errorf("a bad call is not an isError result: %+v", rep.Bad)
	}
	if rep.UnknownTool.Error == nil {
		t.Error("calling an unknown tool did not fail")
	}
	if !strings.Contains(rep.Prompt, strings.TrimSpace(env.Instruction)) {
		t.Errorf("task prompt %q", rep.Prompt)
	}
	// The state changed: the score went from the start's to the plan's
	// (the bad call counts as a step but changes nothing).
	for name, ev := range map[string]struct{ before, after Evaluation }{
		"resource": {rep.Before.Resource, rep.After.Resource},
	} {
		if ev.before.Reward != wantStart.Reward || ev.before.Passed || ev.before.Steps != 0 {
			t.Errorf("%s before: reward %v passed %v steps %d; want %v, not passed, 0", name, ev.before.Reward, ev.before.Passed, ev.before.Steps, wantStart.Reward)
		}
		if ev.after.Reward != wantEnd.Reward || ev.after.Passed != wantEnd.Passed || ev.after.Steps != len(calls)+1 {
			t.Errorf("%s after: reward %v passed %v steps %d; direct run %v %v, %d steps", name, ev.after.Reward, ev.after.Passed, ev.after.Steps, wantEnd.Reward, wantEnd.Passed, len(calls)+1)
		}
	}
	if rep.Before.REST != nil {
		if rep.Before.REST.Status != 200 || rep.After.REST.Status != 200 {
			t.Fatalf("REST evaluate: %d, %d", rep.Before.REST.Status, rep.After.REST.Status)
		}
		if rep.Before.REST.Body.Reward != wantStart.Reward || rep.Before.REST.Body.Passed {
			t.Errorf("REST before: %+v", rep.Before.REST.Body)
		}
		if rep.After.REST.Body.Reward != wantEnd.Reward || rep.After.REST.Body.Passed != wantEnd.Passed {
			t.Errorf("REST after: reward %v, direct run %v", rep.After.REST.Body.Reward, wantEnd.Reward)
		}
	}
	if wantStart.Reward == wantEnd.Reward {
		t.Fatalf("the test's calls do not change the score (%v)", wantEnd.Reward)
	}
}

// TestTypeScriptMCPHTTP connects the official TypeScript SDK to a
// session's streamable HTTP endpoint, once per toolset.
func TestTypeScriptMCPHTTP(t *testing.T) {
	node := needNode(t)
	cat := exampleCatalog(t)
	ts := startServer(t, cat, Options{})
	env := envBy(t, cat, "escalate_ticket", "northwind_support")
	for _, toolset := range []string{"named", "meta"} {
		t.Run(toolset, func(t *testing.T) {
			var start SessionStart
			ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": env.ID, "toolset": toolset}, &start)
			calls, bad := env.PlanCalls(), nodeCall{Name: "helpdesk_update_ticket", Arguments: json.RawMessage(`{"id": 7}`)}
			if toolset == "meta" {
				calls = metaCalls(calls)
				bad = nodeCall{Name: "execute_tool", Arguments: json.RawMessage(`{"tool_name": "helpdesk_update_ticket", "arguments": {"id": 7}}`)}
			}
			rep := runNode(t, node, nodeConfig{
				Transport: "http", URL: ts.URL + start.MCP, EvaluateURL: ts.URL + "/v1/sessions/" + start.SessionID + "/evaluate",
				Calls: nodeCalls(calls), BadCall: &bad,
			})
			sess, _ := ts.sessions.get(start.SessionID)
			checkReport(t, rep, env, sess.Defs(), calls, episode.SessionOptions{Toolset: toolset})
		})
	}
}

// TestTypeScriptMCPStdio has the TypeScript SDK start `legoenv mcp` (built
// here) over stdio.
func TestTypeScriptMCPStdio(t *testing.T) {
	node := needNode(t)
	bin := buildLegoenv(t)
	cat := exampleCatalog(t)
	env := envBy(t, cat, "reply_and_pend", "northwind_support")
	calls := env.PlanCalls()
	reportFile := filepath.Join(t.TempDir(), "report.json")
	rep := runNode(t, node, nodeConfig{
		Transport: "stdio", Command: bin, Args: []string{"mcp", env.ID, "--report", reportFile},
		Calls:   nodeCalls(calls),
		BadCall: &nodeCall{Name: "helpdesk_add_comment", Arguments: json.RawMessage(`{"ticket_id": "T-1001"}`)},
	})
	s, _ := episode.NewSession(env, episode.SessionOptions{})
	checkReport(t, rep, env, s.Defs(), calls, episode.SessionOptions{})

	// The process wrote its final evaluation when the client left.
	b, err := os.ReadFile(reportFile)
	if err != nil {
		t.Fatalf("legoenv mcp wrote no report: %v", err)
	}
	var final struct {
		EnvID      string     `json:"env_id"`
		Evaluation Evaluation `json:"evaluation"`
	}
	if err := json.Unmarshal(b, &final); err != nil {
		t.Fatal(err)
	}
	if final.EnvID != env.ID || final.Evaluation.Reward != rep.After.Resource.Reward || final.Evaluation.Steps != len(calls)+1 {
		t.Errorf("report %s; the client saw reward %v", b, rep.After.Resource.Reward)
	}
}

var (
	buildOnce sync.Once
	buildBin  string
	buildErr  error
	buildDir  string // removed by TestMain
)

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// buildLegoenv builds the legoenv command with go build into a temporary
// directory, once per test binary (the tests that run it share it).
func buildLegoenv(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		goTool, err := exec.LookPath("go")
		if err != nil {
			buildErr = fmt.Errorf("the go command is not on PATH: %w", err)
			return
		}
		if buildDir, err = os.MkdirTemp("", "legoenv-serve-test-"); err != nil {
			buildErr = err
			return
		}
		bin := filepath.Join(buildDir, "legoenv")
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		out, err := exec.CommandContext(ctx, goTool, "build", "-o", bin, "github.com/legoenv/legoenv/cmd/legoenv").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
			return
		}
		buildBin = bin
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return buildBin
}
