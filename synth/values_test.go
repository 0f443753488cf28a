package synth

import (
	"strings"
	"testing"
)

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
