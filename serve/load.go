package serve

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/cputime"
	"github.com/legoenv/legoenv/state"
)

// LoadOptions tune a load run. Zero fields take the defaults.
type LoadOptions struct {
	Sessions int           // concurrent sessions, one client each (default 64)
	Duration time.Duration // measured time of each run (default 5s)
	Warmup   time.Duration // unmeasured time before each run (default 1s; negative: none)
	Rate     float64       // steps per second of the paced runs, all clients together (default 10,000)
	EnvIDs   []string      // environments to drive (default: all of the catalog)
	Idle     int           // sessions opened to measure idle memory (default 2,000)
	// Rounds is how many times the closed-loop pair (baseline, then steps)
	// runs, alternately, so that both see the same machine; the ratio is
	// the median round's (default 3).
	Rounds int
}

func (o LoadOptions) withDefaults() LoadOptions {
	if o.Sessions <= 0 {
		o.Sessions = 64
	}
	if o.Duration <= 0 {
		o.Duration = 5 * time.Second
	}
	if o.Warmup < 0 {
		o.Warmup = 0
	} else if o.Warmup == 0 {
		o.Warmup = time.Second
	}
	if o.Rate <= 0 {
		o.Rate = 10_000
	}
	if o.Idle <= 0 {
		o.Idle = 2000
	}
	if o.Rounds <= 0 {
		o.Rounds = 3
	}
	return o
}

// LoadResult is one measured run: requests answered, and their latency as
// the client saw it.
type LoadResult struct {
	Name       string  `json:"name"`
	Rate       float64 `json:"target_rate,omitempty"` // paced runs: the rate asked for
	Requests   int64   `json:"requests"`
	Errors     int64   `json:"errors"`      // non-200 answers and transport errors
	ToolErrors int64   `json:"tool_errors"` // observations with is_error (steps only)
	Seconds    float64 `json:"seconds"`
	PerSecond  float64 `json:"per_second"`
	P50ms      float64 `json:"p50_ms"`
	P90ms      float64 `json:"p90_ms"`
	P99ms      float64 `json:"p99_ms"`
	MaxMs      float64 `json:"max_ms"`
	// CPU time of the whole process (server and load generator) per
	// request: what a request costs, whatever else the machine runs.
	CPUus float64 `json:"cpu_us_per_request"`
}

// BenchReport is the outcome of Bench.
type BenchReport struct {
	Sessions   int `json:"sessions"`
	GOMAXPROCS int `json:"gomaxprocs"`
	Envs       int `json:"envs"`
	// Closed loop: every client sends its next request as soon as the
	// answer to the last one is in; the most the machine does.
	// Baseline is the same HTTP stack answering each request with the
	// bytes the step endpoint answers it with, recorded beforehand: the
	// same bytes on the wire, without the step.
	// The pair runs Rounds times, alternately; Baseline, Steps and Ratio
	// are the round whose ratio is the median, Rounds every round's.
	Baseline LoadResult   `json:"baseline"`
	Steps    LoadResult   `json:"steps"`
	Ratio    float64      `json:"ratio"` // steps per second over baseline requests per second
	Rounds   []BenchRound `json:"rounds"`
	// Paced: the clients together send Rate requests a second; latency is
	// counted from when a request was due, so a server that falls behind
	// pays for the wait.
	PacedBaseline LoadResult `json:"paced_baseline"`
	PacedSteps    LoadResult `json:"paced_steps"`
	// Heap per open session (after GC): fresh, and after each has run its
	// workload once.
	IdleSessionBytes   float64 `json:"idle_session_bytes"`
	PlayedSessionBytes float64 `json:"played_session_bytes"`
}

// BenchRound is one closed-loop pair of a bench: the baseline's requests
// per second, then the steps', and their ratio.
type BenchRound struct {
	Baseline float64 `json:"baseline_per_second"`
	Steps    float64 `json:"steps_per_second"`
	Ratio    float64 `json:"ratio"`
}

// workload is the step bodies a load client cycles through for one
// environment: every search (no filter), every get (of the first record)
// and the reference plan, each as a one-call step request.
type workload struct {
	envID  string
	bodies [][]byte
}

