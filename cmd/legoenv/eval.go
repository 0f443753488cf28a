package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/rollout"
)

func init() { commands = append(commands, newEvalCmd) }

func newEvalCmd() *cobra.Command {
	var (
		src    envSource
		asJSON bool
	)
	c := &cobra.Command{
		Use:   "eval TRAJ.jsonl...",
		Short: "Pass rate and mean partial credit per app, domain and intent family, with 95% confidence intervals",
		Long: `Eval reads trajectory files and prints, as AutomationBench's leaderboard
does, the pass rate (episodes with every assertion credited) and the mean
partial credit (the reward), overall and per model, app, domain (the apps'
families) and intent family, each with a 95% confidence interval: Wilson's
score interval for the pass rate, Student's t for the mean credit.

An episode counts in every app and domain its environment uses. The
environments (--lib, default the built-in example library, or --envs) say
which those are; episodes of environments not among them are grouped as
"(unknown)".`,
		Example: `  legoenv eval traj.jsonl
  legoenv eval traj.jsonl --envs out/envs.jsonl --json`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			trajs, err := readTrajectoryFiles(args)
			if err != nil {
				return err
			}
			if len(trajs) == 0 {
				return badInput("no trajectories in %s", strings.Join(args, ", "))
			}
			src.all = true
			set, err := src.load(cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			r := rollout.Evaluate(trajs, set.info)
			if len(r.Unknown) > 0 {
				fmt.Fprintf(cmd.ErrOrStderr(), "legoenv: the trajectories ran on %s not in the library (grouped as %s); pass the --lib or --envs they ran on\n", plural(len(r.Unknown), "environment"), rollout.Unknown)
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), r)
			}
			return writeEvalTable(cmd.OutOrStdout(), r)
		},
	}
	src.flags(c, false)
	c.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	return c
}

func writeEvalTable(w io.Writer, r rollout.Report) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "GROUP\tKEY\tEPISODES\tENVS\tPASS\t95% CI\tCREDIT\t95% CI\tSTEPS")
	rows := []rollout.Stat{r.Overall}
	for _, g := range [][]rollout.Stat{r.Models, r.Domains, r.Families, r.Apps} {
		rows = append(rows, g...)
	}
	for _, s := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%.1f%%\t[%.1f, %.1f]\t%.3f\t[%.3f, %.3f]\t%.1f\n",
			s.Group, s.Key, s.Episodes, s.Envs, 100*s.PassRate, 100*s.PassLow, 100*s.PassHigh, s.MeanCredit, s.CreditLow, s.CreditHigh, s.MeanSteps)
	}
	return tw.Flush()
}
