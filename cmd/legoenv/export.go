package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/rollout"
)

func init() { commands = append(commands, newExportCmd) }

func newExportCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "export sft|rl|hf",
		Short: "Turn trajectories and environments into training data (SFT examples, RL prompts, a Hub dataset)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return badInput("export needs a subcommand: sft, rl or hf (see 'legoenv export --help')")
		},
	}
	c.AddCommand(newExportSFTCmd(), newExportRLCmd(), newExportHFCmd())
	return c
}

// splitFlags is --split: hold whole apps out for evaluation.
type splitFlags struct {
	spec string
	seed int64
}

func (s *splitFlags) flags(c *cobra.Command) {
	c.Flags().StringVar(&s.spec, "split", "", `hold out apps for evaluation: a list ("crm,mail") or a fraction of the apps ("0.2"); writes OUT.train.jsonl and OUT.holdout.jsonl`)
	c.Flags().Int64Var(&s.seed, "split-seed", 1, "seed of the apps a fractional --split draws")
}

// holdout returns the held-out apps, or nil without --split.
func (s *splitFlags) holdout(info map[string]rollout.EnvInfo) (map[string]bool, error) {
	if s.spec == "" {
		return nil, nil
	}
	var apps []string
	for _, in := range info {
		apps = append(apps, in.Apps...)
	}
	h, err := rollout.HoldoutApps(apps, s.spec, s.seed)
	if err != nil {
		return nil, badInput("%v", err)
	}
	return h, nil
}

// splitPaths names the two files of a split: sft.jsonl -> sft.train.jsonl,
// sft.holdout.jsonl.
func splitPaths(out string) (string, string) {
	base := strings.TrimSuffix(out, ".jsonl")
	return base + ".train.jsonl", base + ".holdout.jsonl"
}

// writeSplit writes lines to out, or with holdout to the two split files;
// heldOut says which lines go to the held-out side.
func writeSplit(w io.Writer, out string, lines [][]byte, heldOut []bool, holdout map[string]bool) error {
	if holdout == nil {
		if err := writeLines(out, lines); err != nil {
			return err
		}
		fmt.Fprintf(w, "wrote %s to %s\n", plural(len(lines), "line"), out)
		return nil
	}
	var train, test [][]byte
	for i, l := range lines {
		if heldOut[i] {
			test = append(test, l)
		} else {
			train = append(train, l)
		}
	}
	tp, hp := splitPaths(out)
	if err := writeLines(tp, train); err != nil {
		return err
	}
	if err := writeLines(hp, test); err != nil {
		return err
	}
	fmt.Fprintf(w, "held out apps %s: wrote %d lines to %s and %d to %s\n", strings.Join(slices.Sorted(maps.Keys(holdout)), ","), len(train), tp, len(test), hp)
	return nil
}

// exportSFTFlags are the flags of legoenv export sft.
type exportSFTFlags struct {
	src            envSource
	split          splitFlags
	out, format    string
	minReward      float64
	keepUnfinished bool
	asJSON         bool
}

func newExportSFTCmd() *cobra.Command {
	var f exportSFTFlags
	c := &cobra.Command{
		Use:   "sft TRAJ.jsonl... --out sft.jsonl",
		Short: "Select rewarded trajectories (rejection sampling, dedupe) and write them as SFT examples",
		Long: `Export sft keeps the trajectories whose reward is at least --min-reward
and that finished (the model answered instead of running out of turns),
drops duplicates (the same tools and messages, whatever the tool-call ids),
and writes one SFT example a line:

  --format openai    {"messages": [...], "tools": [...]} (OpenAI fine-tuning,
                     TRL, Axolotl, LLaMA-Factory's openai format)
  --format sharegpt  {"conversations": [{"from", "value"}...], "system",
                     "tools"} (LLaMA-Factory's ShareGPT with function calls)

--split holds whole apps out: examples of environments that use a held-out
app go to OUT.holdout.jsonl, the rest to OUT.train.jsonl. Splits need the
environments (--lib or --envs) to know each trajectory's apps.`,
		Example: `  legoenv export sft traj.jsonl --min-reward 1.0 --format openai --out sft.jsonl
  legoenv export sft traj.jsonl --format sharegpt --split 0.2 --out sft.jsonl`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runExportSFT(cmd, args, &f) },
	}
	f.src.flags(c, false)
	f.split.flags(c)
	c.Flags().StringVar(&f.out, "out", "", "SFT file to write (JSONL)")
	c.Flags().StringVar(&f.format, "format", rollout.FormatOpenAI, "openai or sharegpt")
	c.Flags().Float64Var(&f.minReward, "min-reward", 1.0, "keep trajectories with at least this reward")
	c.Flags().BoolVar(&f.keepUnfinished, "keep-unfinished", false, "keep trajectories that ran out of turns while calling tools")
	c.Flags().BoolVar(&f.asJSON, "json", false, "print the counts as JSON")
	return c
}

