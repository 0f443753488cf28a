package plan

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/satisfy"
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

// group is a set of assertions one record may satisfy.
type group struct {
	target  string
	pinned  any
	preds   []assert.Predicate
	members []facts.Check
	first   int // position of the first member among the positive tasks
}

// merges returns the positive tasks with a merge before the first member
// of each group of two or more. Assertions that already hold in s are left
// out of merges.
func (p *Planner) merges(positives []facts.Check, s *episode.Session) []facts.Check {
	var groups []*group
	for i, c := range positives {
		a := c.Plan()
		if a.Type != assert.Exists || holds(c, s) {
			continue
		}
		ci := p.info.Colls[a.Target]
		if ci == nil {
			continue
		}
		preds := p.preds(c)
		pinned := pinnedKey(ci.Def.KeyField(), preds)
		if pinned == nil {
			// A record the exact predicates name is as good as pinned: an
			// assertion about it does not merge with one about a new record.
			if rec := p.keyedBy(ci, preds, s); rec != nil {
				pinned = rec[ci.Def.KeyField()]
			}
		}
		placed := false
		for _, g := range groups {
			if g.target != a.Target || len(g.members) == maxMerge || !satisfy.ValueEqual(g.pinned, pinned) {
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
			groups = append(groups, &group{target: a.Target, pinned: pinned, preds: preds, members: []facts.Check{c}, first: i})
		}
	}
	groups = p.fitCounts(groups, positives, s)
	before := map[int][]facts.Check{}
	for _, g := range groups {
		if len(g.members) < 2 {
			continue
		}
		idx := make([]string, len(g.members))
		for i, m := range g.members {
			idx[i] = strconv.Itoa(m.Index)
		}
		m := g.members[0]
		want := &assert.Assertion{Type: assert.Exists, Target: g.target, Where: g.preds,
			Label: fmt.Sprintf("goal[%s] with one record", strings.Join(idx, ","))}
		m.Want, m.Group = want, g.members
		before[g.first] = append(before[g.first], m)
	}
	var out []facts.Check
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
func (p *Planner) mergePreds(ci *facts.Coll, pinned bool, a, b []assert.Predicate) ([]assert.Predicate, bool) {
	_, ag := satisfy.ByField(a)
	order, bg := satisfy.ByField(b)
	for _, f := range order {
		fa, ok := ag[f]
		if !ok {
			continue
		}
		both := append(append([]assert.Predicate(nil), fa...), bg[f]...)
		if satisfy.IsList(ci.Def, f) || satisfy.IsListPreds(both) {
			if !pinned && !sameElements(fa, bg[f]) {
				return nil, false
			}
			if _, ok := satisfy.List(both, nil); !ok {
				return nil, false
			}
			continue
		}
		if _, ok := satisfy.Scalar(both, facts.FieldDef(ci, f, nil)); !ok {
			return nil, false
		}
		if !p.prose(ci, f) && !samePhrases(fa, bg[f]) {
			// Two names in one short field (an employee of a row) are two
			// records, not one with both names.
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
	case assert.OpEquals, assert.OpIEquals, assert.OpIn, satisfy.OpElem:
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
	if x.Op == satisfy.OpElem || y.Op == satisfy.OpElem {
		return x.Op == y.Op && reflect.DeepEqual(x.Value, y.Value)
	}
	if x.Op == assert.OpIn || y.Op == assert.OpIn {
		return reflect.DeepEqual(x.Value, y.Value)
	}
	if x.Op == assert.OpIEquals || y.Op == assert.OpIEquals {
		return strings.EqualFold(state.Text(x.Value), state.Text(y.Value))
	}
	return satisfy.ValueEqual(x.Value, y.Value)
}

// fitCounts merges further where a goal count bounds the records of a
// collection below the new records the groups would make (eight signers
// over at most five envelopes): consecutive groups, in goal order (goals
// list what belongs together together), share a record, lists of elements
// growing (one envelope, two signers), until the records fit the bound. A
// merge that cannot be made leaves the groups as they were.
func (p *Planner) fitCounts(groups []*group, positives []facts.Check, s *episode.Session) []*group {
	for _, c := range positives {
		a := c.Plan()
		hi := upperBound(a.Bound)
		if a.Type != assert.Count || hi < 0 {
			continue
		}
		ci := p.info.Colls[a.Target]
		if ci == nil {
			continue
		}
		allowed := hi - p.countNow(c, s)
		var idx []int // groups making records the count counts
		for i, g := range groups {
			if g.target != a.Target || g.pinned != nil {
				continue
			}
			if rec, ok := satisfy.RecordFor(g.preds, ci.Def, nil); ok && c.Match(rec) {
				idx = append(idx, i)
			}
		}
		if allowed <= 0 || len(idx) <= allowed {
			continue
		}
		var chunks []*group
		size, extra := len(idx)/allowed, len(idx)%allowed
		ok := true
		for k, at := 0, 0; k < allowed && ok; k++ {
			n := size
			if k < extra {
				n++
			}
			m := &group{target: a.Target, first: -1}
			for _, i := range idx[at : at+n] {
				g := groups[i]
				if m.first < 0 {
					m.first, m.preds = g.first, g.preds
				} else if m.preds, ok = p.mergePreds(ci, true, m.preds, g.preds); !ok {
					break
				}
				m.members = append(m.members, g.members...)
			}
			chunks = append(chunks, m)
			at += n
		}
		if !ok {
			continue
		}
		var out []*group
		for i, g := range groups {
			if i == idx[0] {
				out = append(out, chunks...)
			}
			if !slices.Contains(idx, i) {
				out = append(out, g)
			}
		}
		groups = out
	}
	return groups
}

// proseLength is the mean length of a field's texts from which the planner
// takes it for prose (a body, a message), where phrases of several
// assertions may share one value, rather than a name.
const proseLength = 24

// prose reports whether a field holds prose: its texts in the initial
// state are long on average, or, with none there, it is a top-level field.
func (p *Planner) prose(ci *facts.Coll, f string) bool {
	key := ci.Name + "\x00" + f
	if v, ok := p.proseCache[key]; ok {
		return v
	}
	n, total := 0, 0
	if w, err := p.env.World(p.env.Recipe.Seed); err == nil {
		if c := w.Collection(ci.Name); c != nil {
			for _, r := range c.Records {
				if s, ok := state.Path(r, f); ok {
					if t, isText := s.(string); isText {
						n++
						total += len(t)
					}
				}
			}
		}
	}
	v := !strings.Contains(f, ".")
	if n > 0 {
		v = total >= proseLength*n
	}
	if p.proseCache == nil {
		p.proseCache = map[string]bool{}
	}
	p.proseCache[key] = v
	return v
}

// samePhrases reports whether two predicate lists on a text field ask for
// the same phrases (one containing the other's, ignoring case), so that
// merging them joins nothing.
func samePhrases(a, b []assert.Predicate) bool {
	texts := func(ps []assert.Predicate) []string {
		var out []string
		for _, p := range ps {
			switch p.Op {
			case assert.OpContains, assert.OpIContains:
				out = append(out, strings.ToLower(state.Text(p.Value)))
			}
		}
		return out
	}
	ta, tb := texts(a), texts(b)
	within := func(xs, ys []string) bool {
	next:
		for _, x := range xs {
			for _, y := range ys {
				if strings.Contains(y, x) || strings.Contains(x, y) {
					continue next
				}
			}
			return false
		}
		return true
	}
	return within(ta, tb) && within(tb, ta)
}
