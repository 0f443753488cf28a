package dist

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify"
)

// Coordinator publishes a run's jobs and collects its verdicts.
type Coordinator struct {
	JS     jetstream.JetStream
	Config Config
	// Timeout bounds a whole run; 0 means only ctx bounds it.
	Timeout time.Duration
	// Progress is called as distinct verdicts arrive; may be nil.
	Progress func(done, total int)
	// Log receives one line per result that is dropped; nil discards them.
	Log func(format string, args ...any)
	// Waiting is called after each WaitEvery without a new verdict while
	// some are missing (with none in, no worker may be running); may be nil.
	Waiting func(done, total int, waited time.Duration)
	// WaitEvery is how often Waiting is called: 10s when zero, and at most
	// half of Timeout, so that a run that gives up has said it waited.
	WaitEvery time.Duration
}

// waitEvery resolves WaitEvery.
func (c *Coordinator) waitEvery() time.Duration {
	d := c.WaitEvery
	if d <= 0 {
		d = 10 * time.Second
	}
	if c.Timeout > 0 && c.Timeout/2 < d {
		d = c.Timeout / 2
	}
	return d
}

// next reads the next result, giving up after every (the caller's tick).
func next(ctx context.Context, iter jetstream.MessagesContext, every time.Duration) (jetstream.Msg, error) {
	tctx, cancel := context.WithTimeout(ctx, every)
	defer cancel()
	return iter.Next(jetstream.NextContext(tctx))
}

// JobError is a job the workers answered with an error instead of a
// verdict.
type JobError struct {
	Index   int
	EnvID   string
	Message string
}

func (e *JobError) Error() string {
	return fmt.Sprintf("recipe %d (%s): %s", e.Index, e.EnvID, e.Message)
}

// NewRunID returns a fresh run id (16 hex digits).
func NewRunID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Verify verifies rs on the workers and returns one verdict per recipe in
// the order of rs. library is the reference every worker loads (an absolute
// directory, or BuiltinExample).
//
// Jobs that a worker answered with an error get a verdict whose compose
// check fails with the reason; the error returned then joins one *JobError
// per such job. When ctx ends or Timeout passes before every verdict is
// in, the jobs not yet taken are purged and the error says how many
// verdicts are missing; the verdicts returned then hold the missing ones as
// failures without a root cause, as verify marks an interrupted run.
// Give rs pinned (episode.Pin): a verdict made here for a job that got
// none carries the hash of its recipe as the environment id.
func (c *Coordinator) Verify(ctx context.Context, library string, rs []atom.Recipe) ([]verify.Verdict, error) {
	return c.VerifyRun(ctx, NewRunID(), library, rs)
}

// VerifyRun is Verify with the run id given.
func (c *Coordinator) VerifyRun(ctx context.Context, run, library string, rs []atom.Recipe) ([]verify.Verdict, error) {
	if err := checkRun(run); err != nil {
		return nil, fmt.Errorf("run id: %w", err)
	}
	if library == "" {
		return nil, fmt.Errorf("library reference: missing")
	}
	if len(rs) == 0 {
		return nil, nil
	}
	cfg := c.Config.withDefaults()
	logf := c.Log
	if logf == nil {
		logf = func(string, ...any) {}
	}
	if c.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.Timeout)
		defer cancel()
	}
	if err := SetupStreams(ctx, c.JS, cfg); err != nil {
		return nil, err
	}
	resultSubj := ResultsSubjectPrefix + run
	jobSubj := JobsSubjectPrefix + run
	iter, err := c.readResults(ctx, cfg, resultSubj)
	if err != nil {
		return nil, err
	}
	defer iter.Stop()
	defer c.cleanup(cfg, jobSubj, resultSubj, logf)
	if err := c.publishJobs(ctx, run, library, jobSubj, rs); err != nil {
		return nil, err
	}
	out, jobErrs, err := c.collect(ctx, iter, run, resultSubj, rs, logf)
	if err != nil {
		return nil, err
	}
	return out, errors.Join(jobErrs...)
}

// readResults reads the run's results from the start of their subject, so
// that none published before the reader started is missed.
func (c *Coordinator) readResults(ctx context.Context, cfg Config, resultSubj string) (jetstream.MessagesContext, error) {
	reader, err := c.JS.OrderedConsumer(ctx, cfg.ResultsStream, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{resultSubj},
		DeliverPolicy:  jetstream.DeliverAllPolicy,
	})
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", resultSubj, err)
	}
	iter, err := reader.Messages()
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", resultSubj, err)
	}
	return iter, nil
}

