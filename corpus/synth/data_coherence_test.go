package synth

import (
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
)

// TestDataCoherenceOfEvents synthesises over the built-in servers and
// reads every record drawn: none keeps a trace of an event its own state
// denies (a lost_reason on an open deal, a paused_at on a running
// channel), and none is updated, won or trashed before it was created or
// added (Mattermost's create_at, Pipedrive's add_time).
func TestDataCoherenceOfEvents(t *testing.T) {
	src := builtinServers(t)
	c, err := Synthesize(src, Options{Seed: 11, Size: 0.2, Variants: 1})
	if err != nil {
		t.Fatal(err)
	}
	servers := map[string]*atom.Server{}
	for _, e := range src.Heads(atom.KindServer) {
		s := e.MustServer()
		servers[s.AppName()] = s
	}
	records, bad := 0, 0
	for _, d := range c.Data {
		for app, colls := range d.Records {
			s := servers[app]
			for name, recs := range colls {
				def := s.Collection(name)
				for _, rec := range recs {
					records++
					for _, v := range coherence.CheckRecord(s, def, rec) {
						if v.Rule == coherence.RuleLifecycle {
							if bad++; bad <= 10 {
								t.Errorf("%s: %s", d.ID, v)
							}
						}
					}
				}
			}
		}
	}
	if records < 1000 {
		t.Fatalf("only %d records drawn", records)
	}
	if bad > 0 {
		t.Errorf("%d of %d records contradict their own lifecycle", bad, records)
	}
}

// TestCatalogItemsAreProducts: a catalog's items are named like products
// (Square's catalog_items), a to-do list's items like tasks.
func TestCatalogItemsAreProducts(t *testing.T) {
	for name, want := range map[string]string{"catalog_items": "product", "products": "product", "items": "task", "line_items": "task"} {
		if got := collKind(name); got != want {
			t.Errorf("collKind(%q) = %q, want %q", name, got, want)
		}
	}
	for _, p := range campaignPhrases {
		if strings.Contains(strings.ToLower(p), "spring") {
			t.Errorf("campaign phrase %q names a season beside the season it is given", p)
		}
	}
}
