package synth

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestNounNamesReadAsTheirKind: a workflow state reads like one (In
// Review), a pipeline stage like one (Proposal Sent), a design component
// like one (Button / Primary), not like a piece of work for a customer
// ("Budget workshop for Initech"); and no two records of a collection
// share a name.
func TestNounNamesReadAsTheirKind(t *testing.T) {
	c := synthApps(t, 3, "shortcut", "pipedrive", "figma")
	numbered := regexp.MustCompile(` \d+$`)
	checked := map[string]int{}
	for _, d := range c.Data {
		for _, cc := range []struct{ app, coll, field, noun string }{
			{"shortcut", "workflow_states", "name", "state"},
			{"pipedrive", "stages", "name", "stage"},
			{"figma", "components", "name", "component"},
		} {
			seen := map[string]int{}
			for i, rec := range d.Records[cc.app][cc.coll] {
				name := state.Text(rec[cc.field])
				if name == "" {
					continue
				}
				checked[cc.app+"."+cc.coll]++
				if !slices.Contains(nounVocab[cc.noun], numbered.ReplaceAllString(name, "")) {
					t.Errorf("%s: %s.%s record %d is named %q, not as a %s", d.ID, cc.app, cc.coll, i, name, cc.noun)
				}
				if other, dup := seen[name]; dup {
					t.Errorf("%s: %s.%s records %d and %d are both named %q", d.ID, cc.app, cc.coll, other, i, name)
				}
				seen[name] = i
			}
		}
	}
	for _, coll := range []string{"shortcut.workflow_states", "pipedrive.stages", "figma.components"} {
		if checked[coll] < 5 {
			t.Errorf("only %d names of %s checked", checked[coll], coll)
		}
	}
}

// TestPagesAreBusinessNames: a Facebook page is named as a business is,
// not as a piece of work, and no two pages of a world share a name.
func TestPagesAreBusinessNames(t *testing.T) {
	c := synthApps(t, 3, "facebook_pages")
	pages := 0
	for _, d := range c.Data {
		seen := map[string]bool{}
		for _, rec := range d.Records["facebook_pages"]["pages"] {
			name := state.Text(rec["name"])
			pages++
			if strings.Contains(name, " for ") || len(strings.Fields(name)) > 4 {
				t.Errorf("%s: page %q is not a business's name", d.ID, name)
			}
			if seen[name] {
				t.Errorf("%s: two pages are named %q", d.ID, name)
			}
			seen[name] = true
		}
	}
	if pages < 10 {
		t.Fatalf("only %d pages checked", pages)
	}
}
