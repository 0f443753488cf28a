package serve

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/cputime"
)

// sinkWriter is a ResponseWriter that keeps the last status and the
// length of what was written, reused request after request.
type sinkWriter struct {
	h      http.Header
	status int
	n      int
}

func (w *sinkWriter) Header() http.Header         { return w.h }
func (w *sinkWriter) WriteHeader(status int)      { w.status = status }
func (w *sinkWriter) Write(b []byte) (int, error) { w.n += len(b); return len(b), nil }

// handlerDriver sends a workload's step bodies to a handler in process,
// resetting the session at its step limit as a load worker does.
type handlerDriver struct {
	h        http.Handler
	steps    []*http.Request
	bodies   [][]byte
	reset    *http.Request
	maxSteps int
	n, since int
	rd       bytes.Reader
	w        sinkWriter
}

func newHandlerDriver(h http.Handler, stepPath, resetPath string, maxSteps int, bodies [][]byte) *handlerDriver {
	d := &handlerDriver{h: h, bodies: bodies, maxSteps: maxSteps, w: sinkWriter{h: http.Header{}}}
	for range bodies {
		// As a load client sends it: a typed body of a given length.
		r := httptest.NewRequest(http.MethodPost, stepPath, nil)
		r.Header.Set("Content-Type", "application/json")
		d.steps = append(d.steps, r)
	}
	if resetPath != "" {
		d.reset = httptest.NewRequest(http.MethodPost, resetPath, nil)
	}
	return d
}

// one sends the next request; it reports the answer's status.
func (d *handlerDriver) one() int {
	if d.reset != nil && d.since >= d.maxSteps {
		d.send(d.reset, nil)
		d.since = 0
	}
	i := d.n % len(d.bodies)
	d.n++
	d.since++
	return d.send(d.steps[i], d.bodies[i])
}

func (d *handlerDriver) send(r *http.Request, body []byte) int {
	d.rd.Reset(body)
	r.Body, r.ContentLength = io.NopCloser(&d.rd), int64(len(body))
	clear(d.w.h)
	d.w.status, d.w.n = 0, 0
	d.h.ServeHTTP(&d.w, r)
	return d.w.status
}

// BenchmarkHandler is BenchmarkServe without the sockets: the server's
// handler against the baseline's, called in process with the same bodies,
// so that what a step adds to the HTTP stack's own work is all there is
// to see (go test -run XXX -bench Handler -benchmem ./serve).
func BenchmarkHandler(b *testing.B) {
	cat, loads, answers := recordedLoads(b)
	run := func(b *testing.B, drivers []*handlerDriver) {
		b.ReportAllocs()
		cpu := cputime.Process()
		for i := 0; i < b.N; i++ {
			if st := drivers[i%len(drivers)].one(); st != http.StatusOK {
				b.Fatalf("status %d", st)
			}
		}
		// The process's CPU, collector included, holds on a busy machine
		// where ns/op does not.
		b.ReportMetric(float64(cputime.Process()-cpu)/float64(b.N), "cpu-ns/op")
	}
	b.Run("baseline", func(b *testing.B) {
		h := baselineHandler(answers)
		var ds []*handlerDriver
		for i, wl := range loads {
			ds = append(ds, newHandlerDriver(h, baselinePath(i), "", 0, wl.bodies))
		}
		run(b, ds)
	})
	b.Run("steps", func(b *testing.B) {
		srv := New(cat, Options{})
		var ds []*handlerDriver
		for _, wl := range loads {
			s, err := srv.NewSession(wl.envID, episode.SessionOptions{})
			if err != nil {
				b.Fatal(err)
			}
			p := "/v1/sessions/" + s.ID
			ds = append(ds, newHandlerDriver(srv.Handler(), p+"/step", p+"/reset", s.Env.Limits.MaxSteps, wl.bodies))
		}
		run(b, ds)
	})
}
