package synth

import (
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// agreeCompanies makes each agrees rule by company hold (see
// coherence.OtherCompany): a record kept under another that names a
// company the other does not (a Close contact writing from another
// company's domain than its lead's, a note for another company; a
// Salesforce child case about another customer than its parent's) names
// the other's instead: its text names that company where it named
// another, and its addresses move to that company's domain, everywhere
// the data holds them, so a person is one person in every app. Where a
// task pins the field, the record is put under no parent instead, where
// its reference is optional and no task pins it. Passes repeat so that a
// record moved under a parent that moved too (a case under a child case)
// follows it.
func (db *dataBuilder) agreeCompanies(apps []*appModel) {
	world := worldCompanies(apps, db.d)
	for range 4 {
		moved := map[string]string{}
		changed := false
		byCompanyRules(apps, func(m *appModel, cm, tc *collModel, inv atom.Invariant) {
			if db.agreeCompany(m, cm, tc, inv, world, moved) {
				changed = true
			}
		})
		if len(moved) > 0 {
			replaceAll(db.d, moved)
		}
		if !changed {
			break
		}
	}
	db.dropDisagreeing(apps, world)
}

// dropDisagreeing takes out each record that still breaks an agrees rule
// by company once the passes are done, where no task names it and no
// record refers to it (referredKeys): a Zoho Desk ticket of a contact whose address is
// one company's and whose account is another's (a look-alike account)
// can agree with neither, and a record that cannot be drawn right is not
// written.
func (db *dataBuilder) dropDisagreeing(apps []*appModel, world []string) {
	byCompanyRules(apps, func(m *appModel, cm, tc *collModel, inv atom.Invariant) {
		named, referred := namedKeys(m, db.d)[cm.name], referredKeys(m, cm, db.d)
		for _, rec := range slices.Clone(db.d.Records[m.app][cm.name]) {
			direct := findRec(db.d.Records[m.app][tc.name], tc.key, state.Text(rec[inv.Fields[1]]))
			p := db.companyParent(m, tc, inv, direct)
			if p != nil && !ofStaff(tc, direct) && !named[state.Text(rec[cm.key])] && !referred[state.Text(rec[cm.key])] && disagrees(inv, rec, p, world) {
				db.drop(m, cm, rec)
			}
		}
	})
}

// byCompanyRules calls fn with each agrees rule by company of apps, the
// collection declaring it and the one its reference names.
func byCompanyRules(apps []*appModel, fn func(m *appModel, cm, tc *collModel, inv atom.Invariant)) {
	for _, m := range apps {
		for _, cm := range m.colls {
			for _, inv := range cm.c.Invariants {
				if !inv.ByCompany() {
					continue
				}
				if tc := m.byName[cm.field(inv.Fields[1]).Ref]; tc != nil {
					fn(m, cm, tc, inv)
				}
			}
		}
	}
}

// disagrees reports whether rec, kept under p, breaks the agrees rule by
// company inv, reading the companies of world.
func disagrees(inv atom.Invariant, rec, p map[string]any, world []string) bool {
	_, bad := coherence.OtherCompany(inv, rec, p, coherence.CompanyNames(world, coherence.CompanyValues(inv, rec, p)...))
	return bad
}

// agreeCompany makes the records of cm keep one agrees rule by company,
// and reports whether it changed any. Addresses to move are added to
// moved.
func (db *dataBuilder) agreeCompany(m *appModel, cm, tc *collModel, inv atom.Invariant, world []string, moved map[string]string) bool {
	pinnedOwn, pinnedRef := db.pinnedKeys(cm, inv.Fields[0]), db.pinnedKeys(cm, inv.Fields[1])
	held := map[string]bool{}
	changed := false
	for _, rec := range db.d.Records[m.app][cm.name] {
		direct := findRec(db.d.Records[m.app][tc.name], tc.key, state.Text(rec[inv.Fields[1]]))
		p := db.companyParent(m, tc, inv, direct)
		if p == nil || ofStaff(tc, direct) {
			continue // a record under one of the staff speaks of a customer
		}
		names := coherence.CompanyNames(world, coherence.CompanyValues(inv, rec, p)...)
		if _, bad := coherence.OtherCompany(inv, rec, p, names); !bad {
			continue
		}
		self := state.Text(rec[cm.key])
		want, ok := companyNamed(p[inv.Fields[2]], names)
		if ok && !cm.field(inv.Fields[1]).Required && db.val.home.Name != "" && coherence.CompanyKey(want.Name) == coherence.CompanyKey(db.val.home.Name) {
			// A customer's record under one of the company's own (a
			// case filed under the team's internal case) is not made
			// the company's own matter: it goes from under it, where
			// it may stand under none.
			ok = false
		}
		if ok && !pinnedOwn[self] {
			rec[inv.Fields[0]] = atCompany(rec[inv.Fields[0]], want, names, held, moved)
			changed = true
			if _, bad := coherence.OtherCompany(inv, rec, p, names); !bad {
				continue
			}
		}
		if !pinnedRef[self] && !cm.field(inv.Fields[1]).Required {
			delete(rec, inv.Fields[1]) // kept under no parent rather than another company's
			changed = true
		}
	}
	return changed
}

// companyParent is p, a record of tc, as an agrees rule by company reads
// it (see coherence's parentCompanyRef): where the field the rule reads
// there is a reference, it holds what the record it names says of its
// company (a Square refund's payment, by its customer). Nil stays nil.
func (db *dataBuilder) companyParent(m *appModel, tc *collModel, inv atom.Invariant, p map[string]any) map[string]any {
	fd := tc.field(inv.Fields[2])
	rc := m.byName[fd.Ref]
	if p == nil || fd.Role != atom.RoleRef || rc == nil {
		return p
	}
	out := maps.Clone(p)
	out[inv.Fields[2]] = nil
	if r := findRec(db.d.Records[m.app][rc.name], rc.key, state.Text(p[inv.Fields[2]])); r != nil {
		out[inv.Fields[2]] = coherence.CompanySays(rc.c, r)
	}
	return out
}

// companyNamed is the company a value names: the first company of names
// its text holds, or the company of synthesis's pool whose domain is
// that of its address or web address, or, where the pool has none, a
// company of that domain alone.
func companyNamed(v any, names []string) (gen.Company, bool) {
	s, _ := v.(string)
	if l, ok := v.([]any); ok && len(l) > 0 {
		s, _ = l[0].(string)
	}
	host := ""
	switch {
	case strings.Contains(s, "@") && !strings.ContainsAny(s, " \t\n"):
		host = s[strings.LastIndex(s, "@")+1:]
	case strings.Contains(s, "://"):
		if u, err := url.Parse(s); err == nil {
			host = strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
		}
	default:
		for _, n := range names {
			if len(n) > 2 && strings.Contains(s, n) {
				return gen.Company{Name: n, Domain: gen.Domain(n)}, true
			}
		}
		return gen.Company{}, false
	}
	if coherence.DomainKey(host) == "" {
		return gen.Company{}, false
	}
	if c, ok := gen.CompanyAt(host); ok {
		return c, true
	}
	return gen.Company{Domain: host}, true
}

// atCompany is v made to name want: a text naming it where it named
// another company of names, an address (or each of a list) on its domain
// where it was on another company's (the move added to moved).
func atCompany(v any, want gen.Company, names []string, held map[string]bool, moved map[string]string) any {
	switch x := v.(type) {
	case string:
		if strings.Contains(x, "@") && !strings.ContainsAny(x, " \t\n") {
			return moveAddress(x, want, held, moved)
		}
		if want.Name == "" {
			return x
		}
		return renameCompanies(x, want.Name, names)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = atCompany(e, want, names, held, moved)
		}
		return out
	}
	return v
}

// moveAddress is an address on want's domain: the one it was, where it is
// at a free-mail provider or already there.
func moveAddress(addr string, want gen.Company, held map[string]bool, moved map[string]string) string {
	if to, ok := moved[addr]; ok {
		return to
	}
	if coherence.FreeMail(addr) || coherence.DomainKey(addr[strings.LastIndex(addr, "@")+1:]) == coherence.DomainKey(want.Domain) {
		return addr
	}
	to := freeAddress(addr, want.Domain, held)
	moved[addr] = to
	return to
}
