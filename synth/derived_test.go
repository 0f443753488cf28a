package synth

import (
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// TestDerivedFieldsAgree synthesises apps whose records carry a field made
// of others (a repository's full_name of its name, a product's handle of
// its title, a message's plain body of its HTML one, a job's full_title
// and a campaign's subject holding a name, a mail's summary the start of
// its content) and reads every such record:
// each keeps its rule, and bodies no task writes are HTML.
func TestDerivedFieldsAgree(t *testing.T) {
	c, servers := readWorld(t, 43, "github", "shopify", "gmail", "workable", "brevo", "zoho_mail")
	read, html, texts := map[string]int{}, 0, 0
	for _, d := range c.Data {
		for app, colls := range d.Records {
			for _, def := range servers[app].Collections {
				for _, inv := range def.Invariants {
					if inv.Rule != "derived" {
						continue
					}
					for _, rec := range colls[def.Name] {
						read[app+"."+def.Name]++
						if !inv.Agrees(rec) {
							t.Errorf("%s %s.%s: %s %q is not %s of %v (%v)", d.ID, app, def.Name, inv.Fields[0], rec[inv.Fields[0]], inv.By, inv.Fields[1:], rec)
						}
						if inv.By != atom.DeriveText {
							continue
						}
						texts++
						if h, ok := rec[inv.Fields[1]].(string); ok && strings.HasPrefix(h, "<") {
							html++
						}
					}
				}
			}
		}
	}
	if html < texts/2 {
		t.Errorf("%d of %d HTML bodies are HTML", html, texts)
	}
	for _, coll := range []string{"github.repositories", "shopify.products", "gmail.messages", "workable.jobs", "brevo.email_campaigns", "zoho_mail.messages"} {
		if read[coll] < 5 {
			t.Errorf("%d records of %s read, want 5 or more", read[coll], coll)
		}
	}
}

// TestDeriveKeepsWhatATaskSets: a derived value a task pins stays; where
// it is the text of HTML, the HTML is written from it; a value no task
// pins is made of its sources.
func TestDeriveKeepsWhatATaskSets(t *testing.T) {
	text := atom.Invariant{Rule: "derived", By: atom.DeriveText, Fields: []string{"body_plain", "body_html"}}
	rec := map[string]any{"body_plain": "Ship <today> & tell Ana.", "body_html": "<p>Another thing.</p>"}
	derive(text, rec, map[string]any{"body_plain": "Ship <today> & tell Ana."})
	if rec["body_plain"] != "Ship <today> & tell Ana." || !text.Agrees(rec) {
		t.Errorf("pinned plain body: %v", rec)
	}
	rec = map[string]any{"body_plain": "Thanks for your note.", "body_html": "Can we meet?"}
	derive(text, rec, nil)
	if rec["body_plain"] != "Can we meet?" || rec["body_html"] != "<p>Can we meet?</p>" {
		t.Errorf("unpinned: %v", rec)
	}
	slug := atom.Invariant{Rule: "derived", By: atom.DeriveSlug, Fields: []string{"handle", "title"}}
	rec = map[string]any{"handle": "summer-sale", "title": "Canvas Backpack 6"}
	derive(slug, rec, map[string]any{"handle": "summer-sale"})
	if rec["handle"] != "summer-sale" {
		t.Errorf("pinned handle: %v", rec)
	}
	derive(slug, rec, nil)
	if rec["handle"] != "canvas-backpack-6" {
		t.Errorf("unpinned handle: %v", rec)
	}
}
