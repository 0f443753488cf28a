package coherence

import (
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// A record kept under another (a Close contact, opportunity, task or note
// under its lead, which is a company; a Salesforce child case under its
// parent case) is about the other's company: an agrees rule by company
// keeps the company its field names to the one the parent's field names.
// A field names a company by its text, or by the domain of an address or
// a web address it holds; the two are compared by their letters and
// digits, which is what a company's domain is made of (Umbrella Labs,
// umbrellalabs.example).

// CompanyKey is the letters and digits of a company's name in lower case
// ("umbrellalabs" for Umbrella Labs).
func CompanyKey(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// DomainKey is the company key of a domain: its label before the last
// ("umbrellalabs" of eu.umbrellalabs.example), "" for a free-mail
// provider's, whose addresses say nothing of a company.
func DomainKey(domain string) string {
	d := strings.TrimPrefix(strings.ToLower(domain), "www.")
	if !domainRE.MatchString(d) || FreeMail(d) {
		return ""
	}
	labels := strings.Split(d, ".")
	return CompanyKey(labels[len(labels)-2])
}

// CompanyKeys lists the companies a value names, by their keys: the
// domain of each address it holds (one, or a list) or of its web
// address, else each company of names that its text holds.
func CompanyKeys(v any, names []string) []string {
	var out []string
	for _, s := range atom.ReferenceKeys(v) {
		if host, ok := addressHost(s); ok {
			if k := DomainKey(host); k != "" {
				out = append(out, k)
			}
			continue
		}
		for _, n := range names {
			if len(n) > 2 && strings.Contains(s, n) {
				out = append(out, CompanyKey(n))
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// addressHost is the host an address or a web address is at; false for
// any other text.
func addressHost(s string) (string, bool) {
	switch {
	case strings.Contains(s, "@") && !strings.ContainsAny(s, " \t\n"):
		return s[strings.LastIndex(s, "@")+1:], true
	case strings.Contains(s, "://"):
		if u, err := url.Parse(s); err == nil && u.Hostname() != "" {
			return u.Hostname(), true
		}
		return "", true
	}
	return "", false
}

// OwnDomain reports whether a domain_of rule finds rec's first field (a
// domain, a web address or an address) on the domain of another company
// than the one its second field names, and gives that domain's company
// key; false where either holds none or the domain is a free-mail
// provider's. A company is known by the letters of its name: the
// Salesforce account "Vandelay Consulting" is at vandelayconsulting.example,
// not at vandelayanalytics.example, a look-alike's.
func OwnDomain(inv atom.Invariant, rec map[string]any) (string, bool) {
	name := CompanyKey(state.Text(rec[inv.Fields[1]]))
	if inv.Rule != "domain_of" || name == "" {
		return "", false
	}
	for _, s := range atom.ReferenceKeys(rec[inv.Fields[0]]) {
		host, ok := addressHost(s)
		if !ok {
			host = s // a bare domain
		}
		if k := DomainKey(host); k != "" && k != name {
			return k, true
		}
	}
	return "", false
}

// ownDomain checks a domain_of rule on rec.
func (c *checker) ownDomain(inv atom.Invariant, name, key string, rec state.Record) {
	if got, bad := OwnDomain(inv, rec); bad {
		k, _ := state.KeyOf(rec, key)
		c.add(RuleInvariant, name, k, inv.Fields[0], rec[inv.Fields[0]], "%s %s is on the domain of %s, not of %s %q, the record's own company", inv.Fields[0], state.Text(rec[inv.Fields[0]]), got, inv.Fields[1], state.Text(rec[inv.Fields[1]]))
	}
}

// OtherCompany reports whether an agrees rule by company finds rec
// naming a company, and none the field it reads on parent (the record its
// reference names) names, or its text placing someone at a company
// besides the parent's, and gives the first of those parent's names by
// its key; false where either names none, and where the rule does not
// hold for rec. A rule reading further fields of the parent (with) finds
// rec naming a company under a parent naming none in any of them, and
// gives "" for the parent's company.
func OtherCompany(inv atom.Invariant, rec, parent map[string]any, names []string) (string, bool) {
	if !inv.ByCompany() || !inv.AgreesOn(rec) {
		return "", false
	}
	own, theirs := CompanyKeys(rec[inv.Fields[0]], names), CompanyKeys(parent[inv.Fields[2]], names)
	if len(own) > 0 && len(inv.With) > 0 && !slices.ContainsFunc(inv.CompanyFields(), func(f string) bool { return len(CompanyKeys(parent[f], names)) > 0 }) {
		return "", true
	}
	if len(own) == 0 || len(theirs) == 0 {
		return "", false
	}
	if !slices.ContainsFunc(own, func(k string) bool { return slices.Contains(theirs, k) }) {
		return theirs[0], true
	}
	// A text naming the parent's company may name another beside it
	// ("Acme Labs and Globex Inc signed together"), but not place a
	// person there ("Esther Patel works at Initech Industries as Support
	// Engineer. Linked to the account Silver Lake Holdings.") or the
	// record ("Kept in Salesforce for Granite Logistics"): each company
	// its text places someone or the record at is the parent's.
	for _, k := range placedCompanyKeys(rec[inv.Fields[0]], names) {
		if !slices.Contains(theirs, k) {
			return theirs[0], true
		}
	}
	return theirs[0], false
}

// placedCompanyKeys lists the companies of names a value's texts place
// someone or the record at ("works at C", "Wei Kim at C", "joined C",
// "Kept in Salesforce for C"), by their keys;
// not the domains of its addresses.
func placedCompanyKeys(v any, names []string) []string {
	var out []string
	for _, s := range atom.ReferenceKeys(v) {
		if _, ok := addressHost(s); ok {
			continue
		}
		for _, n := range names {
			if len(n) > 2 && (strings.Contains(s, " at "+n) || strings.Contains(s, " for "+n) || strings.Contains(s, "joined "+n)) {
				out = append(out, CompanyKey(n))
			}
		}
	}
	return out
}

// CompanyValues are the values an agrees rule by company reads for
// companies: rec's field and the parent's fields it reads (CompanyFields).
func CompanyValues(inv atom.Invariant, rec, parent map[string]any) []any {
	out := []any{rec[inv.Fields[0]]}
	for _, f := range inv.CompanyFields() {
		out = append(out, parent[f])
	}
	return out
}

// CompanyNames are the companies texts may name: the world's (every
// company field's value) and those of the pool synthesis draws companies
// from that the values name.
func CompanyNames(world []string, vs ...any) []string {
	out := slices.Clone(world)
	for _, v := range vs {
		for _, s := range atom.ReferenceKeys(v) {
			out = append(out, gen.CompaniesNamed(s)...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// companyOfRef is rec as an agrees rule by company whose first field is
// a reference reads it: that field holds what the record it names says of
// its company, its fields of company names and its own address, email (a
// Salesforce case's contact, at the company of its account_name and its
// email, is at the case's account). Any other rule reads rec as it is.
func (c *checker) companyOfRef(def *atom.Collection, app string, inv atom.Invariant, rec state.Record) state.Record {
	fd := def.Fields[inv.Fields[0]]
	if !inv.ByCompany() || fd.Role != atom.RoleRef {
		return rec
	}
	_, rd := c.def(app + "." + fd.Ref)
	to := c.w.Collection(app + "." + fd.Ref)
	if rd == nil || to == nil {
		return rec
	}
	r, ok := to.Lookup(state.Text(rec[inv.Fields[0]]))
	if !ok {
		return rec
	}
	out := maps.Clone(rec)
	out[inv.Fields[0]] = CompanySays(rd, r)
	return out
}

// CompanySays is what r, a record of collection rd, says of its company:
// its fields of company names and its own address, email.
func CompanySays(rd *atom.Collection, r map[string]any) []any {
	var says []any
	for _, f := range slices.Sorted(maps.Keys(rd.Fields)) {
		if g := rd.Fields[f]; (g.Role == atom.RoleCompany || f == "email") && atom.IsSet(r[f]) {
			says = append(says, r[f])
		}
	}
	return says
}

// parentCompanyRef is p, the record an agrees rule by company's reference
// names, as the rule reads it where the field it reads there is itself a
// reference: that field holds what the record it names says of its
// company (a Square refund's reason is read against its payment's
// customer). Any other rule reads p as it is.
func (c *checker) parentCompanyRef(inv atom.Invariant, target *state.Collection, p state.Record) state.Record {
	_, tdef := c.def(target.Name)
	if !inv.ByCompany() || tdef == nil || tdef.Fields[inv.Fields[2]].Role != atom.RoleRef {
		return p
	}
	app, _ := state.Split(target.Name)
	ref := tdef.Fields[inv.Fields[2]].Ref
	_, rd := c.def(app + "." + ref)
	to := c.w.Collection(app + "." + ref)
	if rd == nil || to == nil {
		return p
	}
	out := maps.Clone(p)
	out[inv.Fields[2]] = nil
	if r, ok := to.Lookup(state.Text(p[inv.Fields[2]])); ok {
		out[inv.Fields[2]] = CompanySays(rd, r)
	}
	return out
}

// agreesOnCompany checks an agrees rule by company on rec: the company
// its field names is the one the referenced record's field names.
func (c *checker) agreesOnCompany(inv atom.Invariant, name, key string, rec, p state.Record) {
	names := CompanyNames(slices.Collect(maps.Keys(c.companies)), CompanyValues(inv, rec, p)...)
	want, bad := OtherCompany(inv, rec, p, names)
	if !bad {
		return
	}
	k, _ := state.KeyOf(rec, key)
	own := strings.Join(CompanyKeys(rec[inv.Fields[0]], names), ", ")
	if want == "" {
		c.add(RuleInvariant, name, k, inv.Fields[0], rec[inv.Fields[0]], "%s names the company %s, but %s %s names none in %s", inv.Fields[0], own, inv.Fields[1], rec[inv.Fields[1]], strings.Join(inv.CompanyFields(), " nor "))
		return
	}
	c.add(RuleInvariant, name, k, inv.Fields[0], rec[inv.Fields[0]], "%s names the company %s, not %s %s's, whose %s names %s", inv.Fields[0], own, inv.Fields[1], rec[inv.Fields[1]], inv.Fields[2], want)
}
