package synth

import (
	"strings"
	"testing"

	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestCompaniesAtTheirOwnDomain: a Salesforce or Zoho Desk account, a
// Copper, Freshdesk or HubSpot company, a Dynamics 365 or Freshsales
// account, an Insightly organisation and a FreshBooks client are at
// their own name's domain
// (the built-in atoms' domain_of rules), and the people of a company
// record write from it; two accounts of one name (a look-alike beside
// the one a task names) are still told apart by their domains.
func TestCompaniesAtTheirOwnDomain(t *testing.T) {
	accounts := 0
	for _, apps := range [][]string{{"salesforce", "zoho_desk"}, {"copper", "dynamics365", "freshdesk", "freshsales", "hubspot", "insightly"}, {"freshbooks", "zulip"}} {
		accounts += companiesAtTheirOwnDomain(t, apps)
	}
	if accounts == 0 {
		t.Fatal("no account with a domain synthesised")
	}
}

// companiesAtTheirOwnDomain synthesises apps and checks their company
// records' domains; it gives the count of accounts with a domain.
func companiesAtTheirOwnDomain(t *testing.T, apps []string) int {
	c, servers := readWorld(t, 27, apps...)
	accounts, shared := 0, 0
	for _, d := range c.Data {
		for _, v := range violationsOf(d, servers, coherence.RuleInvariant, "the record's own company") {
			t.Errorf("%s", v)
		}
		for _, v := range violationsOf(d, servers, coherence.RuleIdentity, "is not on the domain") {
			t.Errorf("%s", v)
		}
		for _, app := range []string{"salesforce", "zoho_desk"} {
			byDomain := map[string]string{}
			for _, r := range d.Records[app]["accounts"] {
				dom := state.Text(r["domain"])
				if dom == "" {
					continue
				}
				accounts++
				if coherence.DomainKey(dom) != coherence.CompanyKey(state.Text(r["account_name"])) {
					t.Errorf("%s: %s account %v %q at %s", d.ID, app, r["id"], r["account_name"], dom)
				}
				if other, ok := byDomain[dom]; ok {
					shared++
					t.Errorf("%s: %s accounts %v and %s share the domain %s", d.ID, app, r["id"], other, dom)
				}
				byDomain[dom] = state.Text(r["id"])
			}
		}
	}
	clients := 0
	for _, d := range c.Data {
		for _, r := range d.Records["freshbooks"]["clients"] {
			_, host, _ := strings.Cut(state.Text(r["email"]), "@")
			if k := coherence.DomainKey(host); k == "" || state.Text(r["organization"]) == "" {
				continue
			}
			clients++
			if coherence.DomainKey(host) != coherence.CompanyKey(state.Text(r["organization"])) {
				t.Errorf("%s: FreshBooks client %v of %q writes from %s", d.ID, r["id"], r["organization"], host)
			}
		}
	}
	t.Logf("%v: %d accounts, %d sharing a domain, %d FreshBooks clients with an address", apps, accounts, shared, clients)
	return accounts
}
