package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/dist"
	"github.com/legoenv/legoenv/verify"
)

func init() { commands = append(commands, newDistCmd) }

func newDistCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "dist",
		Short: "Run work on 'legoenv worker' processes over NATS JetStream",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	c.AddCommand(newDistVerifyCmd())
	return c
}

// distEnvJSON and distJSON have the shape of 'legoenv verify --json'.
type distEnvJSON struct {
	ID        string               `json:"id"`
	Verdict   string               `json:"verdict"`
	Checks    []verify.CheckResult `json:"checks"`
	RootCause *verify.RootCause    `json:"root_cause,omitempty"`
}

type distJSON struct {
	Total    int           `json:"total"`
	Verified int           `json:"verified"`
	Share    float64       `json:"share"`
	Envs     []distEnvJSON `json:"envs"`
}

func newDistVerifyCmd() *cobra.Command {
	var (
		nf       natsFlags
		dir      string
		asJSON   bool
		timeout  time.Duration
		minShare float64
	)
	c := &cobra.Command{
		Use:   "verify",
		Short: "Verify every environment of a library on the workers; print what 'legoenv verify' prints",
		Long: `Dist verify publishes one job per recipe of the library to the
LEGOENV_JOBS work queue of a NATS JetStream server, waits for the verdicts
of the workers ('legoenv worker --nats URL') on LEGOENV_RESULTS, and prints
them as 'legoenv verify' does: one line per environment, the summary and
the root-cause Pareto (--json: the same JSON).

--lib must be a directory every worker sees at the same path; without it
the workers use the built-in example library. It exits 0 when every
recipe got its verdict, 1 when a worker could not verify a job (its line
says why), verdicts are missing at --timeout, or the share verified is
below --min-share.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if timeout < 0 {
				return badInput("--timeout must be 0 (none) or more, not %v", timeout)
			}
			if minShare < 0 || minShare > 1 {
				return badInput("--min-share must be between 0 and 1, not %g", minShare)
			}
			cfg, err := nf.config()
			if err != nil {
				return err
			}
			ref := dist.BuiltinExample
			if dir != "" {
				if ref, err = filepath.Abs(dir); err != nil {
					return badInput("--lib %s: %v", dir, err)
				}
			}
			lib, err := loadLibrary(dir, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			recipes := lib.Recipes()
			nc, js, err := nf.connect("legoenv dist verify")
			if err != nil {
				return err
			}
			defer nc.Close()
			stderr := cmd.ErrOrStderr()
			co := &dist.Coordinator{JS: js, Config: cfg, Timeout: timeout,
				Log: func(format string, args ...any) { fmt.Fprintf(stderr, "dist: "+format+"\n", args...) }}
			if isTerminal(stderr) && !asJSON && len(recipes) > 1 {
				bar := progressbar.NewOptions(len(recipes), progressbar.OptionSetWriter(stderr),
					progressbar.OptionSetDescription("verifying on workers"), progressbar.OptionShowCount(), progressbar.OptionClearOnFinish())
				co.Progress = func(done, total int) { _ = bar.Set(done) }
				defer bar.Finish()
			}
			vs, runErr := co.Verify(cmd.Context(), ref, recipes)
			if vs == nil && runErr != nil {
				return runErr
			}
			sum := verify.Summarize(vs)
			out := cmd.OutOrStdout()
			if asJSON {
				if err := writeDistJSON(out, vs, sum); err != nil {
					return err
				}
			} else {
				writeDistTable(out, vs, sum)
			}
			if runErr != nil {
				var je *dist.JobError
				if errors.As(runErr, &je) {
					return failed("some jobs could not be verified:\n%v", runErr)
				}
				return failed("%v", runErr)
			}
			if cmd.Flags().Changed("min-share") && sum.Share < minShare {
				return failed("share verified %.3f is below --min-share %.3f", sum.Share, minShare)
			}
			return nil
		},
	}
	nf.add(c)
	libFlag(c, &dir)
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON: {total, verified, share, envs: [{id, verdict, checks, root_cause}]}")
	c.Flags().DurationVar(&timeout, "timeout", time.Hour, "give up on verdicts not in by then (0: wait until interrupted)")
	c.Flags().Float64Var(&minShare, "min-share", 0, "exit 1 when the share verified is below this (0..1)")
	return c
}

func writeDistJSON(w io.Writer, vs []verify.Verdict, sum verify.Summary) error {
	out := distJSON{Total: sum.Total, Verified: sum.Verified, Share: sum.Share, Envs: make([]distEnvJSON, len(vs))}
	for i, v := range vs {
		out.Envs[i] = distEnvJSON{ID: v.EnvID, Verdict: "failed", Checks: v.Checks, RootCause: v.RootCause}
		if v.Verified {
			out.Envs[i].Verdict = "verified"
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// writeDistTable prints the layout of 'legoenv verify'. A failing verdict
// without a root cause (a job no worker could verify) shows its first
// diagnostic under "why".
func writeDistTable(w io.Writer, vs []verify.Verdict, sum verify.Summary) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tVERDICT\tROOT CAUSE\tATOM\tINTENT/DATA")
	for _, v := range vs {
		verdict, code, at := "verified", "-", "-"
		if !v.Verified {
			verdict = "failed"
			if v.RootCause != nil {
				code, at = v.RootCause.Code, v.RootCause.Atom.String()
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s/%s\n", v.EnvID, verdict, code, at, v.Intent, v.Data)
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%d environments, %d verified (%.1f%%)\n", sum.Total, sum.Verified, 100*sum.Share)
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
	fmt.Fprintln(w, "\nwhy:")
	for _, v := range vs {
		switch {
		case v.Verified:
		case v.RootCause != nil:
			fmt.Fprintf(w, "  %s %s: %s\n", v.EnvID, v.RootCause.Code, v.RootCause.Evidence.Message)
		case len(v.Checks) > 0 && len(v.Checks[0].Diagnostics) > 0:
			fmt.Fprintf(w, "  %s: %s\n", v.EnvID, v.Checks[0].Diagnostics[0])
		}
	}
}
