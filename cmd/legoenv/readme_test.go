package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeWalkOnABuiltCorpus walks the README's commands as a newcomer
// would, on a small corpus built into a temporary directory (verified, not
// evolved, to keep the test short), naming the built environments with
// --envs only, never --lib: build, lint the built library, list, show,
// plan, play (the plan and nothing), verify one and all, MCP for one over
// stdio, demos and export rl.
func TestReadmeWalkOnABuiltCorpus(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	envs := filepath.Join(out, "envs.jsonl")
	if code, _, errs := cli(t, "", "build", "--size", "0.05", "--variants", "1", "--rounds", "0", "--out", out); code != 0 {
		t.Fatalf("build: %d %s", code, errs)
	}
	if code, lint, _ := cli(t, "", "lint", "--lib", filepath.Join(out, "lib")); code != 0 || !strings.Contains(lint, " 0 diagnostics") {
		t.Fatalf("lint: %d %s", code, lint)
	}

	code, list, errs := cli(t, "", "envs", "--envs", envs, "--json")
	var res struct {
		Envs []envSummary `json:"envs"`
	}
	if code != 0 || json.Unmarshal([]byte(list), &res) != nil || len(res.Envs) == 0 {
		t.Fatalf("envs --envs: %d %s %.300s", code, errs, list)
	}
	for _, e := range res.Envs {
		if e.Verdict != "verified" || e.Instruction == "" {
			t.Fatalf("envs --envs lists %s as %q with instruction %q", e.ID, e.Verdict, e.Instruction)
		}
	}
	id := res.Envs[0].ID
	if code, table, _ := cli(t, "", "envs", "--envs", envs); code != 0 || !strings.Contains(table, "VERDICT") || !strings.Contains(table, "INSTRUCTION") ||
		!strings.Contains(table, plural(len(res.Envs), "environment")) {
		t.Fatalf("envs table: %d %.500s", code, table)
	}

	code, show, errs := cli(t, "", "show", id, "--envs", envs, "--json")
	var d envDetail
	if code != 0 || json.Unmarshal([]byte(show), &d) != nil {
		t.Fatalf("show --json: %d %s %.300s", code, errs, show)
	}
	if d.ID != id || d.Instruction != res.Envs[0].Instruction || len(d.Tools) == 0 || d.State.Records == 0 || len(d.Goal) == 0 ||
		d.Verdict != "verified" || d.RootCause != nil || len(d.Plan) == 0 {
		t.Fatalf("show %s: %+v", id, d)
	}
	if code, text, _ := cli(t, "", "show", id[:10], "--envs", envs); code != 0 || !strings.Contains(text, "instruction:") || !strings.Contains(text, "verdict: verified") {
		t.Fatalf("show by prefix: %d %s", code, text)
	}

	code, plan, errs := cli(t, "", "plan", id, "--envs", envs)
	if code != 0 || strings.Count(plan, "\n") != len(d.Plan) {
		t.Fatalf("plan: %d %s %s", code, plan, errs)
	}
	calls := filepath.Join(dir, "calls.jsonl")
	os.WriteFile(calls, []byte(plan), 0o644)
	if code, played, _ := cli(t, "", "play", id, "--envs", envs, "--calls", calls); code != 0 || !strings.Contains(played, "reward 1.000  passed true") {
		t.Fatalf("play the plan: %d %s", code, played)
	}
	if code, played, _ := cli(t, "", "play", id, "--envs", envs, "--calls", os.DevNull); code != 1 || !strings.Contains(played, "passed false") {
		t.Fatalf("play nothing: %d %s", code, played)
	}

	if code, v, errs := cli(t, "", "verify", "--envs", envs, "--env", id); code != 0 || !strings.Contains(v, "1 environment, 1 verified") {
		t.Fatalf("verify --env: %d %s %s", code, v, errs)
	}
	if code, v, _ := cli(t, "", "verify", "--envs", envs); code != 0 || !strings.Contains(v, fmt.Sprintf("%s, %d verified", plural(len(res.Envs), "environment"), len(res.Envs))) {
		t.Fatalf("verify --envs: %d %.400s", code, v)
	}

	// MCP over stdio with no client: the session ends at once, evaluated.
	if code, _, errs := cli(t, "", "mcp", id, "--envs", envs); code != 0 || !strings.Contains(errs, id+": 0 steps, reward") {
		t.Fatalf("mcp: %d %s", code, errs)
	}

	demos := filepath.Join(dir, "demos.jsonl")
	if code, o, errs := cli(t, "", "demos", "--envs", envs, "--out", demos); code != 0 || lineCount(t, demos) != len(res.Envs) {
		t.Fatalf("demos: %d %s %s", code, o, errs)
	}
	rl := filepath.Join(dir, "rl.jsonl")
	if code, o, errs := cli(t, "", "export", "rl", "--envs", envs, "--out", rl); code != 0 || lineCount(t, rl) != len(res.Envs) {
		t.Fatalf("export rl: %d %s %s", code, o, errs)
	}
}

// copyTree copies the files under src into dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
