package synth

import (
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/gen"
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

// staffRow is tw with its company the world's own where rec, a record of
// cm, is one of the workspace's own people by its value (a Zendesk admin
// among end users): their text speaks of the company they work at, not of
// the customer a row drew for them. tw otherwise, and where every record
// of cm is staff (atHome drew them at home already).
func (v *valuer) staffRow(cm *collModel, rec map[string]any, tw row) row {
	if st := cm.c.Staff; st != nil && st.Field != "" && st.Holds(rec) && v.home.Domain != "" {
		tw.c = v.home
	} else if v.home.Domain != "" && (ownAddressOf(cm, rec, tw.p) || v.parentOwnedBy(cm, rec, tw.p)) {
		tw.c = v.home
	}
	return tw
}

// parentOwnedBy reports whether the record rec, a record of cm, is kept
// under (a required or parent reference) holds p's address in an owner
// field: p is one of the company's people, so a text on the parent places
// them at the company, not at the customer their row was drawn at ("Call
// Bastian at Quantum Health" on a task on a Box file Bastian owns).
func (v *valuer) parentOwnedBy(cm *collModel, rec map[string]any, p gen.Person) bool {
	if cm.app == nil {
		return false
	}
	for _, f := range cm.fieldNames {
		fd := cm.field(f)
		tc := cm.app.byName[fd.Ref]
		if fd.Role != atom.RoleRef || !(fd.Required || fd.Parent) || tc == nil || tc == cm {
			continue
		}
		if parent := findRec(v.world[cm.app.app][tc.name], tc.key, state.Text(rec[f])); parent != nil && ownAddressOf(tc, parent, p) {
			return true
		}
	}
	return false
}

// ownAddressOf reports whether a field of cm holding an address of the
// workspace's own (a Box file's owned_by, a Teams channel's address, a
// Freshservice ticket's requester, an Asana task's assignee: the owner
// addresses staffAtHome moves to the company's domain) holds p's address
// on rec: p is one of the company's people, so the record's text places
// them there, not at the customer their row was drawn at ("Questions go
// to Sofia Romero at Summit Health" on a file Sofia owns at the company),
// and names them as no customer's contact ("Called Noor Underwood: Hooli
// Logistics wants an update" on a task assigned to Noor).
func ownAddressOf(cm *collModel, rec map[string]any, p gen.Person) bool {
	if p.First == "" {
		return false
	}
	mine, _, _ := strings.Cut(gen.Email(p, "x"), "@")
	for _, f := range coherence.OwnerAddressFields(cm.shape) {
		if local, _, ok := strings.Cut(strings.ToLower(state.Text(rec[f])), "@"); ok && local == mine {
			return true
		}
	}
	return false
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
		fields := coherence.OwnerAddressFields(cm.shape)
		if st != nil {
			fields = slices.Concat(st.AddressFields(cm.c), fields)
		}
		for _, f := range fields {
			held[strings.ToLower(state.Text(rec[f]))] = true
		}
	})
	db.staffRecords(apps, func(cm *collModel, st *atom.Staff, rec map[string]any) {
		for _, f := range db.staffAddressFields(cm, st, rec) {
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

// staffRecords calls do on each record of apps that may hold a staff
// member's work address, in order: the records of each staff collection
// (st is its declaration) and those of each collection with an owner's
// address (st is nil).
func (db *dataBuilder) staffRecords(apps []*appModel, do func(cm *collModel, st *atom.Staff, rec map[string]any)) {
	for _, m := range apps {
		for _, cm := range m.colls {
			if cm.c.Staff == nil && len(coherence.OwnerAddressFields(cm.shape)) == 0 {
				continue
			}
			for _, rec := range db.d.Records[m.app][cm.name] {
				do(cm, cm.c.Staff, rec)
			}
		}
	}
}

// staffAddressFields are the fields of rec, a record of cm, holding a
// work address of one of the workspace's own people: its own where it is
// a member of staff (st holds it, reading the record its reference Via
// names where it has one), and its owner's or assignee's.
func (db *dataBuilder) staffAddressFields(cm *collModel, st *atom.Staff, rec map[string]any) []string {
	owners := coherence.OwnerAddressFields(cm.shape)
	var target map[string]any
	if st != nil && st.Via != "" && cm.app != nil {
		if tc := cm.app.byName[cm.field(st.Via).Ref]; tc != nil {
			target = findRec(db.d.Records[cm.app.app][tc.name], tc.key, state.Text(rec[st.Via]))
		}
	}
	if st == nil || !st.HoldsVia(rec, target) {
		return owners
	}
	return slices.Concat(st.AddressFields(cm.c), owners)
}

// ofStaff reports whether rec, of tc, is a member of its collection's
// staff: a record kept under it (a ticket an agent requests) speaks of a
// customer, not of the company's own (coherence's agrees by company).
func ofStaff(tc *collModel, rec map[string]any) bool {
	return tc.c.Staff != nil && tc.c.Staff.Holds(rec)
}
