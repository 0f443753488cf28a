package doccmd

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
)

// Script holds what a runner needs to turn a document's commands into one
// bash script, run in a clone with the shell's state (variables, the
// directory) kept from one command to the next, as a reader typing them
// would keep it.
type Script struct {
	Dir    string // the clone the commands run in
	TmpDir string // stands for /tmp, so that runs on a shared machine stay apart
	// Exec is the program given to 'go run -exec' for the CLI, so that a
	// build run that way goes through the runner's build cache as well.
	Exec string
}

// scriptHead defines the helpers every command calls. The runner reads fd
// 3 (one line per command: where, status, seconds); everything a command
// prints goes to stdout and stderr, the log.
const scriptHead = `set -o pipefail
trap 'kill $(jobs -p) 2>/dev/null' EXIT
__docs_check() { # status want where start
	local took=$((SECONDS - $4))
	if [ "$1" != "$2" ]; then echo "FAIL $3 exit $1, want $2, ${took}s" >&3; exit 1; fi
	echo "ok $3 ${took}s" >&3
}
__docs_serve() { # pid addr where background
	local i
	for i in $(seq 600); do
		if curl -sf -o /dev/null "http://$2/healthz"; then
			[ "$4" = 1 ] || { kill "$1"; wait "$1" 2>/dev/null; }
			return 0
		fi
		kill -0 "$1" 2>/dev/null || { wait "$1"; return $?; }
		sleep 0.25
	done
	echo "no answer at http://$2/healthz after 150 s" >&2
	return 1
}
__docs_free() { # addr where
	if curl -s -o /dev/null "http://$1/healthz"; then echo "FAIL $2 something already answers at $1" >&3; exit 1; fi
}
__docs_list() { # pattern go-list-arguments...
	local pat=$1 files names
	shift
	files=$(go list -f '{{$d := .Dir}}{{range .TestGoFiles}}{{$d}}/{{.}} {{end}}{{range .XTestGoFiles}}{{$d}}/{{.}} {{end}}' "$@") || return 1
	names=$(grep -hoE '^func (Test|Example|Fuzz)[A-Za-z0-9_]*' $files /dev/null | sed 's/^func //')
	grep -qE -- "$pat" <<<"$names" || { echo "no test of $* matches $pat" >&2; return 1; }
}
`

// Bash returns the script that runs a document's commands in order and
// stops at the first whose exit status is not the one documented. Skipped
// commands are left out.
func (s Script) Bash(cmds []Command) string {
	var b strings.Builder
	b.WriteString(scriptHead)
	fmt.Fprintf(&b, "cd %s || exit 1\n", shellQuote(s.Dir))
	for _, c := range cmds {
		if c.Skip != "" {
			continue
		}
		where := shellQuote(fmt.Sprintf("%s:%d", c.File, c.Line))
		text := s.Rewrite(c.Text)
		fmt.Fprintf(&b, "\necho %s\n__t=$SECONDS\n", shellQuote(fmt.Sprintf("+ %s:%d: %s", c.File, c.Line, text)))
		if addr, bg, ok := served(text); ok {
			fmt.Fprintf(&b, "__docs_free %s %s\n%s &\n__docs_serve $! %s %s %d\n", addr, where, strings.TrimSuffix(Code(text), "&"), addr, where, bg)
		} else {
			b.WriteString(testsListed(text) + "\n")
		}
		fmt.Fprintf(&b, "__docs_check $? %d %s $__t\n", c.Exit, where)
	}
	return b.String()
}

var builtBinary = regexp.MustCompile(`(\S*/)legoenv(\s+build\b)`)

// Rewrite returns a command as the runner runs it: /tmp is the runner's
// own temporary directory, a build through a legoenv binary the documents
// built themselves goes to the one on PATH (built from the same commit, and
// able to reuse a build that ran with the same flags), and 'go run' of the
// CLI hands its binary to the same cache.
func (s Script) Rewrite(text string) string {
	if s.TmpDir != "" {
		text = strings.ReplaceAll(text, "/tmp/", s.TmpDir+"/")
	}
	if s.Exec != "" {
		text = strings.ReplaceAll(text, "go run ./cmd/legoenv", "go run -exec "+s.Exec+" ./cmd/legoenv")
	}
	return builtBinary.ReplaceAllStringFunc(text, func(m string) string {
		sub := builtBinary.FindStringSubmatch(m)
		if strings.HasSuffix(sub[1], "cmd/") {
			return m // the package of 'go run ./cmd/legoenv build'
		}
		return "legoenv" + sub[2]
	})
}

// served reports whether a command starts 'legoenv serve', which answers
// until it is stopped, with the address it listens on and whether the
// document runs it in the background (a trailing &).
func served(text string) (addr string, background int, ok bool) {
	words := Words(text)
	at := slices.Index(words, Program(text))
	if at < 0 || at+1 >= len(words) || path.Base(words[at]) != "legoenv" || words[at+1] != "serve" {
		return "", 0, false
	}
	addr = "127.0.0.1:8080"
	for i, w := range words {
		if v, found := strings.CutPrefix(w, "--addr="); found {
			addr = v
		} else if w == "--addr" && i+1 < len(words) {
			addr = words[i+1]
		}
	}
	if strings.HasSuffix(Code(text), "&") {
		background = 1
	}
	return addr, background, true
}

// goTestValueFlags are the 'go test' flags that take a separate value.
var goTestValueFlags = map[string]bool{"-run": true, "-count": true, "-timeout": true, "-tags": true, "-p": true, "-parallel": true}

// testsListed returns a 'go test' command that runs tests only (no
// benchmark, fuzzing or profile) as one that checks them instead: .ci/run
// runs every test already, so the runner checks that the packages exist and
// that the -run pattern names a test in their test files. Any other command
// comes back as it is.
func testsListed(text string) string {
	words := Words(text)
	at := slices.Index(words, Program(text))
	if at < 0 || at+1 >= len(words) || words[at] != "go" || words[at+1] != "test" || compound(words) {
		return text
	}
	pattern := "."
	var rest []string
	for i := at + 2; i < len(words); i++ {
		w := words[i]
		name, value, hasValue := strings.Cut(w, "=")
		switch {
		case strings.HasPrefix(w, "-bench") || strings.HasPrefix(w, "-fuzz") || strings.Contains(w, "profile"):
			return text
		case name == "-run" && hasValue:
			pattern = value
		case name == "-run" && i+1 < len(words):
			pattern = words[i+1]
			i++
		case name == "-tags" || !strings.HasPrefix(w, "-"):
			rest = append(rest, w)
		case goTestValueFlags[w]:
			i++
		}
	}
	return strings.Join(append(append(append([]string{}, words[:at]...), "__docs_list", pattern), rest...), " ")
}

// compound reports whether a command's words hold a pipe, a list or a
// redirection, whose parts the runner leaves as they are.
func compound(words []string) bool {
	for _, w := range words {
		if strings.ContainsAny(w[:1], "|&;<>") {
			return true
		}
	}
	return false
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
