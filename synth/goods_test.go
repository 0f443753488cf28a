package synth

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestProductNamesSayTheirType: a product whose type is a kind of goods
// is named as one (a mug is physical, an e-book digital), in every store
// that declares such a type, and the stores sell more than one kind.
func TestProductNamesSayTheirType(t *testing.T) {
	c, _ := readWorld(t, 54, "squarespace_commerce", "bigcommerce")
	kinds := map[string]int{}
	for _, d := range c.Data {
		for app, byName := range d.Records {
			for _, rec := range byName["products"] {
				name := state.Text(rec["name"])
				kind := goodsOfValue(rec["type"])
				if name == "" || kind == "" {
					continue
				}
				kinds[kind]++
				if got := goodsOfName(name); got != kind {
					t.Errorf("%s: %s product %q is %s goods, typed %v", d.ID, app, name, got, rec["type"])
				}
			}
		}
	}
	if kinds["physical"] == 0 || len(kinds) < 3 {
		t.Errorf("products drawn by kind of goods %v, want physical goods and others", kinds)
	}
}
