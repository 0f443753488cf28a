package synth

import (
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// TestChildTextNamesItsParentsCompany synthesises Copper, whose tasks and
// activities are kept under a person, a company or an opportunity that
// their parent_type names: no name or details of one names another
// company than its parent's (coherence's parent rule, and any company the
// generator draws), and the opportunity parents are read.
func TestChildTextNamesItsParentsCompany(t *testing.T) {
	c, servers := readWorld(t, 27, "copper", "clickup", "expensify", "freshservice", "lever", "freshdesk", "confluence", "bigcommerce")
	bad, onOpps := 0, 0
	for _, d := range c.Data {
		var colls []*state.Collection
		for app, byName := range d.Records {
			for name, recs := range byName {
				colls = append(colls, state.NewCollection(app+"."+name, servers[app].Collection(name).KeyField(), recs))
			}
		}
		cp := d.Records["copper"]
		byID := func(coll, id string) map[string]any { return findRec(cp[coll], "id", id) }
		companyOf := func(kind, id string) string {
			switch kind {
			case "company":
				return state.Text(byID("companies", id)["name"])
			case "person":
				return state.Text(byID("people", id)["company_name"])
			case "opportunity":
				o := byID("opportunities", id)
				if n := state.Text(byID("companies", state.Text(o["company_id"]))["name"]); n != "" {
					return n
				}
				return state.Text(byID("people", state.Text(o["primary_contact_id"]))["company_name"])
			}
			return ""
		}
		for coll, by := range map[string]string{"tasks": "related_resource", "activities": "parent"} {
			for _, r := range cp[coll] {
				kind := state.Text(r[by+"_type"])
				want := companyOf(kind, state.Text(r[by+"_id"]))
				if kind == "opportunity" {
					onOpps++
				}
				for _, f := range []string{"name", "details"} {
					for _, n := range gen.CompaniesNamed(state.Text(r[f])) {
						if want != "" && n != want && !strings.Contains(want, n) {
							if bad++; bad <= 5 {
								t.Errorf("%s copper.%s[%v].%s %q names %s, its %s's company is %s", d.ID, coll, r["id"], f, r[f], n, kind, want)
							}
						}
					}
				}
			}
		}
		clock, _ := time.Parse(time.RFC3339, d.Clock)
		for _, v := range coherence.CheckWorld(d.ID, servers, state.NewWorld(clock, colls...)) {
			if v.Rule == coherence.RuleRef && strings.Contains(v.Message, "names the company") {
				if bad++; bad <= 5 {
					t.Errorf("%s", v)
				}
			}
		}
	}
	if onOpps < 10 || bad > 0 {
		t.Errorf("%d records name another company than their parent's, %d tasks and activities on an opportunity", bad, onOpps)
	}
}

// TestSalesforceNotesNameTheirParentsCompany synthesises Salesforce, whose
// notes are kept under an account, a contact, a lead or an opportunity
// that custom_type names: no note names another company than its
// parent's, which for an opportunity whose account the world does not
// hold is the company its name names ("Quantum Analytics - new logo").
func TestSalesforceNotesNameTheirParentsCompany(t *testing.T) {
	bad, onOpps := 0, 0
	// Two seeds: notes on an opportunity whose account the world does not
	// hold are a few per world.
	for _, seed := range []int64{62, 63} {
		c, servers := readWorld(t, seed, "salesforce", "zendesk", "lever")
		for _, d := range c.Data {
			sf := d.Records["salesforce"]
			byID := func(coll, id string) map[string]any { return findRec(sf[coll], "id", id) }
			for _, r := range sf["notes"] {
				id := state.Text(r["parent_id"])
				want := ""
				switch state.Text(r["custom_type"]) {
				case "account":
					want = state.Text(byID("accounts", id)["account_name"])
				case "contact":
					want = state.Text(byID("contacts", id)["account_name"])
				case "lead":
					want = state.Text(byID("leads", id)["company"])
				case "opportunity":
					o := byID("opportunities", id)
					if want = state.Text(byID("accounts", state.Text(o["account_id"]))["account_name"]); want == "" {
						onOpps++
						want = gen.CompanyOfTitles(state.Text(o["name"]))
					}
				}
				for _, f := range []string{"title", "body"} {
					for _, n := range gen.CompaniesNamed(state.Text(r[f])) {
						if want != "" && n != want && !strings.Contains(want, n) {
							if bad++; bad <= 5 {
								t.Errorf("%s salesforce.notes[%v].%s %q names %s, its %s's company is %s", d.ID, r["id"], f, r[f], n, r["custom_type"], want)
							}
						}
					}
				}
			}
			for _, v := range violationsOf(d, servers, coherence.RuleRef, "names the company") {
				if bad++; bad <= 5 {
					t.Errorf("%s", v)
				}
			}
		}
	}
	if onOpps < 5 || bad > 0 {
		t.Errorf("%d notes name another company than their parent's, %d on an opportunity of no account the world holds", bad, onOpps)
	}
}
