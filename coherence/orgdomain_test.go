package coherence

import (
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestContactOnItsOrganisationsDomain: a contact's address is on the
// domain of the organisation it references (read from the website), but
// for an address at a free-mail provider; an organisation with no domain
// says nothing.
func TestContactOnItsOrganisationsDomain(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "crm", Collections: []atom.Collection{
		{Name: "organisations", Fields: map[string]atom.Field{
			"name": {Type: "string", Role: atom.RoleCompany}, "website": {Type: "string", Role: atom.RoleURL},
		}},
		{Name: "contacts", Fields: map[string]atom.Field{
			"first_name": {Type: "string", Role: atom.RoleFirstName}, "last_name": {Type: "string", Role: atom.RoleLastName},
			"email": {Type: "string", Role: atom.RoleEmail}, "org_id": {Type: "string", Role: atom.RoleRef, Ref: "organisations"},
		}},
	}}
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("crm.organisations", "id", []state.Record{
			{"id": "o1", "name": "Acme", "website": "https://www.acme.example/about"},
			{"id": "o2", "name": "Initech"},
		}),
		state.NewCollection("crm.contacts", "id", []state.Record{
			{"id": "c1", "first_name": "Ana", "last_name": "Ruiz", "email": "ana.ruiz@acme.example", "org_id": "o1"},
			{"id": "c2", "first_name": "Ben", "last_name": "Ode", "email": "ben.ode@globex.example", "org_id": "o1"},
			{"id": "c3", "first_name": "Cy", "last_name": "Lam", "email": "cy.lam@gmail.example", "org_id": "o1"},
			{"id": "c4", "first_name": "Di", "last_name": "Poe", "email": "di.poe@eu.acme.example", "org_id": "o1"},
			{"id": "c5", "first_name": "Ed", "last_name": "Fox", "email": "ed.fox@globex.example", "org_id": "o2"},
		}))
	var got []string
	for _, v := range CheckWorld("d", map[string]*atom.Server{"crm": s}, w) {
		if v.Rule == RuleIdentity {
			got = append(got, v.Key)
		}
	}
	if strings.Join(got, ",") != "c2" {
		t.Errorf("identity violations at %v, want the contact at Acme with a Globex address only", got)
	}
}
