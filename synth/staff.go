package synth

import (
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// The workspace's own people (a collection declaring staff: Hiver's
// users, Rippling's employees, Zendesk's agents) work at the company the
// world is about, not at its customers: their work addresses are on its
// domain, and their records speak of it.

// internal reports whether every record of cm is one of the workspace's
// own people. Tasks treat them as colleagues: no mailing goes to them, and
// they are not copied or synced into records of customers.
func (cm *collModel) internal() bool { return cm.c.Staff != nil && cm.c.Staff.Field == "" }

// atHome is rw with its company the world's own, where every record of
// cm is a member of staff; rw otherwise.
func (v *valuer) atHome(cm *collModel, rw row) row {
	if cm.internal() && v.home.Domain != "" {
		rw.c = v.home
	}
	return rw
}

// staffAtHome moves each work address of a member of staff that is off
// the world's domain onto it, wherever the data holds it: the records a
// look-alike or a shared person drew elsewhere, and the records only a
// field's value marks as staff (agents among end users).
func (db *dataBuilder) staffAtHome(apps []*appModel) {
	home := strings.ToLower(db.val.home.Domain)
	if home == "" {
		return
	}
	moved := map[string]string{}
	held := map[string]bool{}
	db.staffRecords(apps, func(cm *collModel, st *atom.Staff, rec map[string]any) {
		for _, f := range st.AddressFields(cm.c) {
			held[strings.ToLower(state.Text(rec[f]))] = true
		}
	})
	db.staffRecords(apps, func(cm *collModel, st *atom.Staff, rec map[string]any) {
		if !st.Holds(rec) {
			return
		}
		for _, f := range st.AddressFields(cm.c) {
			email := state.Text(rec[f])
			if _, done := moved[email]; done || !strings.Contains(email, "@") || coherence.FreeMail(email) || coherence.OnDomain(email, home) {
				continue
			}
			moved[email] = freeAddress(email, home, held)
		}
	})
	if len(moved) > 0 {
		replaceAll(db.d, moved)
	}
}

// staffRecords calls do on each record of each staff collection of apps,
// in order.
func (db *dataBuilder) staffRecords(apps []*appModel, do func(cm *collModel, st *atom.Staff, rec map[string]any)) {
	for _, m := range apps {
		for _, cm := range m.colls {
			if st := cm.c.Staff; st != nil {
				for _, rec := range db.d.Records[m.app][cm.name] {
					do(cm, st, rec)
				}
			}
		}
	}
}