// runExportSFT runs legoenv export sft.
func runExportSFT(cmd *cobra.Command, args []string, f *exportSFTFlags) error {
	if f.out == "" {
		return badInput("--out FILE is required")
	}
	if f.format != rollout.FormatOpenAI && f.format != rollout.FormatShareGPT {
		return badInput("--format %q: openai or sharegpt", f.format)
	}
	trajs, err := readTrajectoryFiles(args)
	if err != nil {
		return err
	}
	kept, st := rollout.SelectSFT(trajs, rollout.SFTOptions{MinReward: f.minReward, KeepUnfinished: f.keepUnfinished})
	var holdout map[string]bool
	var info map[string]rollout.EnvInfo
	if f.split.spec != "" {
		set, err := f.src.load(cmd.ErrOrStderr())
		if err != nil {
			return err
		}
		info = set.info
		if holdout, err = f.split.holdout(info); err != nil {
			return err
		}
	}
	lines := make([][]byte, len(kept))
	held := make([]bool, len(kept))
	var unknown []string
	for i, t := range kept {
		if lines[i], err = rollout.FormatSFT(t, f.format); err != nil {
			return badInput("%v", err)
		}
		if holdout != nil {
			in, ok := info[t.EnvID]
			if !ok {
				unknown = append(unknown, t.EnvID)
			}
			held[i] = rollout.HeldOut(in, holdout)
		}
	}
	if len(unknown) > 0 {
		return badInput("--split: %d trajectories are of environments not in the given library or envs file (first: %s); pass the --lib or --envs they ran on", len(unknown), unknown[0])
	}
	w := cmd.OutOrStdout()
	if f.asJSON {
		if err := writeSplit(io.Discard, f.out, lines, held, holdout); err != nil {
			return err
		}
		return writeJSON(w, map[string]any{"stats": st, "format": f.format, "out": f.out, "holdout_apps": slices.Sorted(maps.Keys(holdout))})
	}
	fmt.Fprintf(w, "read %d trajectories: kept %d; dropped %d below reward %g, %d unfinished, %d duplicates\n",
		st.Read, st.Kept, st.BelowReward, f.minReward, st.Unfinished, st.Duplicates)
	return writeSplit(w, f.out, lines, held, holdout)
}

func newExportRLCmd() *cobra.Command {
	var (
		src                  envSource
		split                splitFlags
		out, server, toolset string
		seed                 int64
		asJSON               bool
	)
	c := &cobra.Command{
		Use:   "rl --envs FILE --out rl.jsonl",
		Short: "Write RL prompts: messages, tools, env id and the reward endpoint to call",
		Long: `Export rl writes one line per environment for an RL trainer:

  {"env_id", "seed", "toolset", "apps", "intent", "family",
   "prompt": [system and user messages], "tools": [OpenAI function tools],
   "reward": {"session":  {"method": "POST", "url": SERVER/v1/sessions, "body": {...}},
              "step":     {"method": "POST", "url": .../{session_id}/step},
              "evaluate": {"method": "POST", "url": .../{session_id}/evaluate}}}

The trainer opens a session, runs the policy's tool calls through step and
takes the reward from evaluate, against 'legoenv serve' at --server over the
same environments. Only environments --envs marks verified are written
(--all for every one); without --envs, every recipe of --lib.`,
		Example: `  legoenv export rl --envs out/envs.jsonl --out rl.jsonl
  legoenv export rl --envs out/envs.jsonl --split 0.2 --server http://10.0.0.5:8080 --out rl.jsonl`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if out == "" {
				return badInput("--out FILE is required")
			}
			if toolset != episode.ToolsetNamed && toolset != episode.ToolsetMeta {
				return badInput("--toolset %q: named or meta", toolset)
			}
			set, err := src.load(cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			holdout, err := split.holdout(set.info)
			if err != nil {
				return err
			}
			var lines [][]byte
			var held []bool
			for _, env := range set.envs {
				task, err := rollout.NewRLTask(env, seed, toolset, server)
				if err != nil {
					fmt.Fprintf(cmd.ErrOrStderr(), "legoenv: skipped %s: %v\n", env.ID, err)
					continue
				}
				line, err := task.Line()
				if err != nil {
					return failed("%v", err)
				}
				lines = append(lines, line)
				held = append(held, rollout.HeldOut(set.info[env.ID], holdout))
			}
			w := cmd.OutOrStdout()
			if asJSON {
				if err := writeSplit(io.Discard, out, lines, held, holdout); err != nil {
					return err
				}
				return writeJSON(w, map[string]any{"tasks": len(lines), "out": out, "holdout_apps": slices.Sorted(maps.Keys(holdout))})
			}
			return writeSplit(w, out, lines, held, holdout)
		},
	}
	src.flags(c, true)
	split.flags(c)
	c.Flags().StringVar(&out, "out", "", "RL prompt file to write (JSONL)")
	c.Flags().StringVar(&server, "server", "http://127.0.0.1:8080", "base URL of 'legoenv serve' for the reward endpoint")
	c.Flags().StringVar(&toolset, "toolset", episode.ToolsetNamed, "tool surface: named or meta")
	c.Flags().Int64Var(&seed, "seed", 0, "data seed (0: the recipe's)")
	c.Flags().BoolVar(&asJSON, "json", false, "print the counts as JSON")
	return c
}
