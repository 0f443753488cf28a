package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/envfile"
	"github.com/legoenv/legoenv/episode"
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

// demoTally counts what 'legoenv demos' wrote and skipped.
type demoTally struct {
	envs, written int
	from, skipped map[string]int
}

// runDemos checks the flags, records the demonstrations and writes them
// as they are made (to a temporary file beside --out, renamed at the end:
// an interrupted run leaves --out as it was).
func runDemos(cmd *cobra.Command, f *demosFlags) error {
	if f.out == "" {
		return badInput("--out FILE is required")
	}
	if f.format != rollout.FormatOpenAI && f.format != rollout.FormatShareGPT && f.format != "trajectory" {
		return badInput("--format %q: openai, sharegpt or trajectory", f.format)
	}
	stderr := cmd.ErrOrStderr()
	ctx, stop := cmdContext(cmd)
	defer stop()
	out, err := createLines(f.out)
	if err != nil {
		return err
	}
	defer out.abort()
	t := &demoTally{from: map[string]int{}, skipped: map[string]int{}}
	if f.src.envsFile != "" {
		err = demosOfCorpus(ctx, f, stderr, out, t)
	} else {
		var set *envSet
		if set, err = f.src.load(stderr); err == nil {
			prog, finish := progress(stderr, len(set.envs), "planning")
			err = demosOf(ctx, f, set.envs, set.verified, prog, stderr, out, t)
			finish()
		}
	}
	if ctx.Err() != nil {
		return failed("interrupted after %s of %s: %s is unchanged; run the command again to make them all", plural(t.written, "demonstration"), plural(t.envs, "environment"), f.out)
	}
	if err != nil {
		return err
	}
	if err := out.commit(); err != nil {
		return err
	}
	w := cmd.OutOrStdout()
	if f.asJSON {
		return writeJSON(w, map[string]any{"envs": t.envs, "written": t.written, "from": t.from, "skipped": t.skipped, "out": f.out})
	}
	printDemos(w, t.envs, t.written, f.out, t.from, t.skipped)
	return nil
}

// demoBatch is how many environments of an envs.jsonl 'demos' composes
// at a time: what it holds in memory besides the library.
const demoBatch = 256

// demosOfCorpus makes the demonstrations of an envs.jsonl file a batch
// at a time, each batch composed from the library files of its atoms.
func demosOfCorpus(ctx context.Context, f *demosFlags, stderr io.Writer, out *lineFile, t *demoTally) error {
	c, err := f.src.openCorpus(stderr)
	if err != nil {
		return err
	}
	var recs []envfile.Record
	for _, id := range c.IDs() {
		i, _ := c.Index(id)
		if r := c.Records[i]; f.src.all || r.Verified == nil || *r.Verified {
			recs = append(recs, r)
		}
	}
	prog, finish := progress(stderr, len(recs), "planning")
	defer finish()
	for start := 0; start < len(recs) && ctx.Err() == nil; start += demoBatch {
		batch := recs[start:min(start+demoBatch, len(recs))]
		composed, errs := c.ComposeBatch(batch)
		envs := make([]*episode.Env, 0, len(batch))
		verified := map[string]*bool{}
		for i, r := range batch {
			if errs[i] != nil {
				fmt.Fprintf(stderr, "legoenv: skipped: %v\n", errs[i])
				continue
			}
			envs = append(envs, composed[i])
			verified[r.ID] = r.Verified
		}
		done := start
		batchProg := func(n, _ int) {
			if prog != nil {
				prog(done+n, len(recs))
			}
		}
		if err := demosOf(ctx, f, envs, verified, batchProg, stderr, out, t); err != nil {
			return err
		}
	}
	return nil
}

// demosOf makes the demonstrations of envs and writes them to out.
func demosOf(ctx context.Context, f *demosFlags, envs []*episode.Env, verified map[string]*bool, prog func(done, total int), stderr io.Writer, out *lineFile, t *demoTally) error {
	results := rollout.Demos(ctx, envs, rollout.DemoOptions{Jobs: f.jobs, Seed: f.seed, Verified: verified, Progress: prog})
	if ctx.Err() != nil {
		return ctx.Err()
	}
	t.envs += len(envs)
	for i, r := range results {
		if r.Trajectory == nil {
			t.skipped[r.Skip]++
			fmt.Fprintf(stderr, "legoenv: no demonstration for %s: %s\n", envs[i].ID, r.Skip)
			continue
		}
		var line []byte
		var err error
		if f.format == "trajectory" {
			line, err = r.Trajectory.Line()
		} else {
			line, err = rollout.FormatSFT(r.Trajectory, f.format)
		}
		if err != nil {
			return failed("%v", err)
		}
		if err := out.write(line); err != nil {
			return err
		}
		t.written++
		t.from[r.Source]++
	}
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
