package synth

import (
	"testing"

	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// TestTitlesNameTheirContactsCompany: a Copper opportunity's title names
// the company its primary contact works at, not a company no record of
// the world holds ("Acme Systems - enterprise upgrade" with a contact of
// Cedar Peak Inc).
func TestTitlesNameTheirContactsCompany(t *testing.T) {
	c, _ := readWorld(t, 13, "copper", "zendesk", "slack", "asana")
	checked := 0
	for _, d := range c.Data {
		people := map[string]string{}
		for _, p := range d.Records["copper"]["people"] {
			people[state.Text(p["id"])] = state.Text(p["company_name"])
		}
		for _, o := range d.Records["copper"]["opportunities"] {
			co, ok := people[state.Text(o["primary_contact_id"])]
			if !ok || co == "" {
				continue
			}
			for _, named := range gen.CompaniesNamed(state.Text(o["name"])) {
				checked++
				if named != co {
					t.Errorf("%s: opportunity %v %q names %s; its primary contact works at %s", d.ID, o["id"], o["name"], named, co)
				}
			}
		}
	}
	if checked < 10 {
		t.Errorf("%d opportunity titles naming a company checked, want more", checked)
	}
}
