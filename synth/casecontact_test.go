package synth

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestCasesAreTheirContactsAccounts synthesises Salesforce beside the
// apps reports and workflows draw from: a case's contact is at the case's
// account, by the account it names or, for a contact under none, by the
// company its account_name names; the company's own internal case (where
// a report's figures go) is under no customer's account while its
// contact is one of the company's people.
func TestCasesAreTheirContactsAccounts(t *testing.T) {
	var cases, bad int
	for seed := int64(70); seed < 73; seed++ {
		c, servers := readWorld(t, seed, "salesforce", "google_drive", "facebook_conversions")
		for _, d := range c.Data {
			accounts := map[string]map[string]any{}
			for _, a := range d.Records["salesforce"]["accounts"] {
				accounts[state.Text(a["id"])] = a
			}
			contacts := map[string]map[string]any{}
			for _, p := range d.Records["salesforce"]["contacts"] {
				contacts[state.Text(p["id"])] = p
			}
			for _, cs := range d.Records["salesforce"]["cases"] {
				a, p := accounts[state.Text(cs["account_id"])], contacts[state.Text(cs["contact_id"])]
				if a == nil || p == nil {
					continue
				}
				cases++
				name := state.Text(p["account_name"])
				if pa := accounts[state.Text(p["account_id"])]; pa != nil {
					name = state.Text(pa["account_name"])
				}
				if name != "" && name != state.Text(a["account_name"]) {
					if bad++; bad <= 10 {
						t.Errorf("%s: case %v %q is under %q, its contact %v at %q", d.ID, cs["id"], cs["subject"], a["account_name"], p["id"], name)
					}
				}
			}
			for _, v := range checkData(t, d, servers) {
				if bad++; bad <= 20 {
					t.Errorf("%s", v)
				}
			}
		}
	}
	t.Logf("%d cases with an account and a contact", cases)
	if cases < 10 {
		t.Errorf("drawn %d cases with an account and a contact; want more", cases)
	}
}
