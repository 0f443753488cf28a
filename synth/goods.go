package synth

import (
	"fmt"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// goodsKind is a kind of thing a store sells, as a product's type names it
// (Squarespace's PHYSICAL, DIGITAL, SERVICE, GIFT_CARD; BigCommerce's
// physical and digital): the words of a name that say it, and the names
// synthesis draws for one. A name none of the kinds' words name is of
// physical goods, as the product vocabulary's are (a mug, a desk, a lamp).
type goodsKind struct {
	kind  string
	marks []string
	names []string
}

var goodsKinds = []goodsKind{
	{"gift card", []string{"gift card", "gift certificate", "voucher"}, []string{"Gift Card %d", "Store Gift Card %d", "Holiday Gift Card %d"}},
	{"digital", []string{"e-book", "ebook", "course", "template", "download", "preset", "pdf", "software", "license", "plugin"},
		[]string{"Design Handbook E-book %d", "Online Course %d", "Template Pack %d", "Photo Preset Bundle %d", "Sound Library Download %d"}},
	{"service", []string{"consultation", "session", "service", "installation", "coaching", "repair", "fitting"},
		[]string{"Setup Consultation %d", "Coaching Session %d", "Installation Service %d", "Repair Service %d"}},
	{"physical", nil, productPhrases},
}

// goodsWords are the type values that name physical goods in other words
// than "physical".
var goodsWords = map[string]bool{"goods": true, "inventory": true, "noninventory": true, "non inventory": true}

// goodsOfName is the kind of goods a product's name names.
func goodsOfName(name string) string {
	low := strings.ToLower(name)
	for _, g := range goodsKinds {
		if slices.ContainsFunc(g.marks, func(m string) bool { return strings.Contains(low, m) }) {
			return g.kind
		}
	}
	return "physical"
}

// goodsOfValue is the kind of goods a type field's value names
// ("GIFT_CARD" a gift card), or "" for one that names none.
func goodsOfValue(v any) string {
	s := strings.ToLower(strings.NewReplacer("_", " ", "-", " ").Replace(state.Text(v)))
	if goodsWords[s] {
		// An accounting catalogue's goods (Zoho Books' goods,
		// QuickBooks' Inventory and NonInventory items) are physical.
		return "physical"
	}
	for _, g := range goodsKinds {
		if s == g.kind {
			return g.kind
		}
	}
	return ""
}

// goodsField is the field of a product-like collection whose states are
// kinds of goods: one with an enum holding the physical kind. "" where
// the collection has none.
func goodsField(cm *collModel) string {
	if cm.kind() != "product" || cm.display == "" {
		return ""
	}
	for _, f := range cm.fieldNames {
		if slices.ContainsFunc(cm.field(f).Enum, func(v any) bool { return goodsOfValue(v) == "physical" }) {
			return f
		}
	}
	return ""
}

// conformGoods keeps a product's name and type of goods together: a
// "Ceramic Mug" is physical, an "E-book" digital. The name is drawn again
// from the vocabulary of the kind its type says, and, where a task pins
// the name, the type takes the name's kind instead unless a task pins it
// too. The old name, and its slug, are replaced in the record's other
// text (a background description written before).
func conformGoods(val *valuer, cm *collModel, rec map[string]any, set map[string]any) {
	f := goodsField(cm)
	if f == "" {
		return
	}
	name, _ := rec[cm.display].(string)
	want := goodsOfValue(rec[f])
	if name == "" || want == "" || goodsOfName(name) == want {
		return
	}
	if _, pinned := set[cm.display]; pinned {
		if _, pinned := set[f]; !pinned {
			if v, ok := goodsValue(cm, f, goodsOfName(name)); ok {
				rec[f] = v
			}
		}
		return
	}
	i := slices.IndexFunc(goodsKinds, func(g goodsKind) bool { return g.kind == want })
	renamed := fmt.Sprintf(pick(val.rng, goodsKinds[i].names), 2+val.rng.IntN(8))
	swap := strings.NewReplacer(name, renamed, atom.Slug(name), atom.Slug(renamed))
	for k, v := range rec {
		if s, ok := v.(string); ok && k != cm.key {
			rec[k] = swap.Replace(s)
		}
	}
}

// goodsValue is the value of field f naming kind.
func goodsValue(cm *collModel, f, kind string) (any, bool) {
	for _, v := range cm.field(f).Enum {
		if goodsOfValue(v) == kind {
			return v, true
		}
	}
	return nil, false
}
