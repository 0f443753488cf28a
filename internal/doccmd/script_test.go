package doccmd

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestRewrite(t *testing.T) {
	s := Script{TmpDir: "/scratch/tmp", Exec: "docs-exec"}
	for in, want := range map[string]string{
		`/usr/bin/time -v ./legoenv build --json --db ""`: `/usr/bin/time -v legoenv build --json --db ""`,
		"go build -o /tmp/legoenv ./cmd/legoenv":          "go build -o /scratch/tmp/legoenv ./cmd/legoenv",
		"/tmp/legoenv build --out /tmp/b":                 "legoenv build --out /scratch/tmp/b",
		"/tmp/legoenv profile --envs /tmp/b/envs.jsonl":   "/scratch/tmp/legoenv profile --envs /scratch/tmp/b/envs.jsonl",
		"go run ./cmd/legoenv build":                      "go run -exec docs-exec ./cmd/legoenv build",
		"./legoenv export hf --out hf":                    "./legoenv export hf --out hf",
	} {
		if got := s.Rewrite(in); got != want {
			t.Errorf("Rewrite(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTestsListedAndServed(t *testing.T) {
	for in, want := range map[string]string{
		"go test ./a/ ./b/ -run 'X|Y' -v":             "__docs_list 'X|Y' ./a/ ./b/",
		"go test ./...":                               "__docs_list . ./...",
		"GOFLAGS=-count=1 go test -tags t -run=Z ./a": "GOFLAGS=-count=1 __docs_list Z -tags t ./a",
		"go test ./a -run XXX -bench B":               "go test ./a -run XXX -bench B",
		"go test ./a -fuzz F -fuzztime 60s":           "go test ./a -fuzz F -fuzztime 60s",
		"legoenv verify":                              "legoenv verify",
	} {
		if got := testsListed(in); got != want {
			t.Errorf("testsListed(%q) = %q, want %q", in, got, want)
		}
	}
	if addr, bg, ok := served("legoenv serve --envs e --addr 127.0.0.1:9000 &"); !ok || addr != "127.0.0.1:9000" || bg != 1 {
		t.Errorf("served: %q %d %v", addr, bg, ok)
	}
	if addr, bg, ok := served("legoenv serve   # the example library & more"); !ok || addr != "127.0.0.1:8080" || bg != 0 {
		t.Errorf("served: %q %d %v", addr, bg, ok)
	}
	if _, _, ok := served("legoenv bench serve"); ok {
		t.Error("bench serve taken for a server")
	}
}

// TestBashRunsInOrderAndStopsAtAFailure runs a generated script: state
// carries from one command to the next, a documented exit status is what
// passes, skipped commands do not run, and the first failure names its line.
func TestBashRunsInOrderAndStopsAtAFailure(t *testing.T) {
	dir := t.TempDir()
	cmds := []Command{
		{File: "f.md", Line: 1, Text: "X=hello"},
		{File: "f.md", Line: 2, Text: `test "$X" = hello`},
		{File: "f.md", Line: 3, Text: "false   # exit 1", Exit: 1},
		{File: "f.md", Line: 4, Text: "go test . -run 'Bash|Nothing'"},
		{File: "f.md", Line: 5, Text: "touch $DOCS_OUT/skipped", Skip: "a reason"},
		{File: "f.md", Line: 6, Text: "echo $X > $DOCS_OUT/out.txt && sh -c 'exit 3'"},
		{File: "f.md", Line: 7, Text: "touch $DOCS_OUT/after"},
	}
	script := filepath.Join(dir, "s.sh")
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(script, []byte(Script{Dir: here}.Bash(cmds)), 0o644); err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", script)
	cmd.Env = append(os.Environ(), "DOCS_OUT="+dir)
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		t.Skip("no bash:", err)
	}
	w.Close()
	report, _ := readAll(r)
	err = cmd.Wait()
	lines := strings.Split(strings.TrimSpace(report), "\n")
	if err == nil || len(lines) != 5 || !strings.HasPrefix(lines[3], "ok f.md:4 ") || !strings.HasPrefix(lines[4], "FAIL f.md:6 exit 3, want 0") {
		t.Fatalf("err %v, report:\n%s", err, report)
	}
	for _, f := range []string{"skipped", "after"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("%s ran", f)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "out.txt")); string(b) != "hello\n" {
		t.Errorf("out.txt = %q", b)
	}
}

func readAll(f *os.File) (string, error) {
	defer f.Close()
	b, err := io.ReadAll(f)
	return string(b), err
}
