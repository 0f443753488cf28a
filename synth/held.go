package synth

import "github.com/legoenv/legoenv/atom"

// heldRecords adds to the world the records each app's product makes
// itself (atom.Collection.Holds: the bot user a Slack app posts as, the
// Sent mailbox), where the world holds none (atom.HeldBy), so that a
// tool's constant naming one names a record of the world. A held record
// declared without a key is keyed in the collection's form.
func (db *dataBuilder) heldRecords(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			if len(cm.c.Holds) == 0 {
				continue
			}
			key := cm.c.KeyField()
			recs := db.d.Records[m.app][cm.name]
			for _, h := range cm.c.Holds {
				if holdsOne(recs, h, key) {
					continue
				}
				rec := make(map[string]any, len(h)+1)
				for f, v := range h {
					rec[f] = v
				}
				if _, ok := rec[key]; !ok {
					rec[key] = uniqueKey(db.val, cm, db.used)
				}
				recs = append(recs, rec)
			}
			if db.d.Records[m.app] == nil {
				db.d.Records[m.app] = map[string][]map[string]any{}
			}
			db.d.Records[m.app][cm.name] = recs
		}
	}
}

// holdsOne says whether one of recs is the held record h.
func holdsOne(recs []map[string]any, h map[string]any, key string) bool {
	for _, r := range recs {
		if atom.HeldBy(h, r, key) {
			return true
		}
	}
	return false
}
