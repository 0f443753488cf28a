// Package synth synthesises an environment corpus from server atoms: data
// atoms from seeded generators, rule atoms for business policies, intent
// atoms from templates over the servers' schemas, and the recipes that
// compose them, all deterministic for a seed.
package synth

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"golang.org/x/sync/errgroup"
)

// Options tune synthesis.
type Options struct {
	// Seed makes the corpus; the same seed and servers give the same corpus.
	Seed int64
	// Size is the share of the apps used, 0 < Size <= 1 (0 means 1). Apps
	// are taken round-robin over families so a reduced corpus keeps every
	// family.
	Size float64
	// Variants is the number of data atoms per bundle (default 5).
	Variants int
	// Collections caps the collections per app that single-app templates
	// use (default 4).
	Collections int
	// Partners is the number of other apps each app is paired with for
	// cross-app tasks (default 10).
	Partners int
	// RuleShare is the share of recipes that carry at least one rule, in
	// addition to those whose intent requires one (default 0.45).
	RuleShare float64
	// Workflows is the number of workflow intents per app that has step
	// intents to reuse (default 60; negative: none).
	Workflows int
	// FullSurface offers workflow intents every tool of their apps rather
	// than the tools their plan calls and a few look-alike distractors.
	FullSurface bool
}

func (o Options) withDefaults() Options {
	if o.Size <= 0 || o.Size > 1 {
		o.Size = 1
	}
	if o.Variants <= 0 {
		o.Variants = 5
	}
	if o.Collections <= 0 {
		o.Collections = 4
	}
	if o.Partners <= 0 {
		o.Partners = 10
	}
	if o.RuleShare <= 0 {
		o.RuleShare = 0.45
	}
	if o.Workflows == 0 {
		o.Workflows = 60
	}
	return o
}

// Corpus is a synthesised corpus: the atoms synthesis wrote and the
// recipes over them. Servers are those synthesis read.
type Corpus struct {
	Servers []*atom.Entry
	Data    []*atom.Data
	Rules   []*atom.Rule
	Intents []*atom.Intent
	Recipes []atom.Recipe
	// Families maps each family to its apps.
	Families map[string][]string
	// Operations are the catalogues of the apps' operations, by app.
	Operations map[string][]atom.Tool
}

// bundle is a unit of synthesis: one app, or two, with the intents over
// them and the plan their data realises in every variant.
type bundle struct {
	id     string
	hash   uint64
	apps   []*appModel
	plan   *plan
	drafts []*draft
	data   []*atom.Data
}

func hash64(parts ...any) uint64 {
	h := fnv.New64a()
	for _, p := range parts {
		fmt.Fprint(h, p, "\x00")
	}
	return h.Sum64()
}

func rngFor(seed int64, parts ...any) *rand.Rand { return RandFor(seed, parts...) }

// RandFor is the random source of one named draw of a build seeded seed:
// the same seed and parts give the same sequence, whatever else is drawn.
func RandFor(seed int64, parts ...any) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), hash64(parts...)))
}

// drawData draws the data atoms of every bundle with drafts, its variants
// in parallel: each atom is drawn from its own seed and reads only its
// bundle, so the order of drawing does not change a byte.
func drawData(bundles []*bundle, opt Options) {
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for _, b := range bundles {
		if len(b.drafts) == 0 {
			continue
		}
		// The plan is read by every variant at once: what it gains for
		// the company's own records is added before any is drawn.
		b.plan.staffParties()
		b.data = make([]*atom.Data, opt.Variants)
		for v := range b.data {
			g.Go(func() error {
				b.data[v] = buildData(b, b.plan, v, opt.Seed)
				return nil
			})
		}
	}
	g.Wait()
}

