package synth

import (
	"github.com/legoenv/legoenv/atom"
)

// subjectWords name a reference to the party a record is from or about:
// a ticket's contact or requester, a deal's person, an order's customer.
// Those who work on a record (its owner, its assignee) are not among them.
var subjectWords = []string{"contact", "contacts", "customer", "customers", "requester", "person", "people", "lead", "leads",
	"client", "clients", "candidate", "applicant", "subscriber", "respondent", "patient"}

// aboutParty gives a background record of cm that is written on no
// record (see onParent) the party it is about, where one of its
// references names one (an Intercom ticket's contact): the reference
// is drawn among the records the plan drew (refKeys), the record's text
// speaks of that party's person and company, and it is made after the
// party was. A ticket raised by Kalani Zielinski of Granite Logistics
// does not read "Opened by Samuel Larsen; Quantum Industries is
// affected", nor predate Kalani's contact.
func (db *dataBuilder) aboutParty(m *appModel, cm *collModel, refKeys map[*collModel][]string, par *parent) {
	for _, rf := range cm.refs {
		tc := rf.target
		if tc == nil || tc == cm || len(refKeys[tc]) == 0 || !atom.HasWord(atom.Words(rf.name), subjectWords...) || !tc.shape.IsParty() {
			continue
		}
		if _, taken := par.set[rf.name]; taken {
			continue
		}
		k := pick(db.val.rng, refKeys[tc])
		prec := findRec(db.d.Records[m.app][tc.name], tc.key, k)
		if prec == nil {
			continue
		}
		rw, ok := db.roleRow(tc, k)
		if !ok {
			rw, ok = parentRow(m, db.d, tc, prec, db.val.newRow())
		}
		if !ok {
			continue
		}
		if rf.list {
			par.set[rf.name] = []any{k}
		} else {
			par.set[rf.name] = k
		}
		par.rw = &rw
		if t, ok := atom.Time(prec[tc.shape.CreatedField()]); ok && t.After(par.after) {
			par.after = t
		}
		return
	}
}
