package synth

import (
	"maps"
	"slices"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
)

// protect adds to a draft's goal what must not change: for each collection
// the task writes, an unchanged assertion that lets only the records the
// goal names change (by key when the task edits records, by the positive
// goal's equalities when it creates one). Without it, doing the task and
// the same write on a look-alike keeps full reward.
func protect(d *draft) {
	onlyNamedRecipients(d)
	kinds := map[string]map[string]bool{} // collection -> write effects
	for _, w := range d.writes {
		name := w.cm.ref()
		if kinds[name] == nil {
			kinds[name] = map[string]bool{}
		}
		kinds[name][w.effect] = true
	}
	for _, name := range slices.Sorted(maps.Keys(kinds)) {
		k := kinds[name]
		var except []assert.Predicate
		switch {
		case d.in.Family == famBulk && hasNegativeOn(d, name):
			// A bulk goal covers a whole group with negatives of its own
			// ("no record of the group is left out"); an except list of
			// the named keys would contradict it, but records outside the
			// group stay as they are.
			except = groupWhere(d, name)
		case k["create"] && len(k) == 1:
			except = createdWhere(d, name)
			if except == nil {
				notElsewhere(d, name)
			}
			if except != nil {
				// The same create twice (on another parent's look-alike,
				// for another person) matches the except list as well.
				d.in.Goal = append(d.in.Goal, atMostOne(name, except))
			}
		case !k["create"]:
			except = editedWhere(d, name)
		}
		if except == nil {
			continue
		}
		d.in.Goal = append(d.in.Goal, assert.Assertion{Type: assert.Unchanged, Target: name, Except: except,
			Label: "nothing else in " + name + " changes"})
	}
}

// atMostOne asserts that one record of the collection matches where.
func atMostOne(name string, where []assert.Predicate) assert.Assertion {
	one := 1
	return assert.Assertion{Type: assert.Count, Target: name, Where: append(assert.Where{}, where...), Bound: assert.Bound{Max: &one},
		Label: "it is created once"}
}

// groupWhere returns the predicates of a bulk goal's group: the where of
// its count assertion on the collection; nil when it has none.
func groupWhere(d *draft, name string) []assert.Predicate {
	for _, a := range d.in.Goal {
		if a.Type == assert.Count && a.Target == name && len(a.Where) > 0 {
			return append([]assert.Predicate(nil), a.Where...)
		}
	}
	return nil
}

// editedWhere names the records the positive goal pins by key on a
// collection: {key: v} or {key: {in: [...]}}; nil when one of them is not
// pinned by key (the goal then picks records another way).
func editedWhere(d *draft, name string) []assert.Predicate {
	var field string
	var keys []any
	for _, a := range d.in.Goal {
		if a.Type != assert.Exists || a.Target != name {
			continue
		}
		k, v, ok := keyPredicate(d, a)
		if !ok || (field != "" && field != k) {
			return nil
		}
		field = k
		keys = append(keys, v)
	}
	switch len(keys) {
	case 0:
		return nil
	case 1:
		return []assert.Predicate{{Field: field, Op: assert.OpEquals, Value: keys[0]}}
	}
	return []assert.Predicate{{Field: field, Op: assert.OpIn, Value: keys}}
}

// keyPredicate returns an assertion's equality on its collection's key.
func keyPredicate(d *draft, a assert.Assertion) (string, any, bool) {
	for _, w := range d.writes {
		if w.cm.ref() != a.Target {
			continue
		}
		for _, p := range a.Where {
			if p.Field == w.cm.key && p.Op == assert.OpEquals {
				return p.Field, p.Value, true
			}
		}
	}
	return "", nil, false
}

// createdWhere returns the equalities of the one positive assertion on a
// collection the task creates in; nil unless there is exactly one.
func createdWhere(d *draft, name string) []assert.Predicate {
	var out []assert.Predicate
	n := 0
	for _, a := range d.in.Goal {
		if a.Type != assert.Exists || a.Target != name {
			continue
		}
		n++
		out = out[:0]
		for _, p := range a.Where {
			if p.Op == assert.OpEquals || p.Op == assert.OpIEquals {
				out = append(out, p)
			}
		}
	}
	if n != 1 || len(out) == 0 {
		return nil
	}
	return out
}

// notElsewhere, for a collection the task creates several records in
// (a post and the detail it carries, in one channel), asks that nothing
// like the first is created anywhere else: its equalities turned to
// inequalities, its other predicates kept. Unlike an unchanged assertion's
// exception it lets no other record change, so the whole-world fence still
// keeps every other post of the channel.
func notElsewhere(d *draft, name string) {
	for _, a := range d.in.Goal {
		if a.Type != assert.Exists || a.Target != name {
			continue
		}
		var w assert.Where
		eq, other := 0, 0
		for _, p := range a.Where {
			if p.Op == assert.OpEquals {
				p.Op = assert.OpNotEquals
				eq++
			} else {
				other++
			}
			w = append(w, p)
		}
		if eq > 0 && other > 0 {
			d.in.Goal = append(d.in.Goal, assert.Assertion{Type: assert.NotExists, Target: name, Where: w, Label: "nothing like it is created elsewhere"})
		}
		return
	}
}

// hasNegativeOn reports whether the draft's goal already has a negative
// assertion on a collection.
func hasNegativeOn(d *draft, name string) bool {
	for _, a := range d.in.Goal {
		if a.IsNegative() && a.Target == name {
			return true
		}
	}
	return false
}

// onlyNamedRecipients makes a goal that names who a created message (or
// invite) goes to say that it goes to no one else: where a positive
// assertion on a collection the task creates in asks for an address among
// a list of recipients, the list must hold that many addresses. Equality
// on a list means "among them", so without it the message copied to
// anyone the task does not name keeps full reward.
func onlyNamedRecipients(d *draft) {
	created := map[string]*collModel{}
	for _, w := range d.writes {
		if w.effect == "create" {
			created[w.cm.ref()] = w.cm
		}
	}
	for i, a := range d.in.Goal {
		cm := created[a.Target]
		if a.Type != assert.Exists || cm == nil {
			continue
		}
		named := map[string]int{}
		sized := map[string]bool{}
		for _, p := range a.Where {
			switch {
			case p.Op == assert.OpSize:
				sized[p.Field] = true
			case p.Op == assert.OpEquals && cm.roles[p.Field] == atom.RoleEmails && cm.c.Fields[p.Field].Type == "array":
				named[p.Field]++
			}
		}
		for _, f := range slices.Sorted(maps.Keys(named)) {
			if !sized[f] {
				d.in.Goal[i].Where = append(slices.Clone(d.in.Goal[i].Where), assert.Predicate{Field: f, Op: assert.OpSize, Value: float64(named[f])})
			}
		}
	}
}
