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
)

// uiFlags are serve's flags for the web UI.
type uiFlags struct {
	off        bool
	report     string
	rollouts   string
	verifyJobs int
	envsFile   string // set from --envs
}

func (f *uiFlags) flags(c *cobra.Command) {
	c.Flags().BoolVar(&f.off, "no-ui", false, "do not serve the web UI at /")
	c.Flags().StringVar(&f.report, "report", "", "evolution report for the UI's evolution page (default: report.json beside --envs, when there is one)")
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
	if f.rollouts != "" {
		if st, err := os.Stat(f.rollouts); err != nil || !st.IsDir() {
			return nil, badInput("--rollouts %s: not a directory", f.rollouts)
		}
	}
	envs := make([]ui.Env, 0, cat.Len())
	for _, in := range cat.All() {
		envs = append(envs, ui.Env{Env: in.Env, Verified: in.Verified})
	}
	u, err := ui.New(envs, ui.Options{Library: lib, Report: rep, RolloutDir: f.rollouts, Logger: log})
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
