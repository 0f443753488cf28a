package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/legoenv/legoenv/episode"
)

var tau2Testdata = filepath.Join("..", "..", "testdata", "tau2")

// TestImportTau2 imports the retail copy in testdata, checks the --json
// report against tau2's hashes of the train split and lints the library.
func TestImportTau2(t *testing.T) {
	out := t.TempDir()
	code, stdout, stderr := cli(t, "", "import", "tau2", "--data", tau2Testdata, "--out", out, "--json")
	if code != 0 {
		t.Fatalf("import: %d %s", code, stderr)
	}
	var rep struct {
		Tasks    int               `json:"tasks"`
		Imported int               `json:"imported"`
		Hashes   map[string]string `json:"gold_db_sha256"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("--json output: %v\n%.300s", err, stdout)
	}
	if rep.Tasks != 114 || rep.Imported != 114 || len(rep.Hashes) != 114 {
		t.Fatalf("report: %d tasks, %d imported, %d hashes", rep.Tasks, rep.Imported, len(rep.Hashes))
	}
	b, err := os.ReadFile(filepath.Join(tau2Testdata, "expected_train.json"))
	if err != nil {
		t.Fatal(err)
	}
	var exp struct {
		Tasks map[string]struct {
			SHA256 string `json:"sha256"`
		} `json:"tasks"`
	}
	if err := json.Unmarshal(b, &exp); err != nil {
		t.Fatal(err)
	}
	for id, e := range exp.Tasks {
		if rep.Hashes[id] != e.SHA256 {
			t.Errorf("task %s: %s, tau2 %s", id, rep.Hashes[id], e.SHA256)
		}
	}
	if code, stdout, stderr := cli(t, "", "lint", "--lib", out); code != 0 {
		t.Fatalf("lint: %d %s %s", code, stdout, stderr)
	}
	// The written library, read back, still solves every task with its
	// reference plan.
	code, stdout, stderr = cli(t, "", "bench", "tau2", "--lib", out, "--repeat", "1", "--json")
	if code != 0 {
		t.Fatalf("bench tau2: %d %s", code, stderr)
	}
	var bench struct {
		Tasks   int `json:"tasks"`
		Summary struct {
			Passed int `json:"passed"`
		} `json:"summary"`
	}
	if err := json.Unmarshal([]byte(stdout), &bench); err != nil || bench.Tasks != 114 || bench.Summary.Passed != 114 {
		t.Fatalf("bench tau2: %v %.300s", err, stdout)
	}
	checkServedNatively(t, out)
	for _, args := range [][]string{
		{"bench", "tau2"},
		{"bench", "tau2", "--lib", filepath.Join("..", "..", "corpus", "example")},
		{"bench", "tau2", "--lib", out, "--rounds", "0"},
		{"bench", "tau2", "--lib", out, "--rounds", "1000000000"},
		{"bench", "tau2", "--lib", out, "--repeat", "-3"},
		{"bench", "serve", "--rounds", "101"},
		{"import", "tau2", "--out", out},
		{"import", "tau2", "--data", tau2Testdata},
		{"import", "tau2", "--data", "no/such/dir", "--out", out},
	} {
		if code, _, _ := cli(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// checkServedNatively holds the commands that step sessions (serve, play,
// rollout) to the shipped native tools: a tau2 library composed with
// composeOptions runs its retail tools in Go, and a library whose script
// was edited runs that script.
func checkServedNatively(t *testing.T, dir string) {
	t.Helper()
	lib, err := loadLibrary(dir, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := composeOptions()
	if err != nil {
		t.Fatal(err)
	}
	env, err := episode.Compose(lib, lib.Recipes()[0], opt)
	if err != nil {
		t.Fatal(err)
	}
	if tl := env.Tool("get_order_details"); tl == nil || !tl.Native() {
		t.Errorf("get_order_details is not native in a tau2 library composed for serving")
	}
}

// A long tau2 import used to say nothing until it ended (a million tasks:
// 25 minutes of silence); the progress line reports at most once per
// interval and ends with the last count, and a short run stays quiet.
func TestProgressLine(t *testing.T) {
	var b bytes.Buffer
	p := progressLine(&b, "tau2: replayed", "tasks", time.Hour)
	for i := 1; i <= 3; i++ {
		p(i, 3)
	}
	if b.Len() != 0 {
		t.Fatalf("a short run wrote %q", b.String())
	}
	p = progressLine(&b, "tau2: replayed", "tasks", 0)
	p(1, 3)
	p(3, 3)
	if got := b.String(); got != "tau2: replayed 1 of 3 tasks\ntau2: replayed 3 of 3 tasks\n" {
		t.Fatalf("got %q", got)
	}
}
