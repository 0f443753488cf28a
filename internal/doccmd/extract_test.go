package doccmd

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestExtractFixture holds the extractor to every kind of block and line a
// document has: plain and prompted blocks, comments, output under a
// command, continuations, documented exit statuses, other languages and
// both markers.
func TestExtractFixture(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "fixture.md"))
	if err != nil {
		t.Fatal(err)
	}
	got := Extract("fixture.md", string(data))
	want := []Command{
		{File: "fixture.md", Line: 5, Text: "go build -o legoenv ./cmd/legoenv"},
		{File: "fixture.md", Line: 6, Text: "ID=$(legoenv envs --json | jq -r '.envs[0].id')"},
		{File: "fixture.md", Line: 8, Text: "legoenv play $ID --calls /dev/null   # reward 0.000, exit 1", Exit: 1},
		{File: "fixture.md", Line: 10, Text: "legoenv import automationbench --schemas S  --out ab T"},
		{File: "fixture.md", Line: 16, Text: "legoenv verify"},
		{File: "fixture.md", Line: 18, Text: "legoenv verify --lib x"},
		{File: "fixture.md", Line: 32, Text: "vllm serve Qwen/Qwen3-8B", Skip: "needs a GPU"},
		{File: "fixture.md", Line: 33, Text: "legoenv serve --addr 127.0.0.1:9000 &"},
		{File: "fixture.md", Line: 38, Text: "pip install x", Skip: "marked skip, no reason given"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Extract:\n got %+v\nwant %+v", got, want)
	}
}

// knownPrograms are the programs the documents may run: the CLI (on PATH or
// as a binary a document builds), Go, and the few tools a reader has or
// installs. A command starting with anything else is output or a typo
// that the extractor took for a command.
var knownPrograms = map[string]bool{
	"legoenv": true, "./legoenv": true, "/tmp/legoenv": true, "go": true,
	"python3": true, "pip": true, ".ci/python": true, "curl": true, "jq": true,
	"head": true, "/usr/bin/time": true, "vllm": true, "ollama": true, "vf-eval": true,
}

// TestDocsCommandsAreKnownPrograms extracts the commands of README.md and
// docs/*.md and checks that each starts with a known program (or only
// assigns a variable), and that there are enough of them for the
// extraction to be working.
func TestDocsCommandsAreKnownPrograms(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	files = append(files, filepath.Join("..", "..", "README.md"))
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range Extract(filepath.Base(f), string(data)) {
			n++
			if p := Program(c.Text); p != "" && !knownPrograms[p] {
				t.Errorf("%s:%d: %q starts with %q, not a known program (output needs a <!-- docs: output --> marker)", c.File, c.Line, c.Text, p)
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d commands in the docs: is the extractor broken?", n)
	}
}

func TestWordsAndProgram(t *testing.T) {
	for text, want := range map[string]string{
		"ID=$(legoenv envs --json | jq -r '.envs[0].id')": "",
		"GOCACHE=$(mktemp -d) go run ./cmd/legoenv build": "go",
		`/usr/bin/time -f "wall %e s" legoenv build`:      "/usr/bin/time",
		"# only a comment": "",
	} {
		if got := Program(text); got != want {
			t.Errorf("Program(%q) = %q, want %q", text, got, want)
		}
	}
	if got := Code("legoenv serve &   # the example & more # x"); got != "legoenv serve &" {
		t.Errorf("Code: %q", got)
	}
	got := strings.Join(Words(`a "b c" 'd e' $(f g) h # i j`), "|")
	if got != `a|"b c"|'d e'|$(f g)|h` {
		t.Errorf("Words: %s", got)
	}
}
