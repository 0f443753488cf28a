package synth

import (
	"regexp"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/gen"
)

// TestRecordsSpeakOfTheirParty: an Intercom ticket or conversation of a
// contact names that contact's company, if it names one, and is not
// older than the contact.
func TestRecordsSpeakOfTheirParty(t *testing.T) {
	c := synthApps(t, 2, "intercom")
	company := regexp.MustCompile(`\b[A-Z][a-z]+(?: [A-Z][a-z]+)? (?:Inc|LLC|Industries|Labs|Group|Systems|Partners|Logistics|Health|Analytics)\b`)
	checked, wrong := 0, 0
	for _, d := range c.Data {
		contacts := map[string]map[string]any{}
		for _, rec := range d.Records["intercom"]["contacts"] {
			contacts[rec["id"].(string)] = rec
		}
		for _, coll := range []string{"tickets", "conversations"} {
			for _, rec := range d.Records["intercom"][coll] {
				ids, _ := rec["contact_ids"].([]any)
				if len(ids) != 1 {
					continue
				}
				who := contacts[ids[0].(string)]
				if who == nil {
					continue
				}
				_, dom, _ := strings.Cut(who["email"].(string), "@")
				co, ok := gen.CompanyAt(dom)
				if !ok {
					continue
				}
				checked++
				text := rec["title"].(string) + " " + str(rec["description"])
				for _, named := range company.FindAllString(text, -1) {
					if !strings.HasSuffix(named, co.Name) && !strings.HasSuffix(co.Name, named) {
						if wrong++; wrong <= 5 {
							t.Errorf("%s: %s %v of %s (%s) reads %q", d.ID, coll, rec["id"], who["name"], co.Name, text)
						}
						break
					}
				}
				if str(rec["created_at"]) < str(who["created_at"]) {
					t.Errorf("%s: %s %v made %v, before its contact %v", d.ID, coll, rec["id"], rec["created_at"], who["created_at"])
				}
			}
		}
	}
	if checked < 10 {
		t.Fatalf("only %d records of a contact checked", checked)
	}
	t.Logf("%d records of a contact, %d naming another company", checked, wrong)
}

func str(v any) string { s, _ := v.(string); return s }

// synthApps synthesises the built-in servers of apps alone, with seed 27,
// variants worlds per bundle and four workflows.
func synthApps(t *testing.T, variants int, apps ...string) *Corpus {
	t.Helper()
	src := builtinServers(t)
	lib := atom.NewLibrary()
	for _, app := range apps {
		if _, err := lib.Put(src.ServerFor(app).MustServer(), app+".yaml", true); err != nil {
			t.Fatal(err)
		}
	}
	c, err := Synthesize(lib, Options{Seed: 27, Variants: variants, Workflows: 4})
	if err != nil {
		t.Fatal(err)
	}
	return c
}
