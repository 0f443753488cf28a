package synth

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// TestRecordsUnderTheirParentsCompany synthesises apps whose records are
// kept under another of a company (a Close contact, opportunity, task or
// note under its lead; a Salesforce child case under its parent) and a
// Discord world of channels: coherence finds nothing (no agrees rule by
// company is broken, no reason off the picklist, no guild the world does
// not hold), a Close contact writes from its lead's domain, a Salesforce
// case's reason is one of the product's picklist (never that the customer
// left), and a Discord world's channels share their guilds, each guild one
// of the world's.
func TestRecordsUnderTheirParentsCompany(t *testing.T) {
	c, servers := readWorld(t, 61, "close", "salesforce", "discord")
	bad, contacts, children, worlds := 0, 0, 0, 0
	reasons := servers["salesforce"].Collection("cases").Fields["reason"].Enum
	for _, d := range c.Data {
		for _, v := range violationsOf(d, servers, "", "") { // every rule: agrees by company, a reason of the picklist, a guild of the world
			if bad++; bad <= 5 {
				t.Errorf("%s", v)
			}
		}
		leads := map[string]string{}
		for _, r := range d.Records["close"]["leads"] {
			leads[state.Text(r["id"])] = state.Text(r["url"])
		}
		for _, r := range d.Records["close"]["contacts"] {
			lead := coherence.CompanyKeys(leads[state.Text(r["lead_id"])], nil)
			for _, k := range coherence.CompanyKeys(r["emails"], nil) {
				if contacts++; len(lead) > 0 && !slices.Contains(lead, k) {
					t.Errorf("%s: close contact %v writes from %s under lead %v at %v", d.ID, r["id"], k, r["lead_id"], lead)
				}
			}
		}
		for _, r := range d.Records["salesforce"]["cases"] {
			if state.Text(r["parent_id"]) != "" {
				children++
			}
			if v, ok := r["reason"]; ok && !slices.Contains(reasons, v) {
				t.Errorf("%s: salesforce case %v has reason %q", d.ID, r["id"], v)
			}
		}
		guilds, held := map[string]bool{}, map[string]int{}
		for _, r := range d.Records["discord"]["guilds"] {
			guilds[state.Text(r["id"])] = true
		}
		channels := d.Records["discord"]["channels"]
		for _, r := range channels {
			g := state.Text(r["guild_id"])
			if held[g]++; !guilds[g] {
				t.Errorf("%s: discord channel %v is in guild %q, none of the world's", d.ID, r["id"], g)
			}
		}
		if len(channels) >= 3 {
			if worlds++; len(held) == len(channels) {
				t.Errorf("%s: the %d discord channels are each in a guild of their own", d.ID, len(channels))
			}
		}
	}
	t.Logf("%d close contacts' addresses, %d child cases, %d discord worlds", contacts, children, worlds)
	if contacts < 10 || children < 5 || worlds < 3 || bad > 0 {
		t.Errorf("%d violations, among %d close contacts' addresses, %d child cases and %d discord worlds", bad, contacts, children, worlds)
	}
}

// TestCustomersRecordNotMadeTheCompanysOwn: a customer's case filed under
// one of the company's own cases (a team's internal clean-up) is not
// rewritten as a matter of the company itself; it stands under no parent.
func TestCustomersRecordNotMadeTheCompanysOwn(t *testing.T) {
	child := agreeSalesforceCases(t, gen.Company{Name: "Umbrella Labs", Domain: "umbrellalabs.example"},
		map[string]any{"id": "500A", "subject": "Pipeline clean-up at Umbrella Labs", "description": "Umbrella Labs is tidying its opportunities."},
		map[string]any{"id": "500B", "subject": "Login fails at Initech Industries", "description": "Initech Industries cannot sign in.", "parent_id": "500A"},
	)[1]
	if s := state.Text(child["subject"]); strings.Contains(s, "Umbrella") {
		t.Errorf("customer's case renamed as the company's own: %q", s)
	}
	if p, ok := child["parent_id"]; ok {
		t.Errorf("customer's case about Initech Industries still under the company's own case %v", p)
	}
}

// TestCustomersCaseNotUnderACaseNamingNone: a customer's case filed under
// a case naming no company (the team's internal case
// "opportunities-followups") stands under no parent, where no task pins
// its parent; a case naming no company stays where it is.
func TestCustomersCaseNotUnderACaseNamingNone(t *testing.T) {
	cases := agreeSalesforceCases(t, gen.Company{},
		map[string]any{"id": "500A", "subject": "opportunities-followups", "description": "Opportunities-followups, created on 18 February by Elif Rasmussen."},
		map[string]any{"id": "500B", "subject": "Refund request for order 11724", "description": "Billing question from Isabel Santos at Acme Logistics.", "parent_id": "500A"},
		map[string]any{"id": "500C", "subject": "Follow up on the renewal list", "description": "Go through the list on Friday.", "parent_id": "500A"},
	)
	if p, ok := cases[1]["parent_id"]; ok {
		t.Errorf("customer's case about Acme Logistics still under the internal case %v", p)
	}
	if p := state.Text(cases[2]["parent_id"]); p != "500A" {
		t.Errorf("internal follow-up case moved from under 500A to %q", p)
	}
	if s := state.Text(cases[1]["description"]); !strings.Contains(s, "Acme Logistics") {
		t.Errorf("customer's case rewritten: %q", s)
	}
}

// agreeSalesforceCases is cases after synthesis makes the agrees rules by
// company of Salesforce hold, in a world of the company home.
func agreeSalesforceCases(t *testing.T, home gen.Company, cases ...map[string]any) []map[string]any {
	m := newAppModel(builtinServers(t).ServerFor("salesforce"), nil)
	d := &atom.Data{Records: map[string]map[string][]map[string]any{"salesforce": {"cases": cases}}}
	val := newValuer(1, "b", time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	val.home = home
	db := &dataBuilder{val: val, p: &plan{}, d: d, keys: map[*collModel]map[string]string{}, used: map[string]bool{}}
	db.agreeCompanies([]*appModel{m})
	return d.Records["salesforce"]["cases"]
}
