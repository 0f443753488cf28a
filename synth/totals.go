package synth

import (
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/state"
)

// settleItemTotals makes the items of each record whose total is theirs
// summed (the expenses of an expense report, see coherence's Items) come
// to that total: the total a task reads stays, and the items it holds
// share it, but for the amounts a task pins; where those leave no room,
// the total is their sum unless a task pins it too. A text that named an
// item's amount names its new one.
func (db *dataBuilder) settleItemTotals(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			f, target, total, amount, ok := cm.shape.Items(m.shapeOf)
			tc := m.byName[target]
			if !ok || tc == nil {
				continue
			}
			items := map[string][]map[string]any{}
			for _, rec := range db.d.Records[m.app][cm.name] {
				if k := state.Text(rec[f]); k != "" {
					items[k] = append(items[k], rec)
				}
			}
			pins, tpins := db.pinned(cm), db.pinned(tc)
			for _, k := range slices.Sorted(maps.Keys(items)) {
				if p := findRec(db.d.Records[m.app][tc.name], tc.key, k); p != nil {
					db.shareTotal(cm, tc, p, total, amount, items[k], pins, tpins[k])
				}
			}
		}
	}
}

// pinned is what the plan's roles set on the records of cm, by key.
func (db *dataBuilder) pinned(cm *collModel) map[string]map[string]any {
	out := map[string]map[string]any{}
	for role, r := range db.p.reqs[cm] {
		out[db.keys[cm][role]] = r.set
	}
	return out
}

// shareTotal gives the items of p the shares of its total.
func (db *dataBuilder) shareTotal(cm, tc *collModel, p map[string]any, total, amount string, items []map[string]any, pins map[string]map[string]any, tpin map[string]any) {
	w, ok := state.Number(p[total])
	if !ok {
		return
	}
	var free []map[string]any
	fixed := 0.0
	for _, rec := range items {
		if _, pinned := pins[state.Text(rec[cm.key])][amount]; pinned {
			x, _ := state.Number(rec[amount])
			fixed += x
		} else {
			free = append(free, rec)
		}
	}
	left := w - fixed
	if left < 0.01*float64(len(free)) || len(free) == 0 {
		if _, pinned := tpin[total]; !pinned {
			p[total] = rounded(tc, total, fixed+sumOf(free, amount))
		}
		return
	}
	unit := 100.0 // cents, or whole units in an integer field
	if cm.field(amount).Type == "integer" {
		unit = 1
	}
	weights := make([]float64, len(free))
	sum := 0.0
	for i := range weights {
		weights[i] = 0.5 + db.val.rng.Float64()
		sum += weights[i]
	}
	given := 0.0
	for i, rec := range free {
		x := math.Round(left*weights[i]/sum*unit) / unit
		if i == len(free)-1 {
			x = math.Round((left-given)*unit) / unit
		}
		given += x
		setAmount(cm, rec, amount, x)
	}
}

// sumOf adds up field f of recs.
func sumOf(recs []map[string]any, f string) float64 {
	s := 0.0
	for _, rec := range recs {
		x, _ := state.Number(rec[f])
		s += x
	}
	return s
}

// setAmount writes x as rec's amount, and in its text where the text
// named the amount it had.
func setAmount(cm *collModel, rec map[string]any, amount string, x float64) {
	old, _ := state.Number(rec[amount])
	rec[amount] = rounded(cm, amount, x)
	was, now := cm.moneyOf(amount, rec, old), cm.moneyOf(amount, rec, x)
	for f, v := range rec {
		if s, ok := v.(string); ok && f != amount && strings.Contains(s, was) {
			rec[f] = strings.ReplaceAll(s, was, now)
		}
	}
}

// rounded writes an amount x as field f of cm holds it: whole in an
// integer field, else to the cent (rounded, not cut: a sum of cents is
// no less than itself).
func rounded(cm *collModel, f string, x float64) float64 {
	if cm.field(f).Type == "integer" {
		return math.Round(x)
	}
	return math.Round(x*100) / 100
}
