package synth

import (
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// kindFits makes each agrees rule by kind hold: a record whose text is a
// case of one kind (a refund, a fault) names a record whose field says
// that kind and no other topic (atom.CaseFits: a Jira Service Management
// request is raised under the request type of its kind, a login fault
// under "Report a bug", never "Fix a printer"), and a record at large
// none of a topic another record names (atom.CaseFitsAmong: a parcel that
// arrived damaged is not raised as "Ask about an order" where the
// instance offers "Report a delivery problem"). Each topic of the cases
// first gets a record naming it where the vocabulary names one
// (drawTopics). Then it names one the world holds, one agreeing
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
	db.drawTopics(m, cm, tc, inv, pinned)
	drawn := map[string]map[string]any{} // kind and scope -> a record drawn for them
	for _, rec := range db.d.Records[m.app][cm.name] {
		types := db.d.Records[m.app][tc.name]
		p := findRec(types, tc.key, state.Text(rec[inv.Fields[1]]))
		if p == nil || pinned[state.Text(rec[cm.key])] {
			continue
		}
		if _, bad := inv.DisagreesAmong(rec, p, inv.Peers(types)); !bad {
			db.keepBeside(cm, inv, rec, p)
			continue
		}
		subject := state.Text(rec[inv.Fields[0]])
		var fit, other map[string]any
		for _, t := range types {
			if !atom.CaseFitsAmong(subject, state.Text(t[inv.Fields[2]]), inv.Peers(types)) {
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
			scope := caseScope(subject) + "|" + besideValues(cm, inv, rec)
			if fit = drawn[scope]; fit == nil {
				if fit = db.drawOfKind(cm, tc, inv, rec, false); fit != nil {
					drawn[scope] = fit
				}
			}
		}
		if fit == nil {
			fit = other
		}
		if fit != nil {
			rec[inv.Fields[1]] = fit[tc.key]
			db.keepBeside(cm, inv, rec, fit)
		}
	}
}

// keepBeside gives rec the values of t, the record of its kind it names,
// that its other agrees rules over the reference copy (a request's service
// desk is its request type's), where no task pins rec's own: the rule
// that copies them later then keeps rec under t rather than moving it to
// another record holding its old value, which may be of no fit.
func (db *dataBuilder) keepBeside(cm *collModel, inv atom.Invariant, rec, t map[string]any) {
	for _, o := range besideAgrees(cm, inv) {
		if atom.IsSet(t[o.Fields[2]]) && !db.pinnedKeys(cm, o.Fields[0])[state.Text(rec[cm.key])] {
			rec[o.Fields[0]] = t[o.Fields[2]]
		}
	}
}

// drawTopics draws, for each topic of the cases of cm none of tc's
// records names fitting them, one that does where tc's vocabulary names
// one: a service desk's request types are its own to name
// (https://developer.atlassian.com/cloud/jira/service-desk/rest/api-group-requesttype/),
// and a customer raises a parcel that arrived damaged as "Report a
// delivery problem" where the instance offers it, not as "Ask about an
// order". A topic of which a task pins a case under a record at large
// gets none, which would leave that case unfit.
func (db *dataBuilder) drawTopics(m *appModel, cm, tc *collModel, inv atom.Invariant, pinned map[string]bool) {
	recs := db.d.Records[m.app][cm.name]
	done := map[string]bool{} // kinds and topics seen, and those a pinned case at large keeps free of a record of its topic
	for _, rec := range recs {
		p := findRec(db.d.Records[m.app][tc.name], tc.key, state.Text(rec[inv.Fields[1]]))
		if p != nil && pinned[state.Text(rec[cm.key])] && atom.CaseTopic(state.Text(p[inv.Fields[2]])) == "" {
			done[caseScope(state.Text(rec[inv.Fields[0]]))] = true
		}
	}
	for _, rec := range recs {
		subject := state.Text(rec[inv.Fields[0]])
		scope := caseScope(subject)
		if pinned[state.Text(rec[cm.key])] || done[scope] || atom.CaseTopic(subject) == "" {
			continue
		}
		done[scope] = true
		if !slices.ContainsFunc(db.d.Records[m.app][tc.name], func(t map[string]any) bool {
			n := state.Text(t[inv.Fields[2]])
			return atom.CaseTopic(n) != "" && atom.CaseFits(subject, n)
		}) {
			db.drawOfKind(cm, tc, inv, rec, true)
		}
	}
}

// caseScope is the kind and topic of a case whose subject is subject.
func caseScope(subject string) string { return atom.CaseKind(subject) + "|" + atom.CaseTopic(subject) }

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
// for rec's case (one of its kind, naming its topic where the vocabulary
// names one, else at large), agreeing with rec's other rules over the
// reference, and adds it to the world; nil where the vocabulary names
// none that no record of tc holds fitting it beside tc's records
// (atom.CaseFitsAmong: none at large where one names its topic), or,
// topical, none naming its topic.
func (db *dataBuilder) drawOfKind(cm, tc *collModel, inv atom.Invariant, rec map[string]any, topical bool) map[string]any {
	subject := state.Text(rec[inv.Fields[0]])
	held := map[string]bool{}
	for _, t := range db.d.Records[cm.app.app][tc.name] {
		held[state.Text(t[inv.Fields[2]])] = true
	}
	peers := inv.Peers(db.d.Records[cm.app.app][tc.name])
	var names, atLarge []string
	for _, n := range nounVocab[atom.NounOf(tc.c)] {
		switch {
		case strings.Contains(n, "{") || held[n] || !atom.CaseFitsAmong(subject, n, peers):
		case atom.CaseTopic(n) != "":
			names = append(names, n)
		default:
			atLarge = append(atLarge, n)
		}
	}
	if len(names) == 0 && !topical {
		names = atLarge
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
