package synth

import (
	"fmt"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// keyForms gives each record of a collection whose keys take a prefix by
// kind (id_prefix_when: a Slack direct message's id starts with D, a
// channel's with C) the prefix of the kind it ended up in: the key drawn
// with the collection's prefix keeps its number under the kind's, and
// every reference to it in its app, the handles naming it and the keys of
// the roles move with it. A key the app already holds is left, as
// coherence then reports it.
//
// A collection keyed by a key made of its records' names (role
// key_prefix: a Confluence space's PR for Product Requirements) gives
// each record of no kind of its own that key, another letter after it
// where the app holds it already, and moves the references with it.
func (db *dataBuilder) keyForms(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			if cm.roles[cm.key] == atom.RoleKeyPrefix {
				db.namedKeys(m, cm)
			}
			db.keysByName(m, cm)
			if len(cm.c.PrefixWhen) == 0 {
				continue
			}
			moved := map[string]string{}
			for _, rec := range db.d.Records[m.app][cm.name] {
				k := state.Text(rec[cm.key])
				want := cm.c.PrefixOf(rec)
				if k == "" || strings.HasPrefix(k, want) || !strings.HasPrefix(k, cm.prefix) {
					continue
				}
				nk := want + strings.TrimPrefix(k, cm.prefix)
				if db.heldKey(m, nk) {
					continue
				}
				rec[cm.key] = nk
				moved[k] = nk
			}
			if len(moved) > 0 {
				db.moveKeys(m, cm, moved)
			}
		}
	}
}

// namedKeys keys each record of cm of no kind of its own by its name
// (atom.KeyPrefix), as keyForms says, and each of a kind with a prefix
// of its own (a personal space's ~) by that prefix and a number.
func (db *dataBuilder) namedKeys(m *appModel, cm *collModel) {
	moved := map[string]string{}
	for _, rec := range db.d.Records[m.app][cm.name] {
		k := state.Text(rec[cm.key])
		if p := cm.c.PrefixOf(rec); p != cm.c.Prefix() {
			for try := 0; k != "" && !strings.HasPrefix(k, p) && try < 50; try++ {
				if nk := fmt.Sprintf("%s%d", p, 10000+db.val.rng.IntN(90000)); !db.heldKey(m, nk) {
					rec[cm.key] = nk
					moved[k] = nk
					break
				}
			}
			continue
		}
		want := atom.KeyPrefix(state.Text(rec[cm.display]))
		if k == "" || want == "" || k == want {
			continue
		}
		nk := want
		for _, c := range "ABCDEFGHIJKLMNOPQRSTUVWXYZ" {
			if !db.heldKey(m, nk) {
				break
			}
			nk = want + string(c)
			if len(nk) > atom.KeyPrefixMax {
				nk = want[:atom.KeyPrefixMax-1] + string(c)
			}
		}
		if db.heldKey(m, nk) {
			continue
		}
		rec[cm.key] = nk
		moved[k] = nk
	}
	if len(moved) > 0 {
		db.moveKeys(m, cm, moved)
	}
}

// heldKey reports whether a record of app m is keyed k.
func (db *dataBuilder) heldKey(m *appModel, k string) bool {
	for _, o := range m.colls {
		if slices.ContainsFunc(db.d.Records[m.app][o.name], func(r map[string]any) bool { return state.Text(r[o.key]) == k }) {
			return true
		}
	}
	return false
}

// moveKeys renames the keys of cm's records in moved (old to new) where
// the app's references, the data's handles and the roles' keys hold them.
func (db *dataBuilder) moveKeys(m *appModel, cm *collModel, moved map[string]string) {
	for _, o := range m.colls {
		for _, rf := range o.refs {
			if rf.target != cm || rf.by != "" {
				continue
			}
			for _, rec := range db.d.Records[m.app][o.name] {
				switch v := rec[rf.name].(type) {
				case string:
					if nk, ok := moved[v]; ok {
						rec[rf.name] = nk
					}
				case []any:
					for i, x := range v {
						if nk, ok := moved[state.Text(x)]; ok {
							v[i] = nk
						}
					}
				case []string:
					for i, x := range v {
						if nk, ok := moved[x]; ok {
							v[i] = nk
						}
					}
				}
			}
		}
	}
	for name, h := range db.d.Handles {
		if nk, ok := moved[h.Key]; ok && h.App == m.app && h.Collection == cm.name {
			h.Key = nk
			db.d.Handles[name] = h
		}
	}
	for role, k := range db.keys[cm] {
		if nk, ok := moved[k]; ok {
			db.keys[cm][role] = nk
		}
	}
	for old, nk := range moved {
		if n, ok := db.val.names[cm.ref()+"|"+old]; ok {
			db.val.names[cm.ref()+"|"+nk] = n
		}
	}
}

// keysByName keys each record of cm whose kind is keyed by a field of its
// own (id_prefix_when with named: a Gmail system label is INBOX) by that
// field, and moves the references with it. Two records of one such name
// are one record of the product: the second's references move to the
// first, and the second is not written where no task names it.
func (db *dataBuilder) keysByName(m *appModel, cm *collModel) {
	named := map[string]bool{}
	for _, h := range db.d.Handles {
		if h.App == m.app && h.Collection == cm.name {
			named[h.Key] = true
		}
	}
	moved := map[string]string{}
	held := map[string]bool{}
	var gone []map[string]any
	for _, rec := range db.d.Records[m.app][cm.name] {
		k := state.Text(rec[cm.key])
		want, ok := cm.c.NamedKeyOf(rec)
		switch {
		case !ok || want == "" || k == "":
		case k == want:
			held[want] = true // a second record of the key is unique_key's to report
		case held[want] && !named[k]:
			moved[k] = want
			gone = append(gone, rec)
		case held[want] || db.heldKey(m, want):
			// a record tasks name, or one of another kind, holds the
			// name: left, as coherence then reports it
		default:
			rec[cm.key], moved[k], held[want] = want, want, true
		}
	}
	for _, r := range gone {
		db.drop(m, cm, r)
	}
	if len(moved) > 0 {
		db.moveKeys(m, cm, moved)
		db.uniqueRefLists(m, cm)
	}
}

// uniqueRefLists keeps once each key a list of references to cm holds
// twice, as a move of two keys onto one leaves it.
func (db *dataBuilder) uniqueRefLists(m *appModel, cm *collModel) {
	for _, o := range m.colls {
		for _, rf := range o.refs {
			if rf.target != cm || !rf.list {
				continue
			}
			for _, rec := range db.d.Records[m.app][o.name] {
				if v, ok := rec[rf.name].([]any); ok {
					seen := map[string]bool{}
					rec[rf.name] = slices.DeleteFunc(v, func(x any) bool {
						dup := seen[state.Text(x)]
						seen[state.Text(x)] = true
						return dup
					})
				}
			}
		}
	}
}
