package pipeline

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/evolve"
	"github.com/legoenv/legoenv/profile"
	"github.com/legoenv/legoenv/synth"
	"github.com/legoenv/legoenv/verify"
)

// Summary is what `legoenv build --json` prints.
type Summary struct {
	Apps          int            `json:"apps"`
	Families      int            `json:"families"`
	Envs          int            `json:"envs"`
	MultiAppShare float64        `json:"multi_app_share"`
	RuleShare     float64        `json:"rule_share"`
	Seconds       float64        `json:"seconds"`
	Rounds        []evolve.Round `json:"rounds"`
	Probes        ProbeStats     `json:"probes"`
}

// ProbeStats counts the discriminating check's wrong plans over the
// delivered environments (each lost reward, or the environment would not
// be delivered), and how many environments had an over-action probe.
type ProbeStats struct {
	ByKind         map[string]int `json:"by_kind"`
	OverActionEnvs int            `json:"over_action_envs"`
	Envs           int            `json:"envs"`
	// UnaskedEnvs counts the environments the instruction-ablation
	// self-check flags: cut to the names it mentions, the instruction
	// still grounds every value the goal checks (a verifier defect).
	UnaskedEnvs int `json:"unasked_envs"`
}

// probeStats tallies the delivered environments' probes.
func (b *Build) probeStats() ProbeStats {
	ps := ProbeStats{ByKind: map[string]int{}, Envs: len(b.Envs)}
	for _, e := range b.Envs {
		over := false
		for k, n := range e.Verdict.Probes {
			ps.ByKind[k] += n
			over = over || (verify.Probe{Kind: k}).IsOverAction()
		}
		if over {
			ps.OverActionEnvs++
		}
		if e.Verdict.Unasked {
			ps.UnaskedEnvs++
		}
	}
	return ps
}

// Summary returns the build's summary.
func (b *Build) Summary() Summary {
	sh := b.Shares()
	rounds := b.Report.Rounds
	if rounds == nil {
		rounds = []evolve.Round{}
	}
	return Summary{Apps: len(b.Corpus.Servers), Families: len(b.Corpus.Families), Envs: len(b.Envs),
		MultiAppShare: round4(sh.MultiApp), RuleShare: round4(sh.Rule), Seconds: round4(b.Seconds), Rounds: rounds, Probes: b.probeStats()}
}

func round4(f float64) float64 { return float64(int64(f*10000+0.5)) / 10000 }

// Report is report.json: the summary and the corpus's shape.
type Report struct {
	Summary
	Corpus     synth.Stats         `json:"corpus"`
	Duplicates int                 `json:"duplicates"`
	Holdout    []string            `json:"holdout_apps,omitempty"`
	Train      int                 `json:"train_envs,omitempty"`
	HoldoutN   int                 `json:"holdout_envs,omitempty"`
	AppsBy     map[string][]string `json:"families_apps"`
	ByFamily   map[string]int      `json:"envs_by_intent_family"`
	Profile    profile.Profile     `json:"profile"`
	Rewrite    *RewriteReport      `json:"rewrite,omitempty"`
	Coherence  CoherenceSummary    `json:"coherence"`
}

// FullReport returns report.json's content.
func (b *Build) FullReport() Report {
	r := Report{Summary: b.Summary(), Corpus: b.Corpus.Stats(), Duplicates: b.Duplicates, Holdout: b.Holdout, AppsBy: map[string][]string{}, ByFamily: map[string]int{}, Profile: b.Profile, Rewrite: b.Rewrite, Coherence: b.Coherence}
	for f, apps := range b.Corpus.Families {
		as := append([]string(nil), apps...)
		sort.Strings(as)
		r.AppsBy[f] = as
	}
	for _, e := range b.Envs {
		r.ByFamily[e.Family]++
		switch e.Split {
		case "train":
			r.Train++
		case "holdout":
			r.HoldoutN++
		}
	}
	return r
}

