package synth

import (
	"testing"

	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestCompaniesAtTheirOwnDomain: a Salesforce or Zoho Desk account is at
// its own name's domain (the built-in atoms' domain_of rules), and the
// people of an account write from it; two accounts of one name (a
// look-alike beside the one a task names) are still told apart by their
// domains.
func TestCompaniesAtTheirOwnDomain(t *testing.T) {
	c, servers := readWorld(t, 27, "salesforce", "zoho_desk")
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
	if accounts == 0 {
		t.Fatal("no account with a domain synthesised")
	}
	t.Logf("%d accounts, %d sharing a domain", accounts, shared)
}
