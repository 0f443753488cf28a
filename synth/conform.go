package synth

import (
	"slices"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// conform makes one record keep the rules its collection declares that
// need no other record: a lifecycle's timestamps only in their states
// (drawn when a state needs one), numbers within their bounds, dates in
// order, at most one of a group set. A lifecycle kept in a date (Shopify's
// cancelled_at) is ended only where ended says so: a record a task names
// is one it can act on.
func conform(val *valuer, cm *collModel, rec map[string]any, ended bool) {
	c := cm.c
	if lc := c.Lifecycle; lc != nil {
		if lc.StateOf(c.Fields[lc.Field], rec[lc.Field]) == atom.StateSet && !ended {
			delete(rec, lc.Field)
		}
		st := lc.StateOf(c.Fields[lc.Field], rec[lc.Field])
		for _, sp := range lc.Stamps {
			in := slices.Contains(sp.States, st)
			switch {
			case st == "":
			case atom.IsSet(rec[sp.Field]) && !in:
				delete(rec, sp.Field)
			case !atom.IsSet(rec[sp.Field]) && in:
				rec[sp.Field] = val.dateValue(cm, sp.Field)
			}
		}
	}
	for _, inv := range c.Invariants {
		a, b := inv.Fields[0], inv.Fields[len(inv.Fields)-1]
		switch inv.Rule {
		case "lte":
			// The bounded value is the one tasks read (a daily budget,
			// clicks): it stays, and its bound is raised.
			x, xok := state.Number(rec[a])
			y, yok := state.Number(rec[b])
			if xok && yok && x > y {
				if _, isInt := rec[b].(int); isInt {
					rec[b] = int(x) * 10
				} else {
					rec[b] = float64(int(x*1000)) / 100
				}
			}
		case "before":
			x, xok := atom.Time(rec[a])
			y, yok := atom.Time(rec[b])
			if s, ok := rec[a].(string); ok && xok && yok && x.After(y) {
				rec[b] = shiftDate(s, 7)
			}
		case "at_most_one":
			kept := false
			for _, f := range inv.Fields {
				if atom.IsSet(rec[f]) && kept {
					delete(rec, f)
				}
				kept = kept || atom.IsSet(rec[f])
			}
		}
	}
}

// conformWorld makes a data atom keep the declared rules that span
// records: a display name beside a reference is the referenced record's,
// and a number the product keeps unique is drawn again where an earlier
// record (the records tasks name come first) holds it.
func conformWorld(val *valuer, apps []*appModel, d *atom.Data) {
	for _, m := range apps {
		for _, cm := range m.colls {
			recs := d.Records[m.app][cm.name]
			for _, inv := range cm.c.Invariants {
				switch inv.Rule {
				case "display":
					targets := d.Records[m.app][cm.c.Fields[inv.Fields[1]].Ref]
					tkey := ""
					if tc := m.byName[cm.c.Fields[inv.Fields[1]].Ref]; tc != nil {
						tkey = tc.key
					}
					for _, rec := range recs {
						t := findRec(targets, tkey, state.Text(rec[inv.Fields[1]]))
						if name, ok := inv.Display(t); ok && t != nil && atom.IsSet(rec[inv.Fields[0]]) {
							rec[inv.Fields[0]] = name
						}
					}
				case "unique":
					uniqueValues(val, cm, inv.Fields[0], recs)
				}
			}
		}
	}
}

func uniqueValues(val *valuer, cm *collModel, f string, recs []map[string]any) {
	seen := map[string]bool{}
	for _, rec := range recs {
		v := state.Text(rec[f])
		if v == "" {
			continue
		}
		for try := 0; seen[v] && try < 50; try++ {
			v = val.code(cm, f)
		}
		if _, isString := rec[f].(string); isString || rec[f] == nil {
			rec[f] = v
		}
		seen[v] = true
	}
}

// lifecycleField is the field of the collection's lifecycle, or "".
func lifecycleField(cm *collModel) string {
	if cm.c.Lifecycle == nil {
		return ""
	}
	return cm.c.Lifecycle.Field
}
