package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/importer/tau2"
)

func newBenchTau2Cmd() *cobra.Command {
	var libDir string
	var o tau2.BenchOptions
	var asJSON bool
	var prof pprofFlags
	c := &cobra.Command{
		Use:   "tau2 --lib LIB",
		Short: "Per tau2 retail task: environment creation, a step and the final-state evaluation",
		Long: `Bench tau2 measures, in this process and one task at a time, every
environment of a library that 'legoenv import tau2' wrote: creating the
environment (compose and the first session: tools compiled, world built),
opening another session, the reference plan's tool calls (replayed
--repeat times for every task in turn, --rounds times over; the mean per
call, and the steps per second over all tasks of the median round, with
every round's),
the first evaluation (it replays the reference plan once for the
whole-state goal) and a later one, and tau2's database hash of the final
state. Steps and first evaluations are also given in process CPU time,
which holds on a busy machine where wall time does not. The retail tools
run as native Go code where their scripts are the shipped ones
(--interpret: every script interpreted). --json prints {"tasks",
"gomaxprocs", "repeat", "rounds_steps_per_cpu_second", "native_tools", "summary",
"per_task": [...]}, the figures to set beside tau2's own.`,
		Example: `  legoenv import tau2 --data testdata/tau2 --out lib/tau2
  legoenv bench tau2 --lib lib/tau2 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if libDir == "" {
				return badInput("--lib is required: a library 'legoenv import tau2' wrote")
			}
			if o.Rounds < 1 || o.Rounds > maxBenchRounds || o.Repeat < 1 || o.Repeat > 10_000 {
				return badInput("--rounds is from 1 to %d and --repeat from 1 to 10000, got %d and %d", maxBenchRounds, o.Rounds, o.Repeat)
			}
			lib, err := loadLibrary(libDir, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			if err := prof.start(); err != nil {
				return err
			}
			rep, err := tau2.Bench(lib, o)
			if perr := prof.stop(); err == nil {
				err = perr
			}
			if err != nil {
				return badInput("%v", err)
			}
			out := cmd.OutOrStdout()
			if asJSON {
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				return enc.Encode(rep)
			}
			s := rep.Summary
			fmt.Fprintf(out, "%d tau2 retail tasks, GOMAXPROCS %d, plans replayed %d times, %d native tools; %d pass with their reference plan\n", rep.Tasks, rep.GOMAXPROCS, rep.Repeat, rep.NativeTools, s.Passed)
			tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "FIGURE\tLEGOENV")
			fmt.Fprintf(tw, "environment creation (p50 / max)\t%.1f / %.1f ms\n", s.CreateMSP50, s.CreateMSMax)
			fmt.Fprintf(tw, "another session (p50)\t%.1f us\n", s.SessionUSP50)
			fmt.Fprintf(tw, "steps per second (reference plans, median round)\t%.0f (%.0f per CPU-second)\n", s.StepsPerSecond, s.StepsPerCPUSecond)
			rounds := make([]string, len(rep.Rounds))
			for i, r := range rep.Rounds {
				rounds[i] = fmt.Sprintf("%.0f", r)
			}
			fmt.Fprintf(tw, "steps per CPU-second, each round\t%s\n", strings.Join(rounds, ", "))
			fmt.Fprintf(tw, "first evaluation (p50 / max)\t%.2f / %.2f ms (p50 %.2f ms CPU)\n", s.EvaluateFirstMSP50, s.EvaluateFirstMSMax, s.EvaluateFirstCPUMSP50)
			fmt.Fprintf(tw, "later evaluation (p50)\t%.1f us\n", s.EvaluateUSP50)
			fmt.Fprintf(tw, "tau2 database hash (p50)\t%.2f ms\n", s.HashMSP50)
			return tw.Flush()
		},
	}
	c.Flags().StringVar(&libDir, "lib", "", "library written by 'legoenv import tau2'")
	c.Flags().IntVar(&o.Repeat, "repeat", 20, "replays of each task's reference plan in a round of the step figure")
	c.Flags().IntVar(&o.Rounds, "rounds", 5, "rounds of replays over all tasks; the step figure is the median round's")
	c.Flags().BoolVar(&asJSON, "json", false, "print the figures as JSON")
	c.Flags().BoolVar(&o.Interpret, "interpret", false, "run every tool's Starlark, without the native Go tools")
	prof.flags(c)
	return c
}
