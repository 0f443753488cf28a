package synth

import (
	"maps"
	"slices"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// sealContents dates the contents of a sealed record (the expenses of a
// submitted report, see coherence's SealedAt) not after its seal: each
// made later is made a while before it, and not before the records it is
// on were made, but for the dates a task pins.
func (db *dataBuilder) sealContents(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			mf := cm.shape.MadeField()
			ons := onRefs(m, cm)
			if mf == "" || len(ons) == 0 || !cm.shape.IsContents() {
				continue
			}
			pins := db.pinned(cm)
			for _, rec := range db.d.Records[m.app][cm.name] {
				if _, pinned := pins[state.Text(rec[cm.key])][mf]; !pinned {
					db.sealContent(m, cm, ons, rec, mf)
				}
			}
		}
	}
}

// sealContent moves the made date mf of rec, on the records ons names,
// to a while before the earliest seal among them.
func (db *dataBuilder) sealContent(m *appModel, cm *collModel, ons map[string]*collModel, rec map[string]any, mf string) {
	var after, seal time.Time
	for _, f := range slices.Sorted(maps.Keys(ons)) {
		tc := ons[f]
		prec := findRec(db.d.Records[m.app][tc.name], tc.key, state.Text(rec[f]))
		if prec == nil {
			continue
		}
		if t, ok := atom.Time(prec[tc.shape.DateFor(cm.shape)]); ok && t.After(after) {
			after = t
		}
		if sf, t := tc.shape.SealedAt(prec); sf != "" && (seal.IsZero() || t.Before(seal)) {
			seal = t
		}
	}
	s, _ := rec[mf].(string)
	if seal.IsZero() || !coherence.After(s, seal) || after.After(seal) {
		return
	}
	from := seal.Add(-30 * 24 * time.Hour)
	if after.After(from) {
		from = after
	}
	at := from.Add(time.Duration(db.val.rng.Float64() * float64(seal.Sub(from))))
	if at.Truncate(time.Minute).Before(from) {
		at = from
	}
	rec[mf] = dateLayout(s, at)
}

// placeInSittings times the parts of a sitting (a meeting's participants
// and recordings, see coherence's SittingParents) within its span where
// they fall outside it: their times are drawn anew inside it in the order
// they had, but for records whose times a task pins, and for a part whose
// own state would then deny the clock (see coherence's Untimely).
func (db *dataBuilder) placeInSittings(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			parents := cm.shape.SittingParents(m.shapeOf)
			if len(parents) == 0 {
				continue
			}
			fields := cm.shape.PresenceFields()
			pins := db.pinned(cm)
			for _, rec := range db.d.Records[m.app][cm.name] {
				pin := pins[state.Text(rec[cm.key])]
				if slices.ContainsFunc(fields, func(f string) bool { _, ok := pin[f]; return ok }) {
					continue
				}
				for _, f := range slices.Sorted(maps.Keys(parents)) {
					if tc := m.byName[parents[f]]; tc != nil {
						if prec := findRec(db.d.Records[m.app][tc.name], tc.key, state.Text(rec[f])); prec != nil {
							db.placeIn(cm, tc, prec, rec, fields)
						}
					}
				}
			}
		}
	}
}

// placeIn draws the times fields of rec anew within the span of the
// sitting prec where one of them is outside it.
func (db *dataBuilder) placeIn(cm, tc *collModel, prec, rec map[string]any, fields []string) {
	ps, pe, ok := tc.shape.SittingSpan(prec)
	if !ok {
		return
	}
	var set []string
	outside := false
	for _, f := range fields {
		if t, ok := atom.Time(rec[f]); ok {
			set = append(set, f)
			outside = outside || t.Before(ps) || t.After(pe)
		}
	}
	if !outside {
		return
	}
	slices.SortStableFunc(set, func(a, b string) int {
		ta, _ := atom.Time(rec[a])
		tb, _ := atom.Time(rec[b])
		return ta.Compare(tb)
	})
	times := make([]time.Time, len(set))
	for i := range times {
		times[i] = ps.Add(time.Duration(db.val.rng.Float64() * float64(pe.Sub(ps)))).Truncate(time.Minute)
		if times[i].Before(ps) {
			times[i] = ps
		}
	}
	slices.SortFunc(times, time.Time.Compare)
	old := maps.Clone(rec)
	for i, f := range set {
		rec[f] = dateLayout(state.Text(rec[f]), times[i])
	}
	if len(cm.shape.Untimely(rec, db.val.clock)) > 0 {
		maps.Copy(rec, old)
	}
}
