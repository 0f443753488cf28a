package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/llm/llmtest"
)

// valueRE finds what an instruction must keep: placeholders and quoted
// values.
var valueRE = regexp.MustCompile(`\{\{[^}]*\}\}|'[^']+'|"[^"]+"`)

// build --llm-base-url rewrites the instructions through a scripted model
// on 127.0.0.1: a rewrite that keeps every value is taken; one that keeps
// the values but drops the words saying which flag to set (a needed value
// for grounding) fails verification and is rejected, and the table and
// report.json count it.
func TestBuildRewritesThroughModel(t *testing.T) {
	srv := llmtest.NewServer(t, func(r *llmtest.Request) llmtest.Reply {
		in := r.Messages[len(r.Messages)-1].Content
		if !strings.Contains(in, "'") {
			return llmtest.Text("Please handle: " + strings.Join(valueRE.FindAllString(in, -1), " "))
		}
		return llmtest.Text("Hey, when you get a sec: " + in)
	})
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := cli(t, "", "build", "--size", "0.05", "--variants", "1", "--rounds", "0", "--workflows", "-1", "--db", "",
		"--llm-base-url", srv.URL, "--llm-model", "scripted", "--llm-jobs", "3", "--out", out)
	if code != 0 {
		t.Fatalf("build: %d %s", code, stderr)
	}
	if !strings.Contains(stdout, "instructions rewritten") || !strings.Contains(stdout, "rejected by verification") {
		t.Errorf("the table does not count the rewrites:\n%s", stdout)
	}
	raw, err := os.ReadFile(filepath.Join(out, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Rewrite struct{ Rewritten, Rejected, Failed int }
	}
	if err := json.Unmarshal(raw, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Rewrite.Rewritten == 0 || rep.Rewrite.Rejected == 0 || rep.Rewrite.Failed != 0 {
		t.Errorf("report.json rewrite %+v: want some rewritten, some rejected, none failed", rep.Rewrite)
	}
	friendly := 0
	intents, err := os.ReadDir(filepath.Join(out, "lib", "intents"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range intents {
		b, _ := os.ReadFile(filepath.Join(out, "lib", "intents", e.Name()))
		if strings.Contains(string(b), "Hey, when you get a sec:") {
			friendly++
		}
	}
	if friendly == 0 {
		t.Errorf("no written intent has a taken rewrite")
	}
	// The pass costs no environment: as many verify as without it.
	plain := filepath.Join(t.TempDir(), "plain")
	if code, _, stderr := cli(t, "", "build", "--size", "0.05", "--variants", "1", "--rounds", "0", "--workflows", "-1", "--db", "", "--out", plain); code != 0 {
		t.Fatalf("build without the model: %d %s", code, stderr)
	}
	if a, b := lineCount(t, filepath.Join(out, "envs.jsonl")), lineCount(t, filepath.Join(plain, "envs.jsonl")); a != b {
		t.Errorf("%d environments with the rewrite pass, %d without", a, b)
	}
}

// A model that is down stops the build with an error naming it.
func TestBuildRewriteEndpointDown(t *testing.T) {
	srv := llmtest.NewServer(t, llmtest.Sequence(llmtest.Status(503, "no model loaded")))
	code, _, stderr := cli(t, "", "build", "--size", "0.05", "--variants", "1", "--rounds", "0", "--workflows", "-1", "--db", "",
		"--llm-base-url", srv.URL, "--llm-model", "scripted", "--llm-retries", "0", "--out", filepath.Join(t.TempDir(), "out"))
	if code == 0 || !strings.Contains(stderr, "no model loaded") {
		t.Fatalf("exit %d, stderr %q: want a failure naming the endpoint's answer", code, stderr)
	}
	code, _, stderr = cli(t, "", "build", "--llm-base-url", srv.URL, "--llm-model", "m", "--llm-jobs", "0", "--db", "", "--out", filepath.Join(t.TempDir(), "out"))
	if code != 2 || !strings.Contains(stderr, "--llm-jobs") {
		t.Fatalf("exit %d, stderr %q: want 2 naming --llm-jobs", code, stderr)
	}
}
