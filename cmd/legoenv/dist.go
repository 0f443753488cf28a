package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/dist"
	"github.com/legoenv/legoenv/episode"
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

// distVerifyFlags are the flags of legoenv dist verify.
type distVerifyFlags struct {
	nf       natsFlags
	dir      string
	asJSON   bool
	timeout  time.Duration
	minShare float64
}

func newDistVerifyCmd() *cobra.Command {
	var f distVerifyFlags
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
below --min-share. While verdicts are missing it says so on standard
error every 10 seconds (or every half --timeout when that is shorter).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runDistVerify(cmd, &f) },
	}
	f.nf.add(c)
	libFlag(c, &f.dir)
	c.Flags().BoolVar(&f.asJSON, "json", false, "print JSON: {total, verified, share, envs: [{id, verdict, checks, root_cause}]}")
	c.Flags().DurationVar(&f.timeout, "timeout", time.Hour, "give up on verdicts not in by then (0: wait until interrupted)")
	c.Flags().Float64Var(&f.minShare, "min-share", 0, "exit 1 when the share verified is below this (0..1)")
	return c
}

// runDistVerify runs legoenv dist verify.
func runDistVerify(cmd *cobra.Command, f *distVerifyFlags) error {
	if f.timeout < 0 {
		return badInput("--timeout must be 0 (none) or more, not %v", f.timeout)
	}
	if f.minShare < 0 || f.minShare > 1 {
		return badInput("--min-share must be between 0 and 1, not %g", f.minShare)
	}
	cfg, err := f.nf.config()
	if err != nil {
		return err
	}
	ref := dist.BuiltinExample
	if f.dir != "" {
		if ref, err = filepath.Abs(f.dir); err != nil {
			return badInput("--lib %s: %v", f.dir, err)
		}
	}
	lib, err := loadLibrary(f.dir, cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	// Pinned, the recipes' hashes are the environment ids, also in the
	// verdicts made here for jobs no worker answered.
	recipes := lib.Recipes()
	for i, r := range recipes {
		recipes[i] = episode.Pin(lib, r)
	}
	nc, js, err := f.nf.connect("legoenv dist verify")
	if err != nil {
		return err
	}
	defer nc.Close()
	stderr := cmd.ErrOrStderr()
	co := &dist.Coordinator{JS: js, Config: cfg, Timeout: f.timeout,
		Log: func(format string, args ...any) { fmt.Fprintf(stderr, "dist: "+format+"\n", args...) },
		Waiting: func(done, total int, waited time.Duration) {
			fmt.Fprintln(stderr, waitingLine(done, total, waited, f.timeout))
		}}
	if isTerminal(stderr) && !f.asJSON && len(recipes) > 1 {
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
	if f.asJSON {
		if err := writeVerifyJSON(out, vs, sum); err != nil {
			return err
		}
	} else {
		writeVerifyTable(out, vs, sum)
	}
	if runErr != nil {
		var je *dist.JobError
		if errors.As(runErr, &je) {
			return failed("some jobs could not be verified:\n%v", runErr)
		}
		return failed("%v", runErr)
	}
	if cmd.Flags().Changed("min-share") && sum.Share < f.minShare {
		return failed("share verified %.3f is below --min-share %.3f", sum.Share, f.minShare)
	}
	return nil
}

// waitingLine says that dist verify waits, for what, and until when.
func waitingLine(done, total int, waited, timeout time.Duration) string {
	line := fmt.Sprintf("dist: waiting for verdicts: %d of %d in after %v", done, total, waited)
	if timeout > 0 {
		line += fmt.Sprintf("; giving up at --timeout %v", timeout)
	}
	if done == 0 {
		line += "; no worker has answered yet (start one with 'legoenv worker --nats URL' where it sees the same --lib)"
	}
	return line
}
