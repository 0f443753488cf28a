package synth

import (
	"github.com/legoenv/legoenv/state"
)

// heldRecords adds to the world the records each app's product makes
// itself (atom.Collection.Holds: the bot user a Slack app posts as), where
// the world holds no record of that key, so that a tool's constant naming
// one names a record of the world.
func (db *dataBuilder) heldRecords(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			if len(cm.c.Holds) == 0 {
				continue
			}
			key := cm.c.KeyField()
			recs := db.d.Records[m.app][cm.name]
			for _, h := range cm.c.Holds {
				if holdsKey(recs, key, h[key]) {
					continue
				}
				rec := make(map[string]any, len(h))
				for f, v := range h {
					rec[f] = v
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

// holdsKey says whether one of recs is keyed k by field key.
func holdsKey(recs []map[string]any, key string, k any) bool {
	for _, r := range recs {
		if state.Text(r[key]) == state.Text(k) {
			return true
		}
	}
	return false
}
