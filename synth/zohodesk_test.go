package synth

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// policyTextRE finds a workflow's policy in a text: the run it asks for and
// how to report it.
var policyTextRE = regexp.MustCompile(`To report, list|in this run of the|Afterwards, write up|Record the run in|Then log the run`)

// TestZohoDeskTicketsOfTheirContactsCompany synthesises Zoho Desk, whose
// tickets are raised by a contact for the contact's account: a ticket's
// subject and description name the company its contact writes from (by
// the contact's address) and its account, no other; a contact's
// description names their account's company; a department is the help
// desk company's own; a ticket holding the company's own policy is filed
// by one of its people, at its domain; the day a ticket's text says it
// was raised is the day it was created. Coherence finds nothing.
func TestZohoDeskTicketsOfTheirContactsCompany(t *testing.T) {
	c, servers := readWorld(t, 27, "zoho_desk", "zoho_mail", "lever")
	bad, tickets, contacts, departments, policies, dated := 0, 0, 0, 0, 0, 0
	def := servers["zoho_desk"].Collection("tickets")
	for _, d := range c.Data {
		clock, err := time.Parse(time.RFC3339, d.Clock)
		if err != nil {
			t.Fatalf("%s: clock %q: %v", d.ID, d.Clock, err)
		}
		for _, v := range violationsOf(d, servers, "", "") {
			if bad++; bad <= 5 {
				t.Errorf("%s", v)
			}
		}
		recs := d.Records["zoho_desk"]
		var world []string
		accounts, people := map[string]map[string]any{}, map[string]map[string]any{}
		for _, r := range recs["accounts"] {
			accounts[state.Text(r["id"])] = r
			world = append(world, state.Text(r["account_name"]))
		}
		for _, r := range recs["contacts"] {
			people[state.Text(r["id"])] = r
			if a := accounts[state.Text(r["account_id"])]; a != nil && state.Text(r["description"]) != "" {
				if contacts++; namesOther(world, r["description"], a["account_name"]) {
					t.Errorf("%s: contact %v %q names another company than their account %v", d.ID, r["id"], r["description"], a["account_name"])
				}
			}
		}
		for _, r := range recs["tickets"] {
			p := people[state.Text(r["contact_id"])]
			if p == nil {
				continue
			}
			tickets++
			dated += checkTextDates(t, servers["zoho_desk"], def, r, clock)
			if policyTextRE.MatchString(state.Text(r["description"])) {
				policies++
				if home := gen.Domain(homeCompany(d)); !strings.HasSuffix(state.Text(p["email"]), "@"+home) {
					t.Errorf("%s: policy ticket %v %q is filed by %v, not one of %s's people", d.ID, r["id"], r["subject"], p["email"], home)
				}
			}
			a := accounts[state.Text(r["account_id"])]
			for _, f := range []string{"subject", "description"} {
				if namesOther(world, r[f], p["email"]) || a != nil && namesOther(world, r[f], a["account_name"]) {
					t.Errorf("%s: ticket %v %s %q names another company than its contact %v", d.ID, r["id"], f, r[f], p["email"])
				}
			}
		}
		for _, r := range recs["departments"] {
			departments++
			bad += ownTextNamesCustomer(t, d.ID, "zoho_desk.departments", servers["zoho_desk"].Collection("departments"), r)
		}
	}
	t.Logf("%d tickets (%d policies, %d days named), %d contacts under an account, %d departments", tickets, policies, dated, contacts, departments)
	if tickets < 20 || policies < 3 || dated < 10 || departments < 5 || bad > 0 {
		t.Errorf("%d violations, among %d tickets, %d contacts under an account, %d departments", bad, tickets, contacts, departments)
	}
}
