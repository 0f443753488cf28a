package main

import (
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/legoenv/legoenv/pipeline"
	"github.com/schollz/progressbar/v3"
)

// Build phases the command runs itself, around pipeline.Run's.
const (
	phaseLoad  = "load"
	phaseWrite = "write"
)

// phaseReport tells on stderr what a build does and how far it is: on a
// terminal a bar per phase, left as a line with its time when the phase
// ends; elsewhere (a pipe, CI) one line as each phase starts.
type phaseReport struct {
	w     io.Writer
	tty   bool
	order []string          // the phases, for "[i/n]"
	what  map[string]string // what each phase does
	cur   string
	done  int // how far the phase in progress is
	start time.Time
	bar   *progressbar.ProgressBar
	lines *progressLines // off a terminal: a line every few seconds
	every time.Duration  // how often (progressEvery)
}

// buildPhases is the report of 'legoenv build': its phases in order (no
// evolve with --rounds 0) and what each does.
func buildPhases(stderr io.Writer, lib, out string, jobs, rounds int) *phaseReport {
	if jobs == 0 {
		jobs = runtime.NumCPU()
	}
	from := "the built-in corpus"
	if lib != "" {
		from = lib
	}
	order := []string{phaseLoad, pipeline.PhaseSynthesise, pipeline.PhaseVerify, pipeline.PhaseEvolve, pipeline.PhaseCollect, pipeline.PhaseCoherence, phaseWrite}
	if rounds == 0 {
		order = append(order[:3:3], order[4:]...)
	}
	return newPhaseReport(stderr, isTerminal(stderr), map[string]string{
		phaseLoad:                "reading the server atoms of " + from,
		pipeline.PhaseSynthesise: "making data, rule and intent atoms and their recipes",
		pipeline.PhaseVerify:     fmt.Sprintf("checking every environment on %d workers", jobs),
		pipeline.PhaseEvolve:     fmt.Sprintf("repairing the atoms at fault, %s at most", plural(rounds, "round")),
		pipeline.PhaseCollect:    "keeping each verified environment once",
		pipeline.PhaseCoherence:  "checking that each world's records agree",
		phaseWrite:               "writing envs.jsonl, lib/ and the reports to " + out,
	}, order...)
}

func newPhaseReport(w io.Writer, tty bool, what map[string]string, order ...string) *phaseReport {
	return &phaseReport{w: w, tty: tty, order: order, what: what, every: progressEvery}
}

// phase takes one report of pipeline.Run (or of the command's own phases).
func (r *phaseReport) phase(p pipeline.Phase) {
	if p.Name != r.cur {
		r.end()
		r.cur, r.start = p.Name, time.Now()
		label := r.label(p.Name)
		if !r.tty {
			count := ""
			if p.Total > 0 {
				count = fmt.Sprintf(" (%d)", p.Total)
			}
			fmt.Fprintf(r.w, "legoenv build %s: %s%s\n", label, r.what[p.Name], count)
			if p.Total > 1 {
				r.lines = newProgressLines(r.w, "build "+p.Name, p.Total, r.every)
			}
			return
		}
		opts := []progressbar.Option{progressbar.OptionSetWriter(r.w), progressbar.OptionSetDescription(label + " " + r.what[p.Name]),
			progressbar.OptionClearOnFinish(), progressbar.OptionThrottle(100 * time.Millisecond)}
		max := -1 // a spinner: the amount of work is not known
		if p.Total > 0 {
			max = p.Total
			opts = append(opts, progressbar.OptionShowCount())
		}
		r.bar = progressbar.NewOptions(max, opts...)
	}
	r.done = p.Done
	if r.lines != nil {
		r.lines.set(p.Done, p.Total)
	}
	if r.bar != nil {
		if p.Total > 0 && int64(p.Total) != r.bar.GetMax64() {
			r.bar.ChangeMax(p.Total)
		}
		_ = r.bar.Set(p.Done)
	}
}

// label is "[i/n] name".
func (r *phaseReport) label(name string) string {
	for i, n := range r.order {
		if n == name {
			return fmt.Sprintf("[%d/%d] %s", i+1, len(r.order), name)
		}
	}
	return name
}

// end closes the phase in progress: its bar becomes a line with the time.
func (r *phaseReport) end() {
	if r.lines != nil {
		r.lines.finish()
		r.lines = nil
	}
	if r.cur == "" || !r.tty {
		return
	}
	if r.bar != nil {
		_ = r.bar.Finish()
		r.bar = nil
	}
	count := ""
	if r.done > 0 {
		count = fmt.Sprintf(", %d", r.done)
	}
	fmt.Fprintf(r.w, "%s: %s (%.1fs%s)\n", r.label(r.cur), r.what[r.cur], time.Since(r.start).Seconds(), count)
}

// interrupted says, after Ctrl-C, where the build stopped, what was kept
// and how to go on.
func (r *phaseReport) interrupted(out, db string, rounds int) {
	r.end()
	kept := "nothing was kept (no SQLite store: --db \"\" or --rounds 0); the same command starts over"
	if db != "" && rounds > 0 {
		kept = fmt.Sprintf("the verdicts of each finished verification and every accepted repair are kept in %s; the same command continues that run, replaying its accepted repairs instead of searching for them again", db)
	}
	fmt.Fprintf(r.w, "legoenv build: interrupted during %s after %.0f s; nothing was written to %s; %s\n",
		r.label(r.cur), time.Since(r.start).Seconds(), out, kept)
}
