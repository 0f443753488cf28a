package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// crmServer keeps companies, the people at them and deals for them, and
// repositories kept under an owner's path.
func crmServer() map[string]*atom.Server {
	return map[string]*atom.Server{"crm": {Kind: atom.KindServer, ID: "crm", Collections: []atom.Collection{
		{Name: "companies", Fields: map[string]atom.Field{"name": {Type: "string", Role: atom.RoleCompany}}},
		{Name: "people", Fields: map[string]atom.Field{"name": {Type: "string", Role: atom.RolePersonName}, "company_name": {Type: "string", Role: atom.RoleCompany}}},
		{Name: "opportunities", Fields: map[string]atom.Field{
			"name":       {Type: "string", Role: atom.RoleTitle},
			"company_id": {Type: "string", Role: atom.RoleRef, Ref: "companies"},
		}},
		{Name: "repositories", Fields: map[string]atom.Field{"name": {Type: "string", Role: atom.RoleTitle}, "full_name": {Type: "string"}}},
	}}}
}

// TestNamedParty: a deal whose name names a company of the world names
// the company its company_id points at; a repository's full_name is a
// path, not a person's name.
func TestNamedParty(t *testing.T) {
	companies := []state.Record{{"id": "c1", "name": "Globex Labs"}, {"id": "c2", "name": "Initech Holdings"}}
	people := []state.Record{{"id": "p1", "name": "Noor Abernathy", "company_name": "Blue Harbor Analytics"}}
	cases := []struct {
		name string
		opp  state.Record
		repo state.Record
		want string // a rule and field, "" for none
	}{
		{"its own company", state.Record{"id": "o1", "name": "Globex Labs - pilot", "company_id": "c1"}, nil, ""},
		{"another company record", state.Record{"id": "o1", "name": "Initech Holdings - pilot", "company_id": "c1"}, nil, "ref name"},
		{"a company a person works at", state.Record{"id": "o1", "name": "Blue Harbor Analytics - new logo", "company_id": "c2"}, nil, "ref name"},
		{"no company named", state.Record{"id": "o1", "name": "Annual renewal", "company_id": "c2"}, nil, ""},
		{"no reference", state.Record{"id": "o1", "name": "Initech Holdings - pilot"}, nil, ""},
		{"a path", nil, state.Record{"id": "r1", "name": "Billing API", "full_name": "globex-labs/billing-api"}, ""},
		{"a person's name as a path", nil, state.Record{"id": "r1", "name": "Billing API", "full_name": "Wendy Müller"}, "role full_name"},
	}
	for _, tc := range cases {
		colls := []*state.Collection{state.NewCollection("crm.companies", "id", companies), state.NewCollection("crm.people", "id", people)}
		if tc.opp != nil {
			colls = append(colls, state.NewCollection("crm.opportunities", "id", []state.Record{tc.opp}))
		}
		if tc.repo != nil {
			colls = append(colls, state.NewCollection("crm.repositories", "id", []state.Record{tc.repo}))
		}
		w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), colls...)
		var got []string
		for _, v := range CheckWorld("d", crmServer(), w) {
			got = append(got, v.Rule+" "+v.Field)
		}
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("%s: want no violation, got %v", tc.name, got)
		case tc.want != "" && (len(got) != 1 || got[0] != tc.want):
			t.Errorf("%s: want %q, got %v", tc.name, tc.want, got)
		}
	}
}
