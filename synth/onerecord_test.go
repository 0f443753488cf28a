package synth

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestFieldsOfOneRecordAgree: the Salesforce and Gmail records synthesis
// draws keep the rules their atoms declare between fields of one record,
// and read as the products keep them: a lead that opened an email has
// has_opened_email, its days_since_activity counts from its last activity
// to the clock, its postal code is a postal code; a case's supplied_name
// is a person's; a contact is not their own assistant or delegate; an
// account's region holds its country (a region drawn elsewhere moves to
// the country's); an opportunity's stage changed no
// later than its last modification; a Gmail message is received minutes
// after it was sent.
func TestFieldsOfOneRecordAgree(t *testing.T) {
	regionOf := map[string]string{"US": "North America", "CA": "North America", "DE": "EMEA", "PT": "EMEA", "IE": "EMEA",
		"GB": "EMEA", "KE": "EMEA", "SG": "APAC", "JP": "APAC", "AU": "APAC"}
	apps := []string{"salesforce", "gmail"}
	c := synthApps(t, 3, apps...)
	servers := appServers(t, apps...)
	lead := regexp.MustCompile(`^[A-Z]{2,4}-\d+$`)
	checked := map[string]int{}
	for _, d := range c.Data {
		for _, v := range checkData(t, d, servers) {
			if v.Rule == coherence.RuleInvariant || v.Rule == coherence.RuleFields || v.Rule == coherence.RuleRole {
				t.Errorf("%s", v)
			}
		}
		clock, _ := time.Parse(time.RFC3339, d.Clock)
		sf := d.Records["salesforce"]
		for _, l := range sf["leads"] {
			checked["leads"]++
			if n, _ := state.Number(l["email_opens"]); n > 0 && l["has_opened_email"] == false {
				t.Errorf("%s: lead %v has %v opens and has_opened_email false", d.ID, l["id"], n)
			}
			if lead.MatchString(state.Text(l["postal_code"])) {
				t.Errorf("%s: lead %v has postal code %v", d.ID, l["id"], l["postal_code"])
			}
			if at, ok := atom.Time(l["last_activity_date"]); ok {
				days, _ := state.Number(l["days_since_activity"])
				if want := int(clock.Sub(at).Hours() / 24); l["days_since_activity"] != nil && (int(days) < want-1 || int(days) > want+1) {
					t.Errorf("%s: lead %v last active %v, %v days before %s", d.ID, l["id"], l["last_activity_date"], days, d.Clock)
				}
			}
		}
		for _, k := range sf["cases"] {
			checked["cases"]++
			if n := state.Text(k["supplied_name"]); n != "" && !atom.PersonLike(n) {
				t.Errorf("%s: case %v supplied_name %q is no person's", d.ID, k["id"], n)
			}
		}
		for _, p := range sf["contacts"] {
			checked["contacts"]++
			own := state.Text(p["first_name"]) + " " + state.Text(p["last_name"])
			if p["assistant_name"] == own || p["assistant_email"] == p["email"] || p["delegate_email"] == p["email"] {
				t.Errorf("%s: contact %v (%s) is their own assistant or delegate: %v", d.ID, p["id"], own, p)
			}
			if a, e := state.Text(p["assistant_name"]), state.Text(p["assistant_email"]); a != "" && e != "" && !strings.HasPrefix(e, strings.ToLower(strings.Fields(a)[0])) {
				t.Errorf("%s: contact %v's assistant %q writes from %q", d.ID, p["id"], a, e)
			}
		}
		for _, a := range sf["accounts"] {
			if a["country"] != nil {
				checked["accounts"]++
			}
			if a["region"] != nil && a["country"] != nil {
				checked["regions"]++
				if want := regionOf[state.Text(a["country"])]; want != "" && a["region"] != want {
					t.Errorf("%s: account %v in %v is in region %v", d.ID, a["id"], a["country"], a["region"])
				}
			}
		}
		for _, o := range sf["opportunities"] {
			checked["opportunities"]++
			s, sok := atom.Time(o["last_stage_change_date"])
			m, mok := atom.Time(o["last_modified_date"])
			if sok && mok && s.After(m) {
				t.Errorf("%s: opportunity %v changed stage %v after its last modification %v", d.ID, o["id"], o["last_stage_change_date"], o["last_modified_date"])
			}
		}
		for _, m := range d.Records["gmail"]["messages"] {
			sent, sok := state.Number(m["date"])
			got, gok := state.Number(m["internal_date"])
			if !sok || !gok {
				continue
			}
			checked["messages"]++
			if gap := time.Duration(got-sent) * time.Millisecond; gap < 0 || gap > time.Hour {
				t.Errorf("%s: message %v sent %v, received %v later", d.ID, m["id"], m["date"], gap)
			}
		}
	}
	for _, k := range []string{"leads", "cases", "contacts", "regions", "opportunities", "messages"} {
		if checked[k] < 3 {
			t.Errorf("only %d %s checked", checked[k], k)
		}
	}
	// A region drawn in another country's moves to the country's, not
	// away: most accounts keep one.
	if checked["regions"]*4 < checked["accounts"]*3 {
		t.Errorf("only %d of %d accounts with a country have a region", checked["regions"], checked["accounts"])
	}
}
