package dist

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify"
)

// testAckWait is short so that redelivery after a crash shows within the
// test's time.
const testAckWait = time.Second

var testConfig = Config{AckWait: testAckWait, MaxDeliver: 3}

// startServer runs an embedded JetStream server on 127.0.0.1 and a random
// port, stored under the test's temporary directory.
func startServer(t testing.TB) string {
	t.Helper()
	s, err := server.NewServer(&server.Options{
		Host: "127.0.0.1", Port: -1, JetStream: true, StoreDir: t.TempDir(),
		NoLog: true, NoSigs: true,
	})
	if err != nil {
		t.Fatalf("nats server: %v", err)
	}
	go s.Start()
	if !s.ReadyForConnections(10 * time.Second) {
		t.Fatal("nats server not ready")
	}
	t.Cleanup(func() { s.Shutdown(); s.WaitForShutdown() })
	return s.ClientURL()
}

// connect opens one connection (a worker or a coordinator of its own).
func connect(t testing.TB, url string) (*nats.Conn, jetstream.JetStream) {
	t.Helper()
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatalf("connect %s: %v", url, err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatalf("jetstream: %v", err)
	}
	return nc, js
}

// startWorker runs w until the returned stop is called (which waits for
// Run to return and reports its error).
func startWorker(t *testing.T, ctx context.Context, w *Worker) (stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(ctx)
	errc := make(chan error, 1)
	go func() { errc <- w.Run(ctx) }()
	var once sync.Once
	var err error
	stop = func() error {
		once.Do(func() { cancel(); err = <-errc })
		return err
	}
	t.Cleanup(func() { _ = stop() })
	return stop
}

func exampleLibrary(t *testing.T) (*atom.Library, []atom.Recipe) {
	t.Helper()
	lib, err := LoadLibrary(BuiltinExample)
	if err != nil {
		t.Fatal(err)
	}
	return lib, lib.Recipes()
}

// sameVerdicts compares what the brief of a verdict is (id, verified, root
// cause) and then the whole verdict as JSON, which is what travels.
func sameVerdicts(t *testing.T, got, want []verify.Verdict) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d verdicts, want %d", len(got), len(want))
	}
	code := func(v verify.Verdict) string {
		if v.RootCause == nil {
			return ""
		}
		return string(v.RootCause.Code) + " " + v.RootCause.Atom.String()
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.EnvID != w.EnvID || g.Verified != w.Verified || code(g) != code(w) {
			t.Errorf("verdict %d: got %s verified=%v cause=%q, want %s verified=%v cause=%q",
				i, g.EnvID, g.Verified, code(g), w.EnvID, w.Verified, code(w))
			continue
		}
		gj, _ := json.Marshal(g)
		wj, _ := json.Marshal(w)
		if string(gj) != string(wj) {
			t.Errorf("verdict %d (%s) differs:\n got %s\nwant %s", i, w.EnvID, gj, wj)
		}
	}
}

func TestVerifyMatchesVerifyAll(t *testing.T) {
	url := startServer(t)
	ctx := t.Context()
	lib, rs := exampleLibrary(t)
	if len(rs) < 2 {
		t.Fatalf("example library has %d recipes; the test needs several", len(rs))
	}
	// Recipes that fail too, so that root causes travel: an intent the
	// library lacks, a data version it lacks, and another seed.
	missing, badVersion, reseeded := rs[0], rs[1], rs[0]
	missing.Intent = atom.Pin{ID: "no_such_intent"}
	badVersion.Data.Version = "000000000000"
	reseeded.Seed = 7
	rs = append(rs, missing, badVersion, reseeded)
	want := verify.VerifyAll(ctx, lib, rs, verify.Options{})
	if causes := verify.Summarize(want).ByCause; len(causes) == 0 {
		t.Fatalf("no recipe fails locally; the comparison would not see root causes")
	}

	var mu sync.Mutex
	byWorker := map[string]int{}
	for _, name := range []string{"w1", "w2"} {
		_, js := connect(t, url)
		w := &Worker{JS: js, Config: testConfig, Name: name}
		w.Verify = func(ctx context.Context, lib *atom.Library, r atom.Recipe) verify.Verdict {
			mu.Lock()
			byWorker[name]++
			mu.Unlock()
			return verify.Verify(ctx, lib, r)
		}
		startWorker(t, ctx, w)
	}
	_, js := connect(t, url)
	var progress []int
	c := &Coordinator{JS: js, Config: testConfig, Timeout: 15 * time.Second,
		Progress: func(done, total int) { progress = append(progress, done) }}
	got, err := c.Verify(ctx, BuiltinExample, rs)
	if err != nil {
		t.Fatalf("Verify: %v", err)
	}
	sameVerdicts(t, got, want)
	if len(progress) != len(rs) || progress[len(progress)-1] != len(rs) {
		t.Errorf("progress calls %v, want 1..%d", progress, len(rs))
	}
	mu.Lock()
	total := byWorker["w1"] + byWorker["w2"]
	mu.Unlock()
	if total != len(rs) {
		t.Errorf("workers verified %d recipes (%v), want each of the %d once", total, byWorker, len(rs))
	}
}

