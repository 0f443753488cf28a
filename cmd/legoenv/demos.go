package main

import (
	"context"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/rollout"
	"github.com/legoenv/legoenv/verify"
)

func init() { commands = append(commands, newDemosCmd) }

// demoResult is one environment's outcome in 'legoenv demos'.
type demoResult struct {
	traj   *rollout.Trajectory
	source string // reference or planner
	skip   string // why there is no demonstration
}

// demoFor plans env and records the plan as a demonstration. An
// environment known to be verified is planned directly (its reference plan,
// else the planner); any other is verified first, and only a verified one
// gets a demonstration.
func demoFor(ctx context.Context, env *episode.Env, known *bool, seed int64) demoResult {
	var plan []episode.ToolCall
	var source string
	switch {
	case known != nil && *known && len(env.Plan) > 0:
		plan, source = env.PlanCalls(), "reference"
	case known != nil && *known:
		p, err := verify.Plan(ctx, env)
		if err != nil {
			return demoResult{skip: "planner: " + err.Error()}
		}
		plan, source = p, "planner"
	default:
		v := verify.VerifyEnv(ctx, env)
		if !v.Verified {
			why := "not verified"
			if v.RootCause != nil {
				why += ": " + string(v.RootCause.Code)
			}
			return demoResult{skip: why}
		}
		plan, source = v.Plan, v.PlanFrom
	}
	t, err := rollout.Demo(env, plan, source, seed, nil)
	if err != nil {
		return demoResult{skip: err.Error()}
	}
	if !t.Passed {
		return demoResult{skip: fmt.Sprintf("the %s plan does not pass (reward %.3f)", source, t.Reward)}
	}
	return demoResult{traj: t, source: source}
}

func newDemosCmd() *cobra.Command {
	var (
		src         envSource
		out, format string
		jobs        int
		seed        int64
		asJSON      bool
	)
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
		RunE: func(cmd *cobra.Command, _ []string) error {
			if out == "" {
				return badInput("--out FILE is required")
			}
			if format != rollout.FormatOpenAI && format != rollout.FormatShareGPT && format != "trajectory" {
				return badInput("--format %q: openai, sharegpt or trajectory", format)
			}
			if jobs <= 0 {
				jobs = runtime.NumCPU()
			}
			stderr := cmd.ErrOrStderr()
			set, err := src.load(stderr)
			if err != nil {
				return err
			}
			ctx, stop := cmdContext(cmd)
			defer stop()
			results := make([]demoResult, len(set.envs))
			prog, finish := progress(stderr, len(set.envs), "planning")
			var (
				wg   sync.WaitGroup
				mu   sync.Mutex
				done int
				next = make(chan int)
			)
			for w := 0; w < jobs; w++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := range next {
						results[i] = demoFor(ctx, set.envs[i], set.verified[set.envs[i].ID], seed)
						mu.Lock()
						done++
						if prog != nil {
							prog(done, len(set.envs))
						}
						mu.Unlock()
					}
				}()
			}
			for i := range set.envs {
				next <- i
			}
			close(next)
			wg.Wait()
			finish()
			if ctx.Err() != nil {
				return failed("interrupted")
			}
			var lines [][]byte
			from := map[string]int{}
			skipped := map[string]int{}
			for i, r := range results {
				if r.traj == nil {
					skipped[r.skip]++
					fmt.Fprintf(stderr, "legoenv: no demonstration for %s: %s\n", set.envs[i].ID, r.skip)
					continue
				}
				var line []byte
				if format == "trajectory" {
					line, err = r.traj.Line()
				} else {
					line, err = rollout.FormatSFT(r.traj, format)
				}
				if err != nil {
					return failed("%v", err)
				}
				lines = append(lines, line)
				from[r.source]++
			}
			if err := writeLines(out, lines); err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			if asJSON {
				return writeJSON(w, map[string]any{"envs": len(set.envs), "written": len(lines), "from": from, "skipped": skipped, "out": out})
			}
			fmt.Fprintf(w, "%s: %s written to %s (%d from reference plans, %d from the planner)",
				plural(len(set.envs), "environment"), plural(len(lines), "demonstration"), out, from["reference"], from["planner"])
			if n := len(set.envs) - len(lines); n > 0 {
				var why []string
				for k, c := range skipped {
					why = append(why, fmt.Sprintf("%d %s", c, k))
				}
				sort.Strings(why)
				fmt.Fprintf(w, "; %d skipped (%s)", n, strings.Join(why, "; "))
			}
			fmt.Fprintln(w)
			return nil
		},
	}
	src.flags(c, true)
	c.Flags().StringVar(&out, "out", "", "file to write (JSONL)")
	c.Flags().StringVar(&format, "format", rollout.FormatOpenAI, "openai, sharegpt or trajectory")
	c.Flags().IntVar(&jobs, "jobs", 0, "parallel workers (0: every core)")
	c.Flags().Int64Var(&seed, "seed", 0, "data seed (0: the recipe's)")
	c.Flags().BoolVar(&asJSON, "json", false, "print the counts as JSON")
	return c
}