// Synthesize builds a corpus over the head server atoms of lib.
func Synthesize(lib *atom.Library, opt Options) (*Corpus, error) {
	opt = opt.withDefaults()
	entries := lib.Heads(atom.KindServer)
	if len(entries) == 0 {
		return nil, fmt.Errorf("synthesize: the library has no server atoms")
	}
	var models []*appModel
	for _, e := range entries {
		models = append(models, newAppModel(e, lib.Operations(e.MustServer().AppName())))
	}
	models = selectApps(models, opt.Size)
	c := newCorpus(lib, models)
	rules := buildRules(models)
	ruleByID := map[string]*ruleDef{}
	for _, r := range rules {
		c.Rules = append(c.Rules, r.r)
		ruleByID[r.r.ID] = r
	}
	bundles, err := draftBundles(models, opt)
	if err != nil {
		return nil, err
	}
	drawData(bundles, opt)
	seenIntent := map[string]bool{}
	for _, b := range bundles {
		if err := c.addBundle(b, rules, ruleByID, seenIntent, opt); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// newCorpus starts a corpus on the chosen apps: their servers, operation
// catalogues and families.
func newCorpus(lib *atom.Library, models []*appModel) *Corpus {
	c := &Corpus{Families: map[string][]string{}, Operations: map[string][]atom.Tool{}}
	for _, m := range models {
		c.Servers = append(c.Servers, lib.ServerFor(m.app))
		if len(m.catalogue) > 0 {
			c.Operations[m.app] = m.catalogue
		}
		c.Families[m.family] = append(c.Families[m.family], m.app)
	}
	return c
}

// draftBundles drafts the intents of every bundle: one per app, the
// workflows, one per pair of apps; bundles with no draft are left out and
// every app stays covered.
func draftBundles(models []*appModel, opt Options) ([]*bundle, error) {
	var bundles []*bundle
	for _, m := range models {
		b := &bundle{id: m.app, hash: hash64(opt.Seed, m.app), apps: []*appModel{m}, plan: newPlan()}
		b.drafts = singleAppDrafts(b, m, rngFor(opt.Seed, "single", m.app), opt.Collections)
		bundles = append(bundles, b)
	}
	workflows, err := allWorkflows(models, bundles, opt)
	if err != nil {
		return nil, err
	}
	for _, pr := range pairApps(models, opt) {
		a, bm := pr[0], pr[1]
		b := &bundle{id: a.app + "." + bm.app, hash: hash64(opt.Seed, a.app, bm.app), apps: []*appModel{a, bm}, plan: newPlan()}
		b.drafts = pairDrafts(b, a, bm, rngFor(opt.Seed, "pair", a.app, bm.app))
		if len(b.drafts) > 0 {
			bundles = append(bundles, b)
		}
	}
	return keepAppsCovered(append(bundles, workflows...)), nil
}

// addBundle adds a bundle's data atoms and intents to c, and a recipe
// for each intent (but step-only ones) on each of its data atoms, with
// the rules chosen for it.
func (c *Corpus) addBundle(b *bundle, rules []*ruleDef, ruleByID map[string]*ruleDef, seenIntent map[string]bool, opt Options) error {
	if len(b.drafts) == 0 {
		return nil
	}
	c.Data = append(c.Data, b.data...)
	terms := rawTerms(b.apps)
	for _, d := range b.drafts {
		if seenIntent[d.in.ID] {
			return fmt.Errorf("synthesize: two templates made intent %s", d.in.ID)
		}
		seenIntent[d.in.ID] = true
		protect(d)
		d.in.Instruction = articles(phrase(d.in, b.apps, terms, opt.Seed))
		d.in.Description = articles(d.in.Description)
		c.Intents = append(c.Intents, d.in)
		if d.stepOnly {
			continue
		}
		for v, data := range b.data {
			rng := rngFor(opt.Seed, "rules", d.in.ID, v)
			r := atom.Recipe{Intent: atom.Pin{ID: d.in.ID}, Data: atom.Pin{ID: data.ID}}
			for _, id := range chooseRules(d, rules, ruleByID, rng, opt.RuleShare) {
				r.Rules = append(r.Rules, atom.Pin{ID: id})
			}
			c.Recipes = append(c.Recipes, r)
		}
	}
	return nil
}

// allWorkflows are the workflow bundles over the apps: selections by
// purpose, reconciliations and reports, drawn from the task catalogue.
func allWorkflows(models []*appModel, singles []*bundle, opt Options) ([]*bundle, error) {
	cat, err := parseCatalogue(catalogueYAML)
	if err != nil {
		return nil, fmt.Errorf("synthesize: %w", err)
	}
	workflows := workflowBundles(models, singles, cat, opt)
	workflows = append(workflows, reconcileBundles(models, opt)...)
	return append(workflows, reportBundles(models, cat, opt)...), nil
}

// articles turns "a" before a word that starts with a vowel sound into
// "an" (templates write "a" before a collection's name).
func articles(s string) string {
	ws := strings.Split(s, " ")
	for i := 0; i+1 < len(ws); i++ {
		if w := strings.TrimLeft(ws[i], "(\"'"); w != "a" && w != "A" {
			continue
		}
		next := strings.ToLower(strings.TrimLeft(ws[i+1], "'\"("))
		vowel := next != "" && strings.ContainsRune("aeio", rune(next[0]))
		if strings.HasPrefix(next, "u") {
			// "an update", but "a user", "a unit".
			vowel = true
			for _, p := range []string{"uni", "use", "usu", "uti", "ura", "uro", "ubi"} {
				if strings.HasPrefix(next, p) {
					vowel = false
				}
			}
		}
		if vowel {
			ws[i] += "n"
		}
	}
	return strings.Join(ws, " ")
}

// selectApps keeps a share of the apps, round-robin over families.
func selectApps(models []*appModel, size float64) []*appModel {
	if size >= 1 {
		return models
	}
	byFam := map[string][]*appModel{}
	var fams []string
	for _, m := range models {
		if byFam[m.family] == nil {
			fams = append(fams, m.family)
		}
		byFam[m.family] = append(byFam[m.family], m)
	}
	sort.Strings(fams)
	n := int(math.Ceil(size * float64(len(models))))
	if n < len(fams) {
		n = len(fams)
	}
	var out []*appModel
	for i := 0; len(out) < n; i++ {
		added := false
		for _, f := range fams {
			if i < len(byFam[f]) && len(out) < n {
				out = append(out, byFam[f][i])
				added = true
			}
		}
		if !added {
			break
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].app < out[j].app })
	return out
}

// pairApps chooses, for each app that has people or amounts to read, the
// apps of other families it is paired with.
func pairApps(models []*appModel, opt Options) [][2]*appModel {
	var out [][2]*appModel
	for _, a := range models {
		if sourcePeople(a) == nil && sourceAmount(a) == nil && len(primaryColls(a, 1)) == 0 {
			continue
		}
		rng := rngFor(opt.Seed, "partners", a.app)
		var cands []*appModel
		for _, b := range models {
			if b.family != a.family {
				cands = append(cands, b)
			}
		}
		rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
		// Prefer a spread of families among the partners.
		fams := map[string]bool{}
		var picked []*appModel
		for _, b := range cands {
			if len(picked) >= opt.Partners {
				break
			}
			if fams[b.family] {
				continue
			}
			fams[b.family] = true
			picked = append(picked, b)
		}
		for _, b := range picked {
			out = append(out, [2]*appModel{a, b})
		}
	}
	return out
}

// chooseRules picks the rules of one recipe: the one the intent is about,
// and with probability share one or two more that govern its apps and
// forbid nothing its goal needs.
func chooseRules(d *draft, rules []*ruleDef, byID map[string]*ruleDef, rng *rand.Rand, share float64) []string {
	var out []string
	if d.rule != "" && byID[d.rule] != nil {
		out = append(out, d.rule)
	}
	var cands []string
	for _, r := range rules {
		if r.r.ID == d.rule {
			continue
		}
		applies := false
		for _, app := range d.in.Apps {
			if r.apps[app] {
				applies = true
			}
		}
		if !applies {
			continue
		}
		ok := true
		for _, w := range d.writes {
			if r.conflicts(w) {
				ok = false
			}
		}
		if ok {
			cands = append(cands, r.r.ID)
		}
	}
	x := rng.Float64()
	n := 0
	switch {
	case x < share*0.7:
		n = 1
	case x < share:
		n = 2
	}
	for i := 0; i < n && len(cands) > 0; i++ {
		j := rng.IntN(len(cands))
		out = append(out, cands[j])
		cands = append(cands[:j], cands[j+1:]...)
	}
	sort.Strings(out)
	return out
}

// Library returns a library holding the corpus's servers and synthesised
// atoms, with the recipes set. Files are named by kind and id.
func (c *Corpus) Library() (*atom.Library, error) {
	lib := atom.NewLibrary()
	for _, e := range c.Servers {
		if _, err := lib.Put(e.Atom, e.File, true); err != nil {
			return nil, fmt.Errorf("library: server %s: %w", e.ID, err)
		}
	}
	data := make([]any, len(c.Data))
	files := make([]string, len(c.Data))
	for i, d := range c.Data {
		data[i], files[i] = d, "data/"+d.ID+".yaml"
	}
	if err := lib.PutHeads(data, files); err != nil {
		return nil, fmt.Errorf("library: data: %w", err)
	}
	for _, r := range c.Rules {
		if _, err := lib.Put(r, "rules/"+r.ID+".yaml", true); err != nil {
			return nil, fmt.Errorf("library: rule %s: %w", r.ID, err)
		}
	}
	for _, in := range c.Intents {
		if _, err := lib.Put(in, "intents/"+in.ID+".yaml", true); err != nil {
			return nil, fmt.Errorf("library: intent %s: %w", in.ID, err)
		}
	}
	lib.SetRecipes(c.Recipes)
	for app, ops := range c.Operations {
		lib.SetOperations(app, ops)
	}
	return lib, nil
}

// Stats are the corpus's shape.
type Stats struct {
	Apps          int     `json:"apps"`
	Families      int     `json:"families"`
	Intents       int     `json:"intents"`
	Data          int     `json:"data"`
	Rules         int     `json:"rules"`
	Recipes       int     `json:"recipes"`
	MultiAppShare float64 `json:"multi_app_share"`
	RuleShare     float64 `json:"rule_share"`
	// ByFamily counts intents by template family.
	ByFamily map[string]int `json:"intent_families"`
}

// Stats counts the corpus.
func (c *Corpus) Stats() Stats {
	st := Stats{Apps: len(c.Servers), Families: len(c.Families), Intents: len(c.Intents), Data: len(c.Data), Rules: len(c.Rules), Recipes: len(c.Recipes), ByFamily: map[string]int{}}
	apps := map[string]int{}
	for _, in := range c.Intents {
		apps[in.ID] = len(in.Apps)
		st.ByFamily[in.Family]++
	}
	multi, ruled := 0, 0
	for _, r := range c.Recipes {
		if apps[r.Intent.ID] > 1 {
			multi++
		}
		if len(r.Rules) > 0 {
			ruled++
		}
	}
	if n := len(c.Recipes); n > 0 {
		st.MultiAppShare = float64(multi) / float64(n)
		st.RuleShare = float64(ruled) / float64(n)
	}
	return st
}