// Write writes the build into dir: envs.jsonl (and envs.train.jsonl,
// envs.holdout.jsonl when apps are held out), the evolved library under
// lib/, report.json and report.html. base is where the server atoms were
// read from (their files are copied unchanged), or nil. The files change
// together through an atom.Stage: a build killed while writing leaves the
// previous output (or none), never a mix.
func (b *Build) Write(dir string, base fs.FS) error {
	stage, err := atom.NewStage(dir)
	if err != nil {
		return fmt.Errorf("write build: %w", err)
	}
	if err := b.writeStaged(stage, base); err != nil {
		stage.Abort()
		return err
	}
	if err := stage.Commit(); err != nil {
		return fmt.Errorf("write build: %w", err)
	}
	return nil
}

func (b *Build) writeStaged(stage *atom.Stage, base fs.FS) error {
	if err := writeEnvs(stage.Path("envs.jsonl"), b.Envs, ""); err != nil {
		return err
	}
	stage.Move("envs.jsonl")
	for _, split := range []string{"train", "holdout"} {
		name := "envs." + split + ".jsonl"
		if len(b.Holdout) == 0 {
			stage.Remove(name)
			continue
		}
		if err := writeEnvs(stage.Path(name), b.Envs, split); err != nil {
			return err
		}
		stage.Move(name)
	}
	if _, err := atom.Write(b.Library, base, stage.Path("lib")); err != nil {
		return fmt.Errorf("write build: library: %w", err)
	}
	if err := writeOperations(b.Library, stage.Path("lib")); err != nil {
		return err
	}
	stage.Move("lib")
	if !b.Started.IsZero() {
		b.Seconds = time.Since(b.Started).Seconds()
	}
	rep := b.FullReport()
	js, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return fmt.Errorf("write build: report: %w", err)
	}
	if err := atom.WriteFileAtomic(stage.Path("report.json"), append(js, '\n')); err != nil {
		return fmt.Errorf("write build: %w", err)
	}
	stage.Move("report.json")
	if err := atom.WriteAtomic(stage.Path("report.html"), b.WriteHTML); err != nil {
		return fmt.Errorf("write build: %w", err)
	}
	stage.Move("report.html")
	return nil
}

func writeEnvs(path string, envs []EnvRecord, split string) error {
	err := atom.WriteAtomic(path, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		for _, e := range envs {
			if split != "" && e.Split != split {
				continue
			}
			if err := enc.Encode(e); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("write build: %w", err)
	}
	return nil
}

// topRepairs returns the accepted repairs of a round with the largest
// fan-out first.
func topRepairs(r evolve.Round, n int) []evolve.Repair {
	var out []evolve.Repair
	for _, rp := range r.Repairs {
		if rp.Accepted {
			out = append(out, rp)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Fixed > out[j].Fixed })
	if len(out) > n {
		out = out[:n]
	}
	return out
}

// probeLine renders the probe counts: kinds in the verifier's order, and
// the share of environments an over-action probe reached.
func probeLine(ps ProbeStats) string {
	var parts []string
	for _, k := range verify.ProbeKinds() {
		if n := ps.ByKind[k]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", k, n))
		}
	}
	share := 0.0
	if ps.Envs > 0 {
		share = float64(ps.OverActionEnvs) / float64(ps.Envs)
	}
	return fmt.Sprintf("%s (all lost reward); over-action probed in %d of %d environments (%s)", strings.Join(parts, ", "), ps.OverActionEnvs, ps.Envs, pct(share))
}

func pct(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) }

// WriteTable prints the summary table: the build's figures, each round
// with its top repairs, the profile, and the root causes.
func (b *Build) WriteTable(w io.Writer) error {
	s := b.Summary()
	if err := b.writeFigures(w, s); err != nil {
		return err
	}
	fmt.Fprintln(w)
	if err := writeRounds(w, s); err != nil {
		return err
	}
	if b.Profile.Envs > 0 {
		fmt.Fprintln(w, "\nprofile of the verified environments (legoenv profile)")
		if err := profile.WriteTable(w, b.Profile); err != nil {
			return err
		}
	}
	return writePareto(w, s)
}

