package synth

import (
	"math"
	"regexp"
	"slices"
	"testing"

	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// joinedRE finds a text saying a person just joined their company.
var joinedRE = regexp.MustCompile(`\b(joined|moved to) [A-Z]`)

// namesOther reports whether text names a company and none of those
// whose names or addresses of holds, given the world's companies.
func namesOther(world []string, text any, of ...any) bool {
	names := coherence.CompanyNames(world, append([]any{text}, of...)...)
	own := coherence.CompanyKeys(text, names)
	var theirs []string
	for _, v := range of {
		theirs = append(theirs, coherence.CompanyKeys(v, names)...)
	}
	return len(own) > 0 && len(theirs) > 0 && !slices.ContainsFunc(own, func(k string) bool { return slices.Contains(theirs, k) })
}

// TestRecordsSpeakOfTheCompanyTheyAreFor synthesises Salesforce and
// FreshBooks, whose records are kept for a company: a case comment on
// its case, a case and a contact under their account, an invoice billed
// to its client. Coherence finds nothing (no agrees rule by company is
// broken, no outstanding against its invoice's status), a paid FreshBooks
// invoice owes nothing, and a draft or one sent, viewed or resent (not
// partial) all of its amount; a contact who just joined their company
// has not been there for years.
func TestRecordsSpeakOfTheCompanyTheyAreFor(t *testing.T) {
	c, servers := readWorld(t, 27, "salesforce", "freshbooks")
	bad, comments, accounted, notes, paid, unpaid, newcomers := 0, 0, 0, 0, 0, 0, 0
	for _, d := range c.Data {
		for _, v := range violationsOf(d, servers, "", "") {
			if bad++; bad <= 5 {
				t.Errorf("%s", v)
			}
		}
		var world []string
		accounts, cases, clients := map[string]map[string]any{}, map[string]map[string]any{}, map[string]map[string]any{}
		for _, r := range d.Records["salesforce"]["accounts"] {
			accounts[state.Text(r["id"])] = r
			world = append(world, state.Text(r["account_name"]))
		}
		for _, r := range d.Records["salesforce"]["cases"] {
			cases[state.Text(r["id"])] = r
		}
		for _, r := range d.Records["freshbooks"]["clients"] {
			clients[state.Text(r["id"])] = r
			world = append(world, state.Text(r["organization"]))
		}
		for _, r := range d.Records["salesforce"]["case_comments"] {
			if p := cases[state.Text(r["parent_id"])]; p != nil && state.Text(r["CommentBody"]) != "" {
				if comments++; namesOther(world, r["CommentBody"], p["subject"], p["description"]) {
					t.Errorf("%s: case comment %v %q names another company than case %v %q", d.ID, r["id"], r["CommentBody"], p["id"], p["subject"])
				}
			}
		}
		for _, r := range d.Records["salesforce"]["cases"] {
			if a := accounts[state.Text(r["account_id"])]; a != nil && state.Text(r["description"]) != "" {
				if accounted++; namesOther(world, r["subject"], a["account_name"]) || namesOther(world, r["description"], a["account_name"]) {
					t.Errorf("%s: case %v %q names another company than its account %v", d.ID, r["id"], r["subject"], a["account_name"])
				}
			}
		}
		for _, r := range d.Records["salesforce"]["contacts"] {
			text := state.Text(r["description"]) + " " + state.Text(r["notes"])
			if !joinedRE.MatchString(text) {
				continue
			}
			if newcomers++; r["years_at_company"] != nil {
				if y, _ := state.Number(r["years_at_company"]); y >= 2 {
					t.Errorf("%s: contact %v %q has been at the company %v years", d.ID, r["id"], text, y)
				}
			}
		}
		for _, r := range d.Records["freshbooks"]["invoices"] {
			if cl := clients[state.Text(r["customerid"])]; cl != nil && state.Text(r["notes"]) != "" {
				if notes++; namesOther(world, r["notes"], cl["organization"]) {
					t.Errorf("%s: invoice %v %q names another company than its client %v", d.ID, r["invoiceid"], r["notes"], cl["organization"])
				}
			}
			amount, _ := state.Number(r["amount"])
			out, ok := state.Number(r["outstanding"])
			switch state.Text(r["v3_status"]) {
			case "paid":
				if paid++; ok && out != 0 {
					t.Errorf("%s: paid freshbooks invoice %v owes %v", d.ID, r["invoiceid"], out)
				}
			case "draft", "sent", "viewed", "resent":
				if unpaid++; ok && math.Abs(out-amount) > 0.005 {
					t.Errorf("%s: %v freshbooks invoice %v of %v owes %v", d.ID, r["v3_status"], r["invoiceid"], amount, out)
				}
			}
		}
	}
	t.Logf("%d case comments, %d cases under an account, %d contacts who joined, %d invoice notes, %d paid and %d unpaid invoices", comments, accounted, newcomers, notes, paid, unpaid)
	if comments < 5 || accounted < 5 || newcomers < 3 || notes < 5 || paid+unpaid < 5 || bad > 0 {
		t.Errorf("%d violations, among %d case comments, %d cases under an account, %d contacts who joined, %d invoice notes, %d paid and %d unpaid invoices", bad, comments, accounted, newcomers, notes, paid, unpaid)
	}
}
