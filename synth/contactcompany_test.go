package synth

import (
	"strings"
	"testing"

	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// TestContactTextsPlaceNoOneAtAnotherCompany: a Salesforce contact's
// description places its person at its account's company, not at another
// beside it ("Esther Patel works at Initech Industries as Support
// Engineer. Linked to the account Silver Lake Holdings."): the agrees rule
// by company of servers/salesforce.yaml holds for a text naming both.
func TestContactTextsPlaceNoOneAtAnotherCompany(t *testing.T) {
	checked := 0
	for _, seed := range []int64{3, 13} {
		c, _ := readWorld(t, seed, "salesforce", "square", "slack", "zendesk")
		for _, d := range c.Data {
			for _, ct := range d.Records["salesforce"]["contacts"] {
				account, text := state.Text(ct["account_name"]), state.Text(ct["description"])
				if account == "" || text == "" {
					continue
				}
				checked++
				for _, named := range gen.CompaniesNamed(text) {
					if named != account && !strings.Contains(account, named) && (strings.Contains(text, " at "+named) || strings.Contains(text, "joined "+named)) {
						t.Errorf("%s: contact %v of the account %s: %q", d.ID, ct["id"], account, text)
					}
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("%d contact descriptions checked, want more", checked)
	}
}
