package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/envfile"
	"github.com/legoenv/legoenv/episode"
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
	opts := ui.Options{Library: lib, Report: rep, Verdicts: verdicts, RolloutDir: f.rollouts, Logger: log}
	if c := cat.Corpus(); c != nil {
		// The UI's pages read every environment: they are composed in the
		// background from the UI's first request on, so the REST API
		// answers at once and a server nobody browses composes nothing.
		p := &pendingUI{}
		p.start = func() {
			go func() {
				if err := p.load(ctx, c, cat, opts, f.verifyJobs); err != nil {
					log.Error("web UI not served", "err", err)
				}
			}()
		}
		return p, nil
	}
	return f.start(ctx, cat.All(), opts)
}

// start makes the UI over composed environments and starts verifying.
func (f *uiFlags) start(ctx context.Context, all []*serve.EnvInfo, opts ui.Options) (*ui.UI, error) {
	envs := make([]ui.Env, 0, len(all))
	for _, in := range all {
		envs = append(envs, ui.Env{Env: in.Env, Verified: in.Verified})
	}
	u, err := ui.New(envs, opts)
	if err != nil {
		return nil, err
	}
	if f.verifyJobs > 0 {
		go u.VerifyAll(ctx, f.verifyJobs)
	}
	return u, nil
}

// pendingUI answers 503 until the web UI over a lazy corpus is made,
// which its first request starts.
type pendingUI struct {
	h     atomic.Pointer[ui.UI]
	once  sync.Once
	start func()
	done  atomic.Int64 // environments composed so far
	n     atomic.Int64
}

func (p *pendingUI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if u := p.h.Load(); u != nil {
		u.ServeHTTP(w, r)
		return
	}
	p.once.Do(p.start)
	w.Header().Set("Retry-After", "30")
	http.Error(w, fmt.Sprintf("the web UI is loading the library and composing the corpus (%d of %d environments composed); reload in a while. The REST API under /v1 answers now.", p.done.Load(), p.n.Load()), http.StatusServiceUnavailable)
}

// load composes every environment of c with the whole library, then
// makes the UI.
func (p *pendingUI) load(ctx context.Context, c *envfile.Corpus, cat *serve.Catalog, opts ui.Options, jobs int) error {
	lib, err := c.Library()
	if err != nil {
		return err
	}
	opts.Library = lib
	ids := cat.IDs()
	p.n.Store(int64(len(ids)))
	all := make([]*serve.EnvInfo, 0, len(ids))
	for _, id := range ids {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		i, _ := c.Index(id)
		r := c.Records[i]
		env, err := episode.Compose(lib, r.Recipe, episode.Options{Limits: c.Limits})
		if err == nil && env.ID != r.ID {
			err = fmt.Errorf("recipe composes to %s", env.ID)
		}
		if err != nil {
			opts.Logger.Warn("web UI: skipped", "env", id, "line", r.Line, "err", err)
			continue
		}
		all = append(all, &serve.EnvInfo{Env: env, Verified: r.Verified})
		p.done.Add(1)
	}
	f := uiFlags{verifyJobs: jobs}
	u, err := f.start(ctx, all, opts)
	if err != nil {
		return err
	}
	p.h.Store(u)
	opts.Logger.Info("web UI ready", "environments", len(all))
	return nil
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
