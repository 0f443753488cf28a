package coherence

import (
	"strings"

	"github.com/legoenv/legoenv/atom"
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
