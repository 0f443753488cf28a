package verify

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/episode"
)

// Merging assertions. Goals often describe one record in several
// assertions (a mail to the backup that names five campaigns, a note on a
// contact with its title and three phrases of its body, a count of one).
// Planned one by one, each would get its own record, and the record made
// first would look redundant to the discriminating check. So positive
// exists assertions on one collection that one record can satisfy are
// merged: one task, with every member's predicates, that the search tries
// before the members (contains-predicates on one text field join into one
// value). A merge is optional: when no way makes it hold, its members are
// planned one by one as before.

// maxMerge bounds the assertions one merge takes.
const maxMerge = 32

// merges returns the positive tasks with a merge before the first member
// of each group of two or more. Assertions that already hold in s are left
// out of merges.
func (p *planner) merges(positives []checkInfo, s *episode.Session) []checkInfo {
	type group struct {
		target  string
		pinned  any
		preds   []assert.Predicate
		members []checkInfo
		first   int
	}
	var groups []*group
	for i, c := range positives {
		a := c.plan()
		if a.Type != assert.Exists || holds(c, s) {
			continue
		}
		ci := p.info.colls[a.Target]
		if ci == nil {
			continue
		}
		preds := p.preds(c)
		pinned := pinnedKey(ci.def.KeyField(), preds)
		placed := false
		for _, g := range groups {
			if g.target != a.Target || len(g.members) == maxMerge || !valueEqual(g.pinned, pinned) {
				continue
			}
			if merged, ok := p.mergePreds(ci, pinned != nil, g.preds, preds); ok {
				g.preds = merged
				g.members = append(g.members, c)
				placed = true
				break
			}
		}
		if !placed {
			groups = append(groups, &group{target: a.Target, pinned: pinned, preds: preds, members: []checkInfo{c}, first: i})
		}
	}
	before := map[int][]checkInfo{}
	for _, g := range groups {
		if len(g.members) < 2 {
			continue
		}
		idx := make([]string, len(g.members))
		for i, m := range g.members {
			idx[i] = itoa(m.index)
		}
		m := g.members[0]
		want := &assert.Assertion{Type: assert.Exists, Target: g.target, Where: g.preds,
			Label: fmt.Sprintf("goal[%s] with one record", strings.Join(idx, ","))}
		m.want, m.group = want, g.members
		before[g.first] = append(before[g.first], m)
	}
	var out []checkInfo
	for i, c := range positives {
		out = append(out, before[i]...)
		out = append(out, c)
	}
	return out
}

// pinnedKey returns the key value predicates pin, or nil.
func pinnedKey(kf string, ps []assert.Predicate) any {
	for _, pr := range ps {
		if pr.Field == kf && pr.Op == assert.OpEquals {
			return pr.Value
		}
	}
	return nil
}

// mergePreds joins two conjunctions that one record can satisfy. On each
// field both constrain, the predicates together must be satisfiable; on a
// list field of a record the key does not pin (a mail's recipients, a new
// envelope's signers) they must also name the same elements, so that two
// mails to two people do not become one mail to both.
func (p *planner) mergePreds(ci *collInfo, pinned bool, a, b []assert.Predicate) ([]assert.Predicate, bool) {
	_, ag := byField(a)
	order, bg := byField(b)
	for _, f := range order {
		fa, ok := ag[f]
		if !ok {
			continue
		}
		both := append(append([]assert.Predicate(nil), fa...), bg[f]...)
		if isList(ci.def, f) || isListPreds(both) {
			if !pinned && !sameElements(fa, bg[f]) {
				return nil, false
			}
			if _, ok := satisfyList(both, nil); !ok {
				return nil, false
			}
			continue
		}
		if _, ok := satisfyScalar(both, fieldDef(ci, f, nil)); !ok {
			return nil, false
		}
	}
	out := append([]assert.Predicate(nil), a...)
next:
	for _, q := range b {
		for _, x := range out {
			if x.Field == q.Field && x.Op == q.Op && reflect.DeepEqual(x.Value, q.Value) {
				continue next
			}
		}
		out = append(out, q)
	}
	return out, true
}

// identity reports predicates that name an element of a list rather than
// describe it.
func identity(op string) bool {
	switch op {
	case assert.OpEquals, assert.OpIEquals, assert.OpIn, opElem:
		return true
	}
	return false
}

// sameElements reports whether two predicate lists on a list field name the
// same elements (either naming none will do).
func sameElements(a, b []assert.Predicate) bool {
	var ia, ib []assert.Predicate
	for _, x := range a {
		if identity(x.Op) {
			ia = append(ia, x)
		}
	}
	for _, x := range b {
		if identity(x.Op) {
			ib = append(ib, x)
		}
	}
	if len(ia) == 0 || len(ib) == 0 {
		return true
	}
	covered := func(xs, ys []assert.Predicate) bool {
	next:
		for _, x := range xs {
			for _, y := range ys {
				if sameElement(x, y) {
					continue next
				}
			}
			return false
		}
		return true
	}
	return covered(ia, ib) && covered(ib, ia)
}

func sameElement(x, y assert.Predicate) bool {
	if x.Op == opElem || y.Op == opElem {
		return x.Op == y.Op && reflect.DeepEqual(x.Value, y.Value)
	}
	if x.Op == assert.OpIn || y.Op == assert.OpIn {
		return reflect.DeepEqual(x.Value, y.Value)
	}
	if x.Op == assert.OpIEquals || y.Op == assert.OpIEquals {
		return strings.EqualFold(scalarString(x.Value), scalarString(y.Value))
	}
	return valueEqual(x.Value, y.Value)
}
