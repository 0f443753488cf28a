package synth

import (
	"maps"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// A person drawn with a company of their own may reference a company
// record of the app (an Insightly contact's organisation) drawn for
// another: the contact at Acme writes from Acme's domain, as coherence
// checks. Once references are settled, such an address moves to the
// organisation's domain, everywhere the data holds it, so the person is
// still one person in every app. An address at a free-mail provider
// stays.

// officeLabels tell apart two people of one name at one organisation (a
// look-alike beside the record a task names): the second writes from an
// office's subdomain.
var officeLabels = []string{"eu", "us", "uk", "mail"}

// emailsOnOrgDomain moves each person's own address, and their
// assistant's and delegate's, that is off the domain of the company
// record they reference onto it.
func (db *dataBuilder) emailsOnOrgDomain(apps []*appModel) {
	moved := map[string]string{}
	for _, m := range apps {
		for _, cm := range m.colls {
			if cm.email == "" || cm.email == cm.key || len(cm.withRole(atom.RoleDomain)) > 0 {
				continue
			}
			held := map[string]bool{}
			for _, rec := range db.d.Records[m.app][cm.name] {
				held[strings.ToLower(state.Text(rec[cm.email]))] = true
			}
			for _, rec := range db.d.Records[m.app][cm.name] {
				for _, f := range cm.ownAddresses() {
					email := state.Text(rec[f])
					if _, done := moved[email]; done || email == "" || coherence.FreeMail(email) {
						continue
					}
					if d := db.orgDomainOf(m, cm, rec); d != "" && !coherence.OnDomain(email, d) {
						moved[email] = freeAddress(email, d, held)
					}
				}
			}
		}
	}
	if len(moved) > 0 {
		replaceAll(db.d, moved)
	}
}

// ownAddresses are the address fields of a record's person and of those
// acting for them at their organisation (an assistant, a delegate): the
// record's own address first.
func (cm *collModel) ownAddresses() []string {
	out := []string{cm.email}
	for _, f := range cm.fieldNames {
		if f != cm.email && cm.roles[f] == atom.RoleEmail && aideWord(f) != "" {
			out = append(out, f)
		}
	}
	return out
}

// orgDomainOf is the domain of the first company record rec references,
// or "".
func (db *dataBuilder) orgDomainOf(m *appModel, cm *collModel, rec map[string]any) string {
	for _, rf := range cm.refs {
		k, ok := rec[rf.name].(string)
		if rf.list || !ok || k == "" || !coherence.IsCompanies(rf.target.shape) {
			continue
		}
		by := rf.by
		if by == "" {
			by = rf.target.key
		}
		for _, org := range db.d.Records[m.app][rf.target.name] {
			if state.Text(org[by]) == k {
				return coherence.OrgDomain(rf.target.shape, org)
			}
		}
	}
	return ""
}

// freeAddress is email's local part at domain, or at an office of it
// where another record of the collection holds that address (held, which
// it joins).
func freeAddress(email, domain string, held map[string]bool) string {
	local, _, _ := strings.Cut(email, "@")
	out := local + "@" + domain
	for _, l := range officeLabels {
		if !held[out] {
			break
		}
		out = local + "@" + l + "." + domain
	}
	held[out] = true
	return out
}

// replaceAll writes each address of moved in place of the old one in
// every string of the data: fields, lists and text that quotes it.
func replaceAll(d *atom.Data, moved map[string]string) {
	olds := slices.Sorted(maps.Keys(moved))
	var pairs []string
	for _, o := range olds {
		pairs = append(pairs, o, moved[o])
	}
	r := strings.NewReplacer(pairs...)
	var walk func(v any) any
	walk = func(v any) any {
		switch x := v.(type) {
		case string:
			if strings.Contains(x, "@") {
				return r.Replace(x)
			}
		case []any:
			for i := range x {
				x[i] = walk(x[i])
			}
		case map[string]any:
			for k := range x {
				x[k] = walk(x[k])
			}
		}
		return v
	}
	for _, byColl := range d.Records {
		for _, recs := range byColl {
			for _, rec := range recs {
				walk(rec)
			}
		}
	}
}
