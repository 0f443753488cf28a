package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/dist"
)

func init() { commands = append(commands, newWorkerCmd) }

// natsFlags are the connection and queue settings shared by 'worker' and
// 'dist verify'.
type natsFlags struct {
	url        string
	ackWait    time.Duration
	maxDeliver int
}

func (f *natsFlags) add(c *cobra.Command) {
	c.Flags().StringVar(&f.url, "nats", nats.DefaultURL, "NATS server URL (JetStream enabled)")
	c.Flags().DurationVar(&f.ackWait, "ack-wait", dist.DefaultAckWait, "a job its worker stops reporting on this long is redelivered")
	c.Flags().IntVar(&f.maxDeliver, "max-deliver", dist.DefaultMaxDeliver, "deliveries of one job before the server gives up on it")
}

func (f *natsFlags) config() (dist.Config, error) {
	if f.ackWait < time.Second {
		return dist.Config{}, badInput("--ack-wait must be 1s or more, not %v", f.ackWait)
	}
	if f.maxDeliver < 1 {
		return dist.Config{}, badInput("--max-deliver must be 1 or more, not %d", f.maxDeliver)
	}
	return dist.Config{AckWait: f.ackWait, MaxDeliver: f.maxDeliver}, nil
}

// connect opens the NATS connection; a server that cannot be reached is
// bad input (the URL names nothing that answers).
func (f *natsFlags) connect(name string) (*nats.Conn, jetstream.JetStream, error) {
	nc, err := nats.Connect(f.url, nats.Name(name), nats.MaxReconnects(-1))
	if err != nil {
		return nil, nil, badInput("--nats %s: %v", f.url, err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, nil, fmt.Errorf("jetstream on %s: %w", f.url, err)
	}
	return nc, js, nil
}

func newWorkerCmd() *cobra.Command {
	var (
		nf          natsFlags
		concurrency int
		name        string
	)
	c := &cobra.Command{
		Use:   "worker",
		Short: "Verify environments for coordinators on NATS JetStream until stopped",
		Long: `Worker pulls verification jobs from the LEGOENV_JOBS work queue of a
NATS JetStream server (see 'legoenv dist verify'), verifies each recipe
against its library (loaded once per reference: a directory every machine
sees at the same path, or builtin:example) and publishes the verdict to
LEGOENV_RESULTS before it acks the job. A job whose worker dies is
redelivered to another after --ack-wait.

It runs until SIGINT or SIGTERM: it then takes no more jobs, finishes the
ones in hand and exits 0. A second signal abandons the jobs in hand
unacked, for another worker to redo.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if concurrency < 0 {
				return badInput("--concurrency must be 0 (all cores) or more, not %d", concurrency)
			}
			if concurrency == 0 {
				concurrency = runtime.NumCPU()
			}
			cfg, err := nf.config()
			if err != nil {
				return err
			}
			nc, js, err := nf.connect("legoenv worker")
			if err != nil {
				return err
			}
			defer nc.Close()
			stderr := cmd.ErrOrStderr()
			w := &dist.Worker{JS: js, Config: cfg, Concurrency: concurrency, Name: name,
				Log: func(format string, args ...any) { fmt.Fprintf(stderr, "worker: "+format+"\n", args...) }}

			ctx, cancel := context.WithCancel(cmd.Context())
			defer cancel()
			sigs := make(chan os.Signal, 2)
			signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
			defer signal.Stop(sigs)
			go func() {
				select {
				case s := <-sigs:
					fmt.Fprintf(stderr, "worker: %v: finishing the jobs in hand (signal again to abandon them)\n", s)
					w.Drain()
				case <-ctx.Done():
					return
				}
				select {
				case <-sigs:
					cancel()
				case <-ctx.Done():
				}
			}()
			fmt.Fprintf(stderr, "worker: pulling jobs from %s (concurrency %d)\n", nc.ConnectedUrlRedacted(), concurrency)
			if err := w.Run(ctx); err != nil {
				if ctx.Err() != nil && cmd.Context().Err() == nil {
					return failed("jobs in hand abandoned")
				}
				return err
			}
			fmt.Fprintln(stderr, "worker: stopped")
			return nil
		},
	}
	nf.add(c)
	c.Flags().IntVar(&concurrency, "concurrency", 0, fmt.Sprintf("jobs verified at once (0: all %d cores)", runtime.NumCPU()))
	c.Flags().StringVar(&name, "name", "", "worker name recorded in results (default: host/pid)")
	return c
}
