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
// none of a topic another record beside it names (atom.CaseFitsAmong: a
// parcel that arrived damaged is not raised as "Ask about an order" in a
// desk offering "Report a delivery problem"). Each case of a topic first
// gets a record naming its topic in its scope where the vocabulary names
// one (drawTopics). Then it names one the world holds, one agreeing
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
		if _, bad := inv.DisagreesAmong(rec, p, cm.c.Peers(inv, p, types)); !bad {
			continue
		}
		subject := state.Text(rec[inv.Fields[0]])
		var fit, other map[string]any
		for _, t := range types {
			if !atom.CaseFitsAmong(subject, state.Text(t[inv.Fields[2]]), cm.c.Peers(inv, t, types)) {
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
			scope := topicScope(cm, inv, rec)
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
		}
	}
}

// drawTopics draws, for each case of a topic whose scope (its service
// desk) holds no record naming that topic that fits it, one that does
// where tc's vocabulary names one: a desk's request types are its own to
// name
// (https://developer.atlassian.com/cloud/jira/service-desk/rest/api-group-requesttype/),
// and a customer raises a parcel that arrived damaged as "Report a
// delivery problem" where the desk offers it, not as "Ask about an order".
// A scope where a task pins a case of the topic under a record at large
// gets none, which would leave that case unfit.
func (db *dataBuilder) drawTopics(m *appModel, cm, tc *collModel, inv atom.Invariant, pinned map[string]bool) {
	recs := db.d.Records[m.app][cm.name]
	done := map[string]bool{} // scopes seen, and those a pinned case at large keeps free of a record of its topic
	for _, rec := range recs {
		p := findRec(db.d.Records[m.app][tc.name], tc.key, state.Text(rec[inv.Fields[1]]))
		if p != nil && pinned[state.Text(rec[cm.key])] && atom.CaseTopic(state.Text(p[inv.Fields[2]])) == "" {
			done[topicScope(cm, inv, rec)] = true
		}
	}
	for _, rec := range recs {
		subject := state.Text(rec[inv.Fields[0]])
		scope := topicScope(cm, inv, rec)
		if pinned[state.Text(rec[cm.key])] || done[scope] || atom.CaseTopic(subject) == "" {
			continue
		}
		done[scope] = true
		if !slices.ContainsFunc(db.deskOf(cm, tc, inv, rec), func(t map[string]any) bool {
			n := state.Text(t[inv.Fields[2]])
			return atom.CaseTopic(n) != "" && atom.CaseFits(subject, n)
		}) {
			db.drawOfKind(cm, tc, inv, rec, true)
		}
	}
}

// topicScope is the kind and topic of rec's case and the values its
// other agrees rules over the reference keep (its service desk), joined.
func topicScope(cm *collModel, inv atom.Invariant, rec map[string]any) string {
	subject := state.Text(rec[inv.Fields[0]])
	return atom.CaseKind(subject) + "|" + atom.CaseTopic(subject) + "|" + besideValues(cm, inv, rec)
}

// deskOf are the records of tc that keep rec's other agrees rules over
// inv's reference (the request types of a request's service desk).
func (db *dataBuilder) deskOf(cm, tc *collModel, inv atom.Invariant, rec map[string]any) []map[string]any {
	var out []map[string]any
	for _, t := range db.d.Records[cm.app.app][tc.name] {
		if agreesBeside(cm, inv, rec, t) {
			out = append(out, t)
		}
	}
	return out
}

// agreesBeside reports whether t, named by rec's reference, keeps the
// other agrees rules over that reference.
func agreesBeside(cm *collModel, inv atom.Invariant, rec, t map[string]any) bool {
	for _, o := range cm.c.BesideAgrees(inv) {
		if _, bad := o.Disagrees(rec, t); bad {
			return false
		}
	}
	return true
}

// besideValues are rec's values those other rules keep, joined.
func besideValues(cm *collModel, inv atom.Invariant, rec map[string]any) string {
	var vs []string
	for _, o := range cm.c.BesideAgrees(inv) {
		vs = append(vs, state.Text(rec[o.Fields[0]]))
	}
	return strings.Join(vs, "|")
}

// drawOfKind draws a background record of tc named from its vocabulary
// for rec's case (one of its kind, naming its topic where the vocabulary
// names one, else at large), agreeing with rec's other rules over the
// reference, and adds it to the world; nil where the vocabulary names
// none fitting it that no record of rec's scope (its service desk)
// holds, or, topical, none naming its topic.
func (db *dataBuilder) drawOfKind(cm, tc *collModel, inv atom.Invariant, rec map[string]any, topical bool) map[string]any {
	subject := state.Text(rec[inv.Fields[0]])
	held := map[string]bool{}
	for _, t := range db.deskOf(cm, tc, inv, rec) {
		held[state.Text(t[inv.Fields[2]])] = true
	}
	var names, atLarge []string
	for _, n := range nounVocab[atom.NounOf(tc.c)] {
		switch {
		case strings.Contains(n, "{") || held[n] || !atom.CaseFits(subject, n):
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
	for _, o := range cm.c.BesideAgrees(inv) {
		if atom.IsSet(rec[o.Fields[0]]) {
			t[o.Fields[2]] = rec[o.Fields[0]]
		}
	}
	db.rows[backgroundRow(tc, t[tc.key])] = tw
	db.d.Records[cm.app.app][tc.name] = append(db.d.Records[cm.app.app][tc.name], t)
	return t
}
