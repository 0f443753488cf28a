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
				rw, pinned, ok := db.textRow(cm, roles, k)
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

// textRow is the row the record of cm keyed k was drawn for, with the
// values a task pins on it (its name among them) where a task names it;
// roles are cm's named records' roles by key.
func (db *dataBuilder) textRow(cm *collModel, roles map[string]string, k string) (row, map[string]any, bool) {
	role, named := roles[k]
	if !named {
		rw, ok := db.rows[backgroundRow(cm, k)]
		return rw, nil, ok
	}
	pinned := map[string]any{cm.display: true}
	if r := db.p.reqs[cm][role]; r != nil {
		maps.Copy(pinned, r.set)
	}
	rw, ok := db.rows[cm.ref()+"#"+role]
	return rw, pinned, ok
}

// redate writes again the text of an incident app's record whose time of
// making a later pass moved (an update moved into its maintenance's
// window): the days its text names are those of its record as it now is,
// and the company it names the record's it is on.
func (db *dataBuilder) redate(cm *collModel, rec map[string]any) {
	k := fmt.Sprint(rec[cm.key])
	if _, written := db.val.textKinds[cm.ref()+"|"+k]; !written {
		return
	}
	roles := map[string]string{}
	for role, key := range db.keys[cm] {
		roles[key] = role
	}
	rw, pinned, ok := db.textRow(cm, roles, k)
	if !ok {
		return
	}
	if pr, on := db.parentRow(cm.app, cm, rec); on && pr.c.Name != "" {
		rw.c = pr.c // as restage: a record on another speaks of the other's company
	}
	db.val.fillText(cm, rec, rw, pinned, false, true)
}
