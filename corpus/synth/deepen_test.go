package synth

import (
	"strings"
	"testing"

	"github.com/legoenv/legoenv/assert"
)

// The template families that once asked for one change now also ask for
// the step a person closes the loop with (a note on the record, a mark on
// the record a cross-app task started from), and the goal checks it: more than half of
// their intents with environments check two or more records changed (an
// app with nothing to mark and no notes keeps one).
// The workflow steps they lend keep their one change.
func TestTwoCallFamiliesDeepened(t *testing.T) {
	c, err := Synthesize(builtinServers(t), Options{Seed: 1, Size: 0.3, Variants: 1, Workflows: 6})
	if err != nil {
		t.Fatal(err)
	}
	withEnvs := map[string]bool{}
	for _, r := range c.Recipes {
		withEnvs[r.Intent.ID] = true
	}
	deep, all := map[string]int{}, map[string]int{}
	steps := 0
	for _, in := range c.Intents {
		switch in.Family {
		case famSetState, famFlag, famTag, famCreateUnder, famPost, famHandoff, famNotify, famCopy, famEscalate:
		default:
			continue
		}
		n := 0
		for _, a := range in.Goal {
			if a.Type == assert.Exists {
				n++
			}
		}
		if !withEnvs[in.ID] {
			if n != 1 && (in.Family == famSetState || in.Family == famTag) && !strings.HasSuffix(in.ID, ".noted") {
				t.Errorf("workflow step %s checks %d changes, want its one", in.ID, n)
			}
			steps++
			continue
		}
		all[in.Family]++
		if n >= 2 {
			deep[in.Family]++
		}
	}
	if steps == 0 {
		t.Error("no set or tag intent is kept as a workflow step")
	}
	sumDeep, sumAll := 0, 0
	for f, n := range all {
		sumDeep += deep[f]
		sumAll += n
	}
	t.Logf("deepened by family: %v of %v", deep, all)
	if 2*sumDeep <= sumAll {
		t.Errorf("%d of %d intents check a second change, want more than half", sumDeep, sumAll)
	}
	if len(all) < 5 {
		t.Errorf("only %d families deepened: %v", len(all), all)
	}
}

// No instruction opens with a list marker or a bare heading line that
// names the app: the frames write a sentence or a numbered checklist.
func TestInstructionOpenings(t *testing.T) {
	c, err := Synthesize(builtinServers(t), Options{Seed: 1, Size: 0.3, Variants: 1, Workflows: 6})
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range c.Intents {
		s := strings.TrimSpace(in.Instruction)
		first, _, _ := strings.Cut(s, "\n")
		if strings.HasPrefix(s, "- ") || strings.HasPrefix(s, "* ") || strings.HasSuffix(first, ")") && !strings.ContainsAny(first, ".?!:") {
			t.Errorf("%s opens with %q", in.ID, first)
		}
	}
}