func TestCrashedWorkerJobRedelivered(t *testing.T) {
	url := startServer(t)
	ctx := t.Context()
	lib, rs := exampleLibrary(t)
	want := verify.VerifyAll(ctx, lib, rs, verify.Options{})

	// The first worker takes one job and hangs in it; it is then killed
	// (its context ends) without acking.
	held := make(chan atom.Recipe, 1)
	_, jsA := connect(t, url)
	crashed := &Worker{JS: jsA, Config: testConfig, Name: "crashed"}
	crashed.Verify = func(ctx context.Context, _ *atom.Library, r atom.Recipe) verify.Verdict {
		held <- r
		<-ctx.Done()
		return verify.Verdict{EnvID: "cut-short"}
	}
	stopA := startWorker(t, ctx, crashed)

	_, jsC := connect(t, url)
	c := &Coordinator{JS: jsC, Config: testConfig, Timeout: 15 * time.Second}
	type outcome struct {
		vs  []verify.Verdict
		err error
	}
	res := make(chan outcome, 1)
	go func() {
		vs, err := c.Verify(ctx, BuiltinExample, rs)
		res <- outcome{vs, err}
	}()

	var hung atom.Recipe
	select {
	case hung = <-held:
	case <-time.After(10 * time.Second):
		t.Fatal("the first worker never took a job")
	}
	if err := stopA(); !errors.Is(err, context.Canceled) {
		t.Errorf("killed worker's Run = %v, want context.Canceled", err)
	}

	var mu sync.Mutex
	seen := map[string]int{}
	_, jsB := connect(t, url)
	survivor := &Worker{JS: jsB, Config: testConfig, Name: "survivor"}
	survivor.Verify = func(ctx context.Context, lib *atom.Library, r atom.Recipe) verify.Verdict {
		mu.Lock()
		seen[r.Hash()]++
		mu.Unlock()
		return verify.Verify(ctx, lib, r)
	}
	startWorker(t, ctx, survivor)

	o := <-res
	if o.err != nil {
		t.Fatalf("Verify: %v", o.err)
	}
	sameVerdicts(t, o.vs, want)
	mu.Lock()
	defer mu.Unlock()
	if seen[hung.Hash()] != 1 {
		t.Errorf("the survivor verified the crashed worker's job %d times, want 1", seen[hung.Hash()])
	}
}

