package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/rollout"
)

func init() { commands = append(commands, newDemosCmd) }

// demosFlags are the flags of 'legoenv demos'.
type demosFlags struct {
	src         envSource
	out, format string
	jobs        int
	seed        int64
	asJSON      bool
}

func newDemosCmd() *cobra.Command {
	var f demosFlags
	c := &cobra.Command{
		Use:   "demos --out demos.jsonl",
		Short: "Write SFT examples from every verified environment's plan, with no model",
		Long: `Demos writes, for every verified environment, the trajectory of its plan
(the intent's reference plan, or the planner's where there is none) as an
SFT example: one assistant turn per tool call, each followed by the real
observation from a session, then a short final answer. No model is needed.

Environments of --envs marked verified are planned directly; every other
environment (all of them with --lib) is verified first and left out unless
it verifies.

--format openai (default) and sharegpt are as in 'legoenv export sft';
--format trajectory writes trajectory lines (model "reference" or
"planner") that 'legoenv export' and 'legoenv eval' read.`,
		Example: `  legoenv demos --out demos.jsonl
  legoenv demos --envs out/envs.jsonl --format sharegpt --out demos.sharegpt.jsonl`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runDemos(cmd, &f) },
	}
	f.src.flags(c, true)
	c.Flags().StringVar(&f.out, "out", "", "file to write (JSONL)")
	c.Flags().StringVar(&f.format, "format", rollout.FormatOpenAI, "openai, sharegpt or trajectory")
	c.Flags().IntVar(&f.jobs, "jobs", 0, "parallel workers (0: every core)")
	c.Flags().Int64Var(&f.seed, "seed", 0, "data seed (0: the recipe's)")
	c.Flags().BoolVar(&f.asJSON, "json", false, "print the counts as JSON")
	return c
}

// runDemos checks the flags, records the demonstrations and writes them.
func runDemos(cmd *cobra.Command, f *demosFlags) error {
	if f.out == "" {
		return badInput("--out FILE is required")
	}
	if f.format != rollout.FormatOpenAI && f.format != rollout.FormatShareGPT && f.format != "trajectory" {
		return badInput("--format %q: openai, sharegpt or trajectory", f.format)
	}
	stderr := cmd.ErrOrStderr()
	set, err := f.src.load(stderr)
	if err != nil {
		return err
	}
	ctx, stop := cmdContext(cmd)
	defer stop()
	prog, finish := progress(stderr, len(set.envs), "planning")
	results := rollout.Demos(ctx, set.envs, rollout.DemoOptions{Jobs: f.jobs, Seed: f.seed, Verified: set.verified, Progress: prog})
	finish()
	if ctx.Err() != nil {
		return failed("interrupted")
	}
	var lines [][]byte
	from := map[string]int{}
	skipped := map[string]int{}
	for i, r := range results {
		if r.Trajectory == nil {
			skipped[r.Skip]++
			fmt.Fprintf(stderr, "legoenv: no demonstration for %s: %s\n", set.envs[i].ID, r.Skip)
			continue
		}
		var line []byte
		if f.format == "trajectory" {
			line, err = r.Trajectory.Line()
		} else {
			line, err = rollout.FormatSFT(r.Trajectory, f.format)
		}
		if err != nil {
			return failed("%v", err)
		}
		lines = append(lines, line)
		from[r.Source]++
	}
	if err := writeLines(f.out, lines); err != nil {
		return err
	}
	w := cmd.OutOrStdout()
	if f.asJSON {
		return writeJSON(w, map[string]any{"envs": len(set.envs), "written": len(lines), "from": from, "skipped": skipped, "out": f.out})
	}
	printDemos(w, len(set.envs), len(lines), f.out, from, skipped)
	return nil
}

// printDemos writes the one-line summary of 'legoenv demos'.
func printDemos(w io.Writer, envs, written int, out string, from, skipped map[string]int) {
	fmt.Fprintf(w, "%s: %s written to %s (%d from reference plans, %d from the planner)",
		plural(envs, "environment"), plural(written, "demonstration"), out, from[rollout.SourceReference], from[rollout.SourcePlanner])
	if n := envs - written; n > 0 {
		var why []string
		for k, c := range skipped {
			why = append(why, fmt.Sprintf("%d %s", c, k))
		}
		sort.Strings(why)
		fmt.Fprintf(w, "; %d skipped (%s)", n, strings.Join(why, "; "))
	}
	fmt.Fprintln(w)
}
