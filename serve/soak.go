package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/legoenv/legoenv/episode"
)

// SoakOptions tune Soak. Zero fields take the defaults.
type SoakOptions struct {
	Sessions int           // concurrent clients (default 32)
	Duration time.Duration // how long to run (default 1m; Soak refuses more than MaxSoak)
	Episode  int           // steps of one episode before the client evaluates, closes and opens a new session (default 20)
	Samples  int           // readings of throughput, heap and goroutines over the run (default 10)
	EnvIDs   []string      // environments to drive (default: all of the catalog)
}

// MaxSoak bounds a soak run.
const MaxSoak = time.Hour

// SoakSample is one reading during a soak.
type SoakSample struct {
	AtSeconds    float64 `json:"at_seconds"`
	PerSecond    float64 `json:"per_second"` // requests a second since the last reading
	HeapBytes    uint64  `json:"heap_bytes"` // live heap after a GC
	Goroutines   int     `json:"goroutines"`
	OpenSessions int     `json:"open_sessions"`
}

// SoakReport is the outcome of Soak.
type SoakReport struct {
	Sessions   int          `json:"sessions"`
	Seconds    float64      `json:"seconds"`
	Requests   int64        `json:"requests"`
	PerSecond  float64      `json:"per_second"`
	Errors     int64        `json:"errors"`   // non-2xx answers and transport errors
	Episodes   int64        `json:"episodes"` // sessions opened, played, evaluated and closed
	Start      SoakSample   `json:"start"`    // before the load, after the catalog's worlds are built
	End        SoakSample   `json:"end"`      // after the load, its clients gone and the idle connections closed
	Samples    []SoakSample `json:"samples"`
	GOMAXPROCS int          `json:"gomaxprocs"`
}

func (o SoakOptions) withDefaults() SoakOptions {
	o.Sessions = orDefault(o.Sessions, 32)
	o.Duration = orDefault(o.Duration, time.Minute)
	o.Episode = orDefault(o.Episode, 20)
	o.Samples = orDefault(o.Samples, 10)
	return o
}

// Soak runs the server (with Run, so with its timeouts and checks) on
// 127.0.0.1 for o.Duration under a steady load of whole episodes: each
// client opens a session, steps through its workload, evaluates and
// closes it, and starts again. It reports the throughput and, at the
// start, during the run and at the end, the live heap and the goroutines,
// so that a leak of sessions, connections or goroutines shows as growth.
func Soak(ctx context.Context, cat *Catalog, o SoakOptions) (SoakReport, error) {
	o = o.withDefaults()
	rep := SoakReport{Sessions: o.Sessions, GOMAXPROCS: runtime.GOMAXPROCS(0)}
	if o.Duration > MaxSoak {
		return rep, fmt.Errorf("a soak runs at most %s, not %s", MaxSoak, o.Duration)
	}
	loads, err := workloads(cat, o.EnvIDs)
	if err != nil {
		return rep, err
	}
	srv := New(cat, Options{MaxSessions: 4*o.Sessions + 16})
	for _, w := range loads { // build the shared worlds before the first reading
		s, err := srv.NewSession(w.envID, episode.SessionOptions{})
		if err != nil {
			return rep, err
		}
		srv.CloseSession(s.ID)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return rep, err
	}
	runCtx, stopServer := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Run(runCtx, ln) }()
	addr := ln.Addr().String()
	t0 := time.Now()
	rep.Start = soakSample(srv, t0, 0, 0)

	var requests, errs, episodes atomic.Int64
	loadCtx, stopLoad := context.WithTimeout(ctx, o.Duration)
	var wg sync.WaitGroup
	for i := 0; i < o.Sessions; i++ {
		wg.Add(1)
		go func(wl workload) {
			defer wg.Done()
			c := rawClient{addr: addr}
			defer c.close()
			for loadCtx.Err() == nil {
				n, bad := soakEpisode(&c, addr, wl, o.Episode)
				requests.Add(n)
				errs.Add(bad)
				episodes.Add(1)
			}
		}(loads[i%len(loads)])
	}
	every := o.Duration / time.Duration(o.Samples)
	last, lastN := t0, int64(0)
	for loadCtx.Err() == nil {
		sleep(loadCtx, every)
		now, n := time.Now(), requests.Load()
		rep.Samples = append(rep.Samples, soakSample(srv, t0, n-lastN, now.Sub(last)))
		last, lastN = now, n
	}
	stopLoad()
	wg.Wait()
	rep.Seconds = time.Since(t0).Seconds()
	rep.Requests, rep.Errors, rep.Episodes = requests.Load(), errs.Load(), episodes.Load()
	rep.PerSecond = float64(rep.Requests) / rep.Seconds
	// The clients closed their connections; give the server a moment to
	// see them go before counting its goroutines.
	time.Sleep(200 * time.Millisecond)
	rep.End = soakSample(srv, t0, 0, 0)
	stopServer()
	if err := <-served; err != nil {
		return rep, err
	}
	return rep, ctx.Err()
}

func soakSample(srv *Server, t0 time.Time, n int64, d time.Duration) SoakSample {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	s := SoakSample{AtSeconds: time.Since(t0).Seconds(), HeapBytes: ms.HeapAlloc, Goroutines: runtime.NumGoroutine(), OpenSessions: srv.OpenSessions()}
	if d > 0 {
		s.PerSecond = float64(n) / d.Seconds()
	}
	return s
}

// soakEpisode plays one episode over c: open, steps, evaluate, close. It
// returns the requests made and how many failed.
func soakEpisode(c *rawClient, addr string, wl workload, steps int) (n, bad int64) {
	do := func(req []byte, want int) bool {
		n++
		st, err := c.do(req)
		if err != nil || st != want {
			bad++
			return false
		}
		return true
	}
	body, _ := json.Marshal(CreateRequest{EnvID: wl.envID})
	if !do(request(addr, "/v1/sessions", body), http.StatusCreated) {
		return n, bad
	}
	var start SessionStart
	if err := json.Unmarshal(c.body, &start); err != nil {
		return n, bad + 1
	}
	sp := "/v1/sessions/" + start.SessionID
	for i := 0; i < steps; i++ {
		do(request(addr, sp+"/step", wl.bodies[i%len(wl.bodies)]), http.StatusOK)
	}
	do(request(addr, sp+"/evaluate", nil), http.StatusOK)
	del := fmt.Appendf(nil, "DELETE %s HTTP/1.1\r\nHost: %s\r\nContent-Length: 0\r\n\r\n", sp, addr)
	do(del, http.StatusOK)
	return n, bad
}
