package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/serve"
)

// cli runs one command line in-process.
func cli(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func exampleEnvIDs(t *testing.T) map[string]string {
	t.Helper()
	code, out, errs := cli(t, "", "envs", "--json")
	if code != 0 {
		t.Fatalf("envs: %d %s", code, errs)
	}
	var res struct {
		Envs []envSummary `json:"envs"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for _, e := range res.Envs {
		ids[e.Intent+"/"+e.Data] = e.ID
	}
	if len(ids) < 7 {
		t.Fatalf("only %d example environments", len(ids))
	}
	return ids
}

func TestLintExitCodes(t *testing.T) {
	if code, out, _ := cli(t, "", "lint"); code != 0 || !strings.Contains(out, "0 diagnostics") {
		t.Fatalf("lint built-in: %d %s", code, out)
	}
	code, out, _ := cli(t, "", "lint", "--lib", filepath.Join("..", "..", "atom", "testdata", "badlib"))
	if code != 1 || !strings.Contains(out, "server.yaml:8:11: collections[1].name: duplicate collection") {
		t.Fatalf("lint bad library: %d %s", code, out)
	}
	if code, _, errs := cli(t, "", "lint", "--lib", "no/such/dir"); code != 2 || !strings.Contains(errs, "no/such/dir") {
		t.Fatalf("lint missing dir: %d %s", code, errs)
	}
}

func TestPlayCorrectEmptyAndBadInput(t *testing.T) {
	ids := exampleEnvIDs(t)
	id := ids["escalate_ticket/northwind_support"]
	code, plan, errs := cli(t, "", "plan", id)
	if code != 0 || strings.Count(plan, "\n") != 3 {
		t.Fatalf("plan: %d %q %s", code, plan, errs)
	}
	dir := t.TempDir()
	calls := filepath.Join(dir, "calls.jsonl")
	os.WriteFile(calls, []byte(plan), 0o644)

	code, out, _ := cli(t, "", "play", id, "--calls", calls)
	if code != 0 || !strings.Contains(out, "reward 1.000  passed true") {
		t.Fatalf("play correct: %d %s", code, out)
	}
	code, out, _ = cli(t, "", "play", id, "--calls", calls, "--json")
	var res struct {
		Reward float64 `json:"reward"`
		Passed bool    `json:"passed"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 || res.Reward != 1 || !res.Passed {
		t.Fatalf("play --json: %d %v %s", code, err, out)
	}

	empty := filepath.Join(dir, "empty.jsonl")
	os.WriteFile(empty, nil, 0o644)
	code, out, _ = cli(t, "", "play", id, "--calls", empty, "--json")
	json.Unmarshal([]byte(out), &res)
	if code != 1 || res.Reward >= 1 || res.Passed {
		t.Fatalf("play empty: %d %s", code, out)
	}

	// The plan read from stdin works the same way.
	if code, out, _ := cli(t, plan, "play", id, "--calls", "-"); code != 0 || !strings.Contains(out, "passed true") {
		t.Fatalf("play stdin: %d %s", code, out)
	}

	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte(plan+"this is not json\n"), 0o644)
	if code, _, errs := cli(t, "", "play", id, "--calls", bad); code != 2 || !strings.Contains(errs, "bad.jsonl:4:") {
		t.Fatalf("play bad line: %d %s", code, errs)
	}
	if code, _, errs := cli(t, "", "play", "env-000000000000", "--calls", empty); code != 2 || !strings.Contains(errs, "unknown environment") {
		t.Fatalf("play unknown env: %d %s", code, errs)
	}
	if code, _, _ := cli(t, "", "play", id); code != 2 {
		t.Fatalf("play without --calls: %d", code)
	}
}

func TestErrorCallsAreObservationsNotFailures(t *testing.T) {
	id := exampleEnvIDs(t)["reply_and_pend/northwind_support"]
	calls := `{"name":"no_such_tool","arguments":{}}
{"name":"helpdesk_update_ticket","arguments":{"id":7}}
`
	code, out, _ := cli(t, calls, "play", id, "--calls", "-")
	if code != 1 || strings.Count(out, "ERROR") != 2 {
		t.Fatalf("%d %s", code, out)
	}
}

func TestUsageErrorsExitTwo(t *testing.T) {
	for _, args := range [][]string{{"bogus"}, {"envs", "--nope"}, {"play"}, {"lint", "extra-arg"}} {
		if code, _, _ := cli(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func TestHelpOnEveryCommand(t *testing.T) {
	root := newRoot()
	for _, c := range root.Commands() {
		if c.Name() == "help" || c.Name() == "completion" {
			continue
		}
		code, out, _ := cli(t, "", c.Name(), "--help")
		if code != 0 || !strings.Contains(out, "Usage:") {
			t.Errorf("%s --help: %d", c.Name(), code)
		}
	}
}

// A tool whose top level builds a gigabyte by format used to pass lint
// with 0 diagnostics and take envs, verify and serve out of memory.
func TestLintRunsStarlarkTopLevels(t *testing.T) {
	dir := t.TempDir()
	src := `kind: server
id: bomb
collections:
  - name: items
    fields: {name: {type: string}}
tools:
  - name: bomb_go
    description: Builds a gigabyte at its top level.
    input: {type: object}
    effect:
      kind: starlark
      code: |
        s = "x" * 1000000
        big = ("{0}" * 1000).format(s)
        def run(args, db):
            return 1
`
	if err := os.WriteFile(filepath.Join(dir, "bomb.yaml"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := cli(t, "", "lint", "--lib", dir)
	if code != 1 || !strings.Contains(out, "bomb.yaml:") || !strings.Contains(out, "tools[0].effect.code") || !strings.Contains(out, "starlark_bytes") {
		t.Fatalf("lint: %d %s", code, out)
	}
}

// serve on a non-loopback address without a token used to start silently
// with the Host and Origin checks off; it is refused unless told
// --insecure-public, which says so on stderr.
func TestServePublicNeedsToken(t *testing.T) {
	t.Setenv("LEGOENV_AUTH_TOKEN", "")
	code, _, errs := cli(t, "", "serve", "--addr", "0.0.0.0:0")
	if code != 2 || !strings.Contains(errs, "not a loopback address") || !strings.Contains(errs, "--insecure-public") {
		t.Fatalf("serve --addr 0.0.0.0:0: %d %s", code, errs)
	}
	var warn bytes.Buffer
	for _, addr := range []string{":8080", "0.0.0.0:0", "192.0.2.1:80", "[2001:db8::1]:80"} {
		if _, err := checkOpen(addr, &serveFlags{addr: addr}, &warn); err == nil {
			t.Errorf("%s without a token: served", addr)
		}
	}
	for _, addr := range []string{"127.0.0.1:0", "localhost:8080", "[::1]:0"} {
		if _, err := checkOpen(addr, &serveFlags{addr: addr}, &warn); err != nil {
			t.Errorf("%s: %v", addr, err)
		}
	}
	if _, err := checkOpen("0.0.0.0:0", &serveFlags{addr: "0.0.0.0:0", insecurePublic: true}, &warn); err != nil || !strings.Contains(warn.String(), "WARNING") {
		t.Fatalf("--insecure-public: %v %q", err, warn.String())
	}
	if _, err := checkOpen("0.0.0.0:0", &serveFlags{addr: "0.0.0.0:0", opts: serve.Options{AuthToken: "t"}}, &warn); err != nil {
		t.Fatalf("with a token: %v", err)
	}
}
