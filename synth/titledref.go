package synth

import (
	"maps"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/gen"
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

// textOnParents makes the title and the free text of a record kept under
// a parent whose collection another field names (a Copper task or
// activity on a person, a company or an opportunity) name the parent's
// company where they name another: a note on the opportunity "Ironclad
// Labs - new logo" is kept for Ironclad Labs, not for the company its row
// was drawn at before settleParents gave it its parent. A field a task
// pins stays as it is.
func (db *dataBuilder) textOnParents(apps []*appModel) {
	companies := worldCompanies(apps, db.d)
	for _, m := range apps {
		for _, cm := range m.colls {
			var fields []string
			for _, f := range cm.fieldNames {
				if r := cm.roles[f]; (r == atom.RoleTitle || r == atom.RoleText) && cm.field(f).Type == "string" {
					fields = append(fields, f)
				}
			}
			for _, f := range cm.fieldNames {
				fd := cm.field(f)
				if fd.RefBy == "" || fd.Ref != "" || fd.Type == "array" || len(fields) == 0 {
					continue
				}
				pinned := map[string]map[string]bool{}
				for _, tf := range fields {
					pinned[tf] = db.pinnedKeys(cm, tf)
				}
				for _, rec := range db.d.Records[m.app][cm.name] {
					coll, ok := fd.RefOf(rec)
					if tc := m.byName[coll]; ok && tc != nil {
						db.nameParentCompany(m, cm, rec, fields, pinned, db.companyOf(m, tc, state.Text(rec[f])), companies)
					}
				}
			}
		}
	}
}

// nameParentCompany writes want for every other company fields of rec
// name, but those a task pins.
func (db *dataBuilder) nameParentCompany(m *appModel, cm *collModel, rec map[string]any, fields []string, pinned map[string]map[string]bool, want string, companies []string) {
	if len(want) <= 2 {
		return
	}
	self := state.Text(rec[cm.key])
	for _, f := range fields {
		if t, ok := rec[f].(string); ok && !pinned[f][self] {
			rec[f] = renameCompanies(t, want, append(slices.Clone(companies), gen.CompaniesNamed(t)...))
		}
	}
}

// companyOf is the company of the record of tc keyed k: a company
// record's name, the company a contact works at, else that of a company
// or contact it names (an opportunity's company, or its primary
// contact's), else, for a record of a company by such a reference, the
// one company its title names. "" where none is named.
func (db *dataBuilder) companyOf(m *appModel, tc *collModel, k string) string {
	rec := findRec(db.d.Records[m.app][tc.name], tc.key, k)
	if rec == nil {
		return ""
	}
	if isCompanyColl(tc) || worksAtCompany(tc) {
		return state.Text(rec[tc.company])
	}
	ofCompany := false
	for _, rf := range tc.refs {
		if t := rf.target; !rf.list && t != tc && (isCompanyColl(t) || worksAtCompany(t)) {
			ofCompany = true
			if n := db.valueOf(m, t, state.Text(rec[rf.name]), t.company); n != "" {
				return n
			}
		}
	}
	if !ofCompany {
		return ""
	}
	var titles []string
	for _, f := range tc.withRole(atom.RoleTitle) {
		titles = append(titles, state.Text(rec[f]))
	}
	return gen.CompanyOfTitles(titles...)
}
