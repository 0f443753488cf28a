package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/legoenv/legoenv/episode"
)

// TestWorkloads checks that the load generator drives real work: every
// environment's workload runs without a tool error.
func TestWorkloads(t *testing.T) {
	cat := exampleCatalog(t)
	for _, in := range cat.All() {
		w, err := workloadFor(in.Env)
		if err != nil {
			t.Fatal(err)
		}
		s, err := NewSession("", in.Env, episode.SessionOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range w.bodies {
			var req StepRequest
			if err := decodeJSON(b, &req, false); err != nil {
				t.Fatal(err)
			}
			calls, err := req.Calls()
			if err != nil {
				t.Fatal(err)
			}
			res, err := s.Step(calls)
			if err != nil || res.Observations[0].IsError {
				t.Errorf("%s: %s: %v %+v", in.Env.ID, b, err, res)
			}
		}
	}
}

// TestBaselineAnswers checks that the baseline answers a request with the
// bytes the step endpoint answers it with in a fresh session, so that the
// two runs of Bench put the same bytes on the wire.
func TestBaselineAnswers(t *testing.T) {
	cat, loads, answers := recordedLoads(t)
	h := baselineHandler(answers)
	srv := New(cat, Options{})
	for i, wl := range loads[:2] {
		s, err := srv.NewSession(wl.envID, episode.SessionOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range wl.bodies {
			var req StepRequest
			if err := json.Unmarshal(b, &req); err != nil {
				t.Fatal(err)
			}
			calls, _ := req.Calls()
			res, err := s.Step(calls)
			if err != nil {
				t.Fatal(err)
			}
			want := res.AppendJSON(nil)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, baselinePath(i), bytes.NewReader(b)))
			if got := rec.Body.Bytes(); !bytes.Equal(got, want) {
				t.Fatalf("%s %s: baseline answers %d bytes %.80q, the step %d bytes %.80q", wl.envID, b, len(got), got, len(want), want)
			}
		}
	}
}

// TestBenchSmoke runs Bench briefly: both runs answer, with no failed
// request and sane figures (speed is for the benchmark, not asserted).
func TestBenchSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	cat := exampleCatalog(t)
	rep, err := Bench(context.Background(), cat, LoadOptions{Sessions: 4, Duration: 200 * time.Millisecond, Warmup: -1, Rate: 200, Idle: 50})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []LoadResult{rep.Baseline, rep.Steps, rep.PacedBaseline, rep.PacedSteps} {
		if r.Requests == 0 || r.Errors != 0 || r.PerSecond <= 0 || r.P50ms <= 0 || r.P99ms < r.P50ms || r.MaxMs < r.P99ms || (runtime.GOOS == "linux" && r.CPUus <= 0) {
			t.Errorf("%s: %+v", r.Name, r)
		}
	}
	for _, r := range []LoadResult{rep.PacedBaseline, rep.PacedSteps} {
		if r.Rate != 200 || r.Requests == 0 || r.PerSecond > 300 { // pacing never runs ahead
			t.Errorf("%s: %.0f/s, paced at %v", r.Name, r.PerSecond, r.Rate)
		}
	}
	if rep.Steps.ToolErrors != 0 || rep.Ratio <= 0 || rep.IdleSessionBytes <= 0 || rep.PlayedSessionBytes < rep.IdleSessionBytes {
		t.Errorf("report %+v", rep)
	}
	// Three rounds by default, alternately; the report's pair is the
	// median round's.
	if len(rep.Rounds) != 3 {
		t.Fatalf("%d rounds, want 3", len(rep.Rounds))
	}
	below, above := 0, 0
	for _, r := range rep.Rounds {
		if r.Baseline <= 0 || r.Steps <= 0 || r.Ratio != r.Steps/r.Baseline {
			t.Errorf("round %+v", r)
		}
		if r.Ratio < rep.Ratio {
			below++
		} else if r.Ratio > rep.Ratio {
			above++
		}
	}
	if below > 1 || above > 1 || rep.Ratio != rep.Steps.PerSecond/rep.Baseline.PerSecond {
		t.Errorf("ratio %.3f is not the median of %+v, or not its pair's", rep.Ratio, rep.Rounds)
	}
}

// benchHTTP drives 64 concurrent clients (each on its own session, for
// the steps) for b.N requests in all, closed-loop.
func benchHTTP(b *testing.B, open func() (*loadWorker, error)) {
	procs := runtime.GOMAXPROCS(0)
	b.SetParallelism((64 + procs - 1) / procs)
	var failures atomic.Int64
	var lat sync.Mutex
	var all []time.Duration
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		w, err := open()
		if err != nil {
			b.Error(err)
			return
		}
		defer w.c.close()
		for n := 0; pb.Next(); n++ {
			w.one(n, time.Time{}, true)
		}
		failures.Add(w.errs + w.toolErrs)
		lat.Lock()
		all = append(all, w.lat...)
		lat.Unlock()
	})
	b.StopTimer()
	if f := failures.Load(); f > 0 {
		b.Fatalf("%d failed requests", f)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "req/s")
	if len(all) > 0 {
		sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
		b.ReportMetric(float64(all[len(all)*99/100])/1e6, "p99-ms")
	}
}

// BenchmarkServe compares steps over HTTP on loopback (64 sessions at once,
// closed-loop) with the same HTTP stack answering each request with the
// bytes the step endpoint answers it with:
//
//	go test -run XXX -bench Serve -benchtime 5s ./serve
func BenchmarkServe(b *testing.B) {
	cat, loads, answers := recordedLoads(b)
	var next atomic.Int64
	b.Run("baseline", func(b *testing.B) {
		addr, stop, err := runHTTP(baselineHandler(answers))
		if err != nil {
			b.Fatal(err)
		}
		defer stop()
		benchHTTP(b, func() (*loadWorker, error) {
			i := int(next.Add(1)) % len(loads)
			return newWorker(addr, baselinePath(i), "", 0, loads[i].bodies), nil
		})
	})
	b.Run("steps", func(b *testing.B) {
		addr, stop, err := runHTTP(New(cat, Options{}).Handler())
		if err != nil {
			b.Fatal(err)
		}
		defer stop()
		benchHTTP(b, func() (*loadWorker, error) { return openWorker(addr, loads[int(next.Add(1))%len(loads)]) })
	})
}

// BenchmarkSessionStep is the step without HTTP: the episode's own cost.
func BenchmarkSessionStep(b *testing.B) {
	cat := exampleCatalog(b)
	for _, in := range cat.All() {
		w, err := workloadFor(in.Env)
		if err != nil {
			b.Fatal(err)
		}
		var calls [][]episode.ToolCall
		for _, body := range w.bodies {
			var req StepRequest
			_ = json.Unmarshal(body, &req)
			c, _ := req.Calls()
			calls = append(calls, c)
		}
		b.Run(in.Env.Intent.ID+"."+in.Env.Data.ID, func(b *testing.B) {
			s, _ := NewSession("", in.Env, episode.SessionOptions{})
			for i := 0; i < b.N; i++ {
				if i%in.Env.Limits.MaxSteps == 0 {
					_ = s.Reset()
				}
				c := calls[i%len(calls)]
				cc := []episode.ToolCall{{Name: c[0].Name, Args: c[0].Args}}
				if _, err := s.Step(cc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkIdleSession reports the heap an open, idle session holds.
func BenchmarkIdleSession(b *testing.B) {
	cat := exampleCatalog(b)
	for i := 0; i < b.N; i++ {
		idle, played, err := SessionMemory(cat, nil, 2000)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(idle, "B/idle-session")
		b.ReportMetric(played, "B/played-session")
	}
}
