package ui

import (
	"context"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify"
	"golang.org/x/sync/errgroup"
)

// Env is one environment the UI shows.
type Env struct {
	Env      *episode.Env
	Verified *bool // as the envs file records it; nil when not known
}

// entry is an environment with what the corpus page filters on, computed
// once when the index is built.
type entry struct {
	env      *episode.Env
	verified *bool
	family   string
	rules    []string
	instr    string // lower case, for search
	goal     int    // goal assertions
	checks   int    // goal and rule assertions
	negative int    // negative assertions among checks
}

// index holds the environments in catalog order with their facets. The
// entries never change after New; verdicts arrive later (computed on demand
// or in the background) and are guarded by mu.
type index struct {
	list []*entry
	byID map[string]int

	apps, families, rules []string // facet values, sorted

	mu       sync.RWMutex
	verdicts map[string]*verify.Verdict
}

func newIndex(envs []Env) *index {
	ix := &index{byID: make(map[string]int, len(envs)), verdicts: map[string]*verify.Verdict{}}
	apps, fams, rules := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, in := range envs {
		e := in.Env
		if e == nil {
			continue
		}
		if _, dup := ix.byID[e.ID]; dup {
			continue
		}
		en := &entry{env: e, verified: in.Verified, instr: strings.ToLower(e.Instruction)}
		if it, ok := e.Intent.Intent(); ok {
			en.family = it.Family
		}
		for _, r := range e.Rules {
			en.rules = append(en.rules, r.ID)
			rules[r.ID] = true
		}
		for _, c := range e.Checks {
			en.checks++
			if c.Source == "goal" {
				en.goal++
			}
			if c.Program.Assertion.IsNegative() {
				en.negative++
			}
		}
		for _, a := range e.Apps {
			apps[a] = true
		}
		if en.family != "" {
			fams[en.family] = true
		}
		ix.byID[e.ID] = len(ix.list)
		ix.list = append(ix.list, en)
	}
	ix.apps, ix.families, ix.rules = slices.Sorted(maps.Keys(apps)), slices.Sorted(maps.Keys(fams)), slices.Sorted(maps.Keys(rules))
	return ix
}

func (ix *index) get(id string) *entry {
	i, ok := ix.byID[id]
	if !ok {
		return nil
	}
	return ix.list[i]
}

// verdict returns the known verdict of an environment, or nil.
func (ix *index) verdict(id string) *verify.Verdict {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return ix.verdicts[id]
}

func (ix *index) setVerdict(v *verify.Verdict) {
	ix.mu.Lock()
	ix.verdicts[v.EnvID] = v
	ix.mu.Unlock()
}

// known is how many environments have a verdict.
func (ix *index) known() int {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return len(ix.verdicts)
}

// ensureVerdict returns the environment's verdict, verifying it now when
// it is not known yet.
func (ix *index) ensureVerdict(ctx context.Context, e *entry) *verify.Verdict {
	if v := ix.verdict(e.env.ID); v != nil {
		return v
	}
	v := verify.VerifyEnv(ctx, e.env)
	if ctx.Err() != nil {
		return &v // interrupted: not kept
	}
	ix.setVerdict(&v)
	return &v
}

// verifyAll computes the verdicts of the environments whose state is not
// known (the envs file does not record it) with jobs workers, until done or
// ctx ends. Environments the file records are verified when their page is
// opened.
func (ix *index) verifyAll(ctx context.Context, jobs int) {
	if jobs <= 0 {
		jobs = 1
	}
	var g errgroup.Group
	g.SetLimit(jobs)
	for _, e := range ix.list {
		if ctx.Err() != nil {
			break
		}
		if e.verified == nil && ix.verdict(e.env.ID) == nil {
			g.Go(func() error { ix.ensureVerdict(ctx, e); return nil })
		}
	}
	g.Wait()
}

// Verdict states a filter can ask for.
const (
	stateVerified = "verified"
	stateFailed   = "failed"
	stateUnknown  = "unknown"
)

// state is an environment's verdict state: the computed verdict when
// there is one, else what the envs file says.
func (e *entry) state(v *verify.Verdict) string {
	switch {
	case v != nil && v.Verified:
		return stateVerified
	case v != nil:
		return stateFailed
	case e.verified != nil && *e.verified:
		return stateVerified
	case e.verified != nil:
		return stateFailed
	}
	return stateUnknown
}

