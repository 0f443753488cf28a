package episode

import (
	"maps"
	"math"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// Some fields the products compute from others of the same record, on
// every write: ServiceNow sets an incident's priority from its impact and
// urgency by its priority lookup, Google Ads spends a daily budget over
// an average month, a Stripe charge is refunded once its refunds reach
// its amount. The server declares them as record rules (sum, ratio,
// reaches); after each call the session makes them anew on the records
// the call wrote, so that a write to impact moves priority as the
// product does, and a world the agent leaves agrees with itself as the
// world it was given did.

// computedRules are the record rules of one collection whose first field
// the session computes, with that field's declaration.
type computedRules struct {
	rules  []atom.Invariant
	fields []atom.Field
}

// gatherComputed adds to k the computed rules of the servers' collections
// (by full name), creating k where it is nil and there are some.
func gatherComputed(k *keptRules, servers []*atom.Entry) *keptRules {
	for _, se := range servers {
		s := se.MustServer()
		for i := range s.Collections {
			c := &s.Collections[i]
			var cr computedRules
			for _, inv := range c.Invariants {
				if inv.Computed() {
					cr.rules = append(cr.rules, inv)
					cr.fields = append(cr.fields, c.Fields[inv.Fields[0]])
				}
			}
			if len(cr.rules) == 0 {
				continue
			}
			k = k.orNew()
			if k.computed == nil {
				k.computed = map[string]*computedRules{}
			}
			name := s.AppName() + "." + c.Name
			k.computed[name] = &cr
			k.watch[name] = true
		}
	}
	return k
}

// keep makes the computed fields of the record with key key of collection
// name what its other fields give, where that differs from what it holds.
// A rule whose inputs are missing leaves its field as it is.
func (cr *computedRules) keep(st *state.State, name, key string) {
	rec, ok := st.Get(name, key)
	if !ok {
		return
	}
	var out state.Record
	for i, inv := range cr.rules {
		v, ok := computedValue(inv, cr.fields[i], rec)
		f := inv.Fields[0]
		if !ok || computedHolds(v, rec[f]) {
			continue
		}
		if out == nil {
			out = maps.Clone(rec)
		}
		out[f] = v
	}
	if out != nil {
		_ = st.Replace(name, key, out) // rec is there: the write cannot fail
	}
}

// computedValue is what a computed rule makes its first field on rec;
// false where an input is missing or not a number.
func computedValue(inv atom.Invariant, fd atom.Field, rec map[string]any) (any, bool) {
	var x float64
	switch inv.Rule {
	case "reaches":
		return inv.Reached(rec)
	case "sum":
		t, ok := inv.Total(rec)
		if !ok {
			return nil, false
		}
		x = t
	case "ratio":
		want, _, ok := inv.Rate(rec)
		if !ok {
			return nil, false
		}
		x = want
	}
	if fd.Type == "integer" {
		return int(math.Round(x)), true
	}
	return x, true
}

// computedHolds reports whether a field holds the computed value already,
// a number within the rules' rounding of it.
func computedHolds(want, held any) bool {
	if b, ok := want.(bool); ok {
		return held == b
	}
	w, _ := state.Number(want)
	h, ok := state.Number(held)
	return ok && atom.SameRate(h, w)
}