// writeFigures prints the build's figures, one a line.
func (b *Build) writeFigures(w io.Writer, s Summary) error {
	st := b.Corpus.Stats()
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "apps\t%d\n", s.Apps)
	fmt.Fprintf(tw, "families\t%d\n", s.Families)
	fmt.Fprintf(tw, "atoms\t%d data, %d rules, %d intents\n", st.Data, st.Rules, st.Intents)
	fmt.Fprintf(tw, "environments\t%d synthesised, %d verified and unique (%d duplicates left out)\n", st.Recipes, s.Envs, b.Duplicates)
	fmt.Fprintf(tw, "multi-app share\t%s\n", pct(s.MultiAppShare))
	fmt.Fprintf(tw, "rule share\t%s\n", pct(s.RuleShare))
	if len(b.Holdout) > 0 {
		rep := b.FullReport()
		fmt.Fprintf(tw, "held-out apps\t%d (%s): %d train, %d holdout environments\n", len(b.Holdout), strings.Join(b.Holdout, ", "), rep.Train, rep.HoldoutN)
	}
	fmt.Fprintf(tw, "probes\t%s\n", probeLine(s.Probes))
	fmt.Fprintf(tw, "ablation self-check\t%d of %d environments still grounded by the instruction cut to its names (a verifier defect: asked and visible not told apart)\n", s.Probes.UnaskedEnvs, s.Probes.Envs)
	if b.Rewrite != nil {
		fmt.Fprintf(tw, "instructions rewritten\t%d (kept as written: %d lost a fact, %d rejected by verification, %d unverified either way, %d without an answer)\n",
			b.Rewrite.Rewritten, b.Rewrite.Kept, b.Rewrite.Rejected, b.Rewrite.Unverified, b.Rewrite.Failed)
	}
	fmt.Fprintf(tw, "coherence\t%d violations in %d records of %d data atoms ('legoenv coherence --lib OUT/lib' lists them)\n", b.Coherence.Violations, b.Coherence.Records, b.Coherence.Data)
	fmt.Fprintf(tw, "seconds\t%.1f\n", s.Seconds)
	return tw.Flush()
}

