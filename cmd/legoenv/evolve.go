package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/corpus"
	"github.com/legoenv/legoenv/evolve"
	"github.com/legoenv/legoenv/store"
)

func init() { commands = append(commands, newEvolveCmd) }

// evolveFlags are the flags of legoenv evolve.
type evolveFlags struct {
	dir, out, db string
	rounds, jobs int
	asJSON       bool
	fresh        bool
	inPlace      bool
	llmRep       evolveLLM // --llm-*: a model repairer after the deterministic ones (synth.go)
}

func newEvolveCmd() *cobra.Command {
	var f evolveFlags
	c := &cobra.Command{
		Use:   "evolve",
		Short: "Repair the atoms at fault and carry each fix to every environment that shares it",
		Long: `Evolve runs rounds over a library. Each round verifies every environment,
groups the failures by (root cause, blamed atom), takes the groups in order
of the environments they block, and asks a repairer for a new version of
the atom. The new version is re-verified on every environment that uses the
atom and accepted only if it fixes at least one and breaks none that was
verified; otherwise it is rejected and the reason recorded.

An accepted version becomes the atom's head, with its lineage (parent
version, root cause, repairer, round, environments fixed); the version it
replaces moves under history/ and stays addressable. Recipes that pinned
the old version are moved to the new one.

The evolved library is written to --out DIR (with report.json and
report.html beside it). To rewrite --lib DIR itself, say --in-place: the
files of repaired atoms and the recipes are then written in the canonical
form (keys sorted, comments and layout not kept; earlier versions move
under history/), so without one of the two flags evolve refuses to start
rather than reformat a library written by hand. The built-in library is
only written with --out.

Progress is kept in the SQLite database --db: a run that stops (Ctrl-C, a
crash) resumes where it stopped when the same command is run again, without
repeating or losing accepted repairs. --fresh starts over.

Exit codes: 0 when the run finished, 1 when it was interrupted or failed,
2 for bad input.`,
		Example: `  legoenv evolve --lib corpus/mine --out evolved
  legoenv evolve --lib corpus/mine --rounds 3 --in-place --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runEvolve(cmd, &f) },
	}
	libFlag(c, &f.dir)
	c.Flags().IntVar(&f.rounds, "rounds", 1, "rounds at most; a round that accepts no repair ends the run")
	c.Flags().StringVar(&f.out, "out", "", "write the evolved library, report.json and report.html to this directory")
	c.Flags().StringVar(&f.db, "db", "legoenv.db", `SQLite database for runs, verdicts, repairs and lineage ("" keeps nothing and cannot resume)`)
	c.Flags().BoolVar(&f.asJSON, "json", false, `print the report as JSON: {"rounds":[{"round","total","verified_before","verified_after","share_before","share_after","repairs":[...]}]}`)
	c.Flags().IntVar(&f.jobs, "jobs", 0, fmt.Sprintf("parallel verification workers (0: all %d cores)", runtime.NumCPU()))
	c.Flags().BoolVar(&f.fresh, "fresh", false, "start a new run even if the database has one for this library")
	c.Flags().BoolVar(&f.inPlace, "in-place", false, "write the evolved library back into --lib (repaired atoms in canonical form: keys sorted, comments dropped)")
	f.llmRep.flags(c)
	return c
}

// runEvolve runs legoenv evolve.
func runEvolve(cmd *cobra.Command, f *evolveFlags) error {
	if f.rounds < 1 {
		return badInput("--rounds must be 1 or more, not %d", f.rounds)
	}
	if f.jobs < 0 {
		return badInput("--jobs must be 0 (all cores) or more, not %d", f.jobs)
	}
	if f.dir != "" && f.out == "" && !f.inPlace {
		return badInput("evolve --lib %s: say where the evolved library goes: --out DIR, or --in-place to rewrite %s "+
			"(repaired atoms are written in canonical form: keys sorted, comments dropped)", f.dir, f.dir)
	}
	if f.inPlace && (f.dir == "" || f.out != "") {
		return badInput("--in-place rewrites --lib DIR; it takes --lib and no --out")
	}
	stderr := cmd.ErrOrStderr()
	lib, err := loadLibrary(f.dir, stderr)
	if err != nil {
		return err
	}
	var base fs.FS = corpus.Example()
	name := "(built-in example)"
	if f.dir != "" {
		base, name = os.DirFS(f.dir), f.dir
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	opt := evolve.Options{Rounds: f.rounds, Jobs: f.jobs, Fresh: f.fresh, Library: name}
	if opt.Repairers, err = f.llmRep.repairers(stderr); err != nil {
		return err
	}
	if f.db != "" {
		st, err := store.Open(ctx, f.db)
		if err != nil {
			return badInput("%v", err)
		}
		defer st.Close()
		opt.Store = st
	}
	if !(f.asJSON && isTerminal(stderr)) { // a bar on a terminal, a line every few seconds elsewhere
		var finish func()
		opt.Progress, finish = progress(stderr, len(lib.Recipes()), "verifying")
		defer finish()
	}
	res, runErr := evolve.Run(ctx, lib, opt)
	if runErr != nil {
		if res != nil && (errors.Is(runErr, context.Canceled) || ctx.Err() != nil) {
			fmt.Fprintln(stderr, "interrupted; what was decided is kept in", f.db, "- run the same command again to resume")
			_ = res.Report.WriteText(stderr)
			return failed("evolve interrupted")
		}
		return failed("evolve: %v", runErr)
	}
	w := cmd.OutOrStdout()
	if f.asJSON {
		if err := writeJSON(w, res.Report); err != nil {
			return err
		}
	} else if err := res.Report.WriteText(w); err != nil {
		return err
	}
	return writeEvolved(res, base, f.dir, f.out, stderr)
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// writeEvolved writes the library and the report files where the flags say.
func writeEvolved(res *evolve.Result, base fs.FS, dir, out string, stderr io.Writer) error {
	accepted := 0
	for _, r := range res.Report.Rounds {
		accepted += r.Accepted
	}
	target := out
	if target == "" {
		if accepted == 0 {
			return nil
		}
		if dir == "" {
			fmt.Fprintln(stderr, "the built-in library is not written back; use --out DIR to keep the evolved library")
			return nil
		}
		target = dir
		res.Library.Dir = dir
	}
	if out != "" || accepted > 0 {
		// Written as a whole (atom.Stage): a kill leaves the library as it
		// was, or a committed change that the next load finishes.
		st, err := atom.Write(res.Library, base, target)
		if err != nil {
			return failed("write library: %v", err)
		}
		fmt.Fprintf(stderr, "library written to %s: %s rewritten, %d added, %d copied\n", target, plural(len(st.Rewritten), "file"), len(st.Added), st.Copied)
	}
	if out == "" {
		return nil
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return failed("%v", err)
	}
	for _, f := range []struct {
		name  string
		write func(io.Writer) error
	}{
		{"report.json", func(w io.Writer) error { return writeJSON(w, res.Report) }},
		{"report.html", res.Report.WriteHTML},
	} {
		path := filepath.Join(out, f.name)
		if err := atom.WriteAtomic(path, f.write); err != nil {
			return failed("%v", err)
		}
	}
	fmt.Fprintf(stderr, "report written to %s and %s\n", filepath.Join(out, "report.json"), filepath.Join(out, "report.html"))
	return nil
}
