package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/testlib"
)

var (
	libOnce sync.Once
	libVal  *atom.Library
	libErr  error
)

// exampleLib loads the built-in example library once per test binary.
func exampleLib(t testing.TB) *atom.Library {
	t.Helper()
	libOnce.Do(func() {
		libVal, libErr = testlib.LoadExample()
	})
	if libErr != nil {
		t.Fatal(libErr)
	}
	return libVal
}

func exampleCatalog(t testing.TB) *Catalog {
	t.Helper()
	cat, errs := LibraryCatalog(exampleLib(t), episode.Options{})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if cat.Len() < 5 {
		t.Fatalf("example library composes %d environments; want at least 5", cat.Len())
	}
	return cat
}

// envBy finds the example environment of an intent and a data atom.
func envBy(t testing.TB, cat *Catalog, intent, data string) *episode.Env {
	t.Helper()
	for _, in := range cat.All() {
		if in.Env.Intent.ID == intent && in.Env.Data.ID == data {
			return in.Env
		}
	}
	t.Fatalf("no example environment %s/%s", intent, data)
	return nil
}

// testServer runs a Server on 127.0.0.1 for one test; it stops at cleanup.
type testServer struct {
	*Server
	URL    string
	client *http.Client
}

func startServer(t testing.TB, cat *Catalog, opts Options) *testServer {
	t.Helper()
	srv := New(cat, opts)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("server stopped with %v", err)
			}
		case <-time.After(20 * time.Second):
			t.Error("server did not stop within 20s")
		}
	})
	tr := &http.Transport{MaxIdleConnsPerHost: 256, DisableCompression: true}
	t.Cleanup(tr.CloseIdleConnections)
	return &testServer{Server: srv, URL: "http://" + ln.Addr().String(), client: &http.Client{Transport: tr, Timeout: 20 * time.Second}}
}

// do sends a request with a JSON body (nil: none; string or []byte: sent
// as is) and decodes the JSON answer into out (when not nil). It returns
// the status.
func (ts *testServer) do(t testing.TB, method, path string, body, out any) int {
	t.Helper()
	status, b, err := ts.raw(method, path, body)
	if err != nil {
		t.Fatal(err)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: %d %s: %v", method, path, status, b, err)
		}
	}
	return status
}

// raw is do without testing.TB, for use in goroutines.
func (ts *testServer) raw(method, path string, body any) (int, []byte, error) {
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		enc, err := json.Marshal(b)
		if err != nil {
			return 0, nil, err
		}
		rd = bytes.NewReader(enc)
	}
	req, err := http.NewRequest(method, ts.URL+path, rd)
	if err != nil {
		return 0, nil, err
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := ts.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, nil, err
	}
	if ct := resp.Header.Get("Content-Type"); path != "/metrics" && !strings.HasPrefix(ct, "application/json") {
		return resp.StatusCode, b, fmt.Errorf("%s %s: Content-Type %q, want JSON; body %s", method, path, ct, b)
	}
	return resp.StatusCode, b, nil
}

// readCallsFile reads a JSONL calls file ({"name", "arguments"} a line;
// # comments).
func readCallsFile(t testing.TB, path string) []episode.ToolCall {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var calls []episode.ToolCall
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		var c struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		}
		if err := json.Unmarshal(line, &c); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		calls = append(calls, episode.ToolCall{Name: c.Name, Args: c.Arguments})
	}
	return calls
}

// trajectory is a named list of calls for one environment, with what the
// episode is known to come to.
type trajectory struct {
	name  string
	env   *episode.Env
	calls []episode.ToolCall
	pass  *bool // nil: not known
}

func ptr[T any](v T) *T { return &v }

// trajectories returns, for every example environment: doing nothing, its
// reference plan (when it has one), and the hand-written episodes of
// testdata/episodes (<intent>.<data>.<label>.jsonl; labels starting with
// "solve" pass, others do not).
func trajectories(t testing.TB, cat *Catalog) []trajectory {
	t.Helper()
	var out []trajectory
	for _, in := range cat.All() {
		e := in.Env
		base := e.Intent.ID + "." + e.Data.ID
		out = append(out, trajectory{name: base + ".nothing", env: e, pass: ptr(false)})
		if len(e.Plan) > 0 {
			out = append(out, trajectory{name: base + ".plan", env: e, calls: e.PlanCalls(), pass: ptr(true)})
		}
	}
	files, err := filepath.Glob("testdata/episodes/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/episodes: %v", err)
	}
	for _, f := range files {
		parts := strings.Split(strings.TrimSuffix(filepath.Base(f), ".jsonl"), ".")
		if len(parts) != 3 {
			t.Fatalf("%s: want <intent>.<data>.<label>.jsonl", f)
		}
		out = append(out, trajectory{name: strings.Join(parts, "."), env: envBy(t, cat, parts[0], parts[1]),
			calls: readCallsFile(t, f), pass: ptr(strings.HasPrefix(parts[2], "solve"))})
	}
	return out
}

// direct runs calls in a fresh session as `legoenv play` does.
func direct(t testing.TB, env *episode.Env, opts episode.SessionOptions, calls []episode.ToolCall) (*episode.Session, []episode.Observation) {
	t.Helper()
	s, err := episode.NewSession(env, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s, s.Step(calls...)
}

// wire renders calls as a step request body, with arguments as the file
// has them (object or string).
func wire(calls []episode.ToolCall) map[string]any {
	list := make([]map[string]any, len(calls))
	for i, c := range calls {
		m := map[string]any{"name": c.Name}
		if c.ID != "" {
			m["id"] = c.ID
		}
		if len(c.Args) > 0 {
			m["arguments"] = c.Args
		}
		list[i] = m
	}
	return map[string]any{"tool_calls": list}
}

// errCode reads the code of an error body.
func errCode(b []byte) (string, error) {
	var e errorBody
	if err := json.Unmarshal(b, &e); err != nil {
		return "", err
	}
	if e.Error.Code == "" || e.Error.Message == "" {
		return "", errors.New("error body without code or message: " + string(b))
	}
	return e.Error.Code, nil
}

// recordedLoads gives the example catalog, its workloads and the answer
// the step endpoint gives each request of them in a fresh session.
func recordedLoads(t testing.TB) (*Catalog, []workload, map[string][]byte) {
	t.Helper()
	cat := exampleCatalog(t)
	loads, err := workloads(cat, nil)
	if err != nil {
		t.Fatal(err)
	}
	answers, err := recordAnswers(New(cat, Options{}), loads)
	if err != nil {
		t.Fatal(err)
	}
	return cat, loads, answers
}
