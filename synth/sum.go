package synth

import (
	"slices"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// conformSum keeps a sum rule: the first field becomes the others' total
// (a ServiceNow incident's priority its impact plus its urgency less one).
// Where a task sets the first field, the last other field it leaves free
// takes what makes the total, if its enum allows; else the record keeps
// what it holds and coherence names it.
func conformSum(cm *collModel, inv atom.Invariant, rec map[string]any, set map[string]any) {
	want, ok := inv.Total(rec)
	got, _ := state.Number(rec[inv.Fields[0]])
	if !ok || want == got {
		return
	}
	if _, pinned := set[inv.Fields[0]]; !pinned && allowed(cm.field(inv.Fields[0]), want) {
		rec[inv.Fields[0]] = int(want)
		return
	}
	for j := len(inv.Fields) - 1; j > 0; j-- {
		f := inv.Fields[j]
		if _, pinned := set[f]; pinned {
			continue
		}
		x, _ := state.Number(rec[f])
		if v := x + got - want; allowed(cm.field(f), v) {
			rec[f] = int(v)
			return
		}
	}
}

// allowed reports whether the whole number x is a value of f: one of its
// enum where it has one, else within its bounds.
func allowed(f atom.Field, x float64) bool {
	if x != float64(int(x)) {
		return false
	}
	if len(f.Enum) > 0 {
		return slices.ContainsFunc(f.Enum, func(v any) bool { n, ok := state.Number(v); return ok && n == x })
	}
	return f.Within(x)
}
