package main

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/llm"
	"github.com/legoenv/legoenv/llm/llmtest"
	"github.com/legoenv/legoenv/verify"
)

// solverServer plays a model that solves every built-in environment: the
// reference plan, or the planner's where there is none.
func solverServer(t *testing.T) (*llmtest.Server, int) {
	t.Helper()
	lib, err := loadLibrary("", os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	envs, _ := episode.ComposeAll(lib, episode.Options{})
	plans := map[string][]episode.ToolCall{}
	for _, e := range envs {
		p, err := verify.Plan(context.Background(), e)
		if len(e.Plan) > 0 {
			p, err = e.PlanCalls(), nil
		}
		if err != nil {
			t.Fatalf("plan %s: %v", e.ID, err)
		}
		plans[e.Instruction] = p
	}
	srv := llmtest.NewServer(t, func(r *llmtest.Request) llmtest.Reply {
		var user string
		for _, m := range r.Messages {
			if m.Role == llm.RoleUser {
				user = m.Content
			}
		}
		plan, ok := plans[user]
		if !ok {
			return llmtest.Status(400, "unknown conversation")
		}
		if r.Turn() >= len(plan) {
			return llmtest.Text("Done.")
		}
		c := plan[r.Turn()]
		return llmtest.Calls(llmtest.Call{ID: c.ID, Name: c.Name, Arguments: llmtest.ArgString(string(c.Args))})
	})
	return srv, len(envs)
}

func lineCount(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(b), "\n")
}

