package main

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/evolve"
	"github.com/legoenv/legoenv/serve"
	"github.com/legoenv/legoenv/serve/ui"
	"github.com/legoenv/legoenv/store"
	"github.com/legoenv/legoenv/verify"
)

// uiFlags are serve's flags for the web UI.
type uiFlags struct {
	off        bool
	report     string
	db         string
	rollouts   string
	verifyJobs int
	envsFile   string // set from --envs
}

func (f *uiFlags) flags(c *cobra.Command) {
	c.Flags().BoolVar(&f.off, "no-ui", false, "do not serve the web UI at /")
	c.Flags().StringVar(&f.report, "report", "", "evolution report for the UI's evolution page (default: report.json beside --envs, when there is one)")
	c.Flags().StringVar(&f.db, "db", "", "SQLite database of evolution runs (as 'legoenv evolve --db' writes it): the UI shows its latest run's verdicts, and its rounds when there is no report")
	c.Flags().StringVar(&f.rollouts, "rollouts", "", "directory whose rollout and demo JSONL files the UI's replay page may open by name")
	c.Flags().IntVar(&f.verifyJobs, "ui-verify-jobs", 1, "workers that verify, in the background, the environments whose verdict --envs does not record, for the UI's verdict and root-cause filters (0: verify only the environments opened)")
}

func (f *uiFlags) banner() string {
	if f.off {
		return ""
	}
	return ", web UI at /"
}

// build makes the UI and starts its background verification; nil with
// --no-ui.
func (f *uiFlags) build(ctx context.Context, cat *serve.Catalog, lib *atom.Library, log *slog.Logger) (http.Handler, error) {
	if f.off {
		return nil, nil
	}
	rep, err := f.loadReport()
	if err != nil {
		return nil, err
	}
	stored, verdicts, err := f.loadStore(ctx)
	if err != nil {
		return nil, err
	}
	if rep == nil {
		rep = stored
	}
	if f.rollouts != "" {
		if st, err := os.Stat(f.rollouts); err != nil || !st.IsDir() {
			return nil, badInput("--rollouts %s: not a directory", f.rollouts)
		}
	}
	envs := make([]ui.Env, 0, cat.Len())
	for _, in := range cat.All() {
		envs = append(envs, ui.Env{Env: in.Env, Verified: in.Verified})
	}
	u, err := ui.New(envs, ui.Options{Library: lib, Report: rep, Verdicts: verdicts, RolloutDir: f.rollouts, Logger: log})
	if err != nil {
		return nil, err
	}
	if f.verifyJobs > 0 {
		go u.VerifyAll(ctx, f.verifyJobs)
	}
	return u, nil
}

// loadReport reads --report, or report.json beside --envs when it exists.
func (f *uiFlags) loadReport() (*evolve.Report, error) {
	path, given := f.report, f.report != ""
	if !given && f.envsFile != "" {
		path = filepath.Join(filepath.Dir(f.envsFile), "report.json")
	}
	if path == "" {
		return nil, nil
	}
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) && !given {
		return nil, nil
	}
	if err != nil {
		return nil, badInput("--report: %v", err)
	}
	var rep evolve.Report
	if err := json.Unmarshal(b, &rep); err != nil {
		return nil, badInput("--report %s: not an evolution report: %v", path, err)
	}
	return &rep, nil
}

// loadStore reads the latest run of --db: its report and its last
// verdicts (after the last round that ended, else before the first).
func (f *uiFlags) loadStore(ctx context.Context) (*evolve.Report, []verify.Verdict, error) {
	if f.db == "" {
		return nil, nil, nil
	}
	if _, err := os.Stat(f.db); err != nil {
		return nil, nil, badInput("--db: %v", err)
	}
	st, err := store.Open(ctx, f.db)
	if err != nil {
		return nil, nil, badInput("--db: %v", err)
	}
	defer st.Close()
	runs, err := st.Runs(ctx)
	if err != nil {
		return nil, nil, failed("--db %s: %v", f.db, err)
	}
	if len(runs) == 0 {
		return nil, nil, nil
	}
	run := runs[0]
	rep, err := evolve.StoredReport(ctx, st, run.ID)
	if err != nil {
		return nil, nil, failed("--db %s: run %d: %v", f.db, run.ID, err)
	}
	if len(rep.Rounds) == 0 {
		return &rep, nil, nil
	}
	last := rep.Rounds[len(rep.Rounds)-1]
	phase := store.PhaseAfter
	if !last.Complete {
		phase = store.PhaseBefore
	}
	rows, err := st.Verdicts(ctx, run.ID, last.Round, phase)
	if err != nil {
		return nil, nil, failed("--db %s: %v", f.db, err)
	}
	vs := make([]verify.Verdict, 0, len(rows))
	for _, r := range rows {
		var v verify.Verdict
		if err := json.Unmarshal(r.JSON, &v); err != nil {
			return nil, nil, failed("--db %s: verdict of %s: %v", f.db, r.EnvID, err)
		}
		vs = append(vs, v)
	}
	return &rep, vs, nil
}
