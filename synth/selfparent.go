package synth

import (
	"slices"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// selfParents fills each reference to a record of its own collection that
// a set_when rule asks for (a Jira sub-task's parent_key): the record
// names another of the collection, one not in the rule's states itself (a
// sub-task's parent is no sub-task) and agreeing with it on every agrees
// rule over the reference (the parent is in the sub-task's project).
// Where none is there, the record leaves the rule's states (the sub-task
// becomes another type of issue) unless a task sets its state; a
// reference or state a task sets stays. It runs once keys are final, so
// the value a reference holds (the parent's key) is the one it keeps.
func (db *dataBuilder) selfParents(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			for _, inv := range cm.c.Invariants {
				if inv.Rule != "set_when" || cm.field(inv.Fields[0]).Ref != cm.name {
					continue
				}
				pinnedRef, pinnedState := db.pinnedKeys(cm, inv.Fields[0]), db.pinnedKeys(cm, inv.Fields[1])
				for _, rec := range db.d.Records[m.app][cm.name] {
					self := state.Text(rec[cm.key])
					if !cm.c.Needs(inv, rec) || coherence.HoldsValue(rec[inv.Fields[0]]) || pinnedRef[self] {
						continue
					}
					db.selfParent(m, cm, inv, rec, pinnedState[self])
				}
			}
		}
	}
}

func (db *dataBuilder) selfParent(m *appModel, cm *collModel, inv atom.Invariant, rec map[string]any, pinnedState bool) {
	f := inv.Fields[0]
	fd := cm.field(f)
	var vs []any
	for _, r := range db.d.Records[m.app][cm.name] {
		if state.Text(r[cm.key]) == state.Text(rec[cm.key]) || cm.c.Needs(inv, r) || !agreesAsParent(cm, f, rec, r) {
			continue
		}
		if v, ok := refValue(fd, cm, r); ok {
			vs = append(vs, v)
		}
	}
	if len(vs) > 0 {
		rec[f] = pick(db.val.textRand(cm, rec, f), vs)
		return
	}
	if pinnedState {
		return
	}
	for _, v := range cm.field(inv.Fields[1]).Enum {
		if !slices.Contains(inv.In, state.Text(v)) {
			rec[inv.Fields[1]] = v
			return
		}
	}
}

// agreesAsParent reports whether p may be the record rec's reference f
// names under every agrees rule of three fields over f.
func agreesAsParent(cm *collModel, f string, rec, p map[string]any) bool {
	for _, inv := range cm.c.Invariants {
		if inv.Rule == "agrees" && len(inv.Fields) == 3 && inv.Fields[1] == f && state.Text(rec[inv.Fields[0]]) != state.Text(p[inv.Fields[2]]) {
			return false
		}
	}
	return true
}
