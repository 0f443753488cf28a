package synth

import (
	"slices"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// kindedRefs gives each reference a refers_to rule keeps to one kind of
// record a record of that kind, where another rule keeps the record it
// names to another kind: a Zoho Books bill's vendor is a contact of type
// vendor, and a contact an invoice is for is a customer, so a bill drawn
// on an invoice's customer names a vendor instead (one the world holds, or
// one drawn for it). Turning the contact into a vendor would only break
// the invoice's rule (referToKind turns a record no other rule claims). A
// reference a task pins stays, and one a rule by follows keeps is not
// moved: its own value follows the record it names.
func (db *dataBuilder) kindedRefs(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			for _, inv := range cm.c.Invariants {
				if inv.Rule != "refers_to" || len(inv.In) == 0 || inv.Follows() {
					continue // by follows: the value follows the record, never the reference (follow)
				}
				tc := m.byName[cm.c.Fields[inv.Fields[0]].Ref]
				if tc == nil || tc.field(inv.Fields[1]).Type == "array" || cm.field(inv.Fields[0]).Type == "array" {
					continue
				}
				db.kindedRef(m, cm, tc, inv)
			}
		}
	}
}

func (db *dataBuilder) kindedRef(m *appModel, cm, tc *collModel, inv atom.Invariant) {
	claims := kindClaims(m, tc, inv.Fields[1], db.d)
	pinned := db.pinnedKeys(cm, inv.Fields[0])
	var drawn map[string]any
	for _, rec := range db.d.Records[m.app][cm.name] {
		k := state.Text(rec[inv.Fields[0]])
		t := findRec(db.d.Records[m.app][tc.name], tc.key, k)
		if t == nil || pinned[state.Text(rec[cm.key])] || !inv.RefersFrom(rec) || !claimedOtherwise(claims[k], inv.In) {
			continue
		}
		to := kindedRecord(db.d.Records[m.app][tc.name], tc.key, inv, claims)
		if to == nil {
			if drawn == nil {
				drawn = db.drawKinded(tc, inv)
				db.d.Records[m.app][tc.name] = append(db.d.Records[m.app][tc.name], drawn)
			}
			to = drawn
		}
		rec[inv.Fields[0]] = to[tc.key]
	}
}

// kindClaims maps each key of tc's records to the kinds the refers_to
// rules of m over tc's field f ask of it, one per record referring to it.
func kindClaims(m *appModel, tc *collModel, f string, d *atom.Data) map[string][][]string {
	out := map[string][][]string{}
	for _, cm := range m.colls {
		for _, inv := range cm.c.Invariants {
			if inv.Rule != "refers_to" || inv.Fields[1] != f || cm.c.Fields[inv.Fields[0]].Ref != tc.name {
				continue
			}
			for _, rec := range d.Records[m.app][cm.name] {
				if !inv.RefersFrom(rec) {
					continue // a rule of three fields claims only the records it holds for
				}
				for _, k := range refKeysOf(rec[inv.Fields[0]]) {
					out[k] = append(out[k], inv.In)
				}
			}
		}
	}
	return out
}

// claimedOtherwise reports whether some claim on a record admits none of
// the kinds in.
func claimedOtherwise(claims [][]string, in []string) bool {
	return slices.ContainsFunc(claims, func(c []string) bool {
		return !slices.ContainsFunc(c, func(k string) bool { return slices.Contains(in, k) })
	})
}

// kindedRecord is the first record of recs that holds a kind inv allows
// and that no claim keeps to another kind; nil where none does.
func kindedRecord(recs []map[string]any, key string, inv atom.Invariant, claims map[string][][]string) map[string]any {
	for _, r := range recs {
		if slices.Contains(inv.In, state.Text(r[inv.Fields[1]])) && !claimedOtherwise(claims[state.Text(r[key])], inv.In) {
			return r
		}
	}
	return nil
}

// drawKinded draws a background record of tc of the first kind inv
// allows.
func (db *dataBuilder) drawKinded(tc *collModel, inv atom.Invariant) map[string]any {
	rec, tw := backgroundRecord(db.val, tc, db.p, db.refKeys(), db.used, parent{})
	rec[inv.Fields[1]] = stateValue(tc.field(inv.Fields[1]), inv.In[0])
	db.rows[backgroundRow(tc, rec[tc.key])] = tw
	return rec
}
