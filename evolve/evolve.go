// Package evolve repairs the atom at fault and carries the fix to every
// environment that shares it: rounds of verify, group, repair, re-verify, gate.
//
// A round is a reconcile loop. It verifies every environment, groups the
// failures by (root cause, blamed atom), takes the group that blocks the most
// environments, asks a repairer for a new version of the atom, re-verifies
// every environment that uses the atom, and accepts the version only if it
// fixes at least one and breaks none that was verified. Each decision is
// stored as it is made, so a round that stops half-way resumes where it
// stopped: accepted repairs are replayed, decided groups are not tried again.
package evolve

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"sync"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/store"
	"github.com/legoenv/legoenv/verify"
)

// VerifyFunc verifies recipes against a library and returns one verdict per
// recipe, in order. It must be deterministic: a recipe whose pinned atoms
// are the same gets the same verdict.
type VerifyFunc func(ctx context.Context, lib *atom.Library, rs []atom.Recipe) []verify.Verdict

// Options tune Run.
type Options struct {
	Rounds    int          // rounds at most; 0 means 1. A round that accepts nothing ends the run.
	Repairers []Repairer   // tried in order for each group; nil means DefaultRepairers()
	Verify    VerifyFunc   // nil means verify.VerifyAll with Jobs workers
	Jobs      int          // verification workers for the default Verify; 0 = every CPU
	Store     *store.Store // where progress is kept; nil keeps it in memory (no resume)
	Fresh     bool         // start a new run even if the store has one for this library
	Library   string       // the library's name or directory, recorded with the run
	Now       func() time.Time
	// Progress is called as the first verification of a round goes (with
	// the default Verify).
	Progress func(done, total int)
	// OnDecision is called after each decision is stored. An error stops
	// the run there, as a crash would (tests use it; so can a UI).
	OnDecision func(Decision) error
	// Verified is passed to the default Verify (verify.Options.Verified).
	Verified func(env *episode.Env, v verify.Verdict)
}

// Decision statuses.
const (
	Accepted = store.Accepted
	Rejected = store.Rejected
	Skipped  = store.Skipped
)

// Decision is what a round did with one group and one repairer.
type Decision struct {
	Round      int             `json:"round"`
	Group      string          `json:"group"` // "root.cause kind/id@version"
	Code       verify.Code     `json:"root_cause"`
	Atom       verify.AtomRef  `json:"atom"`    // the atom repaired, at the version repaired
	Version    string          `json:"version"` // the version proposed; "" when skipped
	Repairer   string          `json:"repairer"`
	Status     string          `json:"status"`
	Blocked    int             `json:"blocked"` // environments the group held back
	Fixed      int             `json:"fixed"`
	Broken     int             `json:"broken"`
	FixedEnvs  []string        `json:"fixed_envs,omitempty"`
	BrokenEnvs []string        `json:"broken_envs,omitempty"`
	Reason     string          `json:"reason"`
	Proposal   json.RawMessage `json:"proposal,omitempty"` // the accepted atom, lineage included
}

// Result is what Run returns.
type Result struct {
	Report   Report
	Library  *atom.Library    // the evolved library: new versions are heads, earlier ones stay; recipes moved
	Verdicts []verify.Verdict // the final verdicts, one per recipe
	RunID    int64            // the run in the store (0 without one)
	Resumed  bool             // the run was found in the store and continued
}

// Run evolves lib for up to opt.Rounds rounds. lib is not changed. On an
// error (ctx cancelled, a store failure) the Result holds what was done so
// far; with a store, running again with the same library resumes.
func Run(ctx context.Context, lib *atom.Library, opt Options) (*Result, error) {
	e, err := newEngine(lib, opt)
	if err != nil {
		return nil, err
	}
	err = e.run(ctx)
	e.lib.SetRecipes(e.recipes)
	return &Result{Report: e.report(), Library: e.lib, Verdicts: e.cur, RunID: e.runID, Resumed: e.resumed}, err
}

