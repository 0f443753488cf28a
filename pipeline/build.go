package pipeline

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/envfile"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/evolve"
	"github.com/legoenv/legoenv/internal/parallel"
	"github.com/legoenv/legoenv/profile"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/store"
	"github.com/legoenv/legoenv/synth"
	"github.com/legoenv/legoenv/verify"
)

// BuildOptions tune Build.
type BuildOptions struct {
	Synth  synth.Options
	Rounds int // evolution rounds; 0 verifies without evolving
	Jobs   int // verification workers; 0 = every CPU
	// Holdout names the apps kept out of training. HoldoutShare, when Holdout
	// is empty, keeps that share of the apps out, chosen with the seed.
	Holdout      []string
	HoldoutShare float64
	// Phase, when set, is told what the build does and how far it is: once
	// as each phase starts (Done 0), then as it goes. Total is 0 where the
	// amount of work is not known ahead (synthesis, the repairs of evolve).
	Phase func(Phase)
	// Store keeps the evolution's decisions as they are made, so that a
	// build that stops (a crash, a kill) resumes where it stopped when run
	// again with the same options; nil keeps nothing.
	Store *store.Store
	// Rewrite, when set, rewrites every instruction before verification
	// (an LLM pass); a rewrite that loses a fact, or with which an
	// environment of its intent no longer verifies, is not taken.
	Rewrite Rewriter
	// RewriteJobs bounds the rewrite requests in flight (default 8).
	RewriteJobs int
}

// Phase names a build phase and how far it is.
type Phase struct {
	Name        string // one of the Phase* constants
	Done, Total int
}

// The phases of Run, in order. Evolve is left out with Rounds 0.
const (
	PhaseSynthesise = "synthesise" // data, rule and intent atoms and recipes; Done counts recipes at the end
	PhaseVerify     = "verify"     // the first verification of every environment
	PhaseEvolve     = "evolve"     // repairs: Done counts the decisions taken
	PhaseCollect    = "collect"    // each verified environment once: Done counts environments
	PhaseCoherence  = "coherence"  // the coherence check of the built library's worlds; no count
)

// phases turns the callbacks of verification and evolution into Phase
// reports: verification progress belongs to PhaseVerify until every
// environment has its first verdict, and evolution's decisions after that.
type phases struct {
	report    func(Phase)
	evolve    bool // evolution follows the first verification
	verified  bool
	decisions int
}

func (p *phases) start(name string, total int) { p.emit(Phase{Name: name, Total: total}) }

func (p *phases) emit(ph Phase) {
	if p.report != nil {
		p.report(ph)
	}
}

func (p *phases) verifyProgress(done, total int) {
	if p.verified {
		return // re-verification inside evolve; its decisions tell its progress
	}
	p.emit(Phase{Name: PhaseVerify, Done: done, Total: total})
	if done == total {
		p.verified = true
		if p.evolve {
			p.start(PhaseEvolve, 0)
		}
	}
}

func (p *phases) decision(evolve.Decision) error {
	p.decisions++
	p.emit(Phase{Name: PhaseEvolve, Done: p.decisions})
	return nil
}

// Build is a built corpus: synthesised, verified, evolved.
type Build struct {
	Corpus   *synth.Corpus
	Library  *atom.Library    // the evolved library (the synthesised one with Rounds 0)
	Report   evolve.Report    // rounds; with Rounds 0 one round without repairs
	Verdicts []verify.Verdict // final, one per recipe of Library
	// Envs are the verified environments, each once: no two share a recipe
	// or an (instruction, initial state).
	Envs []EnvRecord
	// Duplicates counts verified environments left out because an earlier
	// one has the same recipe or the same instruction and initial state.
	Duplicates int
	Holdout    []string // apps kept out of training
	// Resumed: evolution found this library's interrupted run in the
	// store and continued it.
	Resumed bool
	// Profile measures the delivered environments (see package profile).
	Profile profile.Profile
	// Rewrite says what the instruction rewrite pass did (nil without one).
	Rewrite *RewriteReport
	// Seconds is how long the build took; Write brings it up to date from
	// Started, so that the reports count writing the files too.
	Seconds float64
	Started time.Time
	// Coherence is the coherence check of the built library's worlds.
	Coherence CoherenceSummary
	// index holds each kept environment's index entry, taken when
	// verification composed it (see Index).
	index map[string]envfile.Summary
}

