package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestOwnDomain: a company record's domain, web address and address are
// its own name's (the built-in atoms' domain_of rules): a Salesforce
// account "Vandelay Consulting" at vandelayanalytics.example, or a Zoho
// Desk look-alike account at the original's domain, is a violation on
// that field, and so is a FreshBooks client writing from another
// company's domain than its organization's; one at its name's domain, an office of it, a free-mail
// address or no domain is not.
func TestOwnDomain(t *testing.T) {
	ss := map[string]*atom.Server{"salesforce": builtinServer(t, "salesforce"), "zoho_desk": builtinServer(t, "zoho_desk"), "freshbooks": builtinServer(t, "freshbooks")}
	for _, c := range []struct {
		name, coll string
		rec        state.Record
		want       map[string]bool // fields in violation
	}{
		{"another company's domain", "salesforce.accounts", state.Record{"account_name": "Vandelay Consulting", "domain": "vandelayanalytics.example", "website": "https://www.vandelayanalytics.example/account/4786", "email": "soren.underwood@vandelayanalytics.example"}, map[string]bool{"domain": true, "website": true, "email": true}},
		{"its own domain", "salesforce.accounts", state.Record{"account_name": "Vandelay Consulting", "domain": "vandelayconsulting.example", "website": "https://www.vandelayconsulting.example/account/4786", "email": "soren.underwood@eu.vandelayconsulting.example"}, nil},
		{"a free-mail address", "salesforce.accounts", state.Record{"account_name": "Vandelay Consulting", "email": "soren.underwood@gmail.example"}, nil},
		{"no name", "salesforce.accounts", state.Record{"domain": "vandelayanalytics.example"}, nil},
		{"a FreshBooks client at another company's address", "freshbooks.clients", state.Record{"organization": "Evergreen Consulting", "email": "wei.lopez@wonkasystems.example"}, map[string]bool{"email": true}},
		{"a FreshBooks client at its organization's address", "freshbooks.clients", state.Record{"organization": "Evergreen Consulting", "email": "wei.lopez@evergreenconsulting.example"}, nil},
		{"a look-alike at the original's domain", "zoho_desk.accounts", state.Record{"account_name": "Stark International", "domain": "tyrellllc.example", "website": "https://www.starkinternational.example/account/6018"}, map[string]bool{"domain": true}},
	} {
		c.rec["id"] = "001Dn0000014171"
		w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), state.NewCollection(c.coll, "id", []state.Record{c.rec}))
		got := map[string]bool{}
		for _, v := range CheckWorld("d", ss, w) {
			if v.Rule == RuleInvariant && v.Collection == c.coll {
				got[v.Field] = true
			}
		}
		if len(got) != len(c.want) {
			t.Errorf("%s: violations on %v, want %v", c.name, got, c.want)
		}
		for f := range c.want {
			if !got[f] {
				t.Errorf("%s: no violation on %s", c.name, f)
			}
		}
	}
}
