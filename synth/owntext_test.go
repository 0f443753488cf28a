package synth

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

var (
	// todoRE is a name that reads as a to-do ("Collect Acme renewal
	// paperwork"), salesRE a meeting with a customer ("Renewal call with
	// Acme"), outageRE a status text of an outage under investigation.
	todoRE   = regexp.MustCompile(`^(Collect|Draft|Fix|Review|Update|Plan|Clean up|Audit|Migrate|Prepare|Confirm|Send|Schedule) `)
	salesRE  = regexp.MustCompile(`^(Kickoff|Pricing workshop|Renewal call|Onboarding session|Executive sync|Quarterly business review|Security review) `)
	outageRE = regexp.MustCompile(`investigat|working on a fix|may see errors`)
)

// TestOwnRecordsSpeakForTheCompany synthesises the apps whose records
// are the workspace company's own (Lever's postings, Statuspage's
// components, Jira Service Management's request types, Box's folders,
// the items QuickBooks, Xero and Zoho Books sell): no free text of one
// names a customer company as if the record were theirs (coherence finds
// none), and none is a note about a customer ("Kept in Lever for ...;
// the owner is ..."). Their catalogue items are goods or services, not
// to-dos.
func TestOwnRecordsSpeakForTheCompany(t *testing.T) {
	c, servers := readWorld(t, 27, "lever", "statuspage", "jira_service_management", "box", "zoho_books", "quickbooks", "xero")
	own, items, bad := 0, 0, 0
	for _, d := range c.Data {
		for app, byName := range d.Records {
			for name, recs := range byName {
				def := servers[app].Collection(name)
				if !def.Own {
					continue
				}
				for _, rec := range recs {
					own++
					bad += ownTextNamesCustomer(t, d.ID, app+"."+name, def, rec)
					if atom.HasWord(atom.Words(name), "items") {
						items++
						if n := state.Text(rec["name"]); todoRE.MatchString(n) {
							bad++
							t.Errorf("%s: %s item %q is named as a to-do", d.ID, app, n)
						}
					}
				}
			}
		}
		for _, v := range violationsOf(d, servers, coherence.RuleRef, "company's own") {
			if bad++; bad <= 10 {
				t.Errorf("%s", v)
			}
		}
	}
	if own < 100 || items < 20 {
		t.Fatalf("drew %d records of the company's own, %d catalogue items", own, items)
	}
	if bad > 0 {
		t.Errorf("%d of %d records of the company's own read as a customer's", bad, own)
	}
}

// ownTextNamesCustomer reports (1) where a text field of rec, a record of
// an own collection, names a company its title does not, or reads as a
// note about a customer's record.
func ownTextNamesCustomer(t *testing.T, data, coll string, def *atom.Collection, rec map[string]any) int {
	t.Helper()
	var titles, texts []string
	for f, fd := range def.Fields {
		switch fd.Role {
		case atom.RoleTitle:
			titles = append(titles, state.Text(rec[f]))
		case atom.RoleText:
			texts = append(texts, state.Text(rec[f]))
		}
	}
	for _, text := range texts {
		for _, co := range gen.CompaniesNamed(text) {
			if !slices.ContainsFunc(titles, func(n string) bool { return strings.Contains(n, co) }) {
				t.Errorf("%s: %s %v: %q names %s", data, coll, titles, text, co)
				return 1
			}
		}
		if strings.Contains(text, "the owner is") || strings.Contains(text, "Point of contact") {
			t.Errorf("%s: %s %v: %q is a note about a customer", data, coll, titles, text)
			return 1
		}
	}
	return 0
}

