package coherence

import (
	"slices"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// moneyPartWords name collections of parts that move money for the
// record they are on: refunds of an order or a charge, payments of an
// invoice or a bill. Those that moved money add up to no more than the
// record's whole amount, are of one that can take money (no draft), and
// are for the record's own party (its customer, its vendor).
var moneyPartWords = []string{"refund", "refunds", "payment", "payments"}

// IsMoneyPart reports whether records of a collection move money for the
// record they are on (refunds, payments).
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

// MovedNoMoney reports whether a money part's own status says it moved
// nothing: a draft, a failed, declined or cancelled payment. It counts
// toward no record's whole.
func (sh *Shape) MovedNoMoney(rec map[string]any) bool {
	statuses, _ := stateFields(sh, sh.def, rec)
	for _, sf := range statuses {
		if w := stateWord(rec[sf]); oneOf(w, unsettledStates) || oneOf(w, voidStates) {
			return true
		}
	}
	return false
}

// voidStates undo a payment: it moved nothing.
var voidStates = []string{"cancelled", "canceled", "void", "voided"}

// Parties are the references of a money part that its parent decides,
// per parent field: a payment's customer_id is its invoice's customer_id.
// Each is a field of the part and of the parent collection of the same
// name and the same target.
func (sh *Shape) Parties(parents map[string]string) map[string][]string {
	out := map[string][]string{}
	for pf, target := range parents {
		tdef := sh.server.Collection(target)
		for g, other := range parents {
			if g == pf || tdef == nil || sh.def.Fields[g].Type == "array" {
				continue
			}
			if td, ok := tdef.Fields[g]; ok && td.Role == atom.RoleRef && td.Ref == other && td.Type != "array" {
				out[pf] = append(out[pf], g)
			}
		}
		slices.Sort(out[pf])
	}
	return out
}

// PartParents are the reference fields of a collection of money parts
// that name the record each is of, with that record's collection: those
// declared part (a Magento invoice's order_id), or, in a collection named
// for refunds or payments, every reference.
func (sh *Shape) PartParents() map[string]string {
	out := map[string]string{}
	named := IsMoneyPart(sh.def.Name)
	for _, f := range sh.names {
		fs := sh.fields[f]
		if (named || sh.def.Fields[f].Part) && fs.role == atom.RoleRef && fs.ref != "" && fs.ref != sh.def.Name && sh.server.Collection(fs.ref) != nil {
			out[f] = fs.ref
		}
	}
	return out
}

// MoneyPart reports whether the collection's records move money for the
// record they are of: refunds, payments, or records a reference declared
// part makes so (a Magento invoice of its order).
func (sh *Shape) MoneyPart() bool {
	return IsMoneyPart(sh.def.Name) || slices.ContainsFunc(sh.names, func(f string) bool { return sh.def.Fields[f].Part })
}

// partAlone reports a money part that moved nothing (a canceled or
// failed refund) above its record's whole amount: it was asked for all
// the same, and the product refuses one above what is left of the record
// (a Stripe refund is "up to the remaining, unrefunded amount of the
// charge": https://docs.stripe.com/api/refunds/create).
func (c *checker) partAlone(sh, tsh *Shape, name, of, k string, rec, parent map[string]any) {
	mine, whole := sh.WholeAmount(), tsh.WholeAmount()
	x, xok := state.Number(rec[mine])
	w, wok := state.Number(parent[whole])
	if mine != "" && whole != "" && xok && wok && x > w+0.005 {
		c.add(RuleLifecycle, name, k, mine, rec[mine], "%s %v is more than the %s %v of %s, the record it is of", mine, rec[mine], whole, parent[whole], of)
	}
}

// partAmounts reports money parts for another party than their record's
// (a payment's customer not its invoice's), parts that moved money for a
// record whose status says it took none (a refund of a failed charge, a
// payment of a draft invoice), and the parts of one record that come to
// more than its whole amount (a refund above its order).
func (c *checker) partAmounts(sh *Shape, name string, col *state.Collection) {
	mine := sh.WholeAmount()
	app, _ := state.Split(name)
	parents := sh.PartParents()
	parties := sh.Parties(parents)
	for f, target := range parents {
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
			for _, g := range parties[f] {
				if mv, pv := state.Text(rec[g]), state.Text(parent[g]); mv != "" && pv != "" && mv != pv {
					c.add(RuleRef, name, k, g, rec[g], "%s %s is not %s %s of %s %s, the record it is of", g, mv, g, pv, target, ref)
				}
			}
			if sh.MovedNoMoney(rec) {
				c.partAlone(sh, tsh, name, target+" "+ref, k, rec, parent)
				continue
			}
			if sf, no := tsh.Unsettled(parent); no {
				c.add(RuleLifecycle, name, k, f, ref, "%s of %s %s, whose %s is %v", sh.def.Name, target, ref, sf, parent[sf])
			}
			x, xok := state.Number(rec[mine])
			w, wok := state.Number(parent[whole])
			if mine == "" || whole == "" || !xok || !wok {
				continue
			}
			sums[ref] += x
			if sums[ref] > w+0.005 {
				c.add(RuleLifecycle, name, k, mine, rec[mine], "the %s of %s %s come to %v, more than its %s %v", sh.def.Name, target, ref, sums[ref], whole, parent[whole])
			}
		}
	}
}
