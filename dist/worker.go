package dist

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify"
)

// pollWait bounds one pull request, and so how long a draining worker
// waits before it notices.
const pollWait = time.Second

// Worker pulls verification jobs and answers them. Set the fields before
// Run; a Worker runs once.
type Worker struct {
	JS          jetstream.JetStream
	Config      Config
	Concurrency int    // jobs verified at once; 0 means 1
	Name        string // recorded in results; the host name and pid by default

	// Verify verifies one recipe; verify.Verify by default. Tests replace it.
	Verify func(ctx context.Context, lib *atom.Library, r atom.Recipe) verify.Verdict
	// Load loads a library reference; LoadLibrary by default.
	Load func(ref string) (*atom.Library, error)
	// Log receives one line per job that could not be answered normally;
	// nil discards them.
	Log func(format string, args ...any)

	once    sync.Once
	drain   chan struct{}
	libs    libraryCache
	handled sync.WaitGroup
}

func (w *Worker) init() {
	w.once.Do(func() {
		w.drain = make(chan struct{})
		if w.Verify == nil {
			w.Verify = verify.Verify
		}
		if w.Load == nil {
			w.Load = LoadLibrary
		}
		w.libs.load = w.Load
		if w.Name == "" {
			host, _ := os.Hostname()
			w.Name = fmt.Sprintf("%s/%d", host, os.Getpid())
		}
		if w.Log == nil {
			w.Log = func(string, ...any) {}
		}
	})
}

// Drain asks Run to take no more jobs, finish those in hand and return.
func (w *Worker) Drain() {
	w.init()
	select {
	case <-w.drain:
	default:
		close(w.drain)
	}
}

// Run pulls jobs until Drain is called or ctx ends. On Drain the jobs in
// hand are finished: verified, answered and acked. When ctx ends the jobs
// in hand are abandoned unacked, as a crashed worker leaves them, and the
// server redelivers them to another worker after AckWait.
func (w *Worker) Run(ctx context.Context) error {
	w.init()
	cfg := w.Config.withDefaults()
	cons, err := Setup(ctx, w.JS, cfg)
	if err != nil {
		return err
	}
	n := w.Concurrency
	if n <= 0 {
		n = 1
	}
	// pullCtx ends on Drain or ctx; the jobs themselves only on ctx.
	pullCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-w.drain:
			cancel()
		case <-pullCtx.Done():
		}
	}()
	errs := make(chan error, n)
	for range n {
		go func() { errs <- w.loop(ctx, pullCtx, cons, cfg) }()
	}
	var first error
	for range n {
		if err := <-errs; err != nil && first == nil {
			first = err
			cancel()
		}
	}
	if first == nil && ctx.Err() != nil {
		return ctx.Err()
	}
	return first
}

// loop pulls one job at a time, so that no job waits in a buffer of a busy
// worker while another worker is idle.
func (w *Worker) loop(ctx, pullCtx context.Context, cons jetstream.Consumer, cfg Config) error {
	for {
		if pullCtx.Err() != nil {
			return nil
		}
		fctx, cancel := context.WithTimeout(pullCtx, pollWait)
		msg, err := cons.Next(jetstream.FetchContext(fctx))
		cancel()
		if err != nil {
			switch {
			case pullCtx.Err() != nil:
				return nil
			case errors.Is(err, nats.ErrTimeout), errors.Is(err, context.DeadlineExceeded), errors.Is(err, jetstream.ErrNoMessages):
				continue
			case errors.Is(err, nats.ErrConnectionClosed):
				return fmt.Errorf("pull %s: %w", cfg.Consumer, err)
			}
			// A transient failure (reconnecting, leader change): wait a
			// little rather than spin.
			w.Log("pull %s: %v", cfg.Consumer, err)
			select {
			case <-time.After(pollWait / 4):
			case <-pullCtx.Done():
				return nil
			}
			continue
		}
		w.handle(ctx, msg, cfg)
	}
}

// handle answers one message. It never panics: a job that cannot be read
// is answered with an error result when its headers say where to, and
// terminated so that it is not redelivered.
func (w *Worker) handle(ctx context.Context, msg jetstream.Msg, cfg Config) {
	job, err := ParseJob(msg.Data())
	if err != nil {
		w.reject(ctx, msg, err)
		return
	}
	jobCtx, stop := context.WithCancel(ctx)
	defer stop()
	go heartbeat(jobCtx, msg, cfg.AckWait)

	res := Result{Run: job.Run, Index: job.Index, Worker: w.Name}
	lib, err := w.libs.get(job.Library)
	if err != nil {
		res.Error = err.Error()
	} else {
		v, perr := w.verifySafe(jobCtx, lib, job.Recipe)
		if perr != nil {
			res.Error = perr.Error()
		} else {
			res.Verdict = &v
		}
	}
	if ctx.Err() != nil {
		// Abandoned: the verdict may be cut short; another worker redoes it.
		return
	}
	if err := w.publish(ctx, res); err != nil {
		w.Log("job %s/%d: %v (left for redelivery)", job.Run, job.Index, err)
		_ = msg.Nak()
		return
	}
	if res.Error != "" {
		w.Log("job %s/%d: %s", job.Run, job.Index, res.Error)
		_ = msg.TermWithReason(res.Error)
		return
	}
	if err := msg.DoubleAck(ctx); err != nil {
		// The result is out; a redelivery answers again and the
		// coordinator drops the duplicate.
		w.Log("job %s/%d: ack: %v", job.Run, job.Index, err)
	}
}

// verifySafe turns a panic in verification into an error result.
func (w *Worker) verifySafe(ctx context.Context, lib *atom.Library, r atom.Recipe) (v verify.Verdict, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("verification panicked: %v", p)
		}
	}()
	return w.Verify(ctx, lib, r), nil
}

// reject answers a job whose body is unreadable, when its headers name the
// run and index, and terminates it.
func (w *Worker) reject(ctx context.Context, msg jetstream.Msg, perr error) {
	seq := "?"
	if md, err := msg.Metadata(); err == nil {
		seq = strconv.FormatUint(md.Sequence.Stream, 10)
	}
	reason := fmt.Sprintf("%s message %s: %v", msg.Subject(), seq, perr)
	w.Log("%s (terminated)", reason)
	h := msg.Headers()
	run := h.Get(HeaderRun)
	idx, err := strconv.Atoi(h.Get(HeaderIndex))
	if checkRun(run) == nil && err == nil && idx >= 0 {
		if err := w.publish(ctx, Result{Run: run, Index: idx, Worker: w.Name, Error: reason}); err != nil {
			w.Log("answer %s: %v", reason, err)
		}
	}
	_ = msg.TermWithReason(reason)
}

func (w *Worker) publish(ctx context.Context, res Result) error {
	body, err := json.Marshal(res)
	if err != nil {
		return fmt.Errorf("encode result: %w", err)
	}
	subj := ResultsSubjectPrefix + res.Run
	// The message id lets the server drop a second answer to the same job
	// within its duplicate window.
	_, err = w.JS.Publish(ctx, subj, body, jetstream.WithMsgID(fmt.Sprintf("%s.%d", res.Run, res.Index)))
	if err != nil {
		return fmt.Errorf("publish result to %s: %w", subj, err)
	}
	return nil
}

// heartbeat tells the server the job is in hand, so that a verification
// longer than AckWait is not redelivered while its worker lives.
func heartbeat(ctx context.Context, msg jetstream.Msg, ackWait time.Duration) {
	t := time.NewTicker(ackWait / 3)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_ = msg.InProgress()
		}
	}
}
