package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// bombTools are Starlark tool bodies that each try to take the process:
// without budgets, one format call built 3 GB and ran 81 s.
var bombTools = map[string]string{
	"spin":    "n = 0\nwhile True:\n    n += 1",
	"format":  "s = \"x\" * 1000000\nreturn len((\"{0}\" * 1000).format(s))",
	"join":    "s = \"x\" * 1000000\nreturn len(s.join([\"\"] * 1000))",
	"repeat":  "return len(\"x\" * (1 << 32))",
	"slices":  "big = [0] * 1000000\nkeep = []\nfor i in range(1000):\n    keep.append(big[:])\nreturn len(keep)",
	"sorted":  "a = [0] * 10000\nreturn len(sorted([a] * 10000))",
	"bigint":  "x = 3\nfor i in range(40):\n    x = x * x\nreturn x > 0",
	"percent": "s = \"x\" * 1000000\nreturn len(\"%s\" % ([s] * 1000,))",
}

// writeBombLibrary writes a library of one app whose Starlark tools are
// the bombs, beside a declarative lookup, and returns its directory.
func writeBombLibrary(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(`kind: server
id: vault
collections:
  - name: boxes
    fields: {label: {type: string}}
tools:
  - name: vault_get_box
    description: Get a box.
    input: {type: object, properties: {id: {type: string}}, required: [id]}
    effect: {kind: get, collection: boxes}
`)
	for _, n := range slices.Sorted(maps.Keys(bombTools)) {
		fmt.Fprintf(&b, "  - name: vault_%s\n    description: A bomb.\n    input: {type: object}\n    effect:\n      kind: starlark\n      code: |\n        def run(args, db):\n", n)
		for line := range strings.SplitSeq(bombTools[n], "\n") {
			b.WriteString("            " + line + "\n")
		}
	}
	dir := t.TempDir()
	files := map[string]string{
		"s.yaml": b.String(),
		"d.yaml": "kind: data\nid: boxes\nrecords:\n  vault:\n    boxes:\n      - {id: b1, label: one}\n",
		"i.yaml": "kind: intent\nid: look\napps: [vault]\ninstruction: Look at box b1.\ngoal:\n  - called: vault_get_box\n",
		"e.yaml": "kind: environments\nrecipes:\n  - {intent: look, data: boxes}\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// restClient speaks to a served process's REST API.
type restClient struct{ base string }

func (c restClient) post(path string, body any) (int, []byte, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return 0, nil, err
	}
	resp, err := http.Post(c.base+path, "application/json", bytes.NewReader(b))
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	return resp.StatusCode, out, err
}

// open starts a session of env and returns its id.
func (c restClient) open(env string) (string, error) {
	code, b, err := c.post("/v1/sessions", map[string]any{"env_id": env})
	var st struct {
		SessionID string `json:"session_id"`
	}
	if err == nil && (code != http.StatusCreated || json.Unmarshal(b, &st) != nil || st.SessionID == "") {
		err = fmt.Errorf("open session: %d %s", code, b)
	}
	return st.SessionID, err
}

// step calls one tool in a session; it reports whether the observation is
// an error.
func (c restClient) step(session, tool, args string) (bool, error) {
	body := map[string]any{"tool_calls": []map[string]any{{"name": tool, "arguments": json.RawMessage(args)}}}
	code, b, err := c.post("/v1/sessions/"+session+"/step", body)
	if err != nil {
		return false, err
	}
	var res struct {
		Observations []struct {
			IsError bool `json:"is_error"`
		} `json:"observations"`
	}
	if code != http.StatusOK || json.Unmarshal(b, &res) != nil || len(res.Observations) != 1 {
		return false, fmt.Errorf("step %s: %d %s", tool, code, b)
	}
	return res.Observations[0].IsError, nil
}

// peakRSS reads the most memory a process has held resident (VmHWM).
func peakRSS(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	m := regexp.MustCompile(`(?m)^VmHWM:\s+(\d+) kB`).FindSubmatch(b)
	if m == nil {
		return 0, fmt.Errorf("no VmHWM in /proc/%d/status", pid)
	}
	kb, err := strconv.ParseInt(string(m[1]), 10, 64)
	return kb << 10, err
}

// startServe runs legoenv serve as a subprocess on a free loopback port,
// with env added to its environment, and returns its client and process
// id; the process is killed when the test ends.
func startServe(t *testing.T, env []string, args ...string) (restClient, int) {
	t.Helper()
	c := legoenvCmd(append([]string{"serve", "--addr", "127.0.0.1:0", "--no-ui"}, args...)...)
	c.Env = append(c.Env, env...)
	stderr, err := c.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Process.Kill(); c.Wait() })
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		re := regexp.MustCompile(`on (http://127\.0\.0\.1:\d+)`)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
	}()
	select {
	case a := <-addr:
		return restClient{base: a}, c.Process.Pid
	case <-time.After(60 * time.Second):
		t.Fatal("serve did not say where it listens within 60 s")
	}
	return restClient{}, 0
}

// attack is what a run of hostile sessions against a served process saw.
type attack struct {
	peak     int64           // the process's peak resident memory
	lookups  []time.Duration // another session's steps, sorted
	slowest  time.Duration   // the slowest hostile call
	calls    int             // hostile calls made
	failures []string
}