// publishJobs publishes one job per recipe, each with a message id that
// makes a second publish of it a no-op.
func (c *Coordinator) publishJobs(ctx context.Context, run, library, jobSubj string, rs []atom.Recipe) error {
	for i, r := range rs {
		body, err := json.Marshal(Job{Run: run, Index: i, Library: library, Recipe: r})
		if err != nil {
			return fmt.Errorf("encode job %d: %w", i, err)
		}
		msg := &nats.Msg{Subject: jobSubj, Data: body, Header: nats.Header{}}
		msg.Header.Set(HeaderRun, run)
		msg.Header.Set(HeaderIndex, strconv.Itoa(i))
		if _, err := c.JS.PublishMsg(ctx, msg, jetstream.WithMsgID(fmt.Sprintf("%s.%d", run, i))); err != nil {
			return fmt.Errorf("publish job %d to %s: %w", i, jobSubj, err)
		}
	}

	return nil
}

// collect reads verdicts until every recipe has one or ctx ends; a recipe
// without one gets a failing verdict saying why, and the job errors say
// which workers failed and how many verdicts are missing. err is a failure
// to read the results at all.
func (c *Coordinator) collect(ctx context.Context, iter jetstream.MessagesContext, run, resultSubj string, rs []atom.Recipe, logf func(string, ...any)) (out []verify.Verdict, jobErrs []error, err error) {
	out = make([]verify.Verdict, len(rs))
	have := make([]bool, len(rs))
	done := 0
	start, every := time.Now(), c.waitEvery()
	for done < len(rs) {
		m, err := next(ctx, iter, every)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			if errors.Is(err, context.DeadlineExceeded) {
				if c.Waiting != nil {
					c.Waiting(done, len(rs), time.Since(start).Round(time.Second))
				}
				continue
			}
			return nil, nil, fmt.Errorf("read %s: %w", resultSubj, err)
		}
		res, err := ParseResult(m.Data())
		switch {
		case err != nil:
			logf("%s: dropped: %v", resultSubj, err)
			continue
		case res.Run != run:
			logf("%s: dropped a result of run %q", resultSubj, res.Run)
			continue
		case res.Index >= len(rs):
			logf("%s: dropped a result for recipe %d of %d", resultSubj, res.Index, len(rs))
			continue
		case have[res.Index]:
			continue // a job delivered twice, answered twice
		}
		have[res.Index] = true
		done++
		if res.Verdict != nil {
			out[res.Index] = *res.Verdict
		} else {
			v := errorVerdict(rs[res.Index], "worker "+res.Worker+": "+res.Error)
			out[res.Index] = v
			jobErrs = append(jobErrs, &JobError{Index: res.Index, EnvID: v.EnvID, Message: res.Error})
		}
		if c.Progress != nil {
			c.Progress(done, len(rs))
		}
	}
	if done < len(rs) {
		why := "no verdict: " + ctx.Err().Error()
		if c.Timeout > 0 && errors.Is(ctx.Err(), context.DeadlineExceeded) {
			why = fmt.Sprintf("no verdict within %v: no worker took the job, or none finished it", c.Timeout)
		}
		for i, ok := range have {
			if !ok {
				out[i] = errorVerdict(rs[i], why)
			}
		}
		jobErrs = append(jobErrs, fmt.Errorf("run %s: %d of %d verdicts missing: %w", run, len(rs)-done, len(rs), ctx.Err()))
	}
	return out, jobErrs, nil
}

// cleanup purges the run's jobs nobody took and its results, which have
// been read. It runs on its own short deadline: ctx may be over.
func (c *Coordinator) cleanup(cfg Config, jobSubj, resultSubj string, logf func(string, ...any)) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for _, p := range []struct{ stream, subj string }{{cfg.JobsStream, jobSubj}, {cfg.ResultsStream, resultSubj}} {
		s, err := c.JS.Stream(ctx, p.stream)
		if err == nil {
			err = s.Purge(ctx, jetstream.WithPurgeSubject(p.subj))
		}
		if err != nil {
			logf("purge %s: %v", p.subj, err)
		}
	}
}