func workloadFor(env *episode.Env) (workload, error) {
	w := workload{envID: env.ID}
	world, err := env.World(env.Recipe.Seed)
	if err != nil {
		return w, err
	}
	add := func(name string, args any) {
		b, _ := json.Marshal(map[string]any{"tool_calls": []map[string]any{{"name": name, "arguments": args}}})
		w.bodies = append(w.bodies, b)
	}
	for _, t := range env.Tools() {
		switch t.Effect.Kind {
		case "search":
			add(t.Name, map[string]any{})
		case "get":
			c := world.Collection(t.App + "." + t.Effect.Collection)
			if c == nil || len(c.Records) == 0 {
				continue
			}
			arg := t.Effect.Key
			if arg == "" {
				arg = c.Key
			}
			if k, ok := state.KeyOf(c.Records[0], c.Key); ok {
				add(t.Name, map[string]any{arg: k})
			}
		}
	}
	for _, c := range env.PlanCalls() {
		add(c.Name, json.RawMessage(c.Args))
	}
	if len(w.bodies) == 0 {
		return w, fmt.Errorf("environment %s has no search, get or plan call to drive", env.ID)
	}
	return w, nil
}

func workloads(cat *Catalog, ids []string) ([]workload, error) {
	if len(ids) == 0 {
		for _, in := range cat.All() {
			ids = append(ids, in.Env.ID)
		}
	}
	var out []workload
	for _, id := range ids {
		in := cat.Get(id)
		if in == nil {
			return nil, fmt.Errorf("unknown environment %q", id)
		}
		w, err := workloadFor(in.Env)
		if err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	if len(out) == 0 {
		return nil, errors.New("no environment to drive")
	}
	return out, nil
}

// baselineHandler answers every request as the server's step endpoint
// would, less the step: it reads the body and writes the answer recorded
// for that path and body (see recordAnswers).
func baselineHandler(answers map[string][]byte) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		buf := bufPool.Get().(*bytes.Buffer)
		buf.Reset()
		defer bufPool.Put(buf)
		_, _ = buf.ReadFrom(http.MaxBytesReader(w, r.Body, DefaultMaxBodyBytes))
		writeBytes(w, http.StatusOK, answers[answerKey(r.URL.Path, buf.Bytes())])
	})
	return mux
}

// answerKey is where recordAnswers keeps the answer to a step body sent
// to path.
func answerKey(path string, body []byte) string { return path + "\x00" + string(body) }

// baselinePath is the path the baseline's clients of the i-th workload
// send their steps to.
func baselinePath(i int) string { return "/v1/sessions/w" + strconv.Itoa(i) + "/step" }

// recordAnswers plays each workload once in a fresh session of srv, as a
// load client's first pass does, and keeps what the step endpoint answers
// each body, under the baseline's path for that workload.
func recordAnswers(srv *Server, loads []workload) (map[string][]byte, error) {
	answers := map[string][]byte{}
	for i, wl := range loads {
		s, err := srv.NewSession(wl.envID, episode.SessionOptions{})
		if err != nil {
			return nil, err
		}
		for _, b := range wl.bodies {
			var req StepRequest
			if err := json.Unmarshal(b, &req); err != nil {
				return nil, err
			}
			calls, err := req.Calls()
			if err != nil {
				return nil, err
			}
			res, err := s.Step(calls)
			if err != nil {
				return nil, err
			}
			answers[answerKey(baselinePath(i), b)] = res.AppendJSON(nil)
		}
		srv.CloseSession(s.ID)
	}
	return answers, nil
}

// runHTTP serves h on 127.0.0.1 with the server settings Run uses, until
// stop is called.
func runHTTP(h http.Handler) (addr string, stop func(), err error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	go func() { _ = hs.Serve(ln) }()
	return ln.Addr().String(), func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = hs.Shutdown(ctx)
	}, nil
}

// Bench measures the server on loopback: the baseline (the same HTTP stack
// answering each request with the bytes recorded for it) and the steps, each closed-loop and paced at
// o.Rate, over o.Sessions clients each on its own session; then the memory
// of idle sessions.
func Bench(ctx context.Context, cat *Catalog, o LoadOptions) (BenchReport, error) {
	o = o.withDefaults()
	rep := BenchReport{Sessions: o.Sessions, GOMAXPROCS: runtime.GOMAXPROCS(0)}
	loads, err := workloads(cat, o.EnvIDs)
	if err != nil {
		return rep, err
	}
	rep.Envs = len(loads)

	srv := New(cat, Options{MaxSessions: 4*o.Sessions + 16})
	answers, err := recordAnswers(srv, loads)
	if err != nil {
		return rep, err
	}
	baseAddr, stopBase, err := runHTTP(baselineHandler(answers))
	if err != nil {
		return rep, err
	}
	baseline := func(i int) (*loadWorker, error) {
		return newWorker(baseAddr, baselinePath(i%len(loads)), "", 0, loads[i%len(loads)].bodies), nil
	}
	addr, stop, err := runHTTP(srv.Handler())
	if err != nil {
		stopBase()
		return rep, err
	}
	steps := func(i int) (*loadWorker, error) { return openWorker(addr, loads[i%len(loads)]) }
	err = closedRounds(ctx, o, &rep, baseline, steps)
	if err == nil {
		rep.PacedBaseline, err = drive(ctx, o, "paced baseline", o.Rate, baseline)
	}
	if err == nil {
		rep.PacedSteps, err = drive(ctx, o, "paced steps", o.Rate, steps)
	}
	stop()
	stopBase()
	if err != nil {
		return rep, err
	}
	rep.IdleSessionBytes, rep.PlayedSessionBytes, err = SessionMemory(cat, o.EnvIDs, o.Idle)
	return rep, err
}