// TestRecordsOfTheirKind synthesises Lever, Statuspage and Front: a Lever
// interview is a round of hiring (never "Renewal call with Acme"), a
// Statuspage maintenance is announced and not investigated as an outage,
// and a Front message is about its conversation's matter (its subject is
// the conversation's, so coherence's agrees rule holds).
func TestRecordsOfTheirKind(t *testing.T) {
	c, servers := readWorld(t, 29, "lever", "statuspage", "front")
	interviews, maintenances, messages, bad := 0, 0, 0, 0
	for _, d := range c.Data {
		for _, rec := range d.Records["lever"]["interviews"] {
			interviews++
			if s := state.Text(rec["subject"]); salesRE.MatchString(s) || len(gen.CompaniesNamed(s)) > 0 {
				bad++
				t.Errorf("%s: interview %q is a sales meeting", d.ID, s)
			}
		}
		for _, rec := range d.Records["statuspage"]["incidents"] {
			if atom.IsSet(rec["scheduled_for"]) {
				maintenances++
				if b := state.Text(rec["body"]); outageRE.MatchString(b) {
					bad++
					t.Errorf("%s: maintenance %s reads as an outage: %q", d.ID, rec["id"], b)
				}
			}
		}
		subject := map[string]string{}
		for _, rec := range d.Records["front"]["conversations"] {
			subject[state.Text(rec["id"])] = state.Text(rec["subject"])
		}
		for _, rec := range d.Records["front"]["messages"] {
			messages++
			if want, got := subject[state.Text(rec["conversation_id"])], state.Text(rec["subject"]); got != "" && got != want {
				bad++
				t.Errorf("%s: message %s %q in conversation %q", d.ID, rec["id"], got, want)
			}
		}
		for _, v := range violationsOf(d, servers, coherence.RuleInvariant, "") {
			if v.Collection == "front.messages" && v.Field == "subject" {
				if bad++; bad <= 10 {
					t.Errorf("%s", v)
				}
			}
		}
	}
	if interviews < 5 || maintenances < 3 || messages < 10 {
		t.Fatalf("drew %d interviews, %d maintenances, %d messages", interviews, maintenances, messages)
	}
	if bad > 0 {
		t.Errorf("%d records read as another kind than theirs", bad)
	}
}

// TestStoreGoodsSpeakForTheStore synthesises the stores' catalogues
// (Squarespace Commerce's and Shopify's products, Square's catalog items,
// Etsy's listings, Wave's products): each is declared the company's own,
// and no text of one names another company as whose it is.
func TestStoreGoodsSpeakForTheStore(t *testing.T) {
	goods := map[string]string{"squarespace_commerce": "products", "shopify": "products", "square": "catalog_items", "etsy": "listings", "wave": "products"}
	c, servers := readWorld(t, 59, slices.Sorted(maps.Keys(goods))...)
	drawn, bad := 0, 0
	for app, name := range goods {
		if !servers[app].Collection(name).Own {
			t.Errorf("%s.%s is not declared the company's own", app, name)
		}
	}
	for _, d := range c.Data {
		for app, name := range goods {
			for _, rec := range d.Records[app][name] {
				drawn++
				bad += ownTextNamesCustomer(t, d.ID, app+"."+name, servers[app].Collection(name), rec)
			}
		}
		for _, v := range violationsOf(d, servers, coherence.RuleRef, "company's own") {
			if bad++; bad <= 10 {
				t.Errorf("%s", v)
			}
		}
	}
	if drawn < 50 {
		t.Fatalf("drew %d goods", drawn)
	}
	if bad > 0 {
		t.Errorf("%d of %d goods read as another company's", bad, drawn)
	}
}

// TestOwnThingsAreOnTheOwnSite: a Facebook lead ad is the advertiser's
// own, so synthesis puts its link on the company's own site, never on the
// site of the customer its row drew (coherence's own-site check).
func TestOwnThingsAreOnTheOwnSite(t *testing.T) {
	c, servers := readWorld(t, 60, "facebook_lead_ads", "hubspot", "slack")
	drawn, bad := 0, 0
	for _, d := range c.Data {
		drawn += len(d.Records["facebook_lead_ads"]["ads"])
		for _, v := range violationsOf(d, servers, coherence.RuleRef, "on the site of") {
			if bad++; bad <= 10 {
				t.Errorf("%s", v)
			}
		}
	}
	if drawn < 20 {
		t.Fatalf("drew %d ads", drawn)
	}
	if bad > 0 {
		t.Errorf("%d of %d ads link to another company's site", bad, drawn)
	}
}
