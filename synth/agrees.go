package synth

import (
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// agreeCopies makes each agrees rule hold: a record that keeps a copy of a
// field of the record its reference names (an opportunity's company beside
// its primary contact, a channel message's team beside its channel) names
// a record that agrees with it where one exists, else moves the record it
// names where no other record names it, and else copies that record's
// value. Values a task pins stay as they are.
func (db *dataBuilder) agreeCopies(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			for _, inv := range cm.c.Invariants {
				if inv.Rule != "agrees" || inv.ByKind() || inv.ByCompany() {
					continue // a rule by kind is kept by kindFits, one by company by agreeCompanies
				}
				tc := m.byName[cm.field(inv.Fields[1]).Ref]
				if tc == nil {
					continue
				}
				pinnedOwn, pinnedRef := db.pinnedKeys(cm, inv.Fields[0]), db.pinnedKeys(cm, inv.Fields[1])
				for _, rec := range db.d.Records[m.app][cm.name] {
					self := state.Text(rec[cm.key])
					db.agreeCopy(m, cm, tc, inv, rec, pinnedOwn[self], pinnedRef[self])
				}
			}
		}
	}
}

// agreeCopy makes one record keep an agrees rule: its reference moves to a
// record of tc that holds its value (unless a task pins the reference), or
// its value becomes the referenced record's (unless a task pins the value).
func (db *dataBuilder) agreeCopy(m *appModel, cm *collModel, tc *collModel, inv atom.Invariant, rec map[string]any, pinnedOwn, pinnedRef bool) {
	p := findRec(db.d.Records[m.app][tc.name], tc.key, state.Text(rec[inv.Fields[1]]))
	if p == nil || !inv.AgreesOn(rec) || !inv.Binds(p) || !inv.BindsThrough(db.gateOf(m, tc, inv, p)) {
		return // a parent in none of a gated rule's states leaves rec free (a live ad group's ads, a group event's invitees)
	}
	want, bad := inv.Disagrees(rec, p)
	if bad && inv.ParentGated() && db.liftParent(m, tc, inv, p, rec[inv.Fields[0]]) {
		return // the parent leaves the state that binds: a live ad keeps its ad group live
	}
	if bad && tc.field(inv.Fields[2]).Type == "array" {
		db.joinList(tc, inv, rec, p, want, pinnedOwn)
		return
	}
	if len(inv.Fields) > 3 {
		// A rule that holds in some states only (an internal comment is
		// its request's agent's), or under some parents only (a
		// one-on-one event's invitee), speaks of rec alone: its value is
		// the referenced record's, which stays as it is.
		if !pinnedOwn && want != "" && (bad || !atom.IsSet(rec[inv.Fields[0]])) {
			setAgreed(cm, rec, inv.Fields[0], ownValue(cm, inv, want))
			if inv.GatedThrough() {
				gateByState(cm, rec, false, nil) // an invitee back on its event drops its cancellation
			}
		} else if bad && inv.GatedThrough() && !db.pinnedKeys(tc, inv.Fields[2])[state.Text(p[tc.key])] {
			p[inv.Fields[2]] = rec[inv.Fields[0]] // a task's cancelled invitee cancels its one-on-one event
		}
		return
	}
	if !atom.IsSet(rec[inv.Fields[0]]) && atom.IsSet(p[inv.Fields[2]]) && !pinnedOwn {
		setAgreed(cm, rec, inv.Fields[0], p[inv.Fields[2]])
		return
	}
	if !bad && !(atom.IsSet(rec[inv.Fields[0]]) && !atom.IsSet(p[inv.Fields[2]])) {
		return
	}
	ks := db.holding(m, tc, inv.Fields[2], state.Text(rec[inv.Fields[0]]))
	switch {
	case len(ks) > 0 && !pinnedRef:
		rec[inv.Fields[1]] = pick(db.val.textRand(cm, rec, inv.Fields[1]), ks)
	case inv.Fields[0] == cm.key:
		// The record's own key is what the referenced record must hold (a
		// Confluence space's homepage is a page of the space): it names
		// no record of another where none of its own is there.
		if !pinnedRef {
			delete(rec, inv.Fields[1])
		}
	case !copies(tc, inv.Fields[2]) && db.soleReferrer(m, cm, tc, inv.Fields[1], rec, p):
		p[inv.Fields[2]] = rec[inv.Fields[0]]
	case !pinnedOwn && want != "":
		setAgreed(cm, rec, inv.Fields[0], want)
	}
}

