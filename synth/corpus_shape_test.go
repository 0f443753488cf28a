//go:build fullcorpus

// The shape of the whole synthesised corpus (every built-in server, the
// build's own options). One synthesis takes a minute or two on two cores,
// so these tests are left out of 'go test ./...' and run by .ci/run:
//
//	go test -tags fullcorpus -run 'CorpusShape' ./synth

package synth

import (
	"errors"
	"sync"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// wholeCorpus: the tests that synthesise every built-in server run
// (wholecorpus_test.go).
const wholeCorpus = true

var full struct {
	once sync.Once
	src  *atom.Library
	c    *Corpus
	err  error
}

// fullCorpus synthesises the whole corpus once for the tests of this file.
func fullCorpus(t *testing.T) (*atom.Library, *Corpus) {
	t.Helper()
	full.once.Do(func() {
		full.err = errors.New("the built-in servers did not load") // until they do
		full.src = builtinServers(t)
		full.c, full.err = Synthesize(full.src, Options{Seed: 1})
	})
	if full.err != nil {
		t.Fatal(full.err)
	}
	return full.src, full.c
}

func TestFullCorpusShape(t *testing.T) {
	src, c := fullCorpus(t)
	st := c.Stats()
	t.Logf("%+v", st)
	servers := len(src.Heads(atom.KindServer))
	if st.Apps != servers {
		t.Errorf("apps %d, want every server (%d)", st.Apps, servers)
	}
	if servers >= 120 && st.Apps < 120 {
		t.Errorf("apps %d < 120", st.Apps)
	}
	if st.Families < 12 {
		t.Errorf("families %d < 12", st.Families)
	}
	if st.Rules < 40 {
		t.Errorf("rules %d < 40", st.Rules)
	}
	if st.MultiAppShare < 0.30 {
		t.Errorf("multi-app share %.3f < 0.30", st.MultiAppShare)
	}
	if st.RuleShare < 0.25 {
		t.Errorf("rule share %.3f < 0.25", st.RuleShare)
	}
	if st.Recipes < 6700 {
		t.Errorf("recipes %d: fewer than 6,700 cannot give 6,000 verified at 90%%", st.Recipes)
	}
	// Every app has tasks: families are chosen by what each app's server
	// offers, and records no search finds by name are named by id.
	withIntents := map[string]bool{}
	for _, in := range c.Intents {
		for _, a := range in.Apps {
			withIntents[a] = true
		}
	}
	for _, e := range c.Servers {
		if app := e.Atom.(*atom.Server).AppName(); !withIntents[app] {
			t.Errorf("app %s has no intent", app)
		}
	}
	for _, fam := range []string{famSetState, famTag, famHandoff, famPost, famRoute, famBulk, famSync, famApprove} {
		if st.ByFamily[fam] == 0 {
			t.Errorf("no intent of family %s", fam)
		}
	}
	ruleUse := map[string]int{}
	seen := map[string]bool{}
	for _, r := range c.Recipes {
		id := r.Hash()
		if seen[id] {
			t.Fatalf("two recipes are the same environment %s", id)
		}
		seen[id] = true
		for _, p := range r.Rules {
			ruleUse[p.ID]++
		}
	}
	reused := 0
	for _, n := range ruleUse {
		if n >= 2 {
			reused++
		}
	}
	if reused < 40 {
		t.Errorf("%d rules are used by two recipes or more, want 40", reused)
	}
	for _, r := range c.Rules {
		if len(r.Checks) == 0 || len(r.Apps) == 0 {
			t.Errorf("rule %s has %d checks over %d apps", r.ID, len(r.Checks), len(r.Apps))
		}
	}
}

// The full corpus's workflows: how many, and the share of recipes over
// three or more apps they give (the figures the build's profile reports
// come from the verified ones).
func TestWorkflowCorpusShape(t *testing.T) {
	_, c := fullCorpus(t)
	apps := map[string]int{}
	wf, fams := 0, map[string]bool{}
	for _, in := range c.Intents {
		apps[in.ID] = len(in.Apps)
		if len(in.Steps) > 0 {
			wf++
			fams[in.Family] = true
		}
	}
	three := 0
	for _, r := range c.Recipes {
		if apps[r.Intent.ID] >= 3 {
			three++
		}
	}
	share := float64(three) / float64(len(c.Recipes))
	t.Logf("%d workflow intents in %d families; %d of %d recipes over 3+ apps (%.1f%%)", wf, len(fams), three, len(c.Recipes), 100*share)
	// Selection workflows serve the catalogue's purposes, each with and
	// without a later amendment.
	cat, err := parseCatalogue(catalogueYAML)
	if err != nil {
		t.Fatal(err)
	}
	if want := 2 * len(cat.Purposes); wf < 1000 || len(fams) < want || share < 0.4 {
		t.Errorf("%d workflow intents in %d families, %.1f%% of recipes over 3+ apps; want 1000+, %d+, 40%%+", wf, len(fams), 100*share, want)
	}
}

// The full corpus's recipes spread over at least 30 task families, none
// more than a tenth of them (verification drops few, so the verified
// corpus has the same spread; legoenv profile measures it there).
func TestFamilyCorpusShape(t *testing.T) {
	_, c := fullCorpus(t)
	fam := map[string]string{}
	for _, in := range c.Intents {
		fam[in.ID] = in.Family
	}
	n := map[string]int{}
	for _, r := range c.Recipes {
		n[fam[r.Intent.ID]]++
	}
	if len(n) < 30 {
		t.Errorf("%d task families, want 30 or more", len(n))
	}
	for f, k := range n {
		if share := float64(k) / float64(len(c.Recipes)); share > 0.10 {
			t.Errorf("family %s holds %.1f%% of the recipes, more than 10%%", f, 100*share)
		}
	}
}

// Every instruction and every policy or note of the full corpus reads
// without article or agreement mistakes.
func TestFullCorpusShapeGrammar(t *testing.T) {
	_, c := fullCorpus(t)
	checkCorpusGrammar(t, c)
}
