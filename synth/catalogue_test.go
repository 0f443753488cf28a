package synth

import (
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// The embedded catalogue parses, and every holder it names is a collection
// of a built-in server that a workflow can use for its part.
func TestCatalogue(t *testing.T) {
	cat, err := parseCatalogue(catalogueYAML)
	if err != nil {
		t.Fatal(err)
	}
	if len(cat.Purposes) < 10 {
		t.Errorf("%d purposes, want 10 or more", len(cat.Purposes))
	}
	src := builtinServers(t)
	models := map[string]*appModel{}
	for _, e := range src.Heads(atom.KindServer) {
		m := newAppModel(e, src.Operations(e.MustServer().AppName()))
		models[m.app] = m
	}
	for _, h := range cat.Holders.Policy {
		m := models[h.App]
		if m == nil || m.byName[h.Collection] == nil {
			t.Errorf("policy holder %s.%s is not a built-in collection", h.App, h.Collection)
			continue
		}
		if p := findPolicySource(m, cat); p == nil || p.cm.name != h.Collection {
			t.Errorf("policy holder %s.%s cannot hold a policy (no title, text or list tool)", h.App, h.Collection)
		}
	}
	for _, h := range cat.Holders.Log {
		m := models[h.App]
		if m == nil || findLogTarget(m, cat) == nil {
			t.Errorf("log holder %s.%s cannot hold a log", h.App, h.Collection)
		}
	}
	// No app outside the catalogue keeps a policy or a log.
	for _, m := range models {
		if p := findPolicySource(m, cat); p != nil {
			if _, ok := cat.policyHolder(m.app, p.cm.name); !ok {
				t.Errorf("%s.%s holds a policy without a catalogue row", m.app, p.cm.name)
			}
		}
	}
}

func TestCatalogueErrors(t *testing.T) {
	for _, c := range []struct{ name, yaml, want string }{
		{"unknown field", "holders: {policy: [], log: []}\nbogus: 1\n", "bogus"},
		{"empty", "thresholds: []\n", "must each have an entry"},
		{"placeholder", strings.Replace(string(catalogueYAML), "Approval limits for {items}\"", "Approval limits for {itmes}\"", 1), "unknown placeholder {itmes}"},
		{"duplicate family", strings.Replace(string(catalogueYAML), "family: triage_and_route", "family: approval_within_limit", 1), "a purpose needs a family no other purpose has"},
		{"author", strings.Replace(string(catalogueYAML), "    author: Jonas\n", "", 1), "(handover_review): {author} is used but author is empty"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := parseCatalogue([]byte(c.yaml))
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "catalogue.yaml") {
				t.Errorf("error %v, want one naming catalogue.yaml and %q", err, c.want)
			}
		})
	}
}

func TestFill(t *testing.T) {
	got := fill("Every {item} {cond}; {unknown} stays", map[string]string{"item": "invoice", "cond": "over 5,000"})
	if got != "Every invoice over 5,000; {unknown} stays" {
		t.Errorf("fill = %q", got)
	}
	if thousands(45000) != "45,000" || thousands(500) != "500" || capitalise("tickets") != "Tickets" {
		t.Errorf("thousands %q %q capitalise %q", thousands(45000), thousands(500), capitalise("tickets"))
	}
}

// TestTeamsDoNotReportInPublic: no workflow reports, and no record is
// posted "so the team can pick it up", on an app whose posts the public
// reads (a Facebook Page, a Buffer profile, an ad); a chat app still takes
// them.
func TestTeamsDoNotReportInPublic(t *testing.T) {
	src := builtinServers(t)
	public, chat := 0, 0
	for _, e := range src.Heads(atom.KindServer) {
		m := newAppModel(e, src.Operations(e.MustServer().AppName()))
		nt := findNotifyTarget(m)
		d, _, _ := postTarget(m)
		switch m.family {
		case "social", "ads":
			public++
			if nt != nil || d != nil {
				t.Errorf("%s (%s) takes the team's reports", m.app, m.family)
			}
		case "chat":
			if nt != nil && nt.ch != nil && d != nil {
				chat++
			}
		}
	}
	if public == 0 || chat == 0 {
		t.Errorf("%d public apps and %d chat apps taking reports; want some of each", public, chat)
	}
}