// gateOf is the record that p, a record of tc, names by the reference an
// agrees rule gated through it reads (a Calendly event's type), or nil;
// nil for a rule of another form.
func (db *dataBuilder) gateOf(m *appModel, tc *collModel, inv atom.Invariant, p map[string]any) map[string]any {
	if !inv.GatedThrough() {
		return nil
	}
	gc := m.byName[tc.field(inv.Fields[3]).Ref]
	if gc == nil {
		return nil
	}
	return findRec(db.d.Records[m.app][gc.name], gc.key, state.Text(p[inv.Fields[3]]))
}

// joinList makes rec's value one of the list of p, the record its
// reference names, that an agrees rule keeps it to (a Dropbox Sign
// signature's signer is one of its request's signers): the list takes
// it, unless a task sets the list; else rec takes the list's first value
// (want), unless a task sets rec's.
func (db *dataBuilder) joinList(tc *collModel, inv atom.Invariant, rec, p map[string]any, want string, pinnedOwn bool) {
	f := inv.Fields[2]
	if !db.pinnedKeys(tc, f)[state.Text(p[tc.key])] {
		p[f] = append(slices.Clone(listOf(p[f])), rec[inv.Fields[0]])
		return
	}
	if !pinnedOwn {
		rec[inv.Fields[0]] = want
	}
}

// liftParent takes p, a record of tc whose state binds its children by a
// gated agrees rule (an ad group deleted with the ads under it), out of
// that state where no task names p: it takes the child's value, or its
// field's first value of no binding state, and its own parent under a
// rule of the same kind leaves its binding state with it. A world where a
// deleted ad group holds a live ad is mended by keeping the ad as it was
// drawn (tasks count and pick ads by their state) and the ad group live.
func (db *dataBuilder) liftParent(m *appModel, tc *collModel, inv atom.Invariant, p map[string]any, to any) bool {
	k := state.Text(p[tc.key])
	for _, named := range db.keys[tc] {
		if named == k {
			return false
		}
	}
	f := inv.Fields[2]
	v := unboundValue(tc.field(f), inv, to)
	if v == nil {
		return false
	}
	for _, up := range tc.c.Invariants {
		if up.Rule != "agrees" || !up.ParentGated() || up.Fields[0] != f {
			continue
		}
		if gc := m.byName[tc.field(up.Fields[1]).Ref]; gc != nil {
			gp := findRec(db.d.Records[m.app][gc.name], gc.key, state.Text(p[up.Fields[1]]))
			if gp != nil && up.Binds(gp) && !db.liftParent(m, gc, up, gp, v) {
				return false
			}
		}
	}
	p[f] = v
	return true
}

// unboundValue is to where fd holds it and it is no binding state of inv,
// else fd's first value of no binding state (nil where it has none).
func unboundValue(fd atom.Field, inv atom.Invariant, to any) any {
	holds := len(fd.Enum) == 0 || slices.ContainsFunc(fd.Enum, func(e any) bool { return state.Text(e) == state.Text(to) })
	if to != nil && holds && !slices.Contains(inv.In, state.Text(to)) {
		return to
	}
	for _, e := range fd.Enum {
		if !slices.Contains(inv.In, state.Text(e)) {
			return e
		}
	}
	return nil
}