// Index gives the index entries of recs (the records of the envs file
// Write wrote), in their order: those collect kept, and the others
// composed against the built library on jobs workers.
func (b *Build) Index(recs []envfile.Record, jobs int) []envfile.Summary {
	var missing []envfile.Record
	for _, r := range recs {
		if _, ok := b.index[r.ID]; !ok {
			missing = append(missing, r)
		}
	}
	composed := map[string]envfile.Summary{}
	for _, s := range envfile.ComposeSummaries(b.Library, missing, jobs, nil) {
		composed[s.ID] = s
	}
	out := make([]envfile.Summary, 0, len(recs))
	for _, r := range recs {
		if s, ok := b.index[r.ID]; ok {
			out = append(out, s)
		} else if s, ok := composed[r.ID]; ok {
			out = append(out, s)
		}
	}
	return out
}

// EnvRecord is one line of envs.jsonl.
type EnvRecord struct {
	ID       string         `json:"id"`
	Recipe   atom.Recipe    `json:"recipe"`
	Apps     []string       `json:"apps"`
	Intent   string         `json:"intent"`
	Family   string         `json:"family,omitempty"`
	Rules    int            `json:"rules"`
	Verified bool           `json:"verified"`
	Verdict  VerdictSummary `json:"verdict"`
	Split    string         `json:"split,omitempty"` // "train" or "holdout" when apps are held out
}

// VerdictSummary is the part of a verdict a user of envs.jsonl needs.
type VerdictSummary struct {
	Checks   map[string]string `json:"checks"`
	PlanFrom string            `json:"plan_from,omitempty"`
	Steps    int               `json:"plan_steps"`
	Probes   map[string]int    `json:"probes,omitempty"` // wrong plans tried, by kind; all lost reward
	// Unasked: the instruction-ablation self-check found the plan
	// grounded even by the instruction cut to its names (a verifier
	// defect, counted in the report).
	Unasked bool `json:"unasked,omitempty"`
}

// Run synthesises a corpus over the server atoms of servers, verifies it,
// evolves it for opt.Rounds rounds and returns the verified environments.
func Run(ctx context.Context, servers *atom.Library, opt BuildOptions) (*Build, error) {
	t0 := time.Now()
	ph := &phases{report: opt.Phase, evolve: opt.Rounds > 0}
	ph.start(PhaseSynthesise, 0)
	c, err := synth.Synthesize(servers, opt.Synth)
	if err != nil {
		return nil, err
	}
	var rw *RewriteReport
	if opt.Rewrite != nil {
		if rw, err = rewrite(ctx, c, opt); err != nil {
			return nil, err
		}
	}
	lib, err := c.Library()
	if err != nil {
		return nil, err
	}
	n := len(lib.Recipes())
	ph.emit(Phase{Name: PhaseSynthesise, Done: n, Total: n})
	ph.start(PhaseVerify, n)
	b := &Build{Corpus: c, Started: t0, Rewrite: rw}
	seen := &readings{}
	apps := map[string]bool{}
	for _, e := range c.Servers {
		apps[e.MustServer().AppName()] = true
	}
	for _, a := range opt.Holdout {
		if !apps[a] {
			return nil, fmt.Errorf("holdout: no app %q in the corpus", a)
		}
	}
	if opt.Rounds > 0 {
		res, err := evolve.Run(ctx, lib, evolve.Options{Rounds: opt.Rounds, Jobs: opt.Jobs, Library: "builtin", Store: opt.Store,
			Progress: ph.verifyProgress, OnDecision: ph.decision, Verified: seen.take})
		if err != nil {
			return nil, fmt.Errorf("evolve: %w", err)
		}
		b.Library, b.Report, b.Verdicts, b.Resumed = res.Library, res.Report, res.Verdicts, res.Resumed
	} else {
		vs := verify.VerifyAll(ctx, lib, lib.Recipes(), verify.Options{Jobs: opt.Jobs, Progress: ph.verifyProgress, Verified: seen.take})
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		sum := verify.Summarize(vs)
		b.Library, b.Verdicts = lib, vs
		pareto := make([]evolve.ParetoRow, len(sum.Pareto))
		for i, r := range sum.Pareto {
			pareto[i] = evolve.ParetoRow{Code: r.Code, Count: r.Count, Share: r.Share, Cumulative: r.Cumulative}
		}
		b.Report = evolve.Report{Rounds: []evolve.Round{{Round: 0, Total: sum.Total, VerifiedBefore: sum.Verified, VerifiedAfter: sum.Verified,
			ShareBefore: sum.Share, ShareAfter: sum.Share, ParetoBefore: pareto, ParetoAfter: pareto, Complete: true,
			Repairs: []evolve.Repair{}, Skipped: []evolve.Skip{}}}}
	}
	if err := b.collect(ctx, opt.Jobs, ph, seen); err != nil {
		return nil, err
	}
	b.Holdout = holdoutApps(c, opt)
	if len(b.Holdout) > 0 {
		out := map[string]bool{}
		for _, a := range b.Holdout {
			out[a] = true
		}
		for i := range b.Envs {
			b.Envs[i].Split = "train"
			for _, a := range b.Envs[i].Apps {
				if out[a] {
					b.Envs[i].Split = "holdout"
				}
			}
		}
	}
	ph.start(PhaseCoherence, 0)
	b.Coherence = coherenceOf(b.Library)
	b.Seconds = time.Since(t0).Seconds()
	return b, nil
}