// TestRolloutToTrainingData runs the whole path of the docs: rollout, rerun
// (resumed), export sft in both formats with a split, eval, demos and
// export rl.
func TestRolloutToTrainingData(t *testing.T) {
	srv, nenv := solverServer(t)
	dir := t.TempDir()
	traj := filepath.Join(dir, "traj.jsonl")
	args := []string{"rollout", "--base-url", srv.URL, "--model", "scripted", "--n", "2", "--concurrency", "3", "--out", traj, "--json"}
	code, out, errs := cli(t, "", args...)
	if code != 0 {
		t.Fatalf("rollout: %d %s %s", code, out, errs)
	}
	var res struct {
		Envs    int `json:"envs"`
		Summary struct {
			Planned, Skipped, Run, Failed, Passed int
		} `json:"summary"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Envs != nenv || res.Summary.Run != 2*nenv || res.Summary.Passed != 2*nenv || lineCount(t, traj) != 2*nenv {
		t.Fatalf("rollout summary %+v", res)
	}
	asked := len(srv.Requests())
	code, out, _ = cli(t, "", args[:len(args)-1]...)
	if code != 0 || !strings.Contains(out, "0 run now (0 passed), 14 already in") || len(srv.Requests()) != asked {
		t.Fatalf("rerun: %d %q, %d new requests", code, out, len(srv.Requests())-asked)
	}

	sft := filepath.Join(dir, "sft.jsonl")
	code, out, _ = cli(t, "", "export", "sft", traj, "--min-reward", "1.0", "--format", "openai", "--out", sft)
	if code != 0 || !strings.Contains(out, "kept 7; dropped 0 below reward 1, 0 unfinished, 7 duplicates") || lineCount(t, sft) != nenv {
		t.Fatalf("export sft: %d %s", code, out)
	}
	var ex struct {
		Messages []llm.Message    `json:"messages"`
		Tools    []map[string]any `json:"tools"`
	}
	first, _ := os.ReadFile(sft)
	if err := json.Unmarshal([]byte(strings.SplitN(string(first), "\n", 2)[0]), &ex); err != nil || len(ex.Tools) == 0 || ex.Messages[len(ex.Messages)-1].Content != "Done." {
		t.Fatalf("sft line: %v %+v", err, ex)
	}
	code, out, _ = cli(t, "", "export", "sft", traj, "--format", "sharegpt", "--split", "mail", "--out", sft)
	train, hold := filepath.Join(dir, "sft.train.jsonl"), filepath.Join(dir, "sft.holdout.jsonl")
	if code != 0 || lineCount(t, train) != 4 || lineCount(t, hold) != 3 || !strings.Contains(out, "held out apps mail") {
		t.Fatalf("export sft --split: %d %s", code, out)
	}
	hb, _ := os.ReadFile(hold)
	for _, l := range strings.Split(strings.TrimSpace(string(hb)), "\n") {
		if !strings.Contains(l, `"from":"function_call"`) || !strings.Contains(l, `mail_`) {
			t.Errorf("held-out line without a mail tool: %.200s", l)
		}
	}

	code, out, _ = cli(t, "", "eval", traj, "--json")
	var rep struct {
		Overall struct {
			Episodes, Passed int
			PassRate         float64 `json:"pass_rate"`
		} `json:"overall"`
		Apps []struct{ Key string } `json:"apps"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 || rep.Overall.Episodes != 14 || rep.Overall.Passed != 14 || len(rep.Apps) != 3 {
		t.Fatalf("eval: %d %v %s", code, err, out)
	}
	code, out, _ = cli(t, "", "eval", traj)
	if code != 0 || !strings.Contains(out, "GROUP") || !strings.Contains(out, "app     mail") {
		t.Fatalf("eval table: %d\n%s", code, out)
	}

	demos := filepath.Join(dir, "demos.jsonl")
	code, out, _ = cli(t, "", "demos", "--out", demos, "--format", "trajectory")
	if code != 0 || lineCount(t, demos) != nenv || !strings.Contains(out, "7 demonstrations written") {
		t.Fatalf("demos: %d %s", code, out)
	}
	code, out, _ = cli(t, "", "eval", demos, "--json")
	if code != 0 || !strings.Contains(out, `"key": "planner"`) || !strings.Contains(out, `"key": "reference"`) {
		t.Fatalf("eval of demos: %d %s", code, out)
	}

	rl := filepath.Join(dir, "rl.jsonl")
	code, out, _ = cli(t, "", "export", "rl", "--out", rl, "--server", "http://127.0.0.1:9000")
	rb, _ := os.ReadFile(rl)
	if code != 0 || lineCount(t, rl) != nenv || !strings.Contains(string(rb), `"url":"http://127.0.0.1:9000/v1/sessions/{session_id}/evaluate"`) {
		t.Fatalf("export rl: %d %s", code, out)
	}
}

// TestEnvsFile: --envs selects the verified environments of an envs.jsonl
// file (--all every one), composed against --lib.
func TestEnvsFile(t *testing.T) {
	lib, _ := loadLibrary("", os.Stderr)
	envs, _ := episode.ComposeAll(lib, episode.Options{})
	dir := t.TempDir()
	var lines []string
	for i, e := range envs[:3] {
		b, _ := json.Marshal(map[string]any{"id": e.ID, "recipe": e.Recipe, "apps": e.Apps, "intent": e.Intent.ID, "verified": i != 1, "extra": "ignored"})
		lines = append(lines, string(b))
	}
	envsFile := filepath.Join(dir, "envs.jsonl")
	os.WriteFile(envsFile, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	libDir := filepath.Join("..", "..", "corpus", "example")
	rl := filepath.Join(dir, "rl.jsonl")
	if code, out, errs := cli(t, "", "export", "rl", "--envs", envsFile, "--lib", libDir, "--out", rl); code != 0 || lineCount(t, rl) != 2 {
		t.Fatalf("export rl --envs: %d %s %s", code, out, errs)
	}
	if code, _, _ := cli(t, "", "export", "rl", "--envs", envsFile, "--lib", libDir, "--all", "--out", rl); code != 0 || lineCount(t, rl) != 3 {
		t.Fatalf("export rl --all: %d", code)
	}
	// Without --lib the library is lib/ beside the file.
	if code, _, errs := cli(t, "", "export", "rl", "--envs", envsFile, "--out", rl); code != 2 || !strings.Contains(errs, "no library") {
		t.Fatalf("no lib beside: %d %s", code, errs)
	}
	os.WriteFile(envsFile, []byte(lines[0]+"\n{\"id\": 5}\n"), 0o644)
	if code, _, errs := cli(t, "", "export", "rl", "--envs", envsFile, "--lib", libDir, "--out", rl); code != 2 || !strings.Contains(errs, "envs.jsonl:2:") {
		t.Fatalf("bad envs line: %d %s", code, errs)
	}
}

func TestRolloutBadInputAndFailures(t *testing.T) {
	dir := t.TempDir()
	traj := filepath.Join(dir, "t.jsonl")
	cases := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"no base url", []string{"rollout", "--model", "m", "--out", traj}, 2, "--base-url URL is required"},
		{"no model", []string{"rollout", "--base-url", "http://127.0.0.1:1/v1", "--out", traj}, 2, "--model NAME is required"},
		{"no out", []string{"rollout", "--base-url", "http://127.0.0.1:1/v1", "--model", "m"}, 2, "--out FILE is required"},
		{"bad toolset", []string{"rollout", "--base-url", "http://127.0.0.1:1/v1", "--model", "m", "--out", traj, "--toolset", "all"}, 2, "named or meta"},
		{"bad url", []string{"rollout", "--base-url", "127.0.0.1:1", "--model", "m", "--out", traj}, 2, "must start with http"},
		{"bad format", []string{"export", "sft", traj, "--out", traj + ".sft", "--format", "alpaca"}, 2, "openai or sharegpt"},
		{"missing file", []string{"export", "sft", filepath.Join(dir, "none.jsonl"), "--out", traj}, 2, "none.jsonl"},
		{"export without subcommand", []string{"export"}, 2, "sft, rl or hf"},
		{"eval without files", []string{"eval"}, 2, "requires at least 1 arg"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errs := cli(t, "", tc.args...)
			if code != tc.code || !strings.Contains(errs, tc.msg) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errs, tc.code, tc.msg)
			}
		})
	}

	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte("\n{\"task_id\": \"a\", \"env_id\": \"b\", \"reward\": \"high\"}\n"), 0o644)
	if code, _, errs := cli(t, "", "eval", bad); code != 2 || !strings.Contains(errs, "bad.jsonl:2: not a trajectory: reward: expected float64") {
		t.Errorf("bad trajectory: %d %s", code, errs)
	}

	// A model that answers the pre-flight request, then keeps failing: exit
	// 1, nothing written, the rerun retries.
	srv := llmtest.NewServer(t, llmtest.Sequence(llmtest.Text("OK"), llmtest.Status(500, "down")))
	code, out, errs := cli(t, "", "rollout", "--base-url", srv.URL, "--model", "m", "--retries", "0", "--out", traj)
	if code != 1 || !strings.Contains(out, "0 run now") || !strings.Contains(errs, "7 episodes failed") {
		t.Fatalf("failing model: %d %s %s", code, out, errs)
	}
	if b, _ := os.ReadFile(traj); len(b) != 0 {
		t.Errorf("failed episodes written: %s", b)
	}
	if n := len(srv.Requests()); n != 1+7 {
		t.Errorf("%d requests with --retries 0, want the pre-flight and one per environment", n)
	}
}

