package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestDocsNameRealCommandsAndFlags reads every command line the README and
// docs/*.md show ("legoenv <command> ... --flag", in code blocks and code
// spans) and checks that the command and each of its flags exist in the
// command tree as it is built at test time, so that commands added later
// are known without a list to keep.
func TestDocsNameRealCommandsAndFlags(t *testing.T) {
	root := newRoot()
	files, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, filepath.Join("..", "..", "README.md"))
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, snip := range codeSnippets(string(data)) {
			for _, line := range commandLines(snip.text) {
				checked++
				if msg := checkCommandLine(root, line); msg != "" {
					t.Errorf("%s:%d: %q: %s", filepath.Base(f), snip.line, line, msg)
				}
			}
		}
	}
	if checked < 30 {
		t.Fatalf("only %d command lines found in the docs; is the parser broken?", checked)
	}
}

type snippet struct {
	text string
	line int
}

var codeSpan = regexp.MustCompile("`([^`\n]+)`")

// codeSnippets returns the code of a markdown text: lines of fenced or
// indented blocks, and inline code spans elsewhere.
func codeSnippets(md string) []snippet {
	var out []snippet
	fenced := false
	for i, line := range strings.Split(md, "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "```") {
			fenced = !fenced
			continue
		}
		if fenced || strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t") {
			out = append(out, snippet{line, i + 1})
			continue
		}
		for _, m := range codeSpan.FindAllStringSubmatch(line, -1) {
			out = append(out, snippet{m[1], i + 1})
		}
	}
	return out
}

var commandStart = regexp.MustCompile(`(^|[\s/($=])legoenv\s+[a-z-]`)

// commandLines returns each "legoenv ..." command in a snippet, up to the
// end of that shell command (a pipe, a redirection, a comment, a closing
// parenthesis), with the "a | b" alternatives of usage lines (in [...], or
// escaped in tables as \|) turned into plain words.
func commandLines(s string) []string {
	s = strings.ReplaceAll(s, `\|`, " ")
	var out []string
	for {
		loc := commandStart.FindStringIndex(s)
		if loc == nil {
			return out
		}
		rest := s[loc[1]-1:]
		start := strings.LastIndex(s[:loc[1]], "legoenv")
		cmd := s[start:]
		if strings.HasSuffix(s[:start], "cmd/") && strings.HasPrefix(strings.TrimSpace(cmd[len("legoenv"):]), "-") {
			s = rest // "go test ./cmd/legoenv -run ...": the package, not the command
			continue
		}
		end := len(cmd)
		depth := 0
	scan:
		for i, r := range cmd {
			switch r {
			case '[':
				depth++
			case ']':
				depth--
			case '|':
				if depth <= 0 {
					end = i
					break scan
				}
			case '>', '<', '#', ';', ')', '&', '`':
				end = i
				break scan
			}
		}
		out = append(out, strings.TrimSpace(cmd[:end]))
		s = rest
	}
}

// checkCommandLine resolves a "legoenv ..." line in the tree and returns
// what does not exist, or "".
func checkCommandLine(root *cobra.Command, line string) string {
	fields := strings.Fields(strings.NewReplacer("[", " ", "]", " ", "|", " ", ",", " ").Replace(line))[1:]
	var words []string
	for _, f := range fields {
		if strings.HasPrefix(f, "-") {
			break
		}
		words = append(words, f)
	}
	cmd, rest, err := root.Find(words)
	if err != nil {
		return err.Error()
	}
	if len(rest) > 0 && cmd.HasSubCommands() {
		return "no command " + strings.Join(append(strings.Fields(cmd.CommandPath()), rest[0]), " ")
	}
	cmd.InitDefaultHelpFlag()
	root.InitDefaultVersionFlag()
	for _, f := range fields {
		if !strings.HasPrefix(f, "--") || f == "--" {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimPrefix(f, "--"), "=")
		name = strings.TrimRight(name, ".:;'\"")
		if cmd.Flags().Lookup(name) == nil && cmd.InheritedFlags().Lookup(name) == nil {
			return "'" + cmd.CommandPath() + "' has no flag --" + name
		}
	}
	return ""
}

// TestCheckCommandLine holds the docs checker to what it must catch.
func TestCheckCommandLine(t *testing.T) {
	root := newRoot()
	for line, bad := range map[string]bool{
		"legoenv plan ENV_ID --envs out/envs.jsonl":      false,
		"legoenv serve [--lib DIR | --envs FILE]":        false,
		"legoenv dist verify --nats URL --timeout=1h":    false,
		"legoenv --version":                              false,
		"legoenv show --help":                            false,
		"legoenv frobnicate":                             true,
		"legoenv plan ENV_ID --no-such-flag":             true,
		"legoenv dist frobnicate --nats URL":             true,
		"legoenv build --db legoenv.db --out out --json": !hasFlag(root, "build", "db"),
	} {
		if got := checkCommandLine(root, line); (got != "") != bad {
			t.Errorf("%q: %q, want an error: %v", line, got, bad)
		}
	}
	got := commandLines("ID=$(legoenv envs --json | jq -r '.envs[0].id'); go test ./cmd/legoenv -run X; legoenv plan $ID > calls.jsonl")
	if strings.Join(got, ";") != "legoenv envs --json;legoenv plan $ID" {
		t.Errorf("commandLines: %q", got)
	}
}

func hasFlag(root *cobra.Command, cmd, flag string) bool {
	c, _, err := root.Find([]string{cmd})
	return err == nil && c.Flags().Lookup(flag) != nil
}