// closedRounds runs the closed-loop baseline and steps o.Rounds times,
// alternately, and keeps every round's figures and the median round's
// runs: a machine whose load drifts charges both sides of a round alike.
func closedRounds(ctx context.Context, o LoadOptions, rep *BenchReport, baseline, steps func(int) (*loadWorker, error)) error {
	type pair struct{ base, steps LoadResult }
	var pairs []pair
	for range o.Rounds {
		b, err := drive(ctx, o, "baseline", 0, baseline)
		if err != nil {
			return err
		}
		s, err := drive(ctx, o, "steps", 0, steps)
		if err != nil {
			return err
		}
		r := BenchRound{Baseline: b.PerSecond, Steps: s.PerSecond}
		if b.PerSecond > 0 {
			r.Ratio = s.PerSecond / b.PerSecond
		}
		rep.Rounds = append(rep.Rounds, r)
		pairs = append(pairs, pair{b, s})
	}
	order := make([]int, len(pairs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(rep.Rounds[a].Ratio, rep.Rounds[b].Ratio) })
	mid := order[len(order)/2]
	rep.Baseline, rep.Steps, rep.Ratio = pairs[mid].base, pairs[mid].steps, rep.Rounds[mid].Ratio
	return nil
}

// loadWorker is one client of a load run, on its own session.
type loadWorker struct {
	c        rawClient
	step     [][]byte // prepared step requests, one a workload body
	reset    []byte   // prepared reset request; nil for the baseline
	maxSteps int
	steps    int // since the last reset
	lat      []time.Duration
	errs     int64
	toolErrs int64
}

func newWorker(addr, stepPath, resetPath string, maxSteps int, bodies [][]byte) *loadWorker {
	w := &loadWorker{c: rawClient{addr: addr}, maxSteps: maxSteps}
	for _, b := range bodies {
		w.step = append(w.step, request(addr, stepPath, b))
	}
	if resetPath != "" {
		w.reset = request(addr, resetPath, nil)
	}
	return w
}

// openWorker creates a session for a worker.
func openWorker(addr string, wl workload) (*loadWorker, error) {
	body, _ := json.Marshal(CreateRequest{EnvID: wl.envID})
	c := rawClient{addr: addr}
	defer c.close()
	st, err := c.do(request(addr, "/v1/sessions", body))
	if err != nil {
		return nil, fmt.Errorf("create session: %w", err)
	}
	var start SessionStart
	if err := json.Unmarshal(c.body, &start); err != nil || st != http.StatusCreated {
		return nil, fmt.Errorf("create session: status %d: %s", st, c.body)
	}
	sp := "/v1/sessions/" + start.SessionID
	return newWorker(addr, sp+"/step", sp+"/reset", start.MaxSteps, wl.bodies), nil
}

var isErrorTrue = []byte(`"is_error":true`)

// one runs the n-th step (resetting the episode first when it is at its
// step limit) and records its latency, counted from since, when measuring.
func (w *loadWorker) one(n int, since time.Time, measure bool) {
	if w.reset != nil && w.steps >= w.maxSteps {
		if st, err := w.c.do(w.reset); err != nil || st != http.StatusOK {
			w.errs++
		}
		w.steps = 0
		if since.IsZero() {
			since = time.Now()
		}
	}
	if since.IsZero() {
		since = time.Now()
	}
	st, err := w.c.do(w.step[n%len(w.step)])
	d := time.Since(since)
	w.steps++
	if !measure {
		return
	}
	w.lat = append(w.lat, d)
	if err != nil || st != http.StatusOK {
		w.errs++
		return
	}
	if bytes.Contains(w.c.body, isErrorTrue) {
		w.toolErrs++
	}
}

