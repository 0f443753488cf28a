package coherence

import (
	"slices"
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

// TestParentParty: a task or an activity kept under a parent whose
// collection its parent_type names (Copper's) names, where its name or
// details name a company, the parent's: a company's own name, the company
// a person works at, or the company of the opportunity it is on, by its
// company or, where it has none, by the one its name names; a company
// the world keeps no record of counts as another.
func TestParentParty(t *testing.T) {
	servers := crmServer()
	crm := servers["crm"]
	crm.Collections = append(crm.Collections, atom.Collection{Name: "activities", Fields: map[string]atom.Field{
		"name":        {Type: "string", Role: atom.RoleTitle},
		"details":     {Type: "string", Role: atom.RoleText},
		"parent_type": {Type: "string", Enum: []any{"person", "company", "opportunity", "lead"}, Role: atom.RoleStatus},
		"parent_id":   {Type: "string", Role: atom.RoleRef, RefBy: "parent_type", Refs: map[string]string{"person": "people", "company": "companies", "opportunity": "opportunities"}},
	}})
	companies := []state.Record{{"id": "c1", "name": "Globex Labs"}, {"id": "c2", "name": "Initech Holdings"}}
	people := []state.Record{{"id": "p1", "name": "Noor Abernathy", "company_name": "Blue Harbor Analytics"}}
	opps := []state.Record{{"id": "o1", "name": "Globex Labs - pilot", "company_id": "c1"}, {"id": "o2", "name": "Quantum Analytics - new logo"}}
	act := func(kind, id, name, details string) state.Record {
		return state.Record{"id": "a1", "parent_type": kind, "parent_id": id, "name": name, "details": details}
	}
	cases := []struct {
		name string
		rec  state.Record
		want []string
	}{
		{"its company's name", act("company", "c2", "Review the Initech Holdings contract", "Kept in Copper for Initech Holdings."), nil},
		{"another company than its company", act("company", "c2", "Review the contract", "Kept in Copper for Globex Labs."), []string{"ref details"}},
		{"its person's company", act("person", "p1", "Call Noor", "Noor at Blue Harbor Analytics asked for a call."), nil},
		{"another company than its person's", act("person", "p1", "Audit Initech Holdings access", "Noor asked for a call."), []string{"ref name"}},
		{"its opportunity's company", act("opportunity", "o1", "Prepare the Globex Labs review", "Kept for Globex Labs."), nil},
		{"another company than its opportunity's", act("opportunity", "o1", "Prepare the Initech Holdings review", "Kept for Initech Holdings."), []string{"ref details", "ref name"}},
		{"no company named", act("opportunity", "o1", "Prepare the review", "Call next week."), nil},
		{"the company its opportunity's name names", act("opportunity", "o2", "Quantum Analytics statement of work", "Kept for Quantum Analytics."), nil},
		{"another company than its opportunity's name names", act("opportunity", "o2", "Initech Holdings statement of work", "Kept for Initech Holdings."), []string{"ref details", "ref name"}},
		{"a company of no record of the world", act("opportunity", "o2", "Redwood Systems statement of work", "Kept for Redwood Systems."), []string{"ref details", "ref name"}},
	}
	for _, tc := range cases {
		w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), state.NewCollection("crm.companies", "id", companies),
			state.NewCollection("crm.people", "id", people), state.NewCollection("crm.opportunities", "id", opps),
			state.NewCollection("crm.activities", "id", []state.Record{tc.rec}))
		var got []string
		for _, v := range CheckWorld("d", servers, w) {
			got = append(got, v.Rule+" "+v.Field)
		}
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: want %v, got %v", tc.name, tc.want, got)
		}
	}
}