type roundRecord struct {
	round          int
	total          int
	verifiedBefore int
	shareBefore    float64
	paretoBefore   []ParetoRow
	done           bool
	verifiedAfter  int
	shareAfter     float64
	paretoAfter    []ParetoRow
}

type engine struct {
	opt     Options
	lib     *atom.Library
	recipes []atom.Recipe
	users   map[string][]int // "kind/id@version" -> recipes that compose with it
	cache   map[string]verify.Verdict
	cur     []verify.Verdict

	key       string
	runID     int64
	resumed   bool
	decisions []Decision
	rounds    []*roundRecord
}

func newEngine(lib *atom.Library, opt Options) (*engine, error) {
	if lib == nil {
		return nil, errors.New("evolve: nil library")
	}
	if opt.Rounds <= 0 {
		opt.Rounds = 1
	}
	if opt.Repairers == nil {
		opt.Repairers = DefaultRepairers()
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	names := map[string]bool{}
	for _, r := range opt.Repairers {
		if names[r.Name()] {
			return nil, fmt.Errorf("evolve: two repairers named %q", r.Name())
		}
		names[r.Name()] = true
	}
	e := &engine{opt: opt, lib: lib.Clone(), cache: map[string]verify.Verdict{}}
	for _, r := range lib.Recipes() {
		e.recipes = append(e.recipes, copyRecipe(r))
	}
	e.key = runKey(e.lib, e.recipes, opt.Repairers)
	e.index()
	return e, nil
}

func copyRecipe(r atom.Recipe) atom.Recipe {
	out := r
	out.Servers = append([]atom.Pin(nil), r.Servers...)
	out.Rules = append([]atom.Pin(nil), r.Rules...)
	if r.Servers == nil {
		out.Servers = nil
	}
	if r.Rules == nil {
		out.Rules = nil
	}
	return out
}

// runKey identifies a run by what it starts from: every atom version, the
// recipes and the repairers. The same key resumes the same run.
func runKey(lib *atom.Library, rs []atom.Recipe, reps []Repairer) string {
	h := sha256.New()
	for _, k := range atom.Kinds() {
		versions := lib.VersionsOf(k)
		for _, head := range lib.Heads(k) {
			for _, v := range versions[head.ID] {
				fmt.Fprintln(h, v.Ref(), v.Head)
			}
		}
	}
	b, _ := json.Marshal(rs)
	h.Write(b)
	for _, r := range reps {
		fmt.Fprintln(h, "repairer", r.Name())
	}
	fmt.Fprintln(h, "code", codeVersion())
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// codeVersion identifies the running program: a run recorded by another
// build (another verifier, other repairers) is not resumed, since its
// verdicts need not be this build's.
var codeVersion = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return "unknown"
	}
	f, err := os.Open(exe)
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "unknown"
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
})

func refKey(k atom.Kind, id, ver string) string { return string(k) + "/" + id + "@" + ver }

// index maps each atom version to the recipes that compose with it.
func (e *engine) index() {
	e.users = map[string][]int{}
	for i, r := range e.recipes {
		for _, u := range uses(e.lib, r) {
			k := refKey(u.Kind, u.ID, u.Version)
			e.users[k] = append(e.users[k], i)
		}
	}
}

func (e *engine) run(ctx context.Context) error {
	if err := e.start(ctx); err != nil {
		return err
	}
	for round := 1; round <= e.opt.Rounds; round++ {
		if rec := e.roundRecord(round); rec != nil && rec.done {
			if e.accepted(round) == 0 {
				break
			}
			continue
		}
		if err := e.playRound(ctx, round); err != nil {
			return err
		}
		if e.accepted(round) == 0 {
			break
		}
	}
	if e.cur == nil {
		vs, err := e.verify(ctx, e.lib, e.recipes, allIndices(len(e.recipes)), e.opt.Progress)
		if err != nil {
			return err
		}
		e.cur = vs
	}
	if e.opt.Store != nil {
		if err := e.opt.Store.FinishRun(ctx, e.runID, e.opt.Now()); err != nil {
			return err
		}
	}
	return nil
}

