package synth

import (
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
