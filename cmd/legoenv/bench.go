package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/serve"
)

func init() { commands = append(commands, newBenchCmd) }

func newBenchCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "bench",
		Short: "Measure legoenv's speed (see 'bench serve')",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	c.AddCommand(newBenchServeCmd(), newBenchTau2Cmd())
	return c
}

// benchServeFlags are the flags of legoenv bench serve.
type benchServeFlags struct {
	libDir, envsFile string
	o                serve.LoadOptions
	asJSON           bool
	gc               gcOptions
	soak             bool
	episode          int
	prof             pprofFlags
}

func newBenchServeCmd() *cobra.Command {
	var f benchServeFlags
	c := &cobra.Command{
		Use:   "serve [--sessions 64] [--duration 5s]",
		Short: "Load the REST API on loopback: steps per second and latency against the same HTTP stack answering the same bytes",
		Long: `Bench serve starts the server on 127.0.0.1 in this process and drives it
over HTTP with --sessions concurrent clients, each on its own session,
cycling through the environment's searches, gets and reference plan (one
call a step; an episode at its step limit is reset). It measures the same
HTTP stack answering each request with the bytes the step endpoint answers
it with, recorded in a fresh session beforehand (the baseline: the most the
stack can do here with the same bytes on the wire) and the steps, each for
--warmup plus --duration: closed loop (every client sends again as soon as
it has its answer: the most the machine does) --rounds times, baseline and
steps alternately, so that a machine whose load drifts charges both alike,
then once each paced at --rate requests a second in all (latency counted
from when a request was due). It reports requests per second, latency
percentiles as the client sees them, the ratio of steps to baseline (the
median round's, with every round's), and the heap an idle session holds. The load generator runs in the same
process and shares the cores.

With --soak it runs one steady load for --duration instead (up to 1h):
every client plays whole episodes (open a session, --episode steps,
evaluate, close) against the server as 'legoenv serve' runs it, and the
report gives requests per second and, at the start, every tenth of the
run and the end, the live heap, the goroutines and the open sessions, so
that a leak shows as growth.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runBenchServe(cmd, &f) },
	}
	c.Flags().StringVar(&f.libDir, "lib", "", "atom library directory (default: the built-in example library)")
	c.Flags().StringVar(&f.envsFile, "envs", "", "envs.jsonl of the environments to drive")
	c.Flags().IntVar(&f.o.Sessions, "sessions", 64, "concurrent sessions, one client each")
	c.Flags().DurationVar(&f.o.Duration, "duration", 5*time.Second, "measured time of each run (at most 10m)")
	c.Flags().DurationVar(&f.o.Warmup, "warmup", time.Second, "unmeasured time before each run")
	c.Flags().Float64Var(&f.o.Rate, "rate", 10_000, "requests per second of the paced runs, all sessions together")
	c.Flags().StringSliceVar(&f.o.EnvIDs, "env", nil, "environment ids to drive (default: all)")
	c.Flags().IntVar(&f.o.Idle, "idle", 2000, "sessions opened to measure the heap of an idle session")
	c.Flags().IntVar(&f.o.Rounds, "rounds", 3, "closed-loop rounds of baseline then steps; the ratio is the median round's")
	c.Flags().BoolVar(&f.asJSON, "json", false, "print the report as JSON")
	c.Flags().BoolVar(&f.soak, "soak", false, "one steady load of whole episodes for --duration (at most 1h), with heap and goroutines at start and end")
	c.Flags().IntVar(&f.episode, "episode", 20, "with --soak: steps of an episode before it is evaluated and closed")
	f.gc.flags(c)
	f.prof.flags(c)
	return c
}

// maxBenchRounds bounds --rounds of the benches: a median of more says
// nothing new, and each round of bench serve runs for a whole --duration.
const maxBenchRounds = 100

// runBenchServe runs legoenv bench serve.
func runBenchServe(cmd *cobra.Command, f *benchServeFlags) error {
	if f.soak && f.o.Duration > serve.MaxSoak {
		return badInput("--duration is at most %s with --soak", serve.MaxSoak)
	}
	if !f.soak && (f.o.Duration > 10*time.Minute || f.o.Warmup > time.Minute) {
		return badInput("--duration is at most 10m and --warmup at most 1m")
	}
	if f.o.Rounds < 1 || f.o.Rounds > maxBenchRounds {
		return badInput("--rounds is from 1 to %d, got %d", maxBenchRounds, f.o.Rounds)
	}
	cat, err := serveCatalog(f.libDir, f.envsFile, cmd)
	if err != nil {
		return err
	}
	if err := f.gc.apply(cmd); err != nil { // as legoenv serve runs
		return err
	}
	if err := f.prof.start(); err != nil {
		return err
	}
	defer f.prof.stop()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if f.soak {
		rep, err := serve.Soak(ctx, cat, serve.SoakOptions{Sessions: f.o.Sessions, Duration: f.o.Duration, Episode: f.episode, EnvIDs: f.o.EnvIDs})
		if err != nil {
			return failed("soak: %v", err)
		}
		return printSoak(cmd.OutOrStdout(), rep, f.asJSON)
	}
	rep, err := serve.Bench(ctx, cat, f.o)
	if err != nil {
		return badInput("%v", err)
	}
	out := cmd.OutOrStdout()
	if f.asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	fmt.Fprintf(out, "%s over %s, GOMAXPROCS %d, loopback HTTP/1.1\n", plural(rep.Sessions, "session"), plural(rep.Envs, "environment"), rep.GOMAXPROCS)
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "RUN\tREQUESTS\tPER SECOND\tP50 MS\tP90 MS\tP99 MS\tMAX MS\tCPU US/REQ\tERRORS\t")
	for _, r := range []serve.LoadResult{rep.Baseline, rep.Steps, rep.PacedBaseline, rep.PacedSteps} {
		name := r.Name
		if r.Rate > 0 {
			name = fmt.Sprintf("%s @%.0f/s", r.Name, r.Rate)
		}
		fmt.Fprintf(tw, "%s\t%d\t%.0f\t%.3f\t%.3f\t%.3f\t%.1f\t%.1f\t%d\t\n", name, r.Requests, r.PerSecond, r.P50ms, r.P90ms, r.P99ms, r.MaxMs, r.CPUus, r.Errors)
	}
	tw.Flush()
	rounds := make([]string, len(rep.Rounds))
	for i, r := range rep.Rounds {
		rounds[i] = fmt.Sprintf("%.2f", r.Ratio)
	}
	fmt.Fprintf(out, "closed-loop rounds, steps/baseline: %s (the table's pair is the median round)\n", strings.Join(rounds, ", "))
	fmt.Fprintf(out, "steps/baseline %.2f; tool errors %d; heap per session: %.1f KB idle, %.1f KB after its workload\n",
		rep.Ratio, rep.Steps.ToolErrors, rep.IdleSessionBytes/1024, rep.PlayedSessionBytes/1024)
	if n := rep.Steps.Errors + rep.Baseline.Errors + rep.PacedSteps.Errors + rep.PacedBaseline.Errors; n > 0 {
		return failed("%d requests failed", n)
	}
	return nil
}

func printSoak(out io.Writer, rep serve.SoakReport, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(out, "soak: %d clients for %.0f s, GOMAXPROCS %d: %d requests (%.0f/s), %d episodes, %d errors\n",
			rep.Sessions, rep.Seconds, rep.GOMAXPROCS, rep.Requests, rep.PerSecond, rep.Episodes, rep.Errors)
		tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "AT S\tPER SECOND\tHEAP MB\tGOROUTINES\tOPEN SESSIONS\t")
		row := func(name string, s serve.SoakSample) {
			fmt.Fprintf(tw, "%s\t%.0f\t%.1f\t%d\t%d\t\n", name, s.PerSecond, float64(s.HeapBytes)/(1<<20), s.Goroutines, s.OpenSessions)
		}
		row("start", rep.Start)
		for _, s := range rep.Samples {
			row(fmt.Sprintf("%.1f", s.AtSeconds), s)
		}
		row("end", rep.End)
		tw.Flush()
	}
	if rep.Errors > 0 {
		return failed("%d requests failed", rep.Errors)
	}
	return nil
}