// start finds or creates the run and replays what it already decided.
func (e *engine) start(ctx context.Context) error {
	st := e.opt.Store
	if st == nil {
		return nil
	}
	var run store.Run
	var err error
	if e.opt.Fresh {
		run, err = st.NewRun(ctx, e.key, e.opt.Library, e.opt.Rounds, e.opt.Now())
	} else {
		run, e.resumed, err = st.StartRun(ctx, e.key, e.opt.Library, e.opt.Rounds, e.opt.Now())
	}
	if err != nil {
		return err
	}
	e.runID = run.ID
	if !e.resumed {
		return nil
	}
	rounds, err := st.Rounds(ctx, run.ID)
	if err != nil {
		return err
	}
	for _, r := range rounds {
		rec, err := roundFromStore(r)
		if err != nil {
			return err
		}
		e.rounds = append(e.rounds, rec)
	}
	reps, err := st.Repairs(ctx, run.ID)
	if err != nil {
		return err
	}
	// Replay round by round. The verdicts stored at each round's start and
	// end fill the cache while the library is in the state they were made
	// in, so that the resumed round verifies only what changed since.
	next := 0
	for _, rec := range e.rounds {
		if err := e.seedCache(ctx, rec.round, store.PhaseBefore); err != nil {
			return err
		}
		for ; next < len(reps) && reps[next].Round <= rec.round; next++ {
			if err := e.replay(reps[next]); err != nil {
				return err
			}
		}
		if rec.done {
			if err := e.seedCache(ctx, rec.round, store.PhaseAfter); err != nil {
				return err
			}
		}
	}
	for ; next < len(reps); next++ {
		if err := e.replay(reps[next]); err != nil {
			return err
		}
	}
	return nil
}

func (e *engine) replay(r store.Repair) error {
	d := decisionFromStore(r)
	e.decisions = append(e.decisions, d)
	if d.Status != Accepted {
		return nil
	}
	if err := e.apply(d); err != nil {
		return fmt.Errorf("replay round %d repair of %s: %w", d.Round, d.Atom, err)
	}
	return nil
}

// seedCache puts a stored phase's verdicts into the cache, keyed by what
// the recipes compose to in the library as it stands now.
func (e *engine) seedCache(ctx context.Context, round int, phase string) error {
	vs, err := e.opt.Store.Verdicts(ctx, e.runID, round, phase)
	if err != nil {
		return err
	}
	if len(vs) != len(e.recipes) {
		return nil // not this library's recipes: verify afresh
	}
	for _, sv := range vs {
		var v verify.Verdict
		if sv.Env < 0 || sv.Env >= len(e.recipes) || json.Unmarshal(sv.JSON, &v) != nil {
			continue
		}
		r := e.recipes[sv.Env]
		e.cache[contentKey(e.lib, r)+r.Hash()] = v
	}
	return nil
}

func (e *engine) roundRecord(round int) *roundRecord {
	for _, r := range e.rounds {
		if r.round == round {
			return r
		}
	}
	return nil
}

func (e *engine) accepted(round int) int {
	n := 0
	for _, d := range e.decisions {
		if d.Round == round && d.Status == Accepted {
			n++
		}
	}
	return n
}

