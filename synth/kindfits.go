package synth

import (
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// kindFits makes each agrees rule by kind hold: a record whose text is a
// case of one kind (a refund, a fault) names a record whose field says
// that kind and no other topic (atom.CaseFits: a Jira Service Management
// request is raised under the request type of its kind, a login fault
// under "Report a bug", never "Fix a printer"). It names one the world holds, one agreeing
// with its other agrees rules over the same reference first (a request
// type of its own service desk), else one drawn for it, named from the
// collection's vocabulary of that kind. A reference a task pins stays.
func (db *dataBuilder) kindFits(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			for _, inv := range cm.c.Invariants {
				if !inv.ByKind() {
					continue
				}
				if tc := m.byName[cm.field(inv.Fields[1]).Ref]; tc != nil {
					db.kindFit(m, cm, tc, inv)
				}
			}
		}
	}
}

func (db *dataBuilder) kindFit(m *appModel, cm, tc *collModel, inv atom.Invariant) {
	pinned := db.pinnedKeys(cm, inv.Fields[1])
	drawn := map[string]map[string]any{} // kind and scope -> a record drawn for them
	for _, rec := range db.d.Records[m.app][cm.name] {
		p := findRec(db.d.Records[m.app][tc.name], tc.key, state.Text(rec[inv.Fields[1]]))
		if p == nil || pinned[state.Text(rec[cm.key])] {
			continue
		}
		if _, bad := inv.Disagrees(rec, p); !bad {
			continue
		}
		subject := state.Text(rec[inv.Fields[0]])
		kind := atom.CaseKind(subject)
		var fit, other map[string]any
		for _, t := range db.d.Records[m.app][tc.name] {
			if !atom.CaseFits(subject, state.Text(t[inv.Fields[2]])) {
				continue
			}
			if other == nil {
				other = t
			}
			if agreesBeside(cm, inv, rec, t) {
				fit = t
				break
			}
		}
		if fit == nil {
			scope := kind + "|" + atom.CaseTopic(subject) + "|" + besideValues(cm, inv, rec)
			if fit = drawn[scope]; fit == nil {
				if fit = db.drawOfKind(cm, tc, inv, rec, subject); fit != nil {
					drawn[scope] = fit
				}
			}
		}
		if fit == nil {
			fit = other
		}
		if fit != nil {
			rec[inv.Fields[1]] = fit[tc.key]
		}
	}
}

// besideAgrees are cm's other agrees rules over inv's reference (a
// request's service desk is its request type's).
func besideAgrees(cm *collModel, inv atom.Invariant) []atom.Invariant {
	var out []atom.Invariant
	for _, o := range cm.c.Invariants {
		if o.Rule == "agrees" && !o.ByKind() && !o.ByCompany() && len(o.Fields) == 3 && o.Fields[1] == inv.Fields[1] {
			out = append(out, o)
		}
	}
	return out
}

// agreesBeside reports whether t, named by rec's reference, keeps the
// other agrees rules over that reference.
func agreesBeside(cm *collModel, inv atom.Invariant, rec, t map[string]any) bool {
	for _, o := range besideAgrees(cm, inv) {
		if _, bad := o.Disagrees(rec, t); bad {
			return false
		}
	}
	return true
}

// besideValues are rec's values those other rules keep, joined.
func besideValues(cm *collModel, inv atom.Invariant, rec map[string]any) string {
	var vs []string
	for _, o := range besideAgrees(cm, inv) {
		vs = append(vs, state.Text(rec[o.Fields[0]]))
	}
	return strings.Join(vs, "|")
}

// drawOfKind draws a background record of tc named from its vocabulary
// for a case whose subject is subject (one of its kind, of its topic or
// of none), agreeing with rec's other rules over the reference, and adds
// it to the world; nil where the vocabulary names none fitting it that no
// record of tc holds.
func (db *dataBuilder) drawOfKind(cm, tc *collModel, inv atom.Invariant, rec map[string]any, subject string) map[string]any {
	held := map[string]bool{}
	for _, t := range db.d.Records[cm.app.app][tc.name] {
		held[state.Text(t[inv.Fields[2]])] = true
	}
	var names []string
	for _, n := range nounVocab[atom.NounOf(tc.c)] {
		if !strings.Contains(n, "{") && !held[n] && atom.CaseFits(subject, n) {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return nil
	}
	t, tw := backgroundRecord(db.val, tc, db.p, db.refKeys(), db.used, parent{})
	name := pick(db.val.rng, names)
	old := state.Text(t[inv.Fields[2]])
	t[inv.Fields[2]] = name
	for f, v := range t {
		// The record's own text names it by its new name.
		if s, ok := v.(string); ok && old != "" && f != inv.Fields[2] && strings.Contains(s, old) {
			t[f] = strings.ReplaceAll(s, old, name)
		}
	}
	for _, o := range besideAgrees(cm, inv) {
		if atom.IsSet(rec[o.Fields[0]]) {
			t[o.Fields[2]] = rec[o.Fields[0]]
		}
	}
	db.rows[backgroundRow(tc, t[tc.key])] = tw
	db.d.Records[cm.app.app][tc.name] = append(db.d.Records[cm.app.app][tc.name], t)
	return t
}
