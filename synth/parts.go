package synth

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// onRefs are the references of cm through which its records are written
// on another record (see coherence's OnRefs), with their collections.
func onRefs(m *appModel, cm *collModel) map[string]*collModel {
	out := map[string]*collModel{}
	for f, c := range cm.shape.OnRefs(m.shapeOf) {
		if tc := m.byName[c]; tc != nil {
			out[f] = tc
		}
	}
	return out
}

// shapeOf is the shape of collection c of the app, or nil.
func (m *appModel) shapeOf(c string) *coherence.Shape {
	if tc := m.byName[c]; tc != nil {
		return tc.shape
	}
	return nil
}

// onParent picks the records a background record of cm is written on,
// one for each reference that says so (a comment's task, a lead's ad),
// among the records the plan drew (refKeys), or, for a reference the
// server requires, among the background records of its collection drawn
// so far where the plan drew none (a Slack message is in a channel): the record takes the person
// and company of the first for its text (an update on a Vandelay ticket
// speaks of Vandelay and its requester), unless it is a party of its own
// (an expense names its merchant), and is made after the latest of them.
// The zero parent where cm is written on none.
func (db *dataBuilder) onParent(m *appModel, cm *collModel, refKeys map[*collModel][]string) parent {
	ons := onRefs(m, cm)
	par := parent{set: map[string]any{}}
	own := cm.shape.IsParty() // an expense's merchant is its own, not its report's employee's company
	for _, f := range slices.Sorted(maps.Keys(ons)) {
		tc := ons[f]
		ks := refKeys[tc]
		if len(ks) == 0 && cm.field(f).Required {
			ks = db.unnamedKeys(m, tc)
		}
		if len(ks) == 0 {
			continue
		}
		k := pick(db.val.rng, ks)
		par.set[f] = k
		prec := findRec(db.d.Records[m.app][tc.name], tc.key, k)
		if prec == nil {
			continue
		}
		if par.rw == nil && !own {
			if rw, ok := db.roleRow(tc, k); ok {
				par.rw = &rw
			} else if rw, ok := db.rows[backgroundRow(tc, k)]; ok {
				par.rw = &rw
			} else if rw, ok := parentRow(m, db.d, tc, prec, db.val.newRow()); ok {
				par.rw = &rw
			}
		}
		if t, ok := atom.Time(prec[tc.shape.DateFor(cm.shape)]); ok && t.After(par.after) {
			par.after = t
		}
	}
	if par.rw == nil && !own {
		db.aboutParty(m, cm, refKeys, &par)
	}
	if len(par.set) == 0 {
		return parent{}
	}
	return par
}

// roleRow is the person and company the plan drew the record of tc keyed
// k for.
func (db *dataBuilder) roleRow(tc *collModel, k string) (row, bool) {
	for _, role := range slices.Sorted(maps.Keys(db.keys[tc])) {
		if db.keys[tc][role] == k {
			rw, ok := db.rows[tc.ref()+"#"+role]
			return rw, ok
		}
	}
	return row{}, false
}

// madeAfter moves a record made before after (a comment dated before the
// task it is on) to be made a while after it, and its dates up to the
// clock with it, keeping their order: each moves into the time left
// between its new making and the clock in proportion. Dates ahead of the
// clock (a due date) stay.
func madeAfter(val *valuer, cm *collModel, rec map[string]any, after time.Time, skip map[string]any) {
	madeBetween(val, cm, rec, after, val.clock, skip)
}

// madeBetween is madeAfter with the dates it moves kept up to until, the
// clock or earlier: a time-off request moved after its employee's hire
// stays before their leaving. A record with no room between the two is
// left as it is.
func madeBetween(val *valuer, cm *collModel, rec map[string]any, after, until time.Time, skip map[string]any) {
	mf := cm.shape.MadeField()
	made, ok := atom.Time(rec[mf])
	if _, pinned := skip[mf]; mf == "" || !ok || after.IsZero() || !made.Before(after) || pinned || !after.Before(until) {
		return
	}
	room := until.Sub(after)
	gap := time.Duration(float64(min(room/2, 30*24*time.Hour)) * (0.1 + 0.9*val.rng.Float64()))
	start := after.Add(gap).Truncate(time.Minute)
	span, left := val.clock.Sub(made), until.Sub(start)
	for _, f := range cm.dates {
		s, isStr := rec[f].(string)
		t, ok := atom.Time(rec[f])
		if _, pinned := skip[f]; !isStr || !ok || pinned || t.Before(made) || t.After(val.clock) {
			continue
		}
		moved := start.Add(time.Duration(float64(t.Sub(made)) / float64(span) * float64(left)))
		rec[f] = dateLayout(s, moved)
	}
	redayText(cm, rec, made, start, skip)
}

// redayText makes the day a record's text says it began ("Raised on 19
// January", its made field's day as the text was written) the day it now
// began, where a pass moved it from was to now: a text a task pins stays.
func redayText(cm *collModel, rec map[string]any, was, now time.Time, skip map[string]any) {
	from, to := was.UTC().Format("2 January"), now.UTC().Format("2 January")
	if from == to {
		return
	}
	var day *regexp.Regexp
	for _, f := range cm.fieldNames {
		s, ok := rec[f].(string)
		if _, pinned := skip[f]; !ok || pinned || cm.roles[f] != atom.RoleText || !strings.Contains(s, from) {
			continue
		}
		if day == nil {
			day = regexp.MustCompile(`\b` + from + `\b`) // not "1 January" in "21 January"
		}
		rec[f] = day.ReplaceAllString(s, to)
	}
}

// dateLayout writes t in the layout of the date s: a date, or a date-time
// in UTC to the minute.
func dateLayout(s string, t time.Time) string {
	if len(s) == len("2006-01-02") {
		return t.UTC().Format("2006-01-02")
	}
	return t.UTC().Truncate(time.Minute).Format(time.RFC3339)
}

// dateOnParents makes every record that a plan's role names, or that
// drew its parent later, not older than the records it is written on:
// the background is dated so as it is drawn (onParent), the rest here,
// but for the dates a task pins.
func (db *dataBuilder) dateOnParents(apps []*appModel) {
	// Twice: a record moved on the first pass (a post after its page)
	// may be the parent of another (a photo on the post).
	for range 2 {
		for _, m := range apps {
			db.dateOnParentsIn(m)
		}
	}
}

// dateOnParentsIn dates the records of app m after the records they are
// written on.
func (db *dataBuilder) dateOnParentsIn(m *appModel) {
	for _, cm := range m.colls {
		ons := onRefs(m, cm)
		if len(ons) == 0 {
			continue
		}
		pins := db.pinned(cm)
		for _, rec := range db.d.Records[m.app][cm.name] {
			after := time.Time{}
			for f, tc := range ons {
				prec := findRec(db.d.Records[m.app][tc.name], tc.key, state.Text(rec[f]))
				if t, ok := atom.Time(prec[tc.shape.DateFor(cm.shape)]); ok && t.After(after) {
					after = t
				}
			}
			madeAfter(db.val, cm, rec, after, pins[state.Text(rec[cm.key])])
		}
	}
}