func allIndices(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// verify returns the verdicts of rs[idx...] in lib, verifying only what the
// cache does not hold. The cache is keyed by what a recipe composes to, so
// an environment whose atoms did not change is never verified twice.
func (e *engine) verify(ctx context.Context, lib *atom.Library, rs []atom.Recipe, idx []int, progress func(done, total int)) ([]verify.Verdict, error) {
	out := make([]verify.Verdict, len(idx))
	keys := make([]string, len(idx))
	var missRecipes []atom.Recipe
	var missAt []int
	for j, i := range idx {
		keys[j] = contentKey(lib, rs[i]) + rs[i].Hash()
		if v, ok := e.cache[keys[j]]; ok {
			out[j] = v
			continue
		}
		missRecipes = append(missRecipes, rs[i])
		missAt = append(missAt, j)
	}
	if len(missRecipes) > 0 {
		verifyFn := e.opt.Verify
		if verifyFn == nil {
			verifyFn = func(ctx context.Context, lib *atom.Library, rs []atom.Recipe) []verify.Verdict {
				return verify.VerifyAll(ctx, lib, rs, verify.Options{Jobs: e.opt.Jobs, Progress: progress, Verified: e.opt.Verified})
			}
		}
		vs := verifyFn(ctx, lib, missRecipes)
		if err := ctx.Err(); err != nil {
			return nil, err // verdicts cut short prove nothing
		}
		if len(vs) != len(missRecipes) {
			return nil, fmt.Errorf("evolve: verifier returned %d verdicts for %d recipes", len(vs), len(missRecipes))
		}
		for k, j := range missAt {
			out[j] = vs[k]
			e.cache[keys[j]] = vs[k]
		}
	}
	return out, nil
}

func (e *engine) playRound(ctx context.Context, round int) error {
	cur, err := e.verify(ctx, e.lib, e.recipes, allIndices(len(e.recipes)), e.opt.Progress)
	if err != nil {
		return err
	}
	e.cur = cur
	rec := e.roundRecord(round)
	if rec == nil {
		sum := verify.Summarize(cur)
		rec = &roundRecord{round: round, total: sum.Total, verifiedBefore: sum.Verified, shareBefore: sum.Share, paretoBefore: paretoOf(sum)}
		if st := e.opt.Store; st != nil {
			pb, _ := json.Marshal(rec.paretoBefore)
			got, err := st.BeginRound(ctx, store.Round{RunID: e.runID, Round: round, Total: rec.total, VerifiedBefore: rec.verifiedBefore,
				ShareBefore: rec.shareBefore, ParetoBefore: pb, StartedAt: e.opt.Now()}, storeVerdicts(cur))
			if err != nil {
				return err
			}
			rec.total, rec.verifiedBefore, rec.shareBefore = got.Total, got.VerifiedBefore, got.ShareBefore
			if err := json.Unmarshal(got.ParetoBefore, &rec.paretoBefore); err != nil {
				return fmt.Errorf("stored round %d: %w", round, err)
			}
		}
		e.rounds = append(e.rounds, rec)
	}
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		g := e.nextGroup(round)
		if g == nil {
			break
		}
		if err := e.handle(ctx, round, g); err != nil {
			return err
		}
	}
	sum := verify.Summarize(e.cur)
	rec.done, rec.verifiedAfter, rec.shareAfter, rec.paretoAfter = true, sum.Verified, sum.Share, paretoOf(sum)
	if st := e.opt.Store; st != nil {
		pa, _ := json.Marshal(rec.paretoAfter)
		if err := st.EndRound(ctx, store.Round{RunID: e.runID, Round: round, VerifiedAfter: rec.verifiedAfter, ShareAfter: rec.shareAfter,
			ParetoAfter: pa, FinishedAt: e.opt.Now()}, storeVerdicts(e.cur)); err != nil {
			return err
		}
	}
	return nil
}

func nonNilPareto(p []ParetoRow) []ParetoRow {
	if p == nil {
		return []ParetoRow{}
	}
	return p
}

func storeVerdicts(vs []verify.Verdict) []store.Verdict {
	out := make([]store.Verdict, len(vs))
	for i, v := range vs {
		b, _ := json.Marshal(v)
		sv := store.Verdict{Env: i, EnvID: v.EnvID, Verified: v.Verified, JSON: b}
		if v.RootCause != nil {
			sv.Code, sv.Atom = string(v.RootCause.Code), v.RootCause.Atom.String()
		}
		out[i] = sv
	}
	return out
}

// group is the failures that share a root cause and a blamed atom version.
type group struct {
	key  string
	code verify.Code
	atom verify.AtomRef
	envs []int
}

