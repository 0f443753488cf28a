package coherence

import (
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// namedParty checks a record whose title names a company while a
// reference of it points at a company record (Copper's opportunity
// "Globex Labs - pilot" with a company_id) or at a contact of a company
// (its primary contact): the company the title names is the one the
// reference points at, or the contact works at, not another company of the world
// (the name of a company record, or a company field of any record).
func (c *checker) namedParty(sh *Shape, coll, key string, rec map[string]any) {
	if c.w == nil {
		return
	}
	app, _ := state.Split(coll)
	for _, f := range sh.names {
		if sh.fields[f].role != atom.RoleRef || sh.fields[f].ref == "" {
			continue
		}
		tc := c.w.Collection(app + "." + sh.fields[f].ref)
		name := partyCompanyField(c.shape(app + "." + sh.fields[f].ref))
		ref := state.Text(rec[f])
		if tc == nil || name == "" || ref == "" {
			continue
		}
		t, ok := tc.Lookup(ref)
		if !ok {
			continue
		}
		want := state.Text(t[name])
		for tf := range sh.withRole(atom.RoleTitle) {
			title := state.Text(rec[tf])
			if want == "" || title == "" || strings.Contains(title, want) {
				continue
			}
			if other := c.namedIn(title, want); other != "" {
				c.add(RuleRef, coll, key, tf, title, "%s names the company %q but %s %s is %q", tf, other, f, ref, want)
			}
		}
	}
}

// partyCompanyField is the field that names the company of a record a
// reference may name as a party: a company record's name, or the company
// a contact works at (a Copper person's company_name, as an opportunity's
// primary contact), not the company of the workspace's own staff.
func partyCompanyField(sh *Shape) string {
	if name := companyNameField(sh); name != "" || sh == nil || sh.def.Staff != nil {
		return name
	}
	for f := range sh.withRole(atom.RoleCompany) {
		return f
	}
	return ""
}

// companyNameField is the field that names a company record (a
// companies collection's name), or "" where the collection keeps no
// companies.
func companyNameField(sh *Shape) string {
	if sh == nil || !atom.HasWord(atom.Words(sh.def.Name), "companies", "organizations", "organisations", "accounts", "clients", "customers", "vendors", "suppliers") {
		return ""
	}
	for f := range sh.withRole(atom.RoleCompany) {
		if atom.HasWord(sh.fields[f].words, "name") {
			return f
		}
	}
	return ""
}

// namedIn is the name of a company of the world other than want that
// title holds, or "".
func (c *checker) namedIn(title, want string) string {
	other := ""
	for n := range c.companies {
		if n != want && strings.Contains(title, n) && !strings.Contains(n, want) && (other == "" || n < other) {
			other = n
		}
	}
	return other
}

// namedBeside is the name of a company other than want that text holds,
// of the world's or of the pool synthesis draws companies from, or "".
func (c *checker) namedBeside(text, want string) string {
	if other := c.namedIn(text, want); other != "" {
		return other
	}
	for _, n := range gen.CompaniesNamed(text) {
		if n != want && !strings.Contains(n, want) && !strings.Contains(want, n) {
			return n
		}
	}
	return ""
}

// parentParty checks a record kept under a parent whose collection another
// field names (a Copper activity or task on a person, a company or an
// opportunity: parent_id beside parent_type): its title and its free text,
// where they name a company, name the parent's. A note on the opportunity
// "Ironclad Labs - new logo" is not "kept for Bluebird Group".
func (c *checker) parentParty(sh *Shape, coll, key string, rec map[string]any) {
	if c.w == nil {
		return
	}
	app, _ := state.Split(coll)
	for _, f := range sh.names {
		fd := sh.def.Fields[f]
		if fd.RefBy == "" || fd.Ref != "" || fd.Type == "array" || !atom.IsSet(rec[f]) {
			continue
		}
		target, ok := fd.RefOf(rec)
		if !ok {
			continue
		}
		ref := state.Text(rec[f])
		want := c.companyOf(app+"."+target, ref)
		if want == "" {
			continue
		}
		for _, tf := range sh.names {
			if role := sh.fields[tf].role; role != atom.RoleTitle && role != atom.RoleText || sh.def.Fields[tf].Type != "string" {
				continue
			}
			text := state.Text(rec[tf])
			if other := c.namedBeside(text, want); other != "" && !strings.Contains(text, want) {
				c.add(RuleRef, coll, key, tf, text, "%s names the company %q but %s %s %s is %q's", tf, other, fd.RefBy, state.Text(rec[fd.RefBy]), ref, want)
			}
		}
	}
}

// companyOf is the company of the record of collection coll keyed k: a
// company record's name or the company a contact works at, else that of
// a record it names (an opportunity's company, or its primary contact's),
// else, for a record of a company by such a reference, the one company
// its title names (an opportunity "Quantum Analytics - new logo" whose
// account the world does not hold). "" where none names one.
func (c *checker) companyOf(coll, k string) string {
	sh, tc := c.shape(coll), c.w.Collection(coll)
	if sh == nil || tc == nil {
		return ""
	}
	t, ok := tc.Lookup(k)
	if !ok {
		return ""
	}
	if name := partyCompanyField(sh); name != "" {
		return state.Text(t[name])
	}
	app, _ := state.Split(coll)
	ofCompany := false
	for _, f := range sh.names {
		fs := sh.fields[f]
		if fs.role != atom.RoleRef || fs.ref == "" || sh.def.Fields[f].Type == "array" || app+"."+fs.ref == coll {
			continue
		}
		rsh, rc := c.shape(app+"."+fs.ref), c.w.Collection(app+"."+fs.ref)
		name := partyCompanyField(rsh)
		if ofCompany = ofCompany || name != ""; rc == nil || name == "" {
			continue
		}
		if r, ok := rc.Lookup(state.Text(t[f])); ok && state.Text(r[name]) != "" {
			return state.Text(r[name])
		}
	}
	if !ofCompany {
		return ""
	}
	var titles []string
	for f := range sh.withRole(atom.RoleTitle) {
		titles = append(titles, state.Text(t[f]))
	}
	return gen.CompanyOfTitles(titles...)
}
