package synth

import (
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// placeInLists writes each number a position rule keeps as the record's
// place in its parent's list, once every address has moved where the
// world's rules leave it: a Dropbox Sign signature's order is its
// signer's place among its request's signers, 0 for the first
// (https://developers.hellosign.com/api/reference/operation/signatureRequestSend/,
// signers[].order). A number a task sets stays, as does one on a record
// whose parent's list does not hold it (an agrees rule's to settle).
func (db *dataBuilder) placeInLists(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			for _, inv := range cm.c.Invariants {
				if inv.Rule != "position" {
					continue
				}
				pinned := db.pinnedKeys(cm, inv.Fields[0])
				for _, rec := range db.d.Records[m.app][cm.name] {
					p := referenced(m, cm, inv, db.d, rec)
					if p == nil || !atom.IsSet(rec[inv.Fields[0]]) || pinned[state.Text(rec[cm.key])] {
						continue
					}
					if at, ok := inv.Place(rec, p); ok {
						rec[inv.Fields[0]] = at
					}
				}
			}
		}
	}
}