// groups ranks the current failures: the group blocking most environments
// first, ties by key so that every run takes the same order.
func (e *engine) groups() []*group {
	by := map[string]*group{}
	for i, v := range e.cur {
		if v.Verified || v.RootCause == nil {
			continue
		}
		rc := v.RootCause
		k := string(rc.Code) + " " + rc.Atom.String()
		g := by[k]
		if g == nil {
			g = &group{key: k, code: rc.Code, atom: rc.Atom}
			by[k] = g
		}
		g.envs = append(g.envs, i)
	}
	out := make([]*group, 0, len(by))
	for _, g := range by {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool {
		if len(out[i].envs) != len(out[j].envs) {
			return len(out[i].envs) > len(out[j].envs)
		}
		return out[i].key < out[j].key
	})
	return out
}

// nextGroup is the highest-ranked group this round has not settled: none of
// its proposals accepted, and a repairer left that has not tried it.
func (e *engine) nextGroup(round int) *group {
	for _, g := range e.groups() {
		if !e.settled(round, g) {
			return g
		}
	}
	return nil
}

func (e *engine) settled(round int, g *group) bool {
	tried := map[string]bool{}
	for _, d := range e.decisions {
		if d.Round != round || d.Group != g.key {
			continue
		}
		if d.Status == Accepted || d.Repairer == "" {
			return true
		}
		tried[d.Repairer] = true
	}
	if !e.anyHandles(g.code) {
		return false // handle records that no repairer applies
	}
	for _, r := range e.opt.Repairers {
		if r.Handles(g.code) && !tried[r.Name()] {
			return false
		}
	}
	return true
}

func (e *engine) anyHandles(code verify.Code) bool {
	for _, r := range e.opt.Repairers {
		if r.Handles(code) {
			return true
		}
	}
	return false
}

// handle tries the repairers on one group until one is accepted.
func (e *engine) handle(ctx context.Context, round int, g *group) error {
	base := Decision{Round: round, Group: g.key, Code: g.code, Atom: g.atom, Blocked: len(g.envs)}
	head := e.lib.Head(g.atom.Kind, g.atom.ID)
	switch {
	case head == nil:
		d := base
		d.Status, d.Reason = Skipped, fmt.Sprintf("the library has no %s atom %q", g.atom.Kind, g.atom.ID)
		return e.decide(ctx, d, nil)
	case g.atom.Version != "" && g.atom.Version != head.Version:
		d := base
		d.Status, d.Reason = Skipped, fmt.Sprintf("the environments pin version %s; only the head %s is evolved", g.atom.Version, head.Version)
		return e.decide(ctx, d, nil)
	case atom.IsFrozen(head.Atom) && g.code != verify.VerifierNotDiscriminating:
		d := base
		d.Status, d.Reason = Skipped, fmt.Sprintf("%s %s is frozen (ground truth from outside legoenv): the fault is reported, not repaired", g.atom.Kind, g.atom.ID)
		return e.decide(ctx, d, nil)
	case !e.anyHandles(g.code):
		d := base
		d.Status, d.Reason = Skipped, "no repairer for "+string(g.code)
		return e.decide(ctx, d, nil)
	}
	base.Atom.Version = head.Version
	tried := map[string]bool{}
	for _, d := range e.decisions {
		if d.Round == round && d.Group == g.key {
			tried[d.Repairer] = true
		}
	}
	failures := make([]verify.Verdict, len(g.envs))
	for i, j := range g.envs {
		failures[i] = e.cur[j]
	}
	users := e.users[refKey(head.Kind, head.ID, head.Version)]
	userRecipes := make([]atom.Recipe, len(users))
	for i, j := range users {
		userRecipes[i] = e.recipes[j]
	}
	for _, rep := range e.opt.Repairers {
		if !rep.Handles(g.code) || tried[rep.Name()] {
			continue
		}
		d := base
		d.Repairer = rep.Name()
		req := Request{Round: round, Code: g.code, Atom: head, Lib: e.lib, Failures: failures, Users: userRecipes}
		prop, err := rep.Propose(ctx, req)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err == nil && atom.IsFrozen(head.Atom) {
			err = onlyStrengthens(head.Atom, prop.Atom)
		}
		if err != nil {
			d.Status, d.Reason = Skipped, err.Error()
			if err := e.decide(ctx, d, nil); err != nil {
				return err
			}
			continue
		}
		d, after, err := e.gate(ctx, d, head, prop, users)
		if err != nil {
			return err
		}
		if err := e.decide(ctx, d, after); err != nil {
			return err
		}
		if d.Status == Accepted {
			return nil
		}
	}
	return nil
}