// runAttack opens sessions hostile sessions, each calling one of the bomb
// tools in a loop, and meanwhile steps another session's lookup n times,
// 100 ms apart.
func runAttack(t *testing.T, srv restClient, pid, sessions, n int) attack {
	t.Helper()
	code, b, err := srv.get("/v1/envs")
	var list struct {
		Envs []struct {
			ID string `json:"id"`
		} `json:"envs"`
	}
	if err != nil || code != http.StatusOK || json.Unmarshal(b, &list) != nil || len(list.Envs) != 1 {
		t.Fatalf("envs: %d %s %v", code, b, err)
	}
	env := list.Envs[0].ID
	names := slices.Sorted(maps.Keys(bombTools))
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	var a attack
	for i := range sessions {
		wg.Go(func() {
			tool := "vault_" + names[i%len(names)]
			session, err := srv.open(env)
			for err == nil {
				select {
				case <-stop:
					return
				default:
				}
				start := time.Now()
				var isErr bool
				if isErr, err = srv.step(session, tool, `{}`); err == nil && !isErr {
					err = fmt.Errorf("%s answered without an error", tool)
				}
				mu.Lock()
				a.calls++
				a.slowest = max(a.slowest, time.Since(start))
				mu.Unlock()
			}
			mu.Lock()
			a.failures = append(a.failures, err.Error())
			mu.Unlock()
		})
	}
	time.Sleep(time.Second)
	lookup, err := srv.open(env)
	if err != nil {
		t.Fatal(err)
	}
	for range n {
		start := time.Now()
		isErr, err := srv.step(lookup, "vault_get_box", `{"id":"b1"}`)
		if err != nil || isErr {
			t.Fatalf("lookup: error %v %v", isErr, err)
		}
		a.lookups = append(a.lookups, time.Since(start))
		time.Sleep(100 * time.Millisecond)
	}
	a.peak, err = peakRSS(pid)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(a.lookups)
	return a
}

// A library whose every Starlark tool tries to exhaust memory or time,
// called by 8 sessions at once, used to take serve out of memory (one
// format call built 3 GB under an 8 GB limit). Now the whole process stays
// under its configured --memory-limit, every hostile call answers with an
// error observation within three times its time limit, and another
// session's lookups keep answering.
//
// The limit is 512 MiB, eight times the default starlark_bytes (64 MiB):
// one unbudgeted bomb (gigabytes) passes it, and so do eight budgeted calls
// in flight at once, as a server with more cores than sessions ran them
// before the Starlark calls in flight shared an eighth of the limit
// (GOMAXPROCS=16 below: 564 MiB in one run; 377 to 417 MiB with a quarter). The collector runs at --gogc 100:
// at serve's default of 1000 it lets garbage grow to the limit by design,
// under any busy load, and the peak there measures how closely the
// runtime holds its soft limit rather than what a library can hold. The
// peak is the kernel's high-water mark of resident memory (VmHWM), the
// binary's pages included, so a spike between samples counts too.
//
// Latency: half the lookups within 100 ms and 9 in 10 within 500 ms, the
// worst within 3 s. An uncontained library misses these by seconds (one
// format call held a core for 81 s); the serve package's hostile test
// holds 9 in 10 to 100 ms in process, but here a second process shares a
// test machine's cores with the test and other work (on two shared cores,
// with a fuzzer running beside it, the 90th percentile took 181 ms). With
// GOMAXPROCS above the machine's cores the Gate cannot keep a real core
// free, so only memory is checked there.
func TestServeMemoryUnderHostileLibrary(t *testing.T) {
	if testing.Short() {
		t.Skip("runs serve for some 20 s")
	}
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("needs /proc for a process's peak memory")
	}
	const limitMiB = 512
	const timeLimit = 2 * time.Second
	lib := writeBombLibrary(t)
	for _, c := range []struct {
		name    string
		env     []string
		latency bool
	}{
		{"cores of this machine", nil, true},
		{"GOMAXPROCS 16", []string{"GOMAXPROCS=16"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv, pid := startServe(t, c.env, "--lib", lib, "--memory-limit", strconv.Itoa(limitMiB), "--gogc", "100",
				"--starlark-time-ms", strconv.Itoa(int(timeLimit/time.Millisecond)),
				"--max-steps", "100000", "--max-trajectory-bytes", strconv.Itoa(1<<30))
			a := runAttack(t, srv, pid, 8, 60)
			for _, f := range a.failures {
				t.Error(f)
			}
			p90, worst := a.lookups[len(a.lookups)*9/10], a.lookups[len(a.lookups)-1]
			t.Logf("peak resident memory %d MiB under --memory-limit %d; lookups: median %s, 90th percentile %s, worst %s; %d hostile calls, the slowest %s",
				a.peak>>20, limitMiB, a.lookups[len(a.lookups)/2], p90, worst, a.calls, a.slowest)
			if a.peak > limitMiB<<20 {
				t.Errorf("serve held %d MiB, over its --memory-limit of %d MiB", a.peak>>20, limitMiB)
			}
			if a.slowest > 3*timeLimit {
				t.Errorf("a hostile call took %s, over three times the %s limit", a.slowest, timeLimit)
			}
			if !c.latency {
				return
			}
			if median := a.lookups[len(a.lookups)/2]; median > 100*time.Millisecond {
				t.Errorf("half the lookups beside hostile sessions should take under 100ms; the median took %s", median)
			}
			if p90 > 500*time.Millisecond {
				t.Errorf("9 in 10 lookups beside hostile sessions should take under 500ms; the 90th percentile took %s", p90)
			}
			if worst > 3*time.Second {
				t.Errorf("the worst lookup beside hostile sessions took %s", worst)
			}
		})
	}
}

func (c restClient) get(path string) (int, []byte, error) {
	resp, err := http.Get(c.base + path)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, err
}
