package coherence

import (
	"fmt"
	"maps"
	"math"
	"slices"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// Items is how records of the shape's collection are the items of
// another record whose total is theirs summed (an expense of an expense
// report): the reference that names that record, its collection, its
// total field and the item's own amount field; ok is false where they
// are none. Money parts (refunds, payments) are no items: they take from
// a whole, they do not make it up. Nor is a document with a total of its
// own (an invoice of an order, a credit note of an invoice).
func (sh *Shape) Items(shapeOf func(string) *Shape) (ref, target, total, amount string, ok bool) {
	amount = sh.WholeAmount()
	if amount == "" || sh.MoneyPart() || atom.HasWord(sh.fields[amount].words, "total", "grand") {
		return "", "", "", "", false
	}
	for _, f := range sh.names {
		fs := sh.fields[f]
		if fs.role != atom.RoleRef || fs.ref == "" || fs.ref == sh.def.Name || sh.def.Fields[f].Type == "array" {
			continue
		}
		if tsh := shapeOf(fs.ref); tsh != nil {
			if t := tsh.sumTotal(); t != "" {
				return f, fs.ref, t, amount, true
			}
		}
	}
	return "", "", "", "", false
}

// sumTotal is the money field of the shape's collection that is the total
// of its items: named total and nothing else (total, total_amount,
// grand_total), not a customer's total spent.
func (sh *Shape) sumTotal() string {
	for _, f := range sh.names {
		fs := sh.fields[f]
		if fs.role == atom.RoleMoney && atom.HasWord(fs.words, "total") && !slices.ContainsFunc(fs.words, func(w string) bool {
			return !oneOf(w, []string{"total", "amount", "grand"})
		}) {
			return f
		}
	}
	return ""
}

// itemTotals reports the records whose total is not the sum of the items
// the world holds of them (an expense report of 35,205.04 whose one
// expense is 2,829.54). A record with no items in the world is not
// judged: its items are not drawn.
func (c *checker) itemTotals(sh *Shape, name string, col *state.Collection) {
	app, _ := state.Split(name)
	f, target, total, amount, ok := sh.Items(c.shapesIn(app))
	tcol := c.w.Collection(app + "." + target)
	if !ok || tcol == nil {
		return
	}
	sums, counts := map[string]float64{}, map[string]int{}
	for _, rec := range col.Records {
		x, xok := state.Number(rec[amount])
		if k := state.Text(rec[f]); k != "" && xok {
			sums[k] += x
			counts[k]++
		}
	}
	for _, k := range slices.Sorted(maps.Keys(sums)) {
		p, ok := tcol.Lookup(k)
		w, wok := state.Number(p[total])
		if ok && wok && math.Abs(w-sums[k]) > 0.005 {
			c.add(RuleFields, app+"."+target, k, total, p[total], "%s %v but its %d %s come to %s", total, p[total], counts[k], sh.def.Name, fmt.Sprintf("%.2f", sums[k]))
		}
	}
}