// drive runs o.Sessions workers for the warmup and then the measured
// duration: closed-loop when rate is 0, else paced at rate in all.
func drive(ctx context.Context, o LoadOptions, name string, rate float64, open func(i int) (*loadWorker, error)) (LoadResult, error) {
	workers := make([]*loadWorker, o.Sessions)
	for i := range workers {
		w, err := open(i)
		if err != nil {
			return LoadResult{}, fmt.Errorf("%s: %w", name, err)
		}
		w.lat = make([]time.Duration, 0, 1<<14)
		workers[i] = w
	}
	defer func() {
		for _, w := range workers {
			w.c.close()
		}
	}()
	var interval time.Duration
	if rate > 0 {
		interval = time.Duration(float64(o.Sessions) / rate * float64(time.Second))
	}
	var measuring atomic.Bool
	var wg sync.WaitGroup
	runCtx, cancel := context.WithCancel(ctx)
	begin := time.Now()
	for i, w := range workers {
		wg.Add(1)
		go func(i int, w *loadWorker) {
			defer wg.Done()
			// Paced workers start spread over one interval.
			due := begin.Add(interval * time.Duration(i) / time.Duration(len(workers)))
			for n := i; runCtx.Err() == nil; n++ {
				var since time.Time
				if interval > 0 {
					if wait := time.Until(due); wait > 0 {
						// On time: the clock starts when the request goes,
						// so timer slack is not blamed on the server.
						time.Sleep(wait)
					} else {
						// Behind: the server kept us waiting; the clock
						// started when the request was due.
						since = due
					}
					due = due.Add(interval)
				}
				w.one(n, since, measuring.Load())
			}
		}(i, w)
	}
	sleep(ctx, o.Warmup)
	measuring.Store(true)
	t0, cpu0 := time.Now(), cputime.Process()
	sleep(ctx, o.Duration)
	measuring.Store(false)
	elapsed, cpu := time.Since(t0), cputime.Process()-cpu0
	cancel()
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return LoadResult{}, err
	}
	return tally(name, rate, elapsed, cpu, workers), nil
}

// tally sums what the workers measured over elapsed, cpu the process's CPU
// time in it.
func tally(name string, rate float64, elapsed, cpu time.Duration, workers []*loadWorker) LoadResult {
	res := LoadResult{Name: name, Rate: rate, Seconds: elapsed.Seconds()}
	var all []time.Duration
	for _, w := range workers {
		all = append(all, w.lat...)
		res.Errors += w.errs
		res.ToolErrors += w.toolErrs
	}
	res.Requests = int64(len(all))
	res.PerSecond = float64(res.Requests) / res.Seconds
	if res.Requests > 0 {
		res.CPUus = float64(cpu) / float64(time.Microsecond) / float64(res.Requests)
	}
	if len(all) > 0 {
		sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
		q := func(p float64) float64 {
			return float64(all[int(p*float64(len(all)-1))]) / float64(time.Millisecond)
		}
		res.P50ms, res.P90ms, res.P99ms, res.MaxMs = q(0.50), q(0.90), q(0.99), q(1)
	}
	return res
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// SessionMemory measures the heap an open session holds: n sessions over
// the environments ids (default: all), fresh, and again after each ran its workload once.
// The environments' shared worlds are built before the first reading, so
// only what each session adds is counted.
func SessionMemory(cat *Catalog, ids []string, n int) (idle, played float64, err error) {
	loads, err := workloads(cat, ids)
	if err != nil {
		return 0, 0, err
	}
	srv := New(cat, Options{MaxSessions: n + len(loads)})
	for _, w := range loads {
		warm, err := srv.NewSession(w.envID, episode.SessionOptions{})
		if err != nil {
			return 0, 0, err
		}
		srv.CloseSession(warm.ID)
	}
	heap := func() float64 {
		runtime.GC()
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return float64(ms.HeapAlloc)
	}
	before := heap()
	sessions := make([]*Session, n)
	for i := range sessions {
		s, err := srv.NewSession(loads[i%len(loads)].envID, episode.SessionOptions{})
		if err != nil {
			return 0, 0, err
		}
		sessions[i] = s
	}
	afterOpen := heap()
	for i, s := range sessions {
		for _, b := range loads[i%len(loads)].bodies {
			var req StepRequest
			if err := json.Unmarshal(b, &req); err != nil {
				return 0, 0, err
			}
			calls, _ := req.Calls()
			if _, err := s.Step(calls); err != nil {
				return 0, 0, err
			}
		}
	}
	afterPlay := heap()
	runtime.KeepAlive(sessions)
	return (afterOpen - before) / float64(n), (afterPlay - before) / float64(n), nil
}
