package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestStoreGoodsAreTheStoresOwn: a store's products are its own catalogue
// (the built-in atoms' own collections of Squarespace Commerce, Shopify,
// Square, Etsy and Wave): a description setting one up for, or offering
// it from, another company is a violation; one naming none, or the
// company its own title names, is not.
func TestStoreGoodsAreTheStoresOwn(t *testing.T) {
	for _, c := range []struct{ app, coll, key, title, text string }{
		{"squarespace_commerce", "products", "id", "name", "description"},
		{"shopify", "products", "id", "title", "body_html"},
		{"square", "catalog_items", "id", "name", "description"},
		{"etsy", "listings", "listing_id", "title", "description"},
		{"wave", "products", "id", "name", "description"},
	} {
		ss := map[string]*atom.Server{c.app: builtinServer(t, c.app)}
		for text, want := range map[string]int{
			"Gift Card 3 from Orion Labs, ready as soon as it is bought.": 1,
			"Set up by Kalani Fairbanks of Tyrell Inc for Gift Card 6.":   1,
			"A gift card, ready as soon as it is bought.":                 0,
		} {
			rec := state.Record{c.key: "1001", c.title: "Gift Card 3", c.text: text}
			w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), state.NewCollection(c.app+"."+c.coll, c.key, []state.Record{rec}))
			got := 0
			for _, v := range CheckWorld("d", ss, w) {
				if v.Rule == RuleRef && v.Collection == c.app+"."+c.coll && v.Field == c.text {
					got++
				}
			}
			if got != want {
				t.Errorf("%s %q: %d violations on the %s, want %d", c.app, text, got, c.text, want)
			}
		}
	}
}

// TestHomePageIsPublished: a Confluence space's home page is its
// published front page (the built-in atom's refers_to rule): one naming
// a draft or a page in the trash is a violation, one naming a current
// page is not.
func TestHomePageIsPublished(t *testing.T) {
	ss := map[string]*atom.Server{"confluence": builtinServer(t, "confluence")}
	for status, want := range map[string]int{"current": 0, "draft": 1, "trashed": 1} {
		w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
			state.NewCollection("confluence.spaces", "key", []state.Record{{"key": "OPS", "name": "Operations", "type": "global", "status": "current", "homepage_id": "98001"}}),
			state.NewCollection("confluence.pages", "id", []state.Record{{"id": "98001", "space_key": "OPS", "title": "Operations overview", "status": status, "version": 1}}))
		got := 0
		for _, v := range CheckWorld("d", ss, w) {
			if v.Rule == RuleInvariant && v.Collection == "confluence.spaces" && v.Field == "homepage_id" {
				got++
			}
		}
		if got != want {
			t.Errorf("home page %s: %d violations on homepage_id, want %d", status, got, want)
		}
	}
}
