package coherence

import (
	"math"
	"slices"
	"strconv"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// Paid is what the money parts of the records of one collection moved
// (an invoice's payments, an order's refunds), by the key of the record
// they are of; a record is in it only where it has a part that moved
// money.
type Paid map[string]float64

// PaidOf sums, for the collection target of server s, the parts of every
// collection of money parts that names it (records gives a collection's
// records by name); parts that moved nothing (a failed payment) count for
// none.
func PaidOf(s *atom.Server, target string, records func(coll string) []map[string]any) Paid {
	out := Paid{}
	for i := range s.Collections {
		psh := ShapeOf(s, &s.Collections[i])
		amount := psh.WholeAmount()
		for f, t := range psh.PartParents() {
			if t != target || amount == "" {
				continue
			}
			for _, rec := range records(psh.def.Name) {
				x, ok := state.Number(rec[amount])
				if k := state.Text(rec[f]); ok && k != "" && !psh.MovedNoMoney(rec) {
					out[k] += x
				}
			}
		}
	}
	return out
}

// Settled reports whether rec is in a state a full_when rule of its
// collection says is settled in full (a paid invoice, a refunded order).
func (sh *Shape) Settled(rec map[string]any) bool {
	return slices.ContainsFunc(sh.def.Invariants, func(inv atom.Invariant) bool {
		return inv.Rule == "full_when" && slices.Contains(inv.In, state.Text(rec[inv.Fields[1]]))
	})
}

// Balance is what a remaining rule's balance should be on rec, given what
// its parts paid (has: it has parts in the world): nothing on a record
// settled in full, the whole on one that took no money (a draft, or a
// state the rule's third field lists: a sent FreshBooks invoice), the
// whole less what was paid where parts were drawn; exact is false where
// none were, and the balance is then at most the whole. ok is false where
// the whole is missing.
func (sh *Shape) Balance(inv atom.Invariant, rec map[string]any, paid float64, has bool) (want float64, exact, ok bool) {
	whole, ok := state.Number(rec[inv.Fields[1]])
	switch {
	case !ok:
		return 0, false, false
	case sh.Settled(rec):
		return 0, true, true
	case unsettled(sh, rec) || len(inv.Fields) == 3 && slices.Contains(inv.In, state.Text(rec[inv.Fields[2]])):
		return whole, true, true
	case has:
		return math.Round((whole-paid)*100) / 100, true, true
	}
	return whole, false, true
}

// PartPaid reports whether rec is in a state a remaining rule of three
// fields lists in Values, one in which a part of the whole was paid (a
// partially paid Zoho Books invoice): its balance is then above nothing
// and below the whole.
func PartPaid(inv atom.Invariant, rec map[string]any) bool {
	return len(inv.Fields) == 3 && slices.Contains(inv.Values, state.Text(rec[inv.Fields[2]]))
}

func unsettled(sh *Shape, rec map[string]any) bool {
	_, no := sh.Unsettled(rec)
	return no
}

// settled checks a collection's remaining and full_when rules against the
// money parts the world holds of its records: an invoice's balance is its
// total less its payments (a draft's is its total, a paid one's nothing),
// and a paid invoice's payments, or a refunded order's refunds, come to
// its total.
func (c *checker) settled(inv atom.Invariant, name string, col *state.Collection) {
	sh := c.shape(name)
	app, coll := state.Split(name)
	paid := PaidOf(sh.server, coll, func(p string) []map[string]any {
		if pc := c.w.Collection(app + "." + p); pc != nil {
			return pc.Records
		}
		return nil
	})
	for _, rec := range col.Records {
		k, _ := state.KeyOf(rec, col.Key)
		x, has := paid[k]
		if inv.Rule == "full_when" {
			whole, ok := state.Number(rec[inv.Fields[0]])
			if has && ok && sh.Settled(rec) && math.Abs(whole-x) > 0.005 {
				c.add(RuleInvariant, name, k, inv.Fields[0], rec[inv.Fields[0]], "%s is %v but its parts come to %.2f, and it is %v", inv.Fields[0], rec[inv.Fields[0]], x, rec[inv.Fields[1]])
			}
			continue
		}
		got, gok := state.Number(rec[inv.Fields[0]])
		want, exact, ok := sh.Balance(inv, rec, x, has)
		switch whole, _ := state.Number(rec[inv.Fields[1]]); {
		case !gok || !ok:
		case exact && math.Abs(got-want) > 0.005 || !exact && got > want+0.005:
			c.add(RuleInvariant, name, k, inv.Fields[0], rec[inv.Fields[0]], "%s is %v but %s %v less the %.2f paid is %.2f", inv.Fields[0], got, inv.Fields[1], rec[inv.Fields[1]], x, want)
		case PartPaid(inv, rec) && (got < 0.005 || got > whole-0.005):
			c.add(RuleInvariant, name, k, inv.Fields[0], rec[inv.Fields[0]], "%s is %v of %s %v, but %s is %v: a part is paid and a part is left", inv.Fields[0], got, inv.Fields[1], whole, inv.Fields[2], rec[inv.Fields[2]])
		}
	}
}

// refersTo reports the records whose reference names a record of another
// kind than the rule allows (an invoice whose customer is a vendor), or
// whose flag says otherwise than the record it names (a story completed
// in a state not done).
func (c *checker) refersTo(inv atom.Invariant, name string, col *state.Collection) {
	_, def := c.def(name)
	app, _ := state.Split(name)
	rf := inv.Fields[0]
	if inv.Rule == "flag_of" {
		rf = inv.Fields[1]
	}
	target := c.w.Collection(app + "." + def.Fields[rf].Ref)
	if target == nil {
		return
	}
	for _, rec := range col.Records {
		ref := state.Text(rec[rf])
		t, ok := target.Lookup(ref)
		k, _ := state.KeyOf(rec, col.Key)
		switch {
		case !ok || !inv.RefersFrom(rec):
		case inv.Rule == "refers_to" && !inv.RefersToKind(t):
			c.add(RuleInvariant, name, k, inv.Fields[0], ref, "%s %s is of %s %v, not one of %v", inv.Fields[0], ref, inv.Fields[1], t[inv.Fields[1]], inv.In)
		case inv.Rule == "flag_of":
			if want, wok := inv.FlagOf(t); wok && atom.IsSet(rec[inv.Fields[0]]) && state.Text(rec[inv.Fields[0]]) != strconv.FormatBool(want) {
				c.add(RuleInvariant, name, k, inv.Fields[0], rec[inv.Fields[0]], "%s is %v but %s %s is of %s %v", inv.Fields[0], rec[inv.Fields[0]], inv.Fields[1], ref, inv.Fields[2], t[inv.Fields[2]])
			}
		}
	}
}
