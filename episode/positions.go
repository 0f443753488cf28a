package episode

import (
	"maps"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// A record's place under its parent (atom.Collection.Positions: a
// Smartsheet row's rowNumber) runs from 1 to the parent's count: when a
// record goes, the records after it under the same parent move one place
// up, as the product renumbers the rows below a deleted one.

// closePositions moves up, in st, the records after each record of
// collection name (full) that a write w removed, under each position rule
// of the collection.
func closePositions(st *state.State, name, key string, rules []atom.Invariant, w state.Write) {
	if _, still := st.Get(w.Name, w.Key); still || w.Old == nil {
		return
	}
	for _, inv := range rules {
		gone, ok := state.Number(w.Old[inv.Fields[0]])
		parent := state.Text(w.Old[inv.Fields[1]])
		if !ok || parent == "" {
			continue
		}
		var after []state.Record
		for _, r := range st.Placed(name) {
			if x, ok := state.Number(r[inv.Fields[0]]); ok && x > gone && state.Text(r[inv.Fields[1]]) == parent {
				after = append(after, r)
			}
		}
		for _, r := range after {
			x, _ := state.Number(r[inv.Fields[0]])
			out := maps.Clone(r)
			out[inv.Fields[0]] = x - 1
			k, _ := state.KeyOf(r, key)
			_ = st.Replace(name, k, out) // r is there: the write cannot fail
		}
	}
}