// reading is what collect needs of a verified environment: its
// fingerprint, its profile measure and its family.
type reading struct {
	print   string
	measure profile.Env
	family  string
	index   envfile.Summary
	err     error
}

// readEnv takes the reading of a composed environment whose plan has
// planLen calls.
func readEnv(env *episode.Env, planLen int) reading {
	var r reading
	r.print, r.err = Fingerprint(env)
	r.measure = profile.Measure(env, planLen)
	r.index = envfile.Summarize(env)
	if in, ok := env.Intent.Intent(); ok {
		r.family = in.Family
	}
	return r
}

// readings keeps the readings verification takes while each environment
// is composed (verify.Options.Verified), by environment id, so collect
// does not compose the corpus a second time.
type readings struct {
	mu sync.Mutex
	m  map[string]reading
}

func (rs *readings) take(env *episode.Env, v verify.Verdict) {
	r := readEnv(env, len(v.Plan))
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if rs.m == nil {
		rs.m = map[string]reading{}
	}
	rs.m[v.EnvID] = r
}

func (rs *readings) get(id string) (reading, bool) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	r, ok := rs.m[id]
	return r, ok
}

// collect keeps the verified environments, each once. An environment
// verification did not read (one whose verdict came from the store of a
// resumed run) is composed again here.
func (b *Build) collect(ctx context.Context, jobs int, ph *phases, seen *readings) error {
	var idx []int
	for i, v := range b.Verdicts {
		if v.Verified {
			idx = append(idx, i)
		}
	}
	ph.start(PhaseCollect, len(idx))
	read := make([]reading, len(idx))
	parallel.For(ctx, len(idx), jobs, func(j int) {
		v := b.Verdicts[idx[j]]
		if r, ok := seen.get(v.EnvID); ok {
			read[j] = r
			return
		}
		env, err := episode.Compose(b.Library, v.Recipe, episode.Options{})
		if err != nil {
			read[j] = reading{err: err}
			return
		}
		read[j] = readEnv(env, len(v.Plan))
	}, func(done, total int) {
		if done%256 == 0 {
			ph.emit(Phase{Name: PhaseCollect, Done: done, Total: total})
		}
	})
	if err := ctx.Err(); err != nil {
		return err
	}
	ph.emit(Phase{Name: PhaseCollect, Done: len(idx), Total: len(idx)})
	seenID := map[string]bool{}
	seenPrint := map[string]bool{}
	b.index = map[string]envfile.Summary{}
	var kept []profile.Env
	apps := map[string]bool{}
	for j, i := range idx {
		v := b.Verdicts[i]
		if read[j].err != nil {
			return fmt.Errorf("verified environment %s does not compose again: %w", v.EnvID, read[j].err)
		}
		if seenID[v.EnvID] || seenPrint[read[j].print] {
			b.Duplicates++
			continue
		}
		seenID[v.EnvID], seenPrint[read[j].print] = true, true
		kept = append(kept, read[j].measure)
		b.index[v.EnvID] = read[j].index
		for _, a := range v.Apps {
			apps[a] = true
		}
		sum := VerdictSummary{Checks: map[string]string{}, PlanFrom: v.PlanFrom, Steps: len(v.Plan), Probes: v.Probes, Unasked: v.Unasked}
		for _, c := range v.Checks {
			sum.Checks[c.Name] = c.Status
		}
		b.Envs = append(b.Envs, EnvRecord{ID: v.EnvID, Recipe: v.Recipe, Apps: v.Apps, Intent: v.Intent, Family: read[j].family,
			Rules: len(v.Recipe.Rules), Verified: true, Verdict: sum})
	}
	b.Profile = profile.Summarize("built", kept, len(apps))
	return nil
}

