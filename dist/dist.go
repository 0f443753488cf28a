// Package dist runs verification beyond one machine: a coordinator publishes
// one job per recipe to a NATS JetStream work queue, and workers verify them.
//
// Jobs go to the work-queue stream LEGOENV_JOBS on legoenv.jobs.verify.<run>;
// workers share one durable pull consumer with explicit acks, so a job is
// handed to one worker at a time and redelivered (after AckWait, up to
// MaxDeliver times) when its worker dies without acking. A worker publishes
// the verdict to LEGOENV_RESULTS on legoenv.results.<run> before it acks the
// job; the coordinator reads its run's subject until it holds one verdict per
// recipe and returns them in recipe order, as verify.VerifyAll does.
package dist

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Default names and limits.
const (
	DefaultJobsStream    = "LEGOENV_JOBS"
	DefaultResultsStream = "LEGOENV_RESULTS"
	DefaultConsumer      = "legoenv-verify"
	DefaultAckWait       = 30 * time.Second
	DefaultMaxDeliver    = 5

	// JobsSubjectPrefix is followed by the run id; each run has its own
	// subject so that a coordinator that gives up can purge what it left.
	JobsSubjectPrefix = "legoenv.jobs.verify."
	// ResultsSubjectPrefix is followed by the run id.
	ResultsSubjectPrefix = "legoenv.results."

	// Headers that repeat the run and index of a job outside its body, so
	// that a worker can answer a job whose body it cannot read.
	HeaderRun   = "Legoenv-Run"
	HeaderIndex = "Legoenv-Index"

	// retention bounds how long jobs nobody took and results nobody read
	// stay on the server.
	retention = 24 * time.Hour
)

// Config names the streams and the consumer and sets the redelivery limits.
// The zero value means the defaults.
type Config struct {
	JobsStream    string
	ResultsStream string
	Consumer      string        // durable name of the workers' pull consumer
	AckWait       time.Duration // a job unacked this long is redelivered; workers extend it while they verify
	MaxDeliver    int           // deliveries of one job before the server gives up on it
}

func (c Config) withDefaults() Config {
	if c.JobsStream == "" {
		c.JobsStream = DefaultJobsStream
	}
	if c.ResultsStream == "" {
		c.ResultsStream = DefaultResultsStream
	}
	if c.Consumer == "" {
		c.Consumer = DefaultConsumer
	}
	if c.AckWait <= 0 {
		c.AckWait = DefaultAckWait
	}
	if c.MaxDeliver == 0 {
		c.MaxDeliver = DefaultMaxDeliver
	}
	return c
}

// SetupStreams creates the jobs and results streams, or updates them to
// this configuration.
func SetupStreams(ctx context.Context, js jetstream.JetStream, cfg Config) error {
	cfg = cfg.withDefaults()
	_, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        cfg.JobsStream,
		Description: "legoenv jobs, one message per environment to verify",
		Subjects:    []string{JobsSubjectPrefix + ">"},
		Retention:   jetstream.WorkQueuePolicy,
		Storage:     jetstream.FileStorage,
		MaxAge:      retention,
	})
	if err != nil {
		return fmt.Errorf("stream %s: %w", cfg.JobsStream, err)
	}
	_, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        cfg.ResultsStream,
		Description: "legoenv verdicts, one subject per run",
		Subjects:    []string{ResultsSubjectPrefix + ">"},
		Retention:   jetstream.LimitsPolicy,
		Storage:     jetstream.FileStorage,
		MaxAge:      retention,
	})
	if err != nil {
		return fmt.Errorf("stream %s: %w", cfg.ResultsStream, err)
	}
	return nil
}

// Setup creates the streams and the workers' durable consumer.
func Setup(ctx context.Context, js jetstream.JetStream, cfg Config) (jetstream.Consumer, error) {
	cfg = cfg.withDefaults()
	if err := SetupStreams(ctx, js, cfg); err != nil {
		return nil, err
	}
	cons, err := js.CreateOrUpdateConsumer(ctx, cfg.JobsStream, jetstream.ConsumerConfig{
		Durable:       cfg.Consumer,
		Description:   "legoenv verify workers",
		FilterSubject: JobsSubjectPrefix + ">",
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       cfg.AckWait,
		MaxDeliver:    cfg.MaxDeliver,
	})
	if err != nil {
		return nil, fmt.Errorf("consumer %s on %s: %w", cfg.Consumer, cfg.JobsStream, err)
	}
	return cons, nil
}

// errStopped ends a worker's pull loop.
var errStopped = errors.New("stopped")
