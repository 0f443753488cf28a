package serve

import (
	"encoding/json"
	"fmt"
	"net/http"
	"runtime"
	"slices"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
)

// hostileLib is one app whose Starlark tools each try to take the process
// (a loop until the time limit, a format bomb, a sort of a list that
// shares one list ten thousand times), beside a declarative lookup.
var hostileLib = fstest.MapFS{
	"s.yaml": {Data: []byte(`kind: server
id: vault
collections:
  - name: boxes
    fields: {label: {type: string}}
tools:
  - name: vault_get_box
    description: Get a box.
    input: {type: object, properties: {id: {type: string}}, required: [id]}
    effect: {kind: get, collection: boxes}
  - name: vault_spin
    description: Loops.
    input: {type: object}
    effect:
      kind: starlark
      code: |
        def run(args, db):
            n = 0
            while True:
                n += 1
  - name: vault_format
    description: Formats.
    input: {type: object}
    effect:
      kind: starlark
      code: |
        def run(args, db):
            s = "x" * 1000000
            return len(("{0}" * 1000).format(s))
  - name: vault_sort
    description: Sorts.
    input: {type: object}
    effect:
      kind: starlark
      code: |
        def run(args, db):
            a = [0] * 10000
            return len(sorted([a] * 10000))
`)},
	"d.yaml": {Data: []byte("kind: data\nid: boxes\nrecords:\n  vault:\n    boxes:\n      - {id: b1, label: one}\n")},
	"i.yaml": {Data: []byte("kind: intent\nid: look\napps: [vault]\ninstruction: Look at box b1.\ngoal:\n  - called: vault_get_box\n")},
}

// stepLatencies runs n calls of the lookup in a fresh session and returns
// how long each took.
func stepLatencies(t *testing.T, ts *testServer, envID string, n int) []time.Duration {
	t.Helper()
	var st SessionStart
	ts.do(t, "POST", "/v1/sessions", map[string]any{"env_id": envID}, &st)
	call := wire([]episode.ToolCall{{Name: "vault_get_box", Args: json.RawMessage(`{"id":"b1"}`)}})
	var out []time.Duration
	for range n {
		start := time.Now()
		code, b, err := ts.raw("POST", "/v1/sessions/"+st.SessionID+"/step", call)
		if err != nil || code != http.StatusOK {
			t.Fatalf("step: %d %s %v", code, b, err)
		}
		out = append(out, time.Since(start))
		time.Sleep(20 * time.Millisecond)
	}
	return out
}

// Eight sessions whose tools all try to exhaust time or memory used to
// hold every core, so that other sessions' steps waited seconds. Now the
// server keeps a core free of Starlark calls (episode.Gate), every hostile
// call ends in an error observation within three times its time limit,
// and another session's lookups answer promptly: 9 in 10 within 100 ms
// (without the gate, on two cores, the 90th percentile was about 200 ms),
// and the worst within a generous second, as a test machine's cores are
// shared with other work.
func TestHostileSessionsLeaveOthersServed(t *testing.T) {
	lib, ds, err := atom.Load(hostileLib)
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds)
	}
	env, err := episode.Compose(lib, atom.Recipe{Intent: atom.Pin{ID: "look"}, Data: atom.Pin{ID: "boxes"}}, episode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cat := NewCatalog([]*EnvInfo{{Env: env}})
	limit := 2 * time.Second
	cat.SetLimits(episode.Limits{StarlarkSteps: 1 << 40, StarlarkBytes: 2 << 20, StarlarkTimeMS: int(limit / time.Millisecond)})
	ts := startServer(t, cat, Options{})
	envID := cat.All()[0].Env.ID
	quiet := stepLatencies(t, ts, envID, 5)

	stop := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	var slowest time.Duration
	var failures []string
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tool := []string{"vault_spin", "vault_format", "vault_sort"}[i%3]
			var st SessionStart
			if code, b, err := ts.raw("POST", "/v1/sessions", map[string]any{"env_id": envID}); err != nil || code != http.StatusCreated || json.Unmarshal(b, &st) != nil {
				mu.Lock()
				failures = append(failures, fmt.Sprintf("session: %d %s %v", code, b, err))
				mu.Unlock()
				return
			}
			call := wire([]episode.ToolCall{{Name: tool, Args: json.RawMessage(`{}`)}})
			for {
				select {
				case <-stop:
					return
				default:
				}
				start := time.Now()
				code, b, err := ts.raw("POST", "/v1/sessions/"+st.SessionID+"/step", call)
				d := time.Since(start)
				var res StepResult
				mu.Lock()
				slowest = max(slowest, d)
				if err != nil || code != http.StatusOK || json.Unmarshal(b, &res) != nil || len(res.Observations) != 1 || !res.Observations[0].IsError {
					failures = append(failures, fmt.Sprintf("%s: %d %s %v", tool, code, b, err))
				}
				mu.Unlock()
			}
		}()
	}
	time.Sleep(500 * time.Millisecond)
	busy := stepLatencies(t, ts, envID, 40)
	close(stop)
	wg.Wait()
	for _, f := range failures {
		t.Error(f)
	}
	if slowest > 3*limit {
		t.Errorf("a hostile call took %s, over three times the %s limit", slowest, limit)
	}
	slices.Sort(busy)
	median, p90, worst := busy[len(busy)/2], busy[len(busy)*9/10], busy[len(busy)-1]
	t.Logf("lookups alone: %v; beside 8 hostile sessions: median %s, 90th percentile %s, worst %s (GOMAXPROCS %d); slowest hostile call %s",
		quiet, median, p90, worst, runtime.GOMAXPROCS(0), slowest)
	if p90 > 100*time.Millisecond {
		t.Errorf("9 in 10 lookups beside hostile sessions should take under 100ms; the 90th percentile took %s", p90)
	}
	if worst > time.Second {
		t.Errorf("worst lookup beside hostile sessions took %s", worst)
	}
}