// Fingerprint identifies what an agent meets in an environment: the
// instruction and the initial state (records and clock).
func Fingerprint(env *episode.Env) (string, error) {
	w, err := env.World(env.Recipe.Seed)
	if err != nil {
		return "", err
	}
	return state.HashValue([]any{env.Instruction, w.Clock.Format(time.RFC3339), state.New(w).Hash()}), nil
}

// holdoutApps resolves the apps kept out of training.
func holdoutApps(c *synth.Corpus, opt BuildOptions) []string {
	if len(opt.Holdout) > 0 {
		out := append([]string(nil), opt.Holdout...)
		sort.Strings(out)
		return out
	}
	if opt.HoldoutShare <= 0 {
		return nil
	}
	var apps []string
	for _, e := range c.Servers {
		apps = append(apps, e.MustServer().AppName())
	}
	sort.Strings(apps)
	rng := synth.RandFor(opt.Synth.Seed, "holdout")
	rng.Shuffle(len(apps), func(i, j int) { apps[i], apps[j] = apps[j], apps[i] })
	n := int(math.Round(opt.HoldoutShare * float64(len(apps))))
	if n < 1 {
		n = 1
	}
	if n > len(apps) {
		n = len(apps)
	}
	out := apps[:n]
	sort.Strings(out)
	return out
}

// ParseHoldout reads --holdout-apps: a share ("0.1") or a comma-separated
// list of app names.
func ParseHoldout(s string) (apps []string, share float64, err error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, 0, nil
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		if !(f > 0 && f < 1) {
			return nil, 0, fmt.Errorf("holdout share %v must be between 0 and 1 (exclusive)", f)
		}
		return nil, f, nil
	}
	for _, a := range strings.Split(s, ",") {
		if a = strings.TrimSpace(a); a != "" {
			apps = append(apps, a)
		}
	}
	return apps, 0, nil
}

// Shares are the corpus's shape over the environments a build delivers.
type Shares struct {
	MultiApp float64 `json:"multi_app_share"`
	Rule     float64 `json:"rule_share"`
}

// Shares computes the multi-app and rule shares of the delivered
// environments.
func (b *Build) Shares() Shares {
	var s Shares
	if len(b.Envs) == 0 {
		return s
	}
	for _, e := range b.Envs {
		if len(e.Apps) > 1 {
			s.MultiApp++
		}
		if e.Rules > 0 {
			s.Rule++
		}
	}
	s.MultiApp /= float64(len(b.Envs))
	s.Rule /= float64(len(b.Envs))
	return s
}

// CoherenceSummary is the coherence check's count in a build's report.
type CoherenceSummary struct {
	Data       int            `json:"data"`
	Records    int            `json:"records"`
	Violations int            `json:"violations"`
	ByRule     map[string]int `json:"by_rule"`
	// Text is, per text role, how often its most common sentence recurs.
	Text []coherence.TextShare `json:"text,omitempty"`
}

func coherenceOf(lib *atom.Library) CoherenceSummary {
	rep := coherence.Check(lib)
	return CoherenceSummary{Data: rep.Data, Records: rep.Records, Violations: len(rep.Violations), ByRule: rep.ByRule, Text: rep.Text}
}