// onlyStrengthens admits a new version of a frozen intent (ground truth
// from outside legoenv) only when it keeps the intent as it was and adds
// negative assertions after its goal: a weak goal that lets an over-action
// keep full reward is made to say what must not change, while every
// assertion the source wrote stays as written.
func onlyStrengthens(old, prop any) error {
	oi, ok1 := old.(*atom.Intent)
	ni, ok2 := prop.(*atom.Intent)
	if !ok1 || !ok2 {
		return fmt.Errorf("a frozen atom is only strengthened (an intent given negative assertions)")
	}
	if len(ni.Goal) <= len(oi.Goal) {
		return fmt.Errorf("intent %s is frozen: only added negative assertions are accepted, and the proposal adds none", oi.ID)
	}
	for _, a := range ni.Goal[len(oi.Goal):] {
		if !a.IsNegative() {
			return fmt.Errorf("intent %s is frozen: the proposal adds a positive assertion (%s)", oi.ID, a.String())
		}
	}
	kept := *ni
	kept.Goal = ni.Goal[:len(oi.Goal)]
	a, _ := json.Marshal(oi)
	b, _ := json.Marshal(&kept)
	if string(a) != string(b) {
		return fmt.Errorf("intent %s is frozen: the proposal changes what the source wrote, not only adds to its goal", oi.ID)
	}
	return nil
}

// gate re-verifies every user of the atom with the proposal in place and
// decides. after holds the users' new verdicts.
func (e *engine) gate(ctx context.Context, d Decision, head *atom.Entry, prop Proposal, users []int) (Decision, map[int]verify.Verdict, error) {
	cand, ver, why := e.candidate(head, prop)
	d.Version = ver
	if why != "" {
		d.Status, d.Reason = Rejected, why
		return d, nil, nil
	}
	rs := make([]atom.Recipe, len(e.recipes))
	copy(rs, e.recipes)
	for _, i := range users {
		rs[i] = movePins(rs[i], head.Kind, head.ID, head.Version, ver)
	}
	vs, err := e.verify(ctx, cand, rs, users, nil)
	if err != nil {
		return d, nil, err
	}
	if why, err := e.weakens(ctx, head, prop, cand, rs, users); err != nil {
		return d, nil, err
	} else if why != "" {
		d.Status, d.Reason = Rejected, why
		return d, nil, nil
	}
	after, stillFailing := e.tally(&d, users, vs)
	if err := e.judge(&d, head, prop, len(users), stillFailing); err != nil {
		return d, nil, err
	}
	return d, after, nil
}

// candidate puts the proposal into a clone of the library as the head of
// its atom. It returns the clone and the proposal's version, or why the
// proposal is refused before anything is verified.
func (e *engine) candidate(head *atom.Entry, prop Proposal) (*atom.Library, string, string) {
	k, id := atom.KindOf(prop.Atom)
	if k != head.Kind || id != head.ID {
		return nil, "", fmt.Sprintf("the proposal is %s %q, not %s %q", k, id, head.Kind, head.ID)
	}
	ver, err := atom.Version(prop.Atom)
	if err != nil {
		return nil, "", fmt.Sprintf("the proposal has no version: %v", err)
	}
	if ver == head.Version {
		return nil, ver, "the proposal does not change the atom"
	}
	cand := e.lib.Clone()
	ent, err := cand.Put(prop.Atom, head.File, true)
	if err != nil {
		return nil, ver, fmt.Sprintf("the proposal does not go into the library: %v", err)
	}
	if ds := atom.ValidateEntry(ent); ds.HasErrors() {
		return nil, ver, fmt.Sprintf("the proposal is not a valid atom: %v", ds.Err())
	}
	return cand, ver, ""
}

