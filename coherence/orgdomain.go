package coherence

import (
	"net/url"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// A person at a company that the world keeps as a record (an Insightly
// contact with its organisation) writes from that company's domain: the
// contact at Acme has no @globex address. An address at a free-mail
// provider says nothing of the company.

// freeMailWords are the providers whose addresses anyone can hold, by the
// first label of their domain (gmail.com, gmail.example).
var freeMailWords = []string{"gmail", "googlemail", "yahoo", "hotmail", "outlook", "live", "msn", "icloud", "me", "aol", "proton", "protonmail", "gmx", "mail", "yandex", "zoho"}

// FreeMail reports whether an address or a domain is at a free-mail
// provider.
func FreeMail(address string) bool {
	d := strings.ToLower(address[strings.LastIndex(address, "@")+1:])
	first, _, _ := strings.Cut(d, ".")
	return atom.HasWord([]string{first}, freeMailWords...)
}

// IsCompanies reports whether a collection keeps companies (companies,
// organisations, accounts) by its name.
func IsCompanies(sh *Shape) bool {
	return sh != nil && atom.HasWord(atom.Words(sh.def.Name), "companies", "organizations", "organisations", "accounts", "clients", "vendors", "suppliers", "businesses")
}

// OrgDomain is the domain a company record's people write from: its
// domain field, else its website's host, else its address's domain; ""
// where it has none.
func OrgDomain(sh *Shape, rec map[string]any) string {
	for _, role := range []string{atom.RoleDomain, atom.RoleURL, atom.RoleEmail} {
		for f := range sh.withRole(role) {
			v := strings.ToLower(state.Text(rec[f]))
			switch {
			case v == "":
				continue
			case role == atom.RoleURL:
				u, err := url.Parse(v)
				if err != nil || u.Hostname() == "" {
					continue
				}
				v = strings.TrimPrefix(u.Hostname(), "www.")
			case role == atom.RoleEmail:
				_, v, _ = strings.Cut(v, "@")
			}
			if domainRE.MatchString(v) && !FreeMail(v) {
				return v
			}
		}
	}
	return ""
}

// OnDomain reports whether an address is on domain or a subdomain of it.
func OnDomain(address, domain string) bool {
	d := strings.ToLower(address[strings.LastIndex(address, "@")+1:])
	return d == domain || strings.HasSuffix(d, "."+domain)
}

// orgDomain checks that a record's own address, where not at a free-mail
// provider, is on the domain of the company record it references.
func (c *checker) orgDomain(sh *Shape, coll, key string, rec map[string]any) {
	_, email := personName(sh, rec)
	if c.w == nil || email == "" || FreeMail(email) {
		return
	}
	app, _ := state.Split(coll)
	for _, f := range sh.names {
		fs := sh.fields[f]
		k, isStr := rec[f].(string)
		if fs.role != atom.RoleRef || fs.ref == "" || !isStr || k == "" {
			continue
		}
		tsh := c.shape(app + "." + fs.ref)
		if !IsCompanies(tsh) {
			continue
		}
		org, ok := c.referenced(app+"."+fs.ref, sh.def.Fields[f], k)
		if !ok {
			continue
		}
		if d := OrgDomain(tsh, org); d != "" && !OnDomain(email, d) {
			c.add(RuleIdentity, coll, key, "", email, "%s is not on the domain %s of its %s %s", email, d, f, k)
		}
	}
}

// referenced is the record of collection name that reference field fd's
// value k names: by its key, or by the field fd declares it holds.
func (c *checker) referenced(name string, fd atom.Field, k string) (state.Record, bool) {
	tc := c.w.Collection(name)
	if tc == nil {
		return nil, false
	}
	if by := fd.RefField; by != "" && by != tc.Key {
		for _, r := range tc.Records {
			if state.Text(r[by]) == k {
				return r, true
			}
		}
		return nil, false
	}
	return tc.Lookup(k)
}
