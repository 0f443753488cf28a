package synth

import (
	"fmt"
	"maps"
)

// restage writes again the text of each record of an incident app whose
// kind moved after its text was written, once every record is in the
// state the world's rules leave it in: an incident a task makes an outage
// no longer announces maintenance, and an update posted on it no longer
// announces the work (nor one moved onto a maintenance investigates).
// A record a task names keeps its name and the values the task pins.
func (db *dataBuilder) restage(apps []*appModel) {
	for _, m := range apps {
		if m.family != "incident" {
			continue
		}
		for _, cm := range m.colls {
			for _, rec := range db.d.Records[m.app][cm.name] {
				db.val.maintenances[cm.ref()+"|"+fmt.Sprint(rec[cm.key])] = maintenance(cm, rec)
			}
		}
		for _, cm := range m.colls {
			roles := map[string]string{}
			for role, k := range db.keys[cm] {
				roles[k] = role
			}
			for _, rec := range db.d.Records[m.app][cm.name] {
				k := fmt.Sprint(rec[cm.key])
				was, written := db.val.textKinds[cm.ref()+"|"+k]
				if !written {
					continue
				}
				var pinned map[string]any
				rw, ok := db.rows[backgroundRow(cm, k)]
				if role, named := roles[k]; named {
					rw, ok = db.rows[cm.ref()+"#"+role]
					pinned = map[string]any{cm.display: true}
					if r := db.p.reqs[cm][role]; r != nil {
						maps.Copy(pinned, r.set)
					}
				}
				moved := ok && db.val.textFacts(cm, rec, rw)["kind"] != was
				if pr, on := db.parentRow(m, cm, rec); ok && on && pr.c.Name != "" && pr.c.Name != rw.c.Name {
					// A record on another (an update on its incident) speaks
					// of the parent's company, where a rule moved it onto
					// another than the one it was drawn on.
					rw.c, moved = pr.c, true
				}
				if moved {
					db.val.fillText(cm, rec, rw, pinned, false, true)
				}
			}
		}
	}
}

// parentRow is the row the record rec of cm's single reference to another
// collection of its app names was drawn for; false where it names none
// drawn.
func (db *dataBuilder) parentRow(m *appModel, cm *collModel, rec map[string]any) (row, bool) {
	for _, rf := range cm.refs {
		tc := rf.target
		if rf.list || tc == cm || tc.app != m {
			continue
		}
		k := fmt.Sprint(rec[rf.name])
		for role, key := range db.keys[tc] {
			if key == k {
				rw, ok := db.rows[tc.ref()+"#"+role]
				return rw, ok
			}
		}
		rw, ok := db.rows[backgroundRow(tc, k)]
		return rw, ok
	}
	return row{}, false
}