// tally counts the users the proposal fixes and breaks into d, and returns
// their new verdicts and the cause of the first that still fails.
func (e *engine) tally(d *Decision, users []int, vs []verify.Verdict) (map[int]verify.Verdict, string) {
	after := map[int]verify.Verdict{}
	var stillFailing string
	for j, i := range users {
		before, now := e.cur[i], vs[j]
		after[i] = now
		switch {
		case !before.Verified && now.Verified:
			d.Fixed++
			d.FixedEnvs = append(d.FixedEnvs, now.EnvID)
		case before.Verified && !now.Verified:
			d.Broken++
			d.BrokenEnvs = append(d.BrokenEnvs, before.EnvID+" ("+causeOf(now)+")")
		case !now.Verified && stillFailing == "":
			stillFailing = causeOf(now)
		}
	}
	return after, stillFailing
}

// judge accepts a proposal that fixes some of its n users and breaks none,
// recording its lineage, and rejects any other.
func (e *engine) judge(d *Decision, head *atom.Entry, prop Proposal, n int, stillFailing string) error {
	switch {
	case d.Broken > 0:
		d.Status = Rejected
		d.Reason = fmt.Sprintf("breaks %d verified environment(s), first %s", d.Broken, d.BrokenEnvs[0])
		return nil
	case d.Fixed == 0:
		d.Status = Rejected
		d.Reason = fmt.Sprintf("fixes none of the %d environments that use it", n)
		if stillFailing != "" {
			d.Reason += "; they still fail: " + stillFailing
		}
		return nil
	}
	d.Status = Accepted
	d.Reason = fmt.Sprintf("fixes %d of the %d environments that use it, breaks none", d.Fixed, n)
	if prop.Note != "" {
		d.Reason += ": " + prop.Note
	}
	a, err := withLineage(prop.Atom, &atom.Lineage{Parent: head.Version, RootCause: string(d.Code), Repairer: d.Repairer, Round: d.Round,
		Fixed: d.FixedEnvs, Time: e.opt.Now().UTC().Format(time.RFC3339), Note: prop.Note})
	if err != nil {
		return err
	}
	d.Proposal, err = json.Marshal(a)
	if err != nil {
		return fmt.Errorf("evolve: encode proposal: %w", err)
	}
	return nil
}

func causeOf(v verify.Verdict) string {
	if v.RootCause == nil {
		return "unverified"
	}
	msg := v.RootCause.Evidence.Message
	if len(msg) > 160 {
		msg = msg[:157] + "..."
	}
	if msg == "" {
		return string(v.RootCause.Code)
	}
	return string(v.RootCause.Code) + ": " + msg
}

// withLineage returns a copy of an atom with its lineage set.
func withLineage(a any, lin *atom.Lineage) (any, error) {
	switch x := a.(type) {
	case *atom.Server:
		c := *x
		c.Lineage = lin
		return &c, nil
	case *atom.Data:
		c := *x
		c.Lineage = lin
		return &c, nil
	case *atom.Rule:
		c := *x
		c.Lineage = lin
		return &c, nil
	case *atom.Intent:
		c := *x
		c.Lineage = lin
		return &c, nil
	}
	return nil, fmt.Errorf("evolve: %T is not an atom", a)
}

