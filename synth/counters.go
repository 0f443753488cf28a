package synth

import (
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// countPresent raises each count a record keeps of the records that
// reference it (see coherence's Counters) that is below the records of
// the world that do: a customer's orders_count counts at least the
// orders of it there are. A count a task pins stays.
func (db *dataBuilder) countPresent(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			cts := cm.shape.Counters()
			if len(cts) == 0 {
				continue
			}
			pins := db.pinned(cm)
			for _, rec := range db.d.Records[m.app][cm.name] {
				k := state.Text(rec[cm.key])
				for _, ct := range cts {
					if _, pinned := pins[k][ct.Field]; !pinned {
						if d, below := ct.Below(rec, k, db.d.Records[m.app][ct.Of]); below {
							d.Mend(rec)
						}
					}
				}
			}
		}
	}
}

// numbersWithinCounts moves each number a within rule bounds by a number
// of the record its reference names, once referredBy has counted them,
// to the lowest number from 1 up to that bound no other record under the
// same parent holds: a Smartsheet row numbered beyond its sheet's
// totalRowCount takes a row number the sheet's rows leave free, so its
// rows are numbered 1 to their count. A number a task sets stays.
func (db *dataBuilder) numbersWithinCounts(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			for _, inv := range cm.c.Invariants {
				if t := cm.field(inv.Fields[0]).Type; inv.Rule != "within" || t != "integer" && t != "number" {
					continue
				}
				recs := db.d.Records[m.app][cm.name]
				pinned := db.pinnedKeys(cm, inv.Fields[0])
				for _, rec := range recs {
					p := referenced(m, cm, inv, db.d, rec)
					bound, above := inv.AboveParent(rec, p)
					if p == nil || !above || pinned[state.Text(rec[cm.key])] {
						continue
					}
					if n, ok := freeNumber(recs, inv, rec, int(bound)); ok {
						rec[inv.Fields[0]] = coherence.SameKind(rec[inv.Fields[0]], float64(n))
					}
				}
			}
		}
	}
}

// freeNumber is the lowest number from 1 to bound that no record of recs
// under rec's parent (the within rule's reference) holds in the rule's
// field.
func freeNumber(recs []map[string]any, inv atom.Invariant, rec map[string]any, bound int) (int, bool) {
	held := map[int]bool{}
	for _, o := range recs {
		if state.Text(o[inv.Fields[1]]) != state.Text(rec[inv.Fields[1]]) {
			continue
		}
		if x, ok := state.Number(o[inv.Fields[0]]); ok {
			held[int(x)] = true
		}
	}
	for n := 1; n <= bound; n++ {
		if !held[n] {
			return n, true
		}
	}
	return 0, false
}