func TestDrainFinishesJobInHand(t *testing.T) {
	url := startServer(t)
	ctx := t.Context()
	lib, rs := exampleLibrary(t)
	rs = rs[:1]
	want := verify.VerifyAll(ctx, lib, rs, verify.Options{})

	taken, release := make(chan struct{}), make(chan struct{})
	_, js := connect(t, url)
	w := &Worker{JS: js, Config: testConfig, Name: "draining"}
	w.Verify = func(ctx context.Context, lib *atom.Library, r atom.Recipe) verify.Verdict {
		close(taken)
		<-release
		return verify.Verify(ctx, lib, r)
	}
	errc := make(chan error, 1)
	go func() { errc <- w.Run(ctx) }()

	_, jsC := connect(t, url)
	c := &Coordinator{JS: jsC, Config: testConfig, Timeout: 10 * time.Second}
	res := make(chan []verify.Verdict, 1)
	go func() {
		vs, err := c.Verify(ctx, BuiltinExample, rs)
		if err != nil {
			t.Errorf("Verify: %v", err)
		}
		res <- vs
	}()
	<-taken
	w.Drain()
	close(release)
	select {
	case err := <-errc:
		if err != nil {
			t.Errorf("drained Run = %v, want nil", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return after Drain")
	}
	sameVerdicts(t, <-res, want)

	// The job was acked: nothing is pending for redelivery.
	cons, err := js.Consumer(ctx, DefaultJobsStream, DefaultConsumer)
	if err != nil {
		t.Fatal(err)
	}
	info, err := cons.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.NumAckPending != 0 || info.NumPending != 0 {
		t.Errorf("after drain: %d ack pending, %d pending; want 0 and 0", info.NumAckPending, info.NumPending)
	}
}

func TestBadJobs(t *testing.T) {
	url := startServer(t)
	ctx := t.Context()
	var mu sync.Mutex
	var logs []string
	_, jsW := connect(t, url)
	w := &Worker{JS: jsW, Config: testConfig, Name: "w", Log: func(f string, a ...any) {
		mu.Lock()
		logs = append(logs, fmt.Sprintf(f, a...))
		mu.Unlock()
	}}
	var loads atomic.Int32
	w.Load = func(ref string) (*atom.Library, error) {
		loads.Add(1)
		return LoadLibrary(ref)
	}
	startWorker(t, ctx, w)

	_, js := connect(t, url)
	if err := SetupStreams(ctx, js, testConfig); err != nil {
		t.Fatal(err)
	}
	_, rs := exampleLibrary(t)
	good, _ := json.Marshal(Job{Run: "bad", Index: 9, Library: BuiltinExample, Recipe: rs[0]})
	job := func(lib string) []byte {
		b, _ := json.Marshal(Job{Run: "bad", Index: 0, Library: lib, Recipe: rs[0]})
		return b
	}
	tests := []struct {
		name    string
		body    []byte
		headers bool   // run and index in the headers
		answer  string // part of the error result; "" when no answer is expected
	}{
		{"not JSON, headers", []byte("{not json"), true, "invalid character"},
		{"not JSON, no headers", []byte("\x00\xff"), false, ""},
		{"missing run", []byte(`{"index":0,"library":"builtin:example"}`), true, "job: run: missing"},
		{"index a string", []byte(`{"run":"bad","index":"x","library":"builtin:example"}`), true, "Job.index"},
		{"unknown builtin", job("builtin:nope"), true, `unknown built-in library`},
		{"relative directory", job("corpus/example"), true, "absolute path"},
		{"missing directory", job("/nonexistent/legoenv-lib"), true, "/nonexistent/legoenv-lib"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run := fmt.Sprintf("bad%d", i)
			reader, err := js.OrderedConsumer(ctx, DefaultResultsStream, jetstream.OrderedConsumerConfig{FilterSubjects: []string{ResultsSubjectPrefix + run}})
			if err != nil {
				t.Fatal(err)
			}
			body := tt.body
			// Point the job at this subtest's run, whatever its body says.
			body = []byte(strings.ReplaceAll(string(body), `"run":"bad"`, `"run":"`+run+`"`))
			m := &nats.Msg{Subject: JobsSubjectPrefix + run, Data: body, Header: nats.Header{}}
			if tt.headers {
				m.Header.Set(HeaderRun, run)
				m.Header.Set(HeaderIndex, "0")
			}
			if _, err := js.PublishMsg(ctx, m); err != nil {
				t.Fatal(err)
			}
			wait := 3 * time.Second
			if tt.answer == "" {
				wait = 2 * testAckWait // long enough to see a redelivery, were there one
			}
			rctx, cancel := context.WithTimeout(ctx, wait)
			defer cancel()
			got, err := reader.Next(jetstream.FetchContext(rctx))
			if tt.answer == "" {
				if err == nil {
					t.Fatalf("unexpected result %s", got.Data())
				}
				return
			}
			if err != nil {
				t.Fatalf("no result: %v", err)
			}
			res, err := ParseResult(got.Data())
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != nil || !strings.Contains(res.Error, tt.answer) || res.Index != 0 {
				t.Errorf("result %+v, want index 0 and an error containing %q", res, tt.answer)
			}
		})
	}

	// Every bad job was terminated once, never redelivered. The worker
	// terminates a job after it answers it, so the last one may still be
	// pending for a moment.
	cons, err := js.Consumer(ctx, DefaultJobsStream, DefaultConsumer)
	if err != nil {
		t.Fatal(err)
	}
	var info *jetstream.ConsumerInfo
	for deadline := time.Now().Add(testAckWait / 2); ; time.Sleep(10 * time.Millisecond) {
		if info, err = cons.Info(ctx); err != nil {
			t.Fatal(err)
		}
		if info.NumAckPending == 0 || time.Now().After(deadline) {
			break
		}
	}
	if info.NumAckPending != 0 || info.NumRedelivered != 0 {
		t.Errorf("%d ack pending, %d redelivered; want 0 and 0", info.NumAckPending, info.NumRedelivered)
	}
	mu.Lock()
	if len(logs) != len(tests) {
		t.Errorf("worker logged %d lines, want one per bad job (%d):\n%s", len(logs), len(tests), strings.Join(logs, "\n"))
	}
	mu.Unlock()

	// The worker is still alive, and a good job after the bad ones is
	// answered with its verdict.
	reader, err := js.OrderedConsumer(ctx, DefaultResultsStream, jetstream.OrderedConsumerConfig{FilterSubjects: []string{ResultsSubjectPrefix + "bad"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := js.Publish(ctx, JobsSubjectPrefix+"bad", good); err != nil {
		t.Fatal(err)
	}
	rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	m, err := reader.Next(jetstream.FetchContext(rctx))
	if err != nil {
		t.Fatalf("good job after bad ones: no result: %v", err)
	}
	res, err := ParseResult(m.Data())
	if err != nil || res.Verdict == nil || res.Index != 9 {
		t.Fatalf("good job: result %s (%v), want a verdict for index 9", m.Data(), err)
	}
	if n := loads.Load(); n != 4 {
		// Three failed references, and the example loaded once.
		t.Errorf("library loaded %d times, want 4", n)
	}
}

func TestCoordinatorUnknownLibrary(t *testing.T) {
	url := startServer(t)
	ctx := t.Context()
	_, jsW := connect(t, url)
	startWorker(t, ctx, &Worker{JS: jsW, Config: testConfig, Concurrency: 2})
	_, js := connect(t, url)
	_, rs := exampleLibrary(t)
	rs = rs[:2]
	c := &Coordinator{JS: js, Config: testConfig, Timeout: 10 * time.Second}
	vs, err := c.Verify(ctx, "builtin:nope", rs)
	var je *JobError
	if !errors.As(err, &je) {
		t.Fatalf("Verify error = %v, want a *JobError", err)
	}
	if len(vs) != len(rs) {
		t.Fatalf("%d verdicts, want %d", len(vs), len(rs))
	}
	for i, v := range vs {
		if v.Verified || v.EnvID != rs[i].Hash() || len(v.Checks) == 0 || v.Checks[0].Status != verify.Fail ||
			!strings.Contains(strings.Join(v.Checks[0].Diagnostics, " "), "builtin:nope") {
			t.Errorf("verdict %d: %+v, want a failing compose check naming the library", i, v)
		}
	}
}

func TestCoordinatorTimeoutPurgesJobs(t *testing.T) {
	url := startServer(t)
	ctx := t.Context()
	_, js := connect(t, url)
	_, rs := exampleLibrary(t)
	c := &Coordinator{JS: js, Config: testConfig, Timeout: 300 * time.Millisecond}
	vs, err := c.Verify(ctx, BuiltinExample, rs)
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), fmt.Sprintf("%d of %d verdicts missing", len(rs), len(rs))) {
		t.Fatalf("Verify error = %v, want every verdict missing and the deadline", err)
	}
	if len(vs) != len(rs) || vs[0].Verified {
		t.Fatalf("verdicts %+v, want %d unverified", vs, len(rs))
	}
	s, err := js.Stream(ctx, DefaultJobsStream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := s.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.State.Msgs != 0 {
		t.Errorf("%d jobs left on the queue after the coordinator gave up, want 0", info.State.Msgs)
	}
}

func FuzzParseJob(f *testing.F) {
	f.Add([]byte(`{"run":"r1","index":0,"library":"builtin:example","recipe":{"intent":"a@1","data":"b"}}`))
	f.Add([]byte(`{"run":"r.1","index":-1}`))
	f.Add([]byte(`{"run":"r","index":1,"library":"/x","recipe":{"intent":{"id":"a"},"data":"b","servers":["s"]}} {}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		j, err := ParseJob(data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "job: ") {
				t.Errorf("error %q does not say it is about a job", err)
			}
			return
		}
		// A job that parses travels: encoded and read again, it is the same.
		b, err := json.Marshal(j)
		if err != nil {
			t.Fatalf("encode parsed job: %v", err)
		}
		j2, err := ParseJob(b)
		if err != nil {
			t.Fatalf("re-parse %s: %v", b, err)
		}
		b2, _ := json.Marshal(j2)
		if string(b) != string(b2) {
			t.Errorf("round trip changed the job:\n%s\n%s", b, b2)
		}
	})
}