// cause is the root cause of a failing verdict, "" otherwise.
func cause(v *verify.Verdict) string {
	if v == nil || v.Verified || v.RootCause == nil {
		return ""
	}
	return string(v.RootCause.Code)
}

// planLen is the length of the reference plan, or of the plan the
// verifier found when the intent has none.
func (e *entry) planLen(v *verify.Verdict) int {
	if len(e.env.Plan) > 0 || v == nil {
		return len(e.env.Plan)
	}
	return len(v.Plan)
}

// query is what the corpus page filters on. Zero fields match all.
type query struct {
	Q       string // words of the instruction, all must appear
	App     string
	Family  string
	Verdict string // verified, failed, unknown
	Cause   string
	Rule    string // a rule id, or "none" for environments without rules
	Plan    intRange
	Apps    intRange
	Page    int // from 1
	PerPage int
}

// intRange is an inclusive range parsed from "3", "2-4", "5-" or "-2".
type intRange struct {
	Set      bool
	Min, Max int // Max < 0: open
	Text     string
}

func parseRange(s string) (intRange, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return intRange{}, true
	}
	lo, hi, isRange := strings.Cut(s, "-")
	r := intRange{Set: true, Min: 0, Max: -1, Text: s}
	num := func(x string) (int, bool) {
		n, err := strconv.Atoi(strings.TrimSpace(x))
		return n, err == nil && n >= 0
	}
	var ok bool
	if !isRange {
		if r.Min, ok = num(lo); !ok {
			return intRange{}, false
		}
		r.Max = r.Min
		return r, true
	}
	if strings.TrimSpace(lo) != "" {
		if r.Min, ok = num(lo); !ok {
			return intRange{}, false
		}
	}
	if strings.TrimSpace(hi) != "" {
		if r.Max, ok = num(hi); !ok || r.Max < r.Min {
			return intRange{}, false
		}
	}
	return r, true
}

func (r intRange) has(n int) bool {
	return !r.Set || (n >= r.Min && (r.Max < 0 || n <= r.Max))
}

// row is one environment in a page of the corpus.
type row struct {
	e     *entry
	state string
	cause string
	plan  int
}

// find returns the page of q's matches and how many match in all, with the
// count of each root cause among the matches.
func (ix *index) find(q query) (page []row, total int) {
	words := strings.Fields(strings.ToLower(q.Q))
	from := (q.Page - 1) * q.PerPage
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	for _, e := range ix.list {
		if !e.matchStatic(q, words) {
			continue
		}
		v := ix.verdicts[e.env.ID]
		r := row{e: e, state: e.state(v), cause: cause(v), plan: e.planLen(v)}
		if (q.Verdict != "" && r.state != q.Verdict) || (q.Cause != "" && r.cause != q.Cause) || !q.Plan.has(r.plan) {
			continue
		}
		if total >= from && len(page) < q.PerPage {
			page = append(page, r)
		}
		total++
	}
	return page, total
}

// matchStatic checks the filters that do not depend on a verdict.
func (e *entry) matchStatic(q query, words []string) bool {
	if q.Family != "" && e.family != q.Family {
		return false
	}
	if q.App != "" && !has(e.env.Apps, q.App) {
		return false
	}
	if q.Rule == "none" && len(e.rules) > 0 {
		return false
	}
	if q.Rule != "" && q.Rule != "none" && !has(e.rules, q.Rule) {
		return false
	}
	if !q.Apps.has(len(e.env.Apps)) {
		return false
	}
	for _, w := range words {
		if !strings.Contains(e.instr, w) && !strings.HasPrefix(e.env.ID, w) {
			return false
		}
	}
	return true
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// causes lists the root causes among the known verdicts, most frequent
// first.
func (ix *index) causes() []string {
	ix.mu.RLock()
	n := map[string]int{}
	for _, v := range ix.verdicts {
		if c := cause(v); c != "" {
			n[c]++
		}
	}
	ix.mu.RUnlock()
	out := make([]string, 0, len(n))
	for c := range n {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		if n[out[i]] != n[out[j]] {
			return n[out[i]] > n[out[j]]
		}
		return out[i] < out[j]
	})
	return out
}