// TestRolloutPreflight: a dead endpoint stops a rollout after one request,
// with an error naming it, and no episode is queued.
func TestRolloutPreflight(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String() + "/v1"
	ln.Close()
	down := llmtest.NewServer(t, llmtest.Sequence(llmtest.Status(503, "no model loaded")))
	for _, c := range []struct {
		name, url, want string
	}{
		{"closed port", closed, "does not answer"},
		{"server error", down.URL, "HTTP 503"},
	} {
		t.Run(c.name, func(t *testing.T) {
			traj := filepath.Join(t.TempDir(), "traj.jsonl")
			start := time.Now()
			code, out, errs := cli(t, "", "rollout", "--base-url", c.url, "--model", "m", "--n", "50", "--out", traj)
			if code != 1 || !strings.Contains(errs, "pre-flight request") || !strings.Contains(errs, c.url) || !strings.Contains(errs, c.want) {
				t.Fatalf("exit %d, stderr %q; want 1 naming %s and %q", code, errs, c.url, c.want)
			}
			if out != "" {
				t.Errorf("episodes reported: %s", out)
			}
			if _, err := os.Stat(traj); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("--out after a failed pre-flight: %v; want no file", err)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("took %v; the pre-flight must stop at once", d)
			}
		})
	}
	if n := len(down.Requests()); n != 1 {
		t.Errorf("%d requests to the failing server, want the pre-flight alone", n)
	}
}
