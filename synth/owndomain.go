package synth

import (
	"net/url"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// A company record's domain, web address and address are of the company
// its own name names (a domain_of rule, coherence.OwnDomain): a task that
// names the account "Vandelay Consulting" leaves it drawn with the domain
// of the company its row was drawn at (vandelayanalytics.example), and
// a look-alike copies another's. Such a record moves to its name's
// domain, keeping the old one's top level; a second record of one name
// (a look-alike) writes from an office of it (eu.…), so that the two
// are still told apart. An address moves everywhere the data holds it,
// and the people of the company record follow it later
// (emailsOnOrgDomain). A value a task sets stays.

// ownDomains makes each domain_of rule of apps hold.
func (db *dataBuilder) ownDomains(apps []*appModel) {
	moved := map[string]string{}
	for _, m := range apps {
		for _, cm := range m.colls {
			if rules := cm.rulesOf("domain_of"); len(rules) > 0 {
				db.ownDomain(cm, rules, db.d.Records[m.app][cm.name], moved)
			}
		}
	}
	if len(moved) > 0 {
		replaceAll(db.d, moved)
	}
}

// ownDomain moves the records of cm that break one of its domain_of rules
// to their name's domain: one domain per record, for all its rules.
func (db *dataBuilder) ownDomain(cm *collModel, rules []atom.Invariant, recs []map[string]any, moved map[string]string) {
	held := map[string]string{} // host -> the key of the record holding it
	for _, rec := range recs {
		for _, inv := range rules {
			if h := hostOf(rec[inv.Fields[0]]); h != "" {
				held[h] = state.Text(rec[cm.key])
			}
		}
	}
	for _, rec := range recs {
		self, target := state.Text(rec[cm.key]), ""
		for _, inv := range rules {
			if _, bad := coherence.OwnDomain(inv, rec); !bad || db.pinnedKeys(cm, inv.Fields[0])[self] {
				continue
			}
			if target == "" {
				target = nameDomain(hostOf(rec[inv.Fields[0]]), state.Text(rec[inv.Fields[1]]), self, held)
			}
			rec[inv.Fields[0]] = onDomain(rec[inv.Fields[0]], target, moved)
		}
	}
}

// hostOf is the host a domain, web address or address value is at, in
// lower case and without www.; "" for none.
func hostOf(v any) string {
	s := strings.ToLower(state.Text(v))
	switch {
	case strings.Contains(s, "@"):
		s = s[strings.LastIndex(s, "@")+1:]
	case strings.Contains(s, "://"):
		u, err := url.Parse(s)
		if err != nil {
			return ""
		}
		s = u.Hostname()
	}
	return strings.TrimPrefix(s, "www.")
}

// nameDomain is the domain of the company name, under host's top level
// (vandelayconsulting.example for Vandelay Consulting at
// vandelayanalytics.example), or an office of it where another record
// holds that (held, which it joins for self).
func nameDomain(host, name, self string, held map[string]string) string {
	tld := "example"
	if labels := strings.Split(host, "."); len(labels) > 1 {
		tld = labels[len(labels)-1]
	}
	base := coherence.CompanyKey(name) + "." + tld
	out := base
	for _, l := range officeLabels {
		if k, ok := held[out]; !ok || k == self {
			break
		}
		out = l + "." + base
	}
	held[out] = self
	return out
}

// onDomain is v, a domain, a web address or an address, at domain: an
// address moved is added to moved, to move everywhere the data holds
// it. An address at a free-mail provider stays.
func onDomain(v any, domain string, moved map[string]string) any {
	s, ok := v.(string)
	if !ok || s == "" {
		return v
	}
	switch {
	case strings.Contains(s, "@"):
		if coherence.FreeMail(s) {
			return s
		}
		to := s[:strings.LastIndex(s, "@")+1] + domain
		moved[s] = to
		return to
	case strings.Contains(s, "://"):
		u, err := url.Parse(s)
		if err != nil {
			return s
		}
		host := domain
		if strings.HasPrefix(strings.ToLower(u.Hostname()), "www.") {
			host = "www." + domain
		}
		if p := u.Port(); p != "" {
			host += ":" + p
		}
		u.Host = host
		return u.String()
	}
	return domain
}
