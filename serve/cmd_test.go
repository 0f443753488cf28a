package serve

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/legoenv/legoenv/corpus"
)

// TestServeCommand runs `legoenv serve` as a process: it serves an
// envs.jsonl with the library beside it, answers a full episode, and on
// SIGTERM exits 0. Bad flags exit 2.
func TestServeCommand(t *testing.T) {
	bin := buildLegoenv(t)
	cat := exampleCatalog(t)

	t.Run("bad input", func(t *testing.T) {
		dir := t.TempDir()
		bad := filepath.Join(dir, "envs.jsonl")
		os.WriteFile(bad, []byte("{\"id\": \"env-1\"}\n"), 0o644)
		os.Mkdir(filepath.Join(dir, "lib"), 0o755)
		alone := filepath.Join(t.TempDir(), "envs.jsonl") // no lib/ beside it
		os.WriteFile(alone, []byte("{\"id\": \"env-1\"}\n"), 0o644)
		cases := []struct {
			name string
			args []string
			want string
		}{
			{"no lib beside", []string{"serve", "--envs", alone}, "no library"},
			{"no envs file", []string{"serve", "--envs", filepath.Join(t.TempDir(), "envs.jsonl")}, "envs.jsonl: no such file"},
			{"bad line", []string{"serve", "--envs", bad, "--lib", ""}, "envs.jsonl:1: recipe: missing"},
			{"bad flag", []string{"serve", "--nope"}, "unknown flag"},
			{"bad address", []string{"serve", "--addr", "256.0.0.1:99999"}, "listen"},
			{"missing report", []string{"serve", "--report", filepath.Join(dir, "report.json")}, "--report"},
			{"bad rollouts", []string{"serve", "--rollouts", bad}, "not a directory"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				defer cancel()
				args := c.args
				if !slices.Contains(args, "--addr") {
					// Not the default port: another server may hold it.
					args = append(slices.Clone(args), "--addr", "127.0.0.1:0")
				}
				cmd := exec.CommandContext(ctx, bin, args...)
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				err := cmd.Run()
				var ee *exec.ExitError
				if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(stderr.String(), c.want) {
					t.Errorf("%v: %v, stderr %q; want exit 2 mentioning %q", c.args, err, stderr.String(), c.want)
				}
			})
		}
	})

	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "lib"), corpus.Example()); err != nil {
		t.Fatal(err)
	}
	// writeEnvsFile writes to its own directory; move the file beside lib/.
	src := writeEnvsFile(t, cat, func(int) *bool { return ptr(true) })
	b, _ := os.ReadFile(src)
	envs := filepath.Join(dir, "envs.jsonl")
	os.WriteFile(envs, b, 0o644)

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "serve", "--envs", envs, "--addr", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := bufio.NewScanner(stderr)
	var addr string
	var log []string
	for addr == "" && lines.Scan() {
		log = append(log, lines.Text())
		if m := regexp.MustCompile(`on http://(127\.0\.0\.1:\d+)`).FindStringSubmatch(lines.Text()); m != nil {
			addr = m[1]
		}
	}
	if addr == "" {
		t.Fatalf("no address announced; stderr:\n%s", strings.Join(log, "\n"))
	}
	rest := make(chan string, 1)
	go func() {
		b, _ := io.ReadAll(stderr)
		rest <- string(b)
	}()

	ts := &testServer{URL: "http://" + addr, client: &http.Client{Timeout: 10 * time.Second}}
	var list EnvList
	ts.do(t, "GET", "/v1/envs?verified=true", nil, &list)
	if list.Total != cat.Len() {
		t.Errorf("serving %d verified environments, want %d", list.Total, cat.Len())
	}
	env := envBy(t, cat, "mark_do_not_contact", "northwind_support")
	var start SessionStart
	ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": env.ID}, &start)
	ts.do(t, "POST", "/v1/sessions/"+start.SessionID+"/step", wire(env.PlanCalls()), nil)
	var ev Evaluation
	ts.do(t, "POST", "/v1/sessions/"+start.SessionID+"/evaluate", nil, &ev)
	if !ev.Passed || ev.Reward != 1 {
		t.Errorf("plan over the served file: %+v", ev)
	}
	// The web UI answers at / on the same listener: over --envs, 503 while
	// its first request has it compose the corpus, then the page.
	var (
		res  *http.Response
		page []byte
	)
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if res, err = ts.client.Get(ts.URL + "/ui/envs/" + env.ID); err != nil {
			t.Fatal(err)
		}
		page, _ = io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusServiceUnavailable || time.Now().After(deadline) {
			break
		}
		if !strings.Contains(string(page), "REST API under /v1 answers now") {
			t.Fatalf("web UI: 503 %q", page)
		}
	}
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") || !strings.Contains(string(page), env.ID) {
		t.Errorf("web UI: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	tail := <-rest
	if err != nil {
		t.Fatalf("after SIGTERM: %v\n%s", err, tail)
	}
	if !strings.Contains(tail, "stopped") {
		t.Errorf("no 'stopped' on stderr:\n%s", tail)
	}
}
