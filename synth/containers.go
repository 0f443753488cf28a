package synth

import (
	"strings"

	"github.com/legoenv/legoenv/coherence"
)

// containers are the names of the records that the record rec is written
// on sits in, by "in" and their collection's noun ("inSection",
// "inProject"): an Asana story's task's section and that section's
// project. The product's own record of a change names
// the section or project its task is in ("moved this task to the
// Research section", https://developers.asana.com/reference/stories),
// never one the world does not hold; where the task is in none, no such
// frame is drawn.
func (v *valuer) containers(cm *collModel, rec map[string]any) map[string]string {
	out := map[string]string{}
	for _, rf := range cm.refs {
		if k, ok := rec[rf.name].(string); ok && onParent(cm, rf) {
			v.within(rf.target, v.record(rf, k), out, 2)
		}
	}
	return out
}

// within adds to out the names of the records rec, of cm, refers to by a
// single reference, and theirs in turn, up to hops deep.
func (v *valuer) within(cm *collModel, rec map[string]any, out map[string]string, hops int) {
	if rec == nil || hops == 0 {
		return
	}
	for _, rf := range cm.refs {
		k, ok := rec[rf.name].(string)
		if !ok || rf.list || rf.target == cm {
			continue
		}
		t := v.record(rf, k)
		noun := "in"
		for _, w := range strings.Fields(coherence.RecordNoun(rf.target.name)) {
			noun += strings.ToUpper(w[:1]) + w[1:]
		}
		if n, ok := t[rf.target.display].(string); ok && n != "" && out[noun] == "" && rf.target.display != "" {
			out[noun] = n
		}
		v.within(rf.target, t, out, hops-1)
	}
}

// record is the record drawn so far that reference rf's value k names, or
// nil.
func (v *valuer) record(rf refField, k string) map[string]any {
	key := rf.target.key
	if rf.by != "" {
		key = rf.by
	}
	if k == "" || v.world == nil {
		return nil
	}
	return findRec(v.world[rf.target.app.app][rf.target.name], key, k)
}
