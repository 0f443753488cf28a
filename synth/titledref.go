package synth

import (
	"maps"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// titledContacts keeps a record whose title names a company at a contact of
// that company, or at that company's record: a Copper opportunity "Globex
// Labs - pilot" has a primary contact who works at Globex Labs, another
// contact of Globex where the one drawn works elsewhere, and else, where
// the title does not name the company record the record names, its title
// names the contact's company; a Zoho Desk ticket whose subject names one
// company is that company's account's. A reference or a title a task pins
// stays as it is.
//
// Once copies agree (agreeCopies), titledNames runs it again, moving no
// reference: a title still naming another company than the record's names
// the record's.
func (db *dataBuilder) titledContacts(apps []*appModel) { db.titleContacts(apps, false) }

// titledNames renames what titledContacts would move (see there).
func (db *dataBuilder) titledNames(apps []*appModel) { db.titleContacts(apps, true) }

func (db *dataBuilder) titleContacts(apps []*appModel, renameOnly bool) {
	companies := worldCompanies(apps, db.d)
	for _, m := range apps {
		for _, cm := range m.colls {
			for _, rf := range cm.refs {
				if !worksAtCompany(rf.target) && !isCompanyColl(rf.target) || rf.list || len(cm.withRole(atom.RoleTitle)) == 0 {
					continue
				}
				db.titledContact(m, cm, rf, companies, renameOnly)
			}
		}
	}
}

// worksAtCompany reports whether a collection's records are people who
// work at a company their records name, not the workspace's own staff
// nor companies themselves.
func worksAtCompany(tc *collModel) bool {
	return tc.company != "" && tc.c.Staff == nil && !isCompanyColl(tc)
}

func (db *dataBuilder) titledContact(m *appModel, cm *collModel, rf refField, companies []string, renameOnly bool) {
	pinnedRef := db.pinnedKeys(cm, rf.name)
	pinnedTitle := map[string]bool{}
	for _, f := range cm.withRole(atom.RoleTitle) {
		maps.Copy(pinnedTitle, db.pinnedKeys(cm, f))
	}
	ks := db.unnamedKeys(m, rf.target)
	if renameOnly || copies(cm, rf.name) {
		// A company a copy keeps (a ticket's account is its contact's)
		// stays: the title names it instead.
		ks = nil
	}
	for _, rec := range db.d.Records[m.app][cm.name] {
		self, k := state.Text(rec[cm.key]), state.Text(rec[rf.name])
		if k == "" || pinnedRef[self] || titleNames(cm, rec, db.valueOf(m, rf.target, k, rf.target.company)) {
			continue
		}
		draft := maps.Clone(rec)
		cands := ks
		if len(cands) == 0 {
			cands = []string{k}
		}
		got := db.titledParent(m, cm, rf, draft, cands, k, companies)
		renamed := titlesDiffer(cm, rec, draft)
		if renamed && (pinnedTitle[self] || db.titleNamesItsCompany(m, cm, rec)) {
			continue
		}
		maps.Copy(rec, draft)
		rec[rf.name] = got
	}
}

// titleNamesItsCompany reports whether a title of rec names the company
// record rec refers to (an opportunity "Globex Labs - pilot" whose
// company_id is Globex Labs'), a name the title keeps.
func (db *dataBuilder) titleNamesItsCompany(m *appModel, cm *collModel, rec map[string]any) bool {
	for _, rf := range cm.refs {
		tc := rf.target
		if isCompanyColl(tc) && atom.IsSet(rec[rf.name]) && titleNames(cm, rec, db.valueOf(m, tc, state.Text(rec[rf.name]), tc.company)) {
			return true
		}
	}
	return false
}

// isCompanyColl reports whether tc's records are companies: their display
// is their company name.
func isCompanyColl(tc *collModel) bool {
	return tc.company != "" && (tc.company == tc.display || tc.roles[tc.display] == atom.RoleCompany)
}

// titlesDiffer reports whether a title of a differs from b's.
func titlesDiffer(cm *collModel, a, b map[string]any) bool {
	for _, f := range cm.withRole(atom.RoleTitle) {
		if state.Text(a[f]) != state.Text(b[f]) {
			return true
		}
	}
	return false
}

// valueOf is what field f of the record of tc with key k holds, or "".
func (db *dataBuilder) valueOf(m *appModel, tc *collModel, k, f string) string {
	if t := findRec(db.d.Records[m.app][tc.name], tc.key, k); t != nil {
		return state.Text(t[f])
	}
	return ""
}

// titleNames reports whether a title of rec holds the company name n.
func titleNames(cm *collModel, rec map[string]any, n string) bool {
	for _, f := range cm.withRole(atom.RoleTitle) {
		if len(n) > 2 && strings.Contains(state.Text(rec[f]), n) {
			return true
		}
	}
	return false
}
