package coherence

import (
	"slices"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestOwnTextNamesNoCustomer: a record of a collection declared the
// company's own (a status page's component, a folder) whose free text
// names a company of the world as if the record were theirs is found; one
// naming the company the world is about (its people's domain), one
// naming a company its own title names, one naming none, and a record of
// a collection not declared own are not.
func TestOwnTextNamesNoCustomer(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "page", Collections: []atom.Collection{
		{Name: "components", Own: true, Fields: map[string]atom.Field{
			"name": {Type: "string", Role: atom.RoleTitle}, "description": {Type: "string", Role: atom.RoleText},
		}},
		{Name: "notes", Fields: map[string]atom.Field{
			"name": {Type: "string", Role: atom.RoleTitle}, "description": {Type: "string", Role: atom.RoleText},
		}},
		{Name: "customers", Fields: map[string]atom.Field{"company": {Type: "string", Role: atom.RoleCompany}}},
		{Name: "users", Staff: &atom.Staff{}, Fields: map[string]atom.Field{
			"name": {Type: "string", Role: atom.RolePersonName}, "email": {Type: "string", Role: atom.RoleEmail},
			"company": {Type: "string", Role: atom.RoleCompany},
		}},
	}}
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("page.components", "id", []state.Record{
			{"id": "c1", "name": "Payments", "description": "Payments for Globex Labs, owned by Ana Ruiz."},
			{"id": "c2", "name": "Billing Portal", "description": "Billing Portal, kept up to date by the Acme Health team."},
			{"id": "c3", "name": "Globex Labs contracts", "description": "Everything about Globex Labs contracts."},
			{"id": "c4", "name": "Search", "description": "Search, set up on 2 March."},
			{"id": "c5", "name": "Webhooks", "description": "Webhooks, tracked in Statuspage for Wayne Group."},
		}),
		state.NewCollection("page.notes", "id", []state.Record{
			{"id": "n1", "name": "Call", "description": "Called Globex Labs about the renewal."},
		}),
		state.NewCollection("page.customers", "id", []state.Record{{"id": "k1", "company": "Globex Labs"}}),
		state.NewCollection("page.users", "id", []state.Record{
			{"id": "u1", "name": "Ben Ode", "email": "ben.ode@acmehealth.example", "company": "Acme Health"},
		}))
	var got []string
	for _, v := range CheckWorld("d", map[string]*atom.Server{"page": s}, w) {
		if v.Rule == RuleRef {
			got = append(got, v.Collection+"/"+v.Key)
		}
	}
	// Wayne Group is no company of this world's records, but one of the
	// pool companies are drawn from.
	if want := []string{"page.components/c1", "page.components/c5"}; !slices.Equal(got, want) {
		t.Errorf("own text found at %v, want %v", got, want)
	}
}

// TestCompanylessNames: a record of a noun never named for a company (a
// bank account, a ledger account, a job opening) whose title names a
// company, of the world or of the pool synthesis draws from, is found;
// one named for what it is, and a record of a noun that may be named for
// a company (a folder), are not.
func TestCompanylessNames(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "books", Collections: []atom.Collection{
		{Name: "bank_accounts", Noun: "bank_account", Own: true, Fields: map[string]atom.Field{"name": {Type: "string", Role: atom.RoleTitle}}},
		{Name: "offers", Noun: "job", Own: true, Fields: map[string]atom.Field{"title": {Type: "string", Role: atom.RoleTitle}}},
		{Name: "folders", Noun: "folder", Own: true, Fields: map[string]atom.Field{"name": {Type: "string", Role: atom.RoleTitle}}},
		{Name: "customers", Fields: map[string]atom.Field{"company": {Type: "string", Role: atom.RoleCompany}}},
	}}
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("books.bank_accounts", "id", []state.Record{
			{"id": "b1", "name": "Redwood LLC"},
			{"id": "b2", "name": "Business Current Account"},
			{"id": "b3", "name": "Fernhill Trading"},
		}),
		state.NewCollection("books.offers", "id", []state.Record{
			{"id": "o1", "title": "Follow-up stakeholder for Cyberdyne Systems"},
			{"id": "o2", "title": "Senior Backend Engineer"},
		}),
		state.NewCollection("books.folders", "id", []state.Record{{"id": "f1", "name": "Fernhill Trading contracts"}}),
		state.NewCollection("books.customers", "id", []state.Record{{"id": "k1", "company": "Fernhill Trading"}}))
	var got []string
	for _, v := range CheckWorld("d", map[string]*atom.Server{"books": s}, w) {
		if v.Rule == RuleRole {
			got = append(got, v.Collection+"/"+v.Key)
		}
	}
	// Redwood LLC and Cyberdyne Systems are of the pool, Fernhill Trading
	// of the world's records.
	if want := []string{"books.bank_accounts/b1", "books.bank_accounts/b3", "books.offers/o1"}; !slices.Equal(got, want) {
		t.Errorf("companies in companyless names found at %v, want %v", got, want)
	}
}
