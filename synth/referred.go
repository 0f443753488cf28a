package synth

import (
	"fmt"
	"slices"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// referredBy makes each record say what the records referring to it are,
// as its collection's referred_by rules declare, once every pass that
// moves a reference, an address or a state has run: a Gmail message has
// attachments exactly where one is on it and lists those, a thread lists
// the messages in it, a Drive file is shared exactly where a grant beyond
// its owner's names it. A rule naming one record (a document's one owner
// permission) runs first, as it moves the states the others count by: the
// referring record holding the record's value counts (the owner's grant
// is the owner one), and others that counted no longer do (a second owner
// becomes a writer); one that cannot count under its collection's rules
// goes, where no task names it. A flag or list a task sets stays.
func (db *dataBuilder) referredBy(apps []*appModel) {
	for _, one := range []bool{true, false} {
		for _, m := range apps {
			for _, cm := range m.colls {
				for _, inv := range cm.c.Invariants {
					if inv.Rule != "referred_by" || isOne(cm, inv) != one {
						continue
					}
					other := m.byName[inv.Fields[1]]
					if other == nil {
						continue
					}
					pinned := db.pinnedKeys(cm, inv.Fields[0])
					adopt(cm, other, inv, db.d.Records[m.app][cm.name], db.d.Records[m.app][other.name])
					refs := inv.ReferrersOf(db.d.Records[m.app][other.name])
					for _, w := range inv.With {
						inv.AddWith(refs, db.d.Records[m.app][w])
					}
					for _, rec := range db.d.Records[m.app][cm.name] {
						k := state.Text(rec[cm.key])
						switch {
						case pinned[k] && !one:
						case one:
							db.oneReferrer(m, other, inv, rec[inv.Fields[0]], refs[k])
						case inv.ByLatest():
							if v, ok := inv.Latest(refs[k]); ok {
								rec[inv.Fields[0]] = v
							}
						case inv.BySum():
							rec[inv.Fields[0]] = coherence.SameKind(rec[inv.Fields[0]], inv.ReferredSum(refs[k]))
						case inv.ByCount():
							rec[inv.Fields[0]] = coherence.SameKind(rec[inv.Fields[0]], float64(inv.ReferredCount(refs[k])))
						default:
							referredList(cm, other, inv, rec, refs[k])
						}
					}
					if !one && !inv.ByLatest() && cm.field(inv.Fields[0]).Type == "array" && cm.field(inv.Fields[0]).Required {
						db.d.Records[m.app][cm.name] = db.dropEmpty(m, cm, inv.Fields[0], pinned)
					}
				}
			}
		}
	}
}

// adopt gives each referring record that names no record the first
// whose list holds its key, where a rule's list holds the keys of the
// records naming it by one reference: a message no thread id places is in
// the first thread listing it, and so in no other.
func adopt(cm, other *collModel, inv atom.Invariant, recs, others []map[string]any) {
	rf := inv.Fields[2]
	if len(inv.Fields) > 3 || len(inv.From) > 0 || cm.field(inv.Fields[0]).Type != "array" || other.field(rf).Type == "array" {
		return
	}
	for _, rec := range recs {
		for _, x := range atom.ReferenceKeys(rec[inv.Fields[0]]) {
			if r := findRec(others, other.key, x); r != nil && !atom.IsSet(r[rf]) {
				r[rf] = rec[cm.key]
			}
		}
	}
}

// isOne reports whether a referred_by rule names one referring record: its
// field is neither a flag nor a list, nor kept to the latest referring
// record (a thread's snippet, which follows the lists that place its
// messages).
func isOne(cm *collModel, inv atom.Invariant) bool {
	t := cm.field(inv.Fields[0]).Type
	return t != "boolean" && t != "array" && !inv.ByLatest() && !inv.BySum() && !inv.ByCount()
}

// referredList sets a flag from whether a referring record counts, or a
// list to the values of those that do; an unset flag or list with none to
// hold stays unset.
func referredList(cm, other *collModel, inv atom.Invariant, rec map[string]any, refs atom.Referrers) {
	f := inv.Fields[0]
	var vals []any
	for _, r := range refs {
		if inv.Counts(r) {
			vals = append(vals, inv.ReferredValue(r, other.key))
		}
	}
	switch {
	case cm.field(f).Type == "boolean":
		if _, ok := rec[f].(bool); ok || len(vals) > 0 {
			rec[f] = len(vals) > 0
		}
	case len(vals) > 0 || rec[f] != nil:
		if vals == nil {
			vals = []any{}
		}
		rec[f] = vals
	}
}

// oneReferrer makes the referring record whose value is v (the document
// owner's grant) the one that counts, and every other that counted one
// that does not (a second owner a writer). A record that cannot count
// under its collection's rules (an owner must be a user) goes, where no
// task names it.
func (db *dataBuilder) oneReferrer(m *appModel, other *collModel, inv atom.Invariant, v any, refs atom.Referrers) {
	if len(inv.Fields) < 4 || !atom.IsSet(v) {
		return
	}
	st := inv.Fields[3]
	named := namedKeys(m, db.d)[other.name]
	pinned := db.pinnedKeys(other, st)
	for _, r := range refs {
		mine := inv.ReferredValue(r, other.key) == state.Text(v)
		switch {
		case pinned[state.Text(r[other.key])]:
		case mine && !inv.Counts(r):
			was := r[st]
			r[st] = stateValue(other.field(st), inv.In[0])
			if fieldProblem(other, r, st) {
				r[st] = was
				if !named[state.Text(r[other.key])] && !referredTo(m, other) {
					db.drop(m, other, r)
				}
			}
		case !mine && inv.Counts(r):
			if w, ok := uncounted(other, inv, r); ok {
				r[st] = w
			}
		}
	}
}

// uncounted is the first value of the rule's fourth field, in its enum's
// order, that does not count and that the referring record's own rules
// allow on r (a writer, where owner counts).
func uncounted(other *collModel, inv atom.Invariant, r map[string]any) (any, bool) {
	st := inv.Fields[3]
	fd := other.field(st)
	try := make(map[string]any, len(r))
	for k, x := range r {
		try[k] = x
	}
	for _, e := range fd.Enum {
		s := fmt.Sprint(e)
		if slices.Contains(inv.In, s) {
			continue
		}
		try[st] = stateValue(fd, s)
		if !fieldProblem(other, try, st) {
			return try[st], true
		}
	}
	return nil, false
}

// fieldProblem reports whether r breaks a rule of its collection that
// needs no other record in its field f.
func fieldProblem(cm *collModel, r map[string]any, f string) bool {
	return slices.ContainsFunc(cm.c.RecordProblems(r), func(p atom.Problem) bool { return p.Field == f })
}

// referredTo reports whether a collection of m refers to cm: its records
// stay, as another may name them.
func referredTo(m *appModel, cm *collModel) bool {
	for _, o := range m.colls {
		for _, rf := range o.refs {
			if rf.target == cm {
				return true
			}
		}
	}
	return false
}

// drop removes record r from its collection.
func (db *dataBuilder) drop(m *appModel, cm *collModel, r map[string]any) {
	recs := db.d.Records[m.app][cm.name]
	db.d.Records[m.app][cm.name] = slices.DeleteFunc(recs, func(x map[string]any) bool { return state.Text(x[cm.key]) == state.Text(r[cm.key]) })
}

// dropEmpty is cm's records less those whose required list f a
// referred_by rule left empty (a Gmail thread no message is in: a thread
// holds one or more), where no task names the record and no record of the
// app refers to it: a record that cannot be drawn right is not written.
func (db *dataBuilder) dropEmpty(m *appModel, cm *collModel, f string, pinned map[string]bool) []map[string]any {
	named := map[string]bool{}
	for _, h := range db.d.Handles {
		if h.App == m.app && h.Collection == cm.name {
			named[h.Key] = true
		}
	}
	referred := referredKeys(m, cm, db.d)
	kept := make([]map[string]any, 0, len(db.d.Records[m.app][cm.name])) // never null
	for _, rec := range db.d.Records[m.app][cm.name] {
		k := state.Text(rec[cm.key])
		if len(atom.ReferenceKeys(rec[f])) == 0 && !named[k] && !pinned[k] && !referred[k] {
			continue
		}
		kept = append(kept, rec)
	}
	return kept
}

// referredKeys are the keys of cm's records that a record of m refers to.
func referredKeys(m *appModel, cm *collModel, d *atom.Data) map[string]bool {
	referred := map[string]bool{}
	for _, o := range m.colls {
		for _, rf := range o.refs {
			if rf.target != cm {
				continue
			}
			for _, r := range d.Records[m.app][o.name] {
				for _, k := range atom.ReferenceKeys(r[rf.name]) {
					referred[k] = true
				}
			}
		}
	}
	return referred
}
