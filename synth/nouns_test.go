package synth

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
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

// workNameRE is a name drawn like a piece of work for a customer
// ("Workshop timeline for Harbor Point LLC").
var workNameRE = regexp.MustCompile(`^[A-Z][a-z'-]+ [a-z'-]+ for [A-Z]`)

// TestDeclaredNounsNameTheirRecords: records of the collections that are
// a kind of thing of their own (an availability schedule, an Airtable
// base, a repository, a checklist, a conversion, an ad group) are named
// from that noun's vocabulary, never like a piece of work; where the
// noun's names do not recur, no two records of a collection share one.
func TestDeclaredNounsNameTheirRecords(t *testing.T) {
	colls := []struct{ app, coll, field, noun string }{
		{"cal_com", "schedules", "name", "availability"},
		{"opsgenie", "schedules", "name", "rotation"},
		{"pagerduty", "escalation_policies", "name", "escalation"},
		{"airtable", "bases", "name", "base"},
		{"airtable", "tables", "name", "table"},
		{"microsoft_excel", "workbooks", "name", "workbook"},
		{"microsoft_excel", "worksheets", "name", "sheet"},
		{"sharepoint", "sites", "displayName", "workspace"},
		{"trello", "checklists", "name", "checklist"},
		{"github", "repositories", "name", "repository"},
		{"aircall", "numbers", "name", "phone_line"},
		{"klaviyo", "flows", "name", "automation"},
		{"chatgpt", "assistants", "name", "assistant"},
		{"chatgpt", "vector_stores", "name", "knowledge"},
		{"bamboohr", "training_records", "name", "training"},
		{"tiktok_ads", "adgroups", "adgroup_name", "ad_group"},
		{"freshservice", "assets", "name", "asset"},
		{"klaviyo", "events", "metric_name", "metric"},
	}
	apps := []string{}
	for _, cc := range colls {
		if !slices.Contains(apps, cc.app) {
			apps = append(apps, cc.app)
		}
	}
	c := synthApps(t, 2, apps...)
	checked := map[string]int{}
	for _, d := range c.Data {
		for _, cc := range colls {
			ref := cc.app + "." + cc.coll
			seen := map[string]int{}
			for i, rec := range d.Records[cc.app][cc.coll] {
				name := state.Text(rec[cc.field])
				if name == "" {
					continue
				}
				checked[ref]++
				if workNameRE.MatchString(name) || !fromVocab(cc.noun, name) {
					t.Errorf("%s: %s record %d is named %q, not as a %s", d.ID, ref, i, name, cc.noun)
				}
				if other, dup := seen[name]; dup && !nounRepeats[cc.noun] {
					t.Errorf("%s: %s records %d and %d are both named %q", d.ID, ref, other, i, name)
				}
				seen[name] = i
			}
		}
	}
	for _, cc := range colls {
		if n := checked[cc.app+"."+cc.coll]; n < 4 {
			t.Errorf("only %d names of %s.%s checked", n, cc.app, cc.coll)
		}
	}
}

// fromVocab says whether name is one of the noun's vocabulary, its
// placeholders filled, numbered or not.
func fromVocab(noun, name string) bool {
	unnumbered := regexp.MustCompile(`[ -]\d+(\.[a-z]{2,4})?$`).ReplaceAllString(name, "$1")
	for _, w := range nounVocab[noun] {
		pattern := regexp.QuoteMeta(w)
		for _, p := range []string{"{team}", "{company}", "{city}", "{year}", "{quarter}"} {
			pattern = strings.ReplaceAll(pattern, regexp.QuoteMeta(p), ".+")
		}
		re := regexp.MustCompile("^" + pattern + "$")
		if re.MatchString(name) || re.MatchString(unnumbered) {
			return true
		}
	}
	return false
}

// TestNounNamesOutlastTheirVocabulary: a collection with more records
// than its noun has names still names each one apart, numbered as the
// product numbers them (a repository "web-app-2", a workbook
// "Budget 2026 2.xlsx").
func TestNounNamesOutlastTheirVocabulary(t *testing.T) {
	for _, cc := range []struct{ app, coll string }{{"github", "repositories"}, {"microsoft_excel", "workbooks"}, {"aircall", "numbers"}} {
		cm := collOf(t, cc.app, cc.coll)
		v := newValuer(5, "nouns", time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC))
		noun := atom.NounOf(cm.c)
		seen := map[string]bool{}
		for i := 0; i < 3*len(nounVocab[noun]); i++ {
			name, ok := v.nounName(cm, v.newRow())
			if !ok || seen[name] {
				t.Fatalf("%s.%s record %d: name %q (drawn %v) is not new", cc.app, cc.coll, i, name, ok)
			}
			if noun == "repository" && name != atom.Slug(name) {
				t.Errorf("repository name %q is not a slug", name)
			}
			if noun == "workbook" && !strings.HasSuffix(name, ".xlsx") {
				t.Errorf("workbook name %q lost its extension", name)
			}
			seen[name] = true
		}
	}
}

// collOf is the model of one collection of a built-in server.
func collOf(t *testing.T, app, coll string) *collModel {
	t.Helper()
	for _, cm := range newAppModel(builtinServers(t).ServerFor(app), nil).colls {
		if cm.c.Name == coll {
			return cm
		}
	}
	t.Fatalf("no collection %s.%s", app, coll)
	return nil
}