// writeRounds prints each round's figures, then its top repairs.
func writeRounds(w io.Writer, s Summary) error {
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "round\tenvironments\tverified before\tshare\tverified after\tshare\taccepted\trejected")
	for _, r := range s.Rounds {
		fmt.Fprintf(tw, "%d\t%d\t%d\t%s\t%d\t%s\t%d\t%d\n", r.Round, r.Total, r.VerifiedBefore, pct(r.ShareBefore), r.VerifiedAfter, pct(r.ShareAfter), r.Accepted, r.Rejected)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, r := range s.Rounds {
		top := topRepairs(r, 10)
		if len(top) == 0 {
			continue
		}
		fmt.Fprintf(w, "\ntop repairs of round %d (fan-out: environments fixed)\n", r.Round)
		tw = tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "atom\troot cause\tfixed\trepairer")
		for _, rp := range top {
			fmt.Fprintf(tw, "%s\t%s\t%d\t%s\n", rp.Atom, rp.RootCause, rp.Fixed, rp.Repairer)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// writePareto prints the root causes of the first round, most common
// first, beside their counts after the last.
func writePareto(w io.Writer, s Summary) error {
	if n := len(s.Rounds); n > 0 {
		first, last := s.Rounds[0], s.Rounds[n-1]
		fmt.Fprintln(w, "\nroot causes (Pareto)")
		tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "root cause\tbefore\tcumulative\tafter")
		after := map[verify.Code]int{}
		for _, p := range last.ParetoAfter {
			after[p.Code] = p.Count
		}
		seen := map[verify.Code]bool{}
		for _, p := range first.ParetoBefore {
			seen[p.Code] = true
			fmt.Fprintf(tw, "%s\t%d\t%s\t%d\n", p.Code, p.Count, pct(p.Cumulative), after[p.Code])
		}
		for _, p := range last.ParetoAfter {
			if !seen[p.Code] {
				fmt.Fprintf(tw, "%s\t0\t\t%d\n", p.Code, p.Count)
			}
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

var htmlReport = template.Must(template.New("report").Funcs(template.FuncMap{"pct": pct, "top": topRepairs}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>legoenv build report</title>
<style>
body{font-family:system-ui,sans-serif;margin:2em;max-width:72em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left}
th{background:#f3f3f3}td.n{text-align:right}
</style></head><body>
<h1>legoenv build</h1>
<table>
<tr><th>apps</th><td class="n">{{.S.Apps}}</td></tr>
<tr><th>families</th><td class="n">{{.S.Families}}</td></tr>
<tr><th>environments synthesised</th><td class="n">{{.C.Recipes}}</td></tr>
<tr><th>environments verified and unique</th><td class="n">{{.S.Envs}}</td></tr>
<tr><th>duplicates left out</th><td class="n">{{.R.Duplicates}}</td></tr>
<tr><th>multi-app share</th><td class="n">{{pct .S.MultiAppShare}}</td></tr>
<tr><th>rule share</th><td class="n">{{pct .S.RuleShare}}</td></tr>
<tr><th>atoms</th><td>{{.C.Data}} data, {{.C.Rules}} rules, {{.C.Intents}} intents</td></tr>
<tr><th>seconds</th><td class="n">{{printf "%.1f" .S.Seconds}}</td></tr>
{{if .R.Holdout}}<tr><th>held-out apps</th><td>{{range .R.Holdout}}{{.}} {{end}}({{.R.Train}} train, {{.R.HoldoutN}} holdout environments)</td></tr>{{end}}
</table>
<h2>Rounds</h2>
<table><tr><th>round</th><th>environments</th><th>verified before</th><th>share</th><th>verified after</th><th>share</th><th>accepted</th><th>rejected</th></tr>
{{range .S.Rounds}}<tr><td class="n">{{.Round}}</td><td class="n">{{.Total}}</td><td class="n">{{.VerifiedBefore}}</td><td class="n">{{pct .ShareBefore}}</td><td class="n">{{.VerifiedAfter}}</td><td class="n">{{pct .ShareAfter}}</td><td class="n">{{.Accepted}}</td><td class="n">{{.Rejected}}</td></tr>
{{end}}</table>
{{range .S.Rounds}}{{$top := top . 25}}{{if $top}}<h2>Top repairs of round {{.Round}}</h2>
<table><tr><th>atom</th><th>root cause</th><th>fixed (fan-out)</th><th>repairer</th><th>note</th></tr>
{{range $top}}<tr><td>{{.Atom}}</td><td>{{.RootCause}}</td><td class="n">{{.Fixed}}</td><td>{{.Repairer}}</td><td>{{.Reason}}</td></tr>
{{end}}</table>{{end}}
<h2>Root causes of round {{.Round}}</h2>
<table><tr><th>before</th><th>count</th><th>cumulative</th></tr>
{{range .ParetoBefore}}<tr><td>{{.Code}}</td><td class="n">{{.Count}}</td><td class="n">{{pct .Cumulative}}</td></tr>
{{end}}</table>
<table><tr><th>after</th><th>count</th><th>cumulative</th></tr>
{{range .ParetoAfter}}<tr><td>{{.Code}}</td><td class="n">{{.Count}}</td><td class="n">{{pct .Cumulative}}</td></tr>
{{end}}</table>
{{end}}
<h2>Environments by intent family</h2>
<table>{{range $k, $v := .R.ByFamily}}<tr><th>{{$k}}</th><td class="n">{{$v}}</td></tr>{{end}}</table>
<h2>Apps by family</h2>
<table>{{range $k, $v := .R.AppsBy}}<tr><th>{{$k}}</th><td>{{range $v}}{{.}} {{end}}</td></tr>{{end}}</table>
</body></html>
`))

// WriteHTML renders report.html.
func (b *Build) WriteHTML(w io.Writer) error {
	rep := b.FullReport()
	return htmlReport.Execute(w, map[string]any{"S": rep.Summary, "C": rep.Corpus, "R": rep})
}

// writeOperations writes the catalogues of the apps' operations beside
// the server atoms, so that evolving the written library repairs from them.
func writeOperations(lib *atom.Library, libDir string) error {
	// The base's catalogues were copied with it; only those of the apps
	// the library serves belong.
	dir := filepath.Join(libDir, "operations")
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("write build: %w", err)
	}
	apps := lib.OperationApps()
	if len(apps) == 0 {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("write build: %w", err)
	}
	for _, app := range apps {
		b, err := atom.MarshalOperations(app, lib.Operations(app))
		if err != nil {
			return fmt.Errorf("write build: operations of %s: %w", app, err)
		}
		if err := os.WriteFile(filepath.Join(dir, app+".yaml"), b, 0o644); err != nil {
			return fmt.Errorf("write build: %w", err)
		}
	}
	return nil
}
