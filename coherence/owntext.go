package coherence

import (
	"maps"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// ownText checks a record of a collection declared the workspace
// company's own (its job posting, its status page's component, its
// service desk's request type, its folder, an item it sells): its free
// text names no company of the world as if the record were that
// company's ("Payments, managed by Gustavo for Bluebird Logistics"). The
// company the world is about, whose own people's addresses share a
// domain, may be named, and so may a company the record's title names (a
// folder "Initech contracts" holds Initech's contracts).
func (c *checker) ownText(sh *Shape, coll, key string, rec map[string]any) {
	if c.w == nil || !sh.def.Own {
		return
	}
	var titles []string
	for f := range sh.withRole(atom.RoleTitle) {
		titles = append(titles, state.Text(rec[f]))
	}
	for _, f := range sh.names {
		if sh.fields[f].role != atom.RoleText || sh.def.Fields[f].Type != "string" {
			continue
		}
		text := state.Text(rec[f])
		if other := c.customerIn(text, titles); other != "" {
			c.add(RuleRef, coll, key, f, text, "%s of the company's own %s names the company %q as if it were theirs", f, sh.def.Name, other)
		}
	}
	c.ownSite(sh, coll, key, rec, titles)
}

// ownSite checks the web addresses of a record of the company's own (a
// Facebook lead ad's link): one on a company's site is on the
// workspace's own, or on the site of a company the record's title names;
// an address on the product's site or a person's profile names no
// company and is not read.
func (c *checker) ownSite(sh *Shape, coll, key string, rec map[string]any, titles []string) {
	if c.isHome("") || c.home == "" {
		return
	}
	home := DomainKey(c.home)
	for f := range sh.withRole(atom.RoleURL) {
		host, ok := addressHost(state.Text(rec[f]))
		k := DomainKey(host)
		if !ok || k == "" || k == home || !c.companyKeyed(k) {
			continue
		}
		if !slices.ContainsFunc(titles, func(t string) bool { return strings.Contains(CompanyKey(t), k) }) {
			c.add(RuleRef, coll, key, f, rec[f], "%s of the company's own %s is on the site of %s, another company's", f, sh.def.Name, host)
		}
	}
}

// companyKeyed reports whether a company key is a company's: one of the
// world's, or one of the pool synthesis draws companies from.
func (c *checker) companyKeyed(k string) bool {
	for n := range c.companies {
		if CompanyKey(n) == k {
			return true
		}
	}
	_, ok := gen.CompanyAt(k + ".example")
	return ok
}

// customerIn is the first, in order, of the companies text names (the
// world's, and those of the pool synthesis draws companies from) that is
// not the workspace's own and that none of titles names, or "".
func (c *checker) customerIn(text string, titles []string) string {
	other := ""
	for _, n := range slices.Concat(slices.Collect(maps.Keys(c.companies)), gen.CompaniesNamed(text)) {
		if other != "" && n >= other || !strings.Contains(text, n) || c.isHome(n) {
			continue
		}
		if !slices.ContainsFunc(titles, func(t string) bool { return strings.Contains(t, n) }) {
			other = n
		}
	}
	return other
}

// isHome reports whether a company is the one the world is about: its
// name's domain is the one the workspace's own people write from.
func (c *checker) isHome(company string) bool {
	if !c.homeRead {
		c.homeRead = true
		c.home = sharedDomain(c.staffAddresses())
	}
	return c.home != "" && strings.EqualFold(gen.Domain(company), c.home)
}

// companylessName checks a record of a collection whose noun is never
// named for a company (atom.NamedForNoCompany: a ledger or bank account,
// a job opening): its title names no company, neither one of the world's
// nor one of the pool synthesis draws companies from. A bank account
// "Redwood LLC" or an opening "Follow-up stakeholder for Cyberdyne
// Systems" is a customer's matter, not the company's own account or job.
func (c *checker) companylessName(sh *Shape, coll, key string, rec map[string]any) {
	noun := atom.NounOf(sh.def)
	if !atom.NamedForNoCompany(noun) {
		return
	}
	for f := range sh.withRole(atom.RoleTitle) {
		name := state.Text(rec[f])
		if other := c.companyNamedIn(name); other != "" {
			c.add(RuleRole, coll, key, f, name, "%s of a %s names the company %q: a %s is named for what it is, never for a company", f, noun, other, noun)
		}
	}
}

// companyNamedIn is the first, in order, of the companies text names
// (the world's of more than one word, and those of the pool synthesis
// draws companies from), or "".
func (c *checker) companyNamedIn(text string) string {
	if text == "" {
		return ""
	}
	other := ""
	for _, n := range slices.Concat(slices.Collect(maps.Keys(c.companies)), gen.CompaniesNamed(text)) {
		if (other == "" || n < other) && strings.Contains(n, " ") && strings.Contains(text, n) {
			other = n
		}
	}
	return other
}
