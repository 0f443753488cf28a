package synth

import (
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// seniorHeads moves each record whose reference under a senior rule
// names one less senior than it (a CTO under a procurement specialist)
// to one of higher rank who is still there and keeps the collection's
// since rules over the reference, chosen by the record's own draw; where
// none is, the record reports to no one in the world. It runs once the
// titles are final (keepUnique renames a second chief). A value a task
// sets stays.
func (db *dataBuilder) seniorHeads(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			for _, inv := range cm.c.Invariants {
				if inv.Rule != "senior" || cm.c.Fields[inv.Fields[1]].Ref != cm.name {
					continue
				}
				db.seniorIn(cm, inv, db.d.Records[m.app][cm.name])
			}
		}
	}
}

func (db *dataBuilder) seniorIn(cm *collModel, inv atom.Invariant, recs []map[string]any) {
	f := inv.Fields[1]
	pinned := db.pinnedKeys(cm, f)
	byKey := map[string]map[string]any{}
	var present []string
	for _, rec := range recs {
		k := state.Text(rec[cm.key])
		byKey[k] = rec
		if !db.over(cm, rec) {
			present = append(present, k)
		}
	}
	for _, rec := range recs {
		self := state.Text(rec[cm.key])
		above, ok := byKey[state.Text(rec[f])]
		if pinned[self] || !ok || !inv.Junior(rec, above) {
			continue
		}
		var higher []string
		for _, k := range present {
			if k != self && atom.TitleRank(state.Text(byKey[k][inv.Fields[2]])) > atom.TitleRank(state.Text(rec[inv.Fields[0]])) {
				higher = append(higher, k)
			}
		}
		delete(rec, f)
		if heads := startedHeads(cm, f, rec, higher, byKey); len(heads) > 0 {
			rec[f] = pick(db.val.textRand(cm, rec, f+"|senior"), heads)
		}
	}
}
