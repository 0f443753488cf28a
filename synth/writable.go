package synth

import (
	"maps"
	"slices"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// writableParents keeps each record a task changes (a workflow's record,
// or one a template writes a value to: a hand-off's mark) under a record that
// lets the user write it (a reference's write_when): an event a task
// updates is on a calendar the user holds as writer or owner, since the
// product refuses the change on a calendar the user only reads. A
// calendar no task names takes the first value the rule lets write; an
// event under one a task names moves to a calendar no task names, which
// takes that value, unless the task pins the event's calendar.
func (db *dataBuilder) writableParents(apps []*appModel) {
	for _, m := range apps {
		named := namedKeys(m, db.d)
		for _, cm := range m.colls {
			for _, f := range slices.Sorted(maps.Keys(cm.c.Fields)) {
				fd := cm.c.Fields[f]
				if tc := m.byName[fd.Ref]; fd.WriteWhen != nil && tc != nil {
					db.writableParent(m, cm, tc, f, named)
				}
			}
		}
	}
}

func (db *dataBuilder) writableParent(m *appModel, cm, tc *collModel, f string, named map[string]map[string]bool) {
	ww := cm.c.Fields[f].WriteWhen
	parents := db.d.Records[m.app][tc.name]
	for _, role := range sortedRoles(db.p.reqs[cm]) {
		r := db.p.reqs[cm][role]
		rec := findRec(db.d.Records[m.app][cm.name], cm.key, db.keys[cm][role])
		if !r.changed && len(db.p.roleTargets[cm][role]) == 0 || rec == nil { // a workflow's change, or a template's write (a hand-off's mark)
			continue
		}
		t := findRec(parents, tc.key, state.Text(rec[f]))
		switch {
		case t == nil || ww.Writable(t):
		case !named[tc.name][state.Text(t[tc.key])]:
			kindTo(m, tc, t, ww.Field, ww.In[0], db.d)
		case r.refs[f] == "":
			if to := writableFree(parents, tc.key, ww, named[tc.name]); to != nil {
				kindTo(m, tc, to, ww.Field, ww.In[0], db.d)
				rec[f] = to[tc.key]
			}
		}
	}
}

// writableFree is a record of recs no task names, one that lets the user
// write first, else any; nil for none.
func writableFree(recs []map[string]any, key string, ww *atom.WriteWhen, named map[string]bool) map[string]any {
	var free map[string]any
	for _, r := range recs {
		if named[state.Text(r[key])] {
			continue
		}
		if ww.Writable(r) {
			return r
		}
		if free == nil {
			free = r
		}
	}
	return free
}
