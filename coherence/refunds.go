package coherence

import (
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// moneyPartWords name collections of parts that pay money back out of
// the record they are on: refunds of an order or a charge, which add up
// to no more than it and are of one that took money.
var moneyPartWords = []string{"refund", "refunds"}

// IsMoneyPart reports whether records of a collection pay money back out
// of the record they are on (refunds).
func IsMoneyPart(collection string) bool {
	ws := atom.Words(collection)
	return len(ws) > 0 && oneOf(ws[len(ws)-1], moneyPartWords)
}

// WholeAmount is the money field of a record's whole amount (a charge's
// amount, an order's total_price), not a share of it nor what is owed;
// "" for none.
func (sh *Shape) WholeAmount() string {
	for _, f := range sh.names {
		fs := sh.fields[f]
		if fs.role == atom.RoleMoney && atom.HasWord(fs.words, "amount", "total", "grand") &&
			!atom.HasWord(fs.words, partWords...) && !atom.HasWord(fs.words, "due", "balance", "remaining", "outstanding", "tax", "shipping", "subtotal", "tip") {
			return f
		}
	}
	return ""
}

// Unsettled reports whether a record's status says no money moved (a
// draft, a failed or declined payment), and which status says so.
func (sh *Shape) Unsettled(rec map[string]any) (string, bool) {
	statuses, _ := stateFields(sh, sh.def, rec)
	for _, sf := range statuses {
		if oneOf(stateWord(rec[sf]), unsettledStates) {
			return sf, true
		}
	}
	return "", false
}

// PartParents are the reference fields of a collection of money parts
// that name the record each is of, with that record's collection.
func (sh *Shape) PartParents() map[string]string {
	out := map[string]string{}
	if !IsMoneyPart(sh.def.Name) {
		return out
	}
	for _, f := range sh.names {
		fs := sh.fields[f]
		if fs.role == atom.RoleRef && fs.ref != "" && fs.ref != sh.def.Name && sh.server.Collection(fs.ref) != nil {
			out[f] = fs.ref
		}
	}
	return out
}

// partAmounts reports refunds of a record whose status says it took no
// money (a failed charge), and refunds of one record that come to more
// than its whole amount (a refund above its order).
func (c *checker) partAmounts(sh *Shape, name string, col *state.Collection) {
	mine := sh.WholeAmount()
	app, _ := state.Split(name)
	for f, target := range sh.PartParents() {
		tsh, tcol := c.shape(app+"."+target), c.w.Collection(app+"."+target)
		if tsh == nil || tcol == nil {
			continue
		}
		whole := tsh.WholeAmount()
		sums := map[string]float64{}
		for _, rec := range col.Records {
			k, _ := state.KeyOf(rec, col.Key)
			ref := state.Text(rec[f])
			parent, ok := tcol.Lookup(ref)
			if !ok {
				continue
			}
			if sf, no := tsh.Unsettled(parent); no {
				c.add(RuleLifecycle, name, k, f, ref, "a refund of %s %s, whose %s is %v", target, ref, sf, parent[sf])
			}
			x, xok := state.Number(rec[mine])
			w, wok := state.Number(parent[whole])
			if mine == "" || whole == "" || !xok || !wok {
				continue
			}
			sums[ref] += x
			if sums[ref] > w+0.005 {
				c.add(RuleLifecycle, name, k, mine, rec[mine], "the refunds of %s %s come to %v, more than its %s %v", target, ref, sums[ref], whole, parent[whole])
			}
		}
	}
}
