package episode

import (
	"maps"
	"slices"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// withKinds makes a goal that asks for a record by a reference whose
// collection another field names (a GitLab note's noteable_iid, whose
// noteable_type says issue or merge request) ask for that kind too, where
// it names none: the value the goal gives is held by a record of one
// kind's collection in the world, and a record of the same number under
// another kind is another record's note. Without it a note on merge
// request 39 passes for one on issue 39. A value several kinds hold, or
// none (a record the task creates), leaves the goal as it is.
func withKinds(servers []*atom.Entry, st *state.State, a assert.Assertion) assert.Assertion {
	if a.Type != assert.Exists || st == nil {
		return a
	}
	app, name := state.Split(a.Target)
	var coll *atom.Collection
	for _, se := range servers {
		if s := se.MustServer(); s.AppName() == app {
			coll = s.Collection(name)
		}
	}
	if coll == nil {
		return a
	}
	named := map[string]bool{}
	for _, p := range a.Where {
		named[p.Field] = true
	}
	var add []assert.Predicate
	for _, p := range a.Where {
		fd, ok := coll.Fields[p.Field]
		if !ok || fd.RefBy == "" || fd.Ref != "" || named[fd.RefBy] || p.Op != assert.OpEquals || p.Value == nil {
			continue
		}
		var kinds []string
		for _, kind := range slices.Sorted(maps.Keys(fd.Refs)) {
			target := app + "." + fd.Refs[kind]
			by := fd.RefField
			if by == "" {
				by = st.KeyField(target)
			}
			if st.HoldsText(target, by, state.Text(p.Value)) {
				kinds = append(kinds, kind)
			}
		}
		if len(kinds) == 1 {
			add = append(add, assert.Predicate{Field: fd.RefBy, Op: assert.OpEquals, Value: kinds[0]})
			named[fd.RefBy] = true
		}
	}
	if len(add) == 0 {
		return a
	}
	a.Where = append(slices.Clone(a.Where), add...)
	return a
}
