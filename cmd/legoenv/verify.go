package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/verify"
)

func init() {
	commands = append(commands, newVerifyCmd)
}

// verifyEnvJSON is one environment in 'verify --json'.
type verifyEnvJSON struct {
	ID        string               `json:"id"`
	Verdict   string               `json:"verdict"` // "verified" or "failed"
	Checks    []verify.CheckResult `json:"checks"`
	RootCause *verify.RootCause    `json:"root_cause,omitempty"`
}

type verifyJSON struct {
	Total    int             `json:"total"`
	Verified int             `json:"verified"`
	Share    float64         `json:"share"`
	Unasked  int             `json:"unasked"` // verified, yet grounded by the instruction cut to its names
	Envs     []verifyEnvJSON `json:"envs"`
}

func newVerifyCmd() *cobra.Command {
	var (
		src      envSource
		envID    string
		asJSON   bool
		jobs     int
		minShare float64
		explain  string
		fence    bool
	)
	c := &cobra.Command{
		Use:   "verify",
		Short: "Verify that each environment gives reliable feedback; name the root cause and the atom at fault",
		Long: `Verify runs the checks on every environment of a library (compose,
nontrivial, solvable, discriminating, deterministic; cheapest first) and
prints one line per environment: id, verdict, root cause and the blamed
atom, then a summary: total, verified, share, and the root-cause Pareto
(which few causes block most environments).

--envs FILE verifies the environments of an envs.jsonl that 'legoenv
build' wrote, against the library beside it; --env ID only one of them
(or of --lib). Intents without a reference plan are solved by the planner. Environments
are verified in parallel (--jobs, all cores by default). It exits 0 when
it ran, whatever the share, and 1 when --min-share is given and the share
verified is below it.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if jobs < 0 {
				return badInput("--jobs must be 0 (all cores) or more, not %d", jobs)
			}
			if minShare < 0 || minShare > 1 {
				return badInput("--min-share must be between 0 and 1, not %g", minShare)
			}
			if explain != "" {
				lib, rs, err := src.recipes(explain, cmd.ErrOrStderr())
				if err != nil {
					return err
				}
				return explainEnv(cmd, lib, rs[0], fence, asJSON)
			}
			lib, recipes, err := src.recipes(envID, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			opt := verify.Options{Jobs: jobs, Fence: fence}
			stderr := cmd.ErrOrStderr()
			if !(asJSON && isTerminal(stderr)) { // a bar on a terminal, a line every few seconds elsewhere
				var finish func()
				opt.Progress, finish = progress(stderr, len(recipes), "verifying")
				defer finish()
			}
			vs := verify.VerifyAll(cmd.Context(), lib, recipes, opt)
			sum := verify.Summarize(vs)
			out := cmd.OutOrStdout()
			if asJSON {
				if err := writeVerifyJSON(out, vs, sum); err != nil {
					return err
				}
			} else {
				writeVerifyTable(out, vs, sum)
			}
			if cmd.Flags().Changed("min-share") && sum.Share < minShare {
				return failed("share verified %.3f is below --min-share %.3f", sum.Share, minShare)
			}
			return nil
		},
	}
	src.idFlags(c)
	c.Flags().StringVar(&envID, "env", "", "verify only this environment (id or a unique prefix of 6+ characters)")
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON: {total, verified, share, unasked, envs: [{id, verdict, checks, root_cause}]}")
	c.Flags().IntVar(&jobs, "jobs", 0, fmt.Sprintf("parallel workers (0: all %d cores)", runtime.NumCPU()))
	c.Flags().Float64Var(&minShare, "min-share", 0, "exit 1 when the share verified is below this (0..1)")
	c.Flags().BoolVar(&fence, "fence", false, "compose frozen intents (an imported benchmark's goals) with legoenv's whole-world fence as well")
	c.Flags().StringVar(&explain, "explain", "", "verify one environment and print where each value its plan writes came from and every probe with its reward")
	return c
}

func writeVerifyJSON(w io.Writer, vs []verify.Verdict, sum verify.Summary) error {
	out := verifyJSON{Total: sum.Total, Verified: sum.Verified, Share: sum.Share, Unasked: sum.Unasked, Envs: make([]verifyEnvJSON, len(vs))}
	for i, v := range vs {
		e := verifyEnvJSON{ID: v.EnvID, Verdict: "failed", Checks: v.Checks, RootCause: v.RootCause}
		if v.Verified {
			e.Verdict = "verified"
		}
		out.Envs[i] = e
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func writeVerifyTable(w io.Writer, vs []verify.Verdict, sum verify.Summary) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tVERDICT\tROOT CAUSE\tATOM\tINTENT/DATA")
	for _, v := range vs {
		verdict, code, at := "verified", "-", "-"
		if !v.Verified {
			verdict, code = "failed", string(verify.CauseCode(v))
			if v.RootCause != nil {
				at = v.RootCause.Atom.String()
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s/%s\n", v.EnvID, verdict, code, at, v.Intent, v.Data)
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%s, %d verified (%.1f%%)\n", plural(sum.Total, "environment"), sum.Verified, 100*sum.Share)
	if sum.Unasked > 0 {
		fmt.Fprintf(w, "%d verified with a plan the instruction cut to its names still grounds (the ablation self-check: a verifier defect)\n", sum.Unasked)
	}
	if len(sum.Pareto) == 0 {
		fmt.Fprintln(w, "root causes: none, every environment verified")
		return
	}
	fmt.Fprintln(w, "\nroot causes (Pareto of the failing environments):")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "CODE\tCOUNT\tSHARE\tCUMULATIVE")
	for _, r := range sum.Pareto {
		fmt.Fprintf(tw, "%s\t%d\t%.1f%%\t%.1f%%\n", r.Code, r.Count, 100*r.Share, 100*r.Cumulative)
	}
	tw.Flush()
	// Each failing environment's first diagnostic, so a person sees why.
	fmt.Fprintln(w, "\nwhy:")
	for _, v := range vs {
		switch {
		case v.Verified:
		case v.RootCause != nil:
			fmt.Fprintf(w, "  %s %s: %s\n", v.EnvID, v.RootCause.Code, v.RootCause.Evidence.Message)
		case len(v.Checks) > 0 && len(v.Checks[0].Diagnostics) > 0:
			// A verdict with no root cause (a job no worker could verify).
			fmt.Fprintf(w, "  %s: %s\n", v.EnvID, v.Checks[0].Diagnostics[0])
		}
	}
}
