package main

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/corpus"
	"github.com/legoenv/legoenv/envfile"
	"github.com/legoenv/legoenv/internal/parallel"
	"github.com/legoenv/legoenv/pipeline"
	"github.com/legoenv/legoenv/store"
	"github.com/legoenv/legoenv/synth"
)

func init() { commands = append(commands, newBuildCmd) }

// buildFlags are the flags of 'legoenv build'.
type buildFlags struct {
	dir      string
	out      string
	seed     int64
	size     float64
	variants int
	rounds   int
	jobs     int
	holdout  string
	asJSON   bool
	db       string
	wfs      int
	full     bool
	model    llmConfig
	llmJobs  int
	prof     pprofFlags
	gc       gcOptions
}

func newBuildCmd() *cobra.Command {
	var f buildFlags
	c := &cobra.Command{
		Use:   "build",
		Short: "Synthesise the built-in corpus, verify it, evolve it, and write the verified environments",
		Long: `Build is the main job. From the server atoms of the built-in corpus (or
of --lib), it synthesises data atoms (seeded people, companies, amounts and
dates with look-alike distractors), rule atoms (business policies) and
intent atoms (templates over the servers' schemas), composes them into
environment recipes, verifies every environment, runs --rounds rounds of
evolution (repairing the atom at fault and re-verifying every environment
that shares it), and writes into --out:

  envs.jsonl          one verified environment a line: id, recipe, apps,
                      intent, verified, verdict summary; no two share a
                      recipe or an (instruction, initial state)
  envs.train.jsonl    with --holdout-apps: environments without held-out apps
  envs.holdout.jsonl  with --holdout-apps: environments with one
  lib/                the evolved library ('legoenv lint --lib' accepts it;
                      'legoenv serve --lib out/lib --envs out/envs.jsonl')
  report.json         the summary, rounds, repairs and root-cause Pareto
  report.html         the same for a browser
  envs.index.jsonl    each environment's instruction and tool count, so
                      that 'legoenv envs --envs' lists without composing

and prints the summary table. The same seed gives the same corpus.
On standard error it says what each phase (load, synthesise, verify,
evolve, collect, write) does and how far it is: a bar per phase on a
terminal, one line as each phase starts elsewhere.
The evolution's decisions go to --db as they are made: a build that stops
(Ctrl-C, a crash, a kill) resumes from them when the same command is run
again, and the files of --out change together or not at all.
--llm-base-url URL --llm-model NAME rewrites every instruction through an
OpenAI-compatible chat endpoint (--llm-jobs requests at a time): a rewrite
is taken only where it keeps every placeholder, quoted value and number and
every environment of its intent still verifies with it; otherwise the
template's instruction stays, and the report counts why (report.json:
rewrite).
--size takes a share of the apps (round-robin over families) for a quick,
reduced build. --json prints {"apps", "families", "envs",
"multi_app_share", "rule_share", "seconds", "rounds"}, where envs counts
the verified environments written and rounds is as 'legoenv evolve --json'.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runBuild(cmd, &f) },
	}
	c.Flags().StringVar(&f.dir, "lib", "", "library whose server atoms to build on (default: the built-in corpus)")
	c.Flags().StringVar(&f.out, "out", "out", "directory to write the build into")
	c.Flags().Int64Var(&f.seed, "seed", 1, "seed of synthesis; the same seed gives the same corpus")
	c.Flags().Float64Var(&f.size, "size", 1, "share of the apps to build on, in (0, 1]; e.g. 0.1 for a quick build")
	c.Flags().IntVar(&f.variants, "variants", 5, "data atoms per bundle of intents")
	c.Flags().IntVar(&f.rounds, "rounds", 1, "evolution rounds (0: verify only)")
	c.Flags().IntVar(&f.jobs, "jobs", 0, fmt.Sprintf("parallel workers (0: all %d cores)", runtime.NumCPU()))
	c.Flags().StringVar(&f.holdout, "holdout-apps", "", `apps kept out of training: a share ("0.1", chosen with the seed) or a list ("gmail,slack")`)
	c.Flags().BoolVar(&f.asJSON, "json", false, "print the summary as JSON")
	c.Flags().StringVar(&f.db, "db", "legoenv.db", `SQLite database for the evolution's runs, verdicts and repairs; a build that stops resumes from it when run again ("" keeps nothing)`)
	c.Flags().IntVar(&f.wfs, "workflows", 0, "workflow intents per app with step intents to reuse (0: the default; -1: none)")
	c.Flags().BoolVar(&f.full, "full-surface", false, "offer workflows every tool of their apps instead of a curated surface")
	f.model.flags(c, "llm-")
	c.Flags().IntVar(&f.llmJobs, "llm-jobs", 8, "with --llm-base-url: rewrite requests in flight at once")
	f.prof.flags(c)
	// The build allocates far more than it keeps (every tool call, probe
	// and score makes short-lived values), so at the collector's default
	// pace it cost about a third of the build's CPU time; a higher GOGC
	// under a soft limit trades memory for it and stays below the 4 GiB
	// the build is held to (docs/build.md, "Build speed"). The limit binds
	// through verification (live heap about 1 GB), so each 512 MiB more of
	// it took about a tenth off the build's CPU time: 3.5 GiB gave a peak
	// RSS of 3.55 GiB.
	f.gc.flagsWith(c, 400, 3584)
	return c
}

// runBuild runs 'legoenv build'.
func runBuild(cmd *cobra.Command, f *buildFlags) error {
	start := time.Now()
	if err := f.prof.start(); err != nil {
		return err
	}
	defer f.prof.stop()
	if err := f.gc.apply(cmd); err != nil {
		return err
	}
	opt, err := f.options()
	if err != nil {
		return err
	}
	stderr := cmd.ErrOrStderr()
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep := buildPhases(stderr, f.dir, f.out, f.jobs, f.rounds)
	opt.Phase = rep.phase
	rep.phase(pipeline.Phase{Name: phaseLoad})
	base, lib, err := buildBase(f.dir, stderr)
	if err != nil {
		return err
	}
	if f.db != "" && f.rounds > 0 {
		st, err := store.Open(ctx, f.db)
		if err != nil {
			return badInput("%v", err)
		}
		defer st.Close()
		opt.Store = st
	}
	b, err := pipeline.Run(ctx, lib, opt)
	if err != nil {
		if ctx.Err() != nil {
			rep.interrupted(f.out, f.db, f.rounds)
			return err
		}
		return badInput("%v", err)
	}
	if b.Resumed {
		fmt.Fprintf(stderr, "legoenv build: continued the interrupted run of the same library kept in %s: its stored rounds and accepted repairs were replayed\n", f.db)
	}
	b.Started = start // the figure is the whole job: load, synthesis, verification, evolution, files
	rep.phase(pipeline.Phase{Name: phaseWrite})
	if err := b.Write(f.out, base); err != nil {
		return err
	}
	writeIndex(f.out, b, f.jobs, stderr)
	rep.end()
	if err := f.prof.stop(); err != nil {
		return err
	}
	w := cmd.OutOrStdout()
	if f.asJSON {
		enc := json.NewEncoder(w)
		return enc.Encode(b.Summary())
	}
	if err := b.WriteTable(w); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nwrote %s/envs.jsonl, %s/lib, %s/report.json and %s/report.html\n", f.out, f.out, f.out, f.out)
	return nil
}

// options checks the flags and turns them into the build's options (all
// but the phase reports and the store).
func (f *buildFlags) options() (pipeline.BuildOptions, error) {
	var opt pipeline.BuildOptions
	if f.size <= 0 || f.size > 1 {
		return opt, badInput("--size must be in (0, 1], not %g", f.size)
	}
	if f.rounds < 0 || f.jobs < 0 || f.variants < 1 {
		return opt, badInput("--rounds and --jobs must be 0 or more and --variants 1 or more")
	}
	apps, share, err := pipeline.ParseHoldout(f.holdout)
	if err != nil {
		return opt, badInput("--holdout-apps: %v", err)
	}
	opt = pipeline.BuildOptions{
		Synth:   synth.Options{Seed: f.seed, Size: f.size, Variants: f.variants, Workflows: f.wfs, FullSurface: f.full},
		Rounds:  f.rounds,
		Jobs:    f.jobs,
		Holdout: apps, HoldoutShare: share,
	}
	if f.model.set() {
		client, err := f.model.client()
		if err != nil {
			return opt, err
		}
		if f.llmJobs < 1 {
			return opt, badInput("--llm-jobs must be 1 or more, not %d", f.llmJobs)
		}
		opt.Rewrite, opt.RewriteJobs = pipeline.LLMRewriter{Client: client}, f.llmJobs
	}
	return opt, nil
}

// writeIndex writes the index beside the envs.jsonl just written, so that
// listing it composes nothing (envfile.ReadIndex). Without it a listing
// composes instead, so a failure is only said.
func writeIndex(out string, b *pipeline.Build, jobs int, stderr io.Writer) {
	path := filepath.Join(out, "envs.jsonl")
	recs, err := envfile.ReadFile(path)
	if err == nil {
		err = envfile.WriteIndex(path, b.Index(recs, parallel.Workers(jobs)))
	}
	if err != nil {
		fmt.Fprintf(stderr, "legoenv: %v ('legoenv envs' composes without it)\n", err)
	}
}

// buildBase loads the library a build starts from: --lib, or the built-in
// corpus when dir is "". base is what the build copies its files from.
func buildBase(dir string, stderr io.Writer) (base fs.FS, lib *atom.Library, err error) {
	if dir != "" {
		if lib, err = loadLibrary(dir, stderr); err != nil {
			return nil, nil, err
		}
		return os.DirFS(dir), lib, nil
	}
	base = corpus.Builtin()
	lib, ds, err := atom.Load(base)
	if err != nil {
		return nil, nil, badInput("built-in corpus: %v", err)
	}
	if ds.HasErrors() {
		return nil, nil, badInput("built-in corpus has errors:\n%v", ds.Err())
	}
	return base, lib, nil
}
