package synth

import (
	"maps"
	"slices"

	"github.com/legoenv/legoenv/state"
)

// scopedParents gives each record a task names of a scope a reference by
// kind is unique within (ref_per: a GitLab note's noteable_iid within its
// project) a record of one of the kinds of its own, where the world holds
// one to spare: a note a task posts on a project names an issue or merge
// request of that project, and another project's iid is "404 Not found"
// (https://docs.gitlab.com/api/notes/). The record given is a background
// one no task names, taken from a scope no task names or one that keeps
// another, and takes the next number free in its new scope. It runs before the references
// settle, so a note that named it in its old scope draws another.
func (db *dataBuilder) scopedParents(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			for _, f := range cm.fieldNames {
				fd := cm.field(f)
				if fd.RefBy == "" || fd.RefPer == "" || fd.Ref != "" || fd.Type == "array" {
					continue
				}
				sc := m.byName[cm.field(fd.RefPer).Ref]
				if sc == nil {
					continue
				}
				var kinds []*collModel
				for _, k := range slices.Sorted(maps.Keys(fd.Refs)) {
					if tc := m.byName[fd.Refs[k]]; tc != nil && tc != cm {
						kinds = append(kinds, tc)
					}
				}
				named := map[string]bool{}
				for _, k := range db.keys[sc] {
					named[k] = true
				}
				for _, k := range db.keys[sc] {
					db.scopedParent(m, kinds, fd.RefPer, fd.RefKey(kinds[0].c), k, named, db.namedBy(m, cm, f))
				}
			}
		}
	}
}

// scopedParent moves a background record of the first of kinds that has
// one to spare into scope, unless a record of kinds is there already:
// per is the scope field, num the number unique within it, named the
// scopes tasks name, which keep a record of their own, and referred the
// records a reference names (namedBy), which stay where their referrers
// are: a note moved with its issue would be a note the task's project
// held before the task posts it.
func (db *dataBuilder) scopedParent(m *appModel, kinds []*collModel, per, num, scope string, named, referred map[string]bool) {
	if scope == "" || len(kinds) == 0 {
		return
	}
	held := map[string]int{}
	for _, tc := range kinds {
		for _, r := range db.d.Records[m.app][tc.name] {
			held[state.Text(r[per])]++
		}
	}
	if held[scope] > 0 {
		return
	}
	for _, tc := range kinds {
		for _, r := range db.unnamed(m, tc) {
			from := state.Text(r[per])
			if from == "" || named[from] && held[from] < 2 || referred[tc.name+"/"+from+"/"+state.Text(r[num])] {
				continue
			}
			next := 0.0
			for _, o := range db.d.Records[m.app][tc.name] {
				if n, ok := state.Number(o[num]); ok && state.Text(o[per]) == scope {
					next = max(next, n)
				}
			}
			r[per] = scope
			if _, ok := r[num]; ok {
				r[num] = numberFor(tc, num, next+1)
			}
			return
		}
	}
}

// namedBy is the records the reference by kind f of cm's records names,
// as "collection/scope/number" (a GitLab note's issue: its project and
// iid).
func (db *dataBuilder) namedBy(m *appModel, cm *collModel, f string) map[string]bool {
	fd := cm.field(f)
	out := map[string]bool{}
	for _, r := range db.d.Records[m.app][cm.name] {
		if coll, ok := fd.RefOf(r); ok {
			out[coll+"/"+state.Text(r[fd.RefPer])+"/"+state.Text(r[f])] = true
		}
	}
	return out
}
