package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/envfile"
	"github.com/legoenv/legoenv/pipeline"
)

func TestBuildJSONAndFiles(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := cli(t, "", "build", "--size", "0.05", "--variants", "1", "--rounds", "0", "--holdout-apps", "0.2", "--out", out, "--json")
	if code != 0 {
		t.Fatalf("build: %d %s", code, stderr)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(stdout), &raw); err != nil {
		t.Fatalf("--json: %v\n%s", err, stdout)
	}
	var keys []string
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if got := strings.Join(keys, ","); got != "apps,envs,families,multi_app_share,probes,rounds,rule_share,seconds" {
		t.Fatalf("--json keys %s", got)
	}
	var sum struct {
		Apps, Families, Envs int
		Rounds               []struct {
			Total         int `json:"total"`
			VerifiedAfter int `json:"verified_after"`
		}
	}
	json.Unmarshal([]byte(stdout), &sum)
	if sum.Apps == 0 || sum.Families == 0 || sum.Envs == 0 || len(sum.Rounds) != 1 || sum.Rounds[0].VerifiedAfter < sum.Envs {
		t.Fatalf("summary %+v", sum)
	}
	for _, f := range []string{"envs.jsonl", "envs.train.jsonl", "envs.holdout.jsonl", "report.json", "report.html", "lib/environments.yaml"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("build wrote no %s: %v", f, err)
		}
	}
	if code, lint, _ := cli(t, "", "lint", "--lib", filepath.Join(out, "lib")); code != 0 || !strings.Contains(lint, " 0 diagnostics") {
		t.Fatalf("lint of the built library: %d %s", code, lint)
	}
	// The index beside envs.jsonl lists every environment with what
	// composing it gives.
	envs := filepath.Join(out, "envs.jsonl")
	idx, err := envfile.ReadIndex(envs)
	if err != nil || len(idx) != sum.Envs {
		t.Fatalf("index: %d entries for %d environments, %v", len(idx), sum.Envs, err)
	}
	c, err := envfile.Open(envs, filepath.Join(out, "lib"))
	if err != nil {
		t.Fatal(err)
	}
	env, err := c.Env(0)
	if err != nil {
		t.Fatal(err)
	}
	if got := idx[env.ID]; got != envfile.Summarize(env) {
		t.Errorf("index says %+v, composing says %+v", got, envfile.Summarize(env))
	}
}

func TestBuildTableAndBadInput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := cli(t, "", "build", "--size", "0.05", "--variants", "1", "--rounds", "0", "--out", out)
	if code != 0 || !strings.Contains(stdout, "verified before") || !strings.Contains(stdout, "multi-app share") || !strings.Contains(stdout, "root causes (Pareto)") {
		t.Fatalf("build table: %d %s %s", code, stdout, stderr)
	}
	// Not on a terminal: one line per phase on stderr, in order; no
	// evolve phase with --rounds 0.
	var phases []string
	for _, line := range strings.Split(strings.TrimSpace(stderr), "\n") {
		if f := strings.Fields(line); len(f) >= 4 && f[0] == "legoenv" && f[1] == "build" {
			phases = append(phases, f[2]+" "+strings.TrimSuffix(f[3], ":"))
		}
	}
	if got := strings.Join(phases, ", "); got != "[1/6] load, [2/6] synthesise, [3/6] verify, [4/6] collect, [5/6] coherence, [6/6] write" {
		t.Errorf("phase lines %q in\n%s", got, stderr)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--size", "2"}, "--size"},
		{[]string{"--size", "0"}, "--size"},
		{[]string{"--variants", "0"}, "--variants"},
		{[]string{"--holdout-apps", "1.5"}, "--holdout-apps"},
		{[]string{"--size", "0.05", "--holdout-apps", "no_such_app"}, "no_such_app"},
		{[]string{"--lib", "no/such/dir"}, "no/such/dir"},
		{[]string{"--gogc", "-1", "--memory-limit", "0"}, "--memory-limit"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, _, stderr := cli(t, "", append([]string{"build", "--out", out, "--db", ""}, c.args...)...)
			if code != 2 || !strings.Contains(stderr, c.want) {
				t.Fatalf("exit %d, stderr %q; want 2 naming %s", code, stderr, c.want)
			}
		})
	}
}

// TestPhaseReportOnTerminal: on a terminal each phase ends as a line with
// its time and count.
func TestPhaseReportOnTerminal(t *testing.T) {
	var buf bytes.Buffer
	r := newPhaseReport(&buf, true, map[string]string{"a": "doing a", "b": "doing b"}, "a", "b")
	r.phase(pipeline.Phase{Name: "a", Total: 3})
	r.phase(pipeline.Phase{Name: "a", Done: 3, Total: 3})
	r.phase(pipeline.Phase{Name: "b"})
	r.end()
	out := buf.String()
	for _, want := range []string{"[1/2] a: doing a (", "s, 3)\n", "[2/2] b: doing b ("} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in %q", want, out)
		}
	}
}
