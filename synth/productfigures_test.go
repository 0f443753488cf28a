package synth

import (
	"math"
	"slices"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestRecordsKeepTheirProductsFigures synthesises the apps whose rules
// relate a record's figures and codes to its own or its references' as
// the products keep them, and reads the records as a person would: a
// Google Ads campaign's monthly budget is its daily budget times 30.4, a
// Xero transfer names its accounts by their codes, a Facebook
// Conversions dataset has received the events sent to it, a Marketo
// static list holds a lead once, and a BambooHR chief, vice president,
// director or head is no intern or contractor. Each collection read holds records.
func TestRecordsKeepTheirProductsFigures(t *testing.T) {
	c, _ := readWorld(t, 61, "google_ads", "xero", "facebook_conversions", "marketo", "bamboohr")
	read := map[string]int{}
	for _, d := range c.Data {
		r := func(app, coll string) []map[string]any {
			read[app+"."+coll] += len(d.Records[app][coll])
			return d.Records[app][coll]
		}
		for _, x := range r("google_ads", "campaigns") {
			daily, dok := state.Number(x["daily_budget"])
			monthly, mok := state.Number(x["monthly_budget"])
			if dok && mok && math.Abs(monthly-daily*30.4) > 0.01 {
				t.Errorf("%s: campaign %v: monthly budget %v for a daily budget of %v", d.ID, x["id"], monthly, daily)
			}
		}
		code := map[string]string{}
		for _, a := range r("xero", "accounts") {
			code[state.Text(a["account_id"])] = state.Text(a["code"])
		}
		for _, x := range r("xero", "bank_transfers") {
			for _, side := range []string{"from", "to"} {
				if c, ok := code[state.Text(x[side+"_bank_account_id"])]; ok && atom.IsSet(x[side+"_bank_account_code"]) && state.Text(x[side+"_bank_account_code"]) != c {
					t.Errorf("%s: transfer %v: %s code %v, its account's is %s", d.ID, x["bank_transfer_id"], side, x[side+"_bank_account_code"], c)
				}
			}
		}
		sent := map[string]float64{}
		for _, e := range r("facebook_conversions", "events") {
			n, _ := state.Number(e["events_received"])
			sent[state.Text(e["dataset_id"])] += n
		}
		for _, x := range r("facebook_conversions", "datasets") {
			if got, ok := state.Number(x["events_received"]); ok && got != sent[state.Text(x["id"])] {
				t.Errorf("%s: dataset %v received %v events, its events %v", d.ID, x["id"], got, sent[state.Text(x["id"])])
			}
		}
		seen := map[[2]string]bool{}
		for _, x := range r("marketo", "list_memberships") {
			pair := [2]string{state.Text(x["listId"]), state.Text(x["leadId"])}
			if seen[pair] {
				t.Errorf("%s: lead %s twice in static list %s", d.ID, pair[1], pair[0])
			}
			seen[pair] = true
		}
		for _, x := range r("bamboohr", "employees") {
			if atom.TitleRank(state.Text(x["jobTitle"])) > 0 && slices.Contains([]string{"Intern", "Contractor"}, state.Text(x["employmentStatus"])) {
				t.Errorf("%s: employee %v, %v, is an %v", d.ID, x["id"], x["jobTitle"], x["employmentStatus"])
			}
		}
	}
	for _, coll := range []string{"google_ads.campaigns", "xero.bank_transfers", "facebook_conversions.datasets", "facebook_conversions.events", "marketo.list_memberships", "bamboohr.employees"} {
		if read[coll] == 0 {
			t.Errorf("no record of %s was drawn", coll)
		}
	}
}
