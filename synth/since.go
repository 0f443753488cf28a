package synth

import (
	"slices"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// sinceParents makes each since rule hold once every pass that moves
// dates has run (the clock's last): a record is no older than the record
// its reference names where its collection says so (a Help Scout
// conversation than its mailbox and its customer, an employee's start
// than their manager's). A record's time of making is moved after the
// bound with its other dates (madeAfter, which keeps their order and the
// clock's side); an optional reference of a collection to itself that
// breaks the rule names another record drawn before it that keeps it (a
// manager who had started), or none; any other date is moved to its
// bound, as conformWorld moves the rest. Values a task sets stay.
func (db *dataBuilder) sinceParents(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			pins := db.pinned(cm)
			for _, inv := range cm.c.Invariants {
				if inv.Rule != "since" {
					continue
				}
				tc := m.byName[cm.field(inv.Fields[1]).Ref]
				if tc == nil {
					continue
				}
				recs := db.d.Records[m.app][cm.name]
				for i, rec := range recs {
					db.keepSince(m, cm, tc, inv, rec, recs[:i], pins[state.Text(rec[cm.key])])
				}
			}
		}
	}
}

// keepSince makes rec keep the since rule inv (see sinceParents); earlier
// are the records of its collection drawn before it.
func (db *dataBuilder) keepSince(m *appModel, cm, tc *collModel, inv atom.Invariant, rec map[string]any, earlier []map[string]any, set map[string]any) {
	f, ref := inv.Fields[0], inv.Fields[1]
	p := findRec(db.d.Records[m.app][tc.name], tc.key, state.Text(rec[ref]))
	bound, out := inv.OutsideParent(rec, p)
	if p == nil || !out {
		return
	}
	_, datePinned := set[f]
	if f == cm.shape.MadeField() && !datePinned {
		madeBetween(db.val, cm, rec, bound, untilParent(cm, ref, p, db.val.clock), set)
		defer db.redate(cm, rec)
		if _, out = inv.OutsideParent(rec, p); !out {
			return
		}
	}
	if _, refPinned := set[ref]; !refPinned && tc == cm && !cm.field(ref).Required {
		var ks []string
		for _, t := range earlier {
			if _, bad := inv.OutsideParent(rec, t); !bad {
				ks = append(ks, state.Text(t[tc.key]))
			}
		}
		if ks = slices.DeleteFunc(ks, func(k string) bool { return k == "" }); len(ks) > 0 {
			rec[ref] = pick(db.val.textRand(cm, rec, ref), ks)
		} else {
			delete(rec, ref)
		}
		return
	}
	if !datePinned {
		from, _ := atom.Time(rec[f])
		rec[f] = sameLayout(rec[f], bound)
		keepAfter(cm, rec, f, from, bound, set)
	}
}

// keepAfter moves each date a before rule keeps after f as far as f moved
// from from to to, where it would now fall before f: a leave request
// moved onto an employee who starts later ends as long after its new
// start as it did after its old one. A date a task sets stays.
func keepAfter(cm *collModel, rec map[string]any, f string, from, to time.Time, set map[string]any) {
	for _, inv := range cm.c.Invariants {
		if inv.Rule != "before" || inv.Fields[0] != f {
			continue
		}
		g := inv.Fields[1]
		end, ok := atom.Time(rec[g])
		if _, pinned := set[g]; ok && !pinned && !from.IsZero() && end.Before(to) {
			rec[g] = sameLayout(rec[g], end.Add(to.Sub(from)))
		}
	}
}

// lateSince reports whether a since rule is sinceParents' alone: one that
// bounds the record's time of making, which moves with its other dates,
// or that a collection keeps over a reference to itself, whose reference
// moves rather than its date.
func lateSince(cm *collModel, inv atom.Invariant) bool {
	return inv.Fields[0] == cm.shape.MadeField() || cm.field(inv.Fields[1]).Ref == cm.name
}

// untilParent is the latest a record's dates may be by the within rules
// its collection keeps over its reference ref to p, and the clock: a
// time-off request is made, and taken, before its employee left, so one
// a since rule moves after the hire stays before the leaving.
func untilParent(cm *collModel, ref string, p map[string]any, clock time.Time) time.Time {
	until := clock
	for _, inv := range cm.c.Invariants {
		if inv.Rule != "within" || inv.Fields[1] != ref {
			continue
		}
		if t, ok := atom.Time(p[inv.Fields[2]]); ok && t.Before(until) {
			until = t
		}
	}
	return until
}

// heldParents makes a parent that a record of cm dates itself after (a
// since rule) one that has begun by the clock where a past_when rule keeps
// that record's date before it: a Whereby recording or participant is of
// a meeting held, so a meeting drawn ahead of the clock with recordings or
// participants moves back, all its dates together (keeping their order),
// as far before the clock as it was after. The children follow it by the
// since and within rules conformWorld keeps next.
func heldParents(val *valuer, m *appModel, cm *collModel, d *atom.Data) {
	for _, inv := range cm.c.Invariants {
		if inv.Rule != "since" || len(inv.Fields) != 3 {
			continue
		}
		tc := m.byName[cm.field(inv.Fields[1]).Ref]
		if tc == nil || tc == cm {
			continue
		}
		for _, rec := range d.Records[m.app][cm.name] {
			p := findRec(d.Records[m.app][tc.name], tc.key, state.Text(rec[inv.Fields[1]]))
			t, ok := atom.Time(p[inv.Fields[2]])
			if p == nil || !ok || !t.After(val.clock) || !keptPast(cm, inv.Fields[0], rec) {
				continue
			}
			back := -2*t.Sub(val.clock) - time.Hour
			shiftDates(tc, p, back)
		}
	}
}

// shiftDates moves every date of rec, a record of cm, by d.
func shiftDates(cm *collModel, rec map[string]any, d time.Duration) {
	for f, fd := range cm.c.Fields {
		if at, ok := atom.Time(rec[f]); ok && (fd.Format == "date-time" || fd.Format == "date") {
			rec[f] = sameLayout(rec[f], at.Add(d))
		}
	}
}

// keptPast reports whether a past_when rule of cm keeps rec's date f
// before the clock.
func keptPast(cm *collModel, f string, rec map[string]any) bool {
	return slices.ContainsFunc(cm.c.Invariants, func(inv atom.Invariant) bool {
		return inv.Rule == "past_when" && inv.Fields[0] == f && inv.ClockBinds(rec)
	})
}