// setAgreed sets rec's field f to the value it agrees on. Where f is the
// record's title (a Front message's subject, its conversation's), the
// record's free text, written of the title drawn before, names the new
// one instead, and the company the new title names where the old one
// named another: a message under "Refund request for order 11822" is
// about that refund, not about the "Budget proposal for Maple Inc" it was
// drawn with, nor for Maple Inc.
func setAgreed(cm *collModel, rec map[string]any, f string, want any) {
	old, _ := rec[f].(string)
	rec[f] = want
	now, ok := want.(string)
	if cm.roles[f] != atom.RoleTitle || !ok || old == "" || now == old {
		return
	}
	swaps := []string{old, now}
	if was, is := gen.CompaniesNamed(old), gen.CompaniesNamed(now); len(was) == 1 && len(is) == 1 && was[0] != is[0] {
		swaps = append(swaps, was[0], is[0])
	}
	swap := strings.NewReplacer(swaps...)
	for _, tf := range cm.fieldNames {
		if t, isText := rec[tf].(string); isText && cm.roles[tf] == atom.RoleText {
			rec[tf] = swap.Replace(t)
		}
	}
}

// soleReferrer reports whether p, the record of tc that rec's reference f
// names, is one no task names and no other record of the app refers to:
// it may take rec's value (a contact drawn at no company of the
// opportunity's moves to the opportunity's company; conformWorld then
// writes its company's name). A worksheet two tables are on stays in its
// workbook.
func (db *dataBuilder) soleReferrer(m *appModel, cm, tc *collModel, f string, rec, p map[string]any) bool {
	k := state.Text(p[tc.key])
	for _, named := range db.keys[tc] {
		if named == k {
			return false
		}
	}
	for _, oc := range m.colls {
		for _, rf := range oc.refs {
			if rf.target != tc {
				continue
			}
			for _, r := range db.d.Records[m.app][oc.name] {
				if slices.Contains(refKeysOf(r[rf.name]), k) && !(oc == cm && rf.name == f && state.Text(r[cm.key]) == state.Text(rec[cm.key])) {
					return false
				}
			}
		}
	}
	return true
}

// copies reports whether field f of tc's records is itself a copy of
// their own reference's (a table's workbookId is its worksheet's): moving
// it would break that rule.
func copies(tc *collModel, f string) bool {
	return slices.ContainsFunc(tc.c.Invariants, func(inv atom.Invariant) bool { return inv.Rule == "agrees" && !inv.ByCompany() && inv.Fields[0] == f })
}

// refKeysOf are the keys a reference's value names: one, or a list.
func refKeysOf(v any) []string {
	if vs, ok := v.([]any); ok {
		out := make([]string, 0, len(vs))
		for _, x := range vs {
			out = append(out, state.Text(x))
		}
		return out
	}
	return []string{state.Text(v)}
}

// holding lists the keys of the records of tc whose field f holds v, those
// no task names first: only where none of them does, the named ones.
func (db *dataBuilder) holding(m *appModel, tc *collModel, f, v string) []string {
	var unnamed, all []string
	for _, r := range db.unnamed(m, tc) {
		if state.Text(r[f]) == v {
			unnamed = append(unnamed, state.Text(r[tc.key]))
		}
	}
	if len(unnamed) > 0 {
		return unnamed
	}
	for _, r := range db.d.Records[m.app][tc.name] {
		if state.Text(r[f]) == v {
			all = append(all, state.Text(r[tc.key]))
		}
	}
	return all
}

// ownValue is the value an agrees rule that holds in some states gives a
// record whose copy disagrees: the referenced record's, want, where its
// field can hold it, else the first value of its field that leaves the
// states the rule holds in (a Statuspage update that resolves nothing on
// an incident being verified, whose updates have no verifying, is one
// still investigating).
func ownValue(cm *collModel, inv atom.Invariant, want string) any {
	enum := cm.field(inv.Fields[0]).Enum
	if len(enum) == 0 || slices.ContainsFunc(enum, func(v any) bool { return state.Text(v) == want }) {
		return want
	}
	for _, v := range enum {
		if inv.Fields[0] == inv.Fields[3] && !slices.Contains(inv.In, state.Text(v)) {
			return v
		}
	}
	return want
}