// decide stores a decision, applies it when accepted and moves on. When
// the store already holds this decision (another process, or this one
// before a crash), the stored one is what happened.
func (e *engine) decide(ctx context.Context, d Decision, after map[int]verify.Verdict) error {
	if st := e.opt.Store; st != nil {
		r := decisionToStore(e.runID, d, e.opt.Now())
		var lin *store.Lineage
		if d.Status == Accepted {
			lin = &store.Lineage{Kind: string(d.Atom.Kind), ID: d.Atom.ID, Version: d.Version, Parent: d.Atom.Version, RootCause: string(d.Code),
				Repairer: d.Repairer, Round: d.Round, Fixed: d.FixedEnvs, Time: e.opt.Now()}
		}
		stored, existed, err := st.RecordRepair(ctx, r, lin)
		if err != nil {
			return err
		}
		if existed {
			d, after = decisionFromStore(stored), nil
		}
	}
	e.decisions = append(e.decisions, d)
	if d.Status == Accepted {
		users := e.users[refKey(d.Atom.Kind, d.Atom.ID, d.Atom.Version)]
		if err := e.apply(d); err != nil {
			return err
		}
		if after == nil {
			vs, err := e.verify(ctx, e.lib, e.recipes, users, nil)
			if err != nil {
				return err
			}
			after = map[int]verify.Verdict{}
			for j, i := range users {
				after[i] = vs[j]
			}
		}
		if e.cur != nil {
			for i, v := range after {
				e.cur[i] = v
			}
		}
	}
	if e.opt.OnDecision != nil {
		if err := e.opt.OnDecision(d); err != nil {
			return err
		}
	}
	return nil
}

// apply puts an accepted version into the library as the head and moves
// the recipes that pinned its parent. Replaying a run applies the stored
// decisions the same way, so a resumed run has the same library.
func (e *engine) apply(d Decision) error {
	a, err := decodeAtom(d.Atom.Kind, d.Proposal)
	if err != nil {
		return err
	}
	ver, err := atom.Version(a)
	if err != nil {
		return err
	}
	if ver != d.Version {
		return fmt.Errorf("stored proposal has version %s, the decision says %s", ver, d.Version)
	}
	parent, err := e.lib.Get(d.Atom.Kind, atom.Pin{ID: d.Atom.ID, Version: d.Atom.Version})
	if err != nil {
		return err
	}
	users := e.users[refKey(d.Atom.Kind, d.Atom.ID, d.Atom.Version)]
	next := e.lib.Clone()
	if _, err := next.Put(a, parent.File, true); err != nil {
		return err
	}
	for _, i := range users {
		e.recipes[i] = movePins(e.recipes[i], d.Atom.Kind, d.Atom.ID, d.Atom.Version, ver)
	}
	e.lib = next
	e.index()
	return nil
}

func decisionToStore(run int64, d Decision, now time.Time) store.Repair {
	return store.Repair{RunID: run, Round: d.Round, Group: d.Group, Code: string(d.Code), AtomKind: string(d.Atom.Kind), AtomID: d.Atom.ID,
		Parent: d.Atom.Version, Version: d.Version, Repairer: d.Repairer, Status: d.Status, Blocked: d.Blocked, Fixed: d.Fixed,
		Broken: d.Broken, FixedEnvs: d.FixedEnvs, BrokenEnvs: d.BrokenEnvs, Reason: d.Reason, Atom: d.Proposal, CreatedAt: now}
}

func decisionFromStore(r store.Repair) Decision {
	d := Decision{Round: r.Round, Group: r.Group, Code: verify.Code(r.Code), Atom: verify.AtomRef{Kind: atom.Kind(r.AtomKind), ID: r.AtomID, Version: r.Parent},
		Version: r.Version, Repairer: r.Repairer, Status: r.Status, Blocked: r.Blocked, Fixed: r.Fixed, Broken: r.Broken,
		Reason: r.Reason, Proposal: r.Atom}
	if len(r.FixedEnvs) > 0 {
		d.FixedEnvs = r.FixedEnvs
	}
	if len(r.BrokenEnvs) > 0 {
		d.BrokenEnvs = r.BrokenEnvs
	}
	return d
}
