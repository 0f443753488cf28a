package coherence

import (
	"slices"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestStaffOnOneDomain: the workspace's own people, in every app of the
// world, work at one company: an agent at a customer's domain is found,
// one at an office of the company's domain or at a free-mail provider is
// not, and an end user (not staff by the declared field) says nothing.
func TestStaffOnOneDomain(t *testing.T) {
	helpdesk := &atom.Server{Kind: atom.KindServer, ID: "desk", Collections: []atom.Collection{
		{Name: "users", Staff: &atom.Staff{Field: "role", Values: []string{"agent", "admin"}}, Fields: map[string]atom.Field{
			"name": {Type: "string", Role: atom.RolePersonName}, "email": {Type: "string", Role: atom.RoleEmail},
			"role": {Type: "string", Enum: []any{"end-user", "agent", "admin"}, Role: atom.RoleStatus},
		}},
	}}
	chat := &atom.Server{Kind: atom.KindServer, ID: "chat", Collections: []atom.Collection{
		{Name: "members", Staff: &atom.Staff{}, Fields: map[string]atom.Field{
			"name": {Type: "string", Role: atom.RolePersonName}, "email": {Type: "string", Role: atom.RoleEmail},
		}},
		// A document's owner is one of the company's people; its
		// author's address, named otherwise, says nothing.
		{Name: "docs", Fields: map[string]atom.Field{
			"title": {Type: "string", Role: atom.RoleTitle}, "owner": {Type: "string", Role: atom.RoleEmail},
			"author": {Type: "string", Role: atom.RoleEmail},
		}},
		// A team's own address, declared staff, is the company's too;
		// its contact's, not declared, says nothing.
		// A policy's employees, keyed by their addresses, are the
		// company's people: the key is one of their addresses.
		{Name: "employees", Key: "employeeEmail", Staff: &atom.Staff{Email: []string{"employeeEmail"}}, Fields: map[string]atom.Field{
			"employeeEmail": {Type: "string", Format: "email", Role: atom.RoleID}, "role": {Type: "string", Role: atom.RoleStatus},
		}},
		{Name: "teams", Fields: map[string]atom.Field{
			"name": {Type: "string", Role: atom.RoleTitle}, "email": {Type: "string", Role: atom.RoleEmail, Staff: true},
			"contact": {Type: "string", Role: atom.RoleEmail},
		}},
	}}
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("desk.users", "id", []state.Record{
			{"id": "u1", "name": "Ana Ruiz", "email": "ana.ruiz@acme.example", "role": "agent"},
			{"id": "u2", "name": "Ben Ode", "email": "ben.ode@globex.example", "role": "admin"},
			{"id": "u3", "name": "Cy Lam", "email": "cy.lam@initech.example", "role": "end-user"},
		}),
		state.NewCollection("chat.members", "id", []state.Record{
			{"id": "m1", "name": "Ana Ruiz", "email": "ana.ruiz@acme.example"},
			{"id": "m2", "name": "Di Poe", "email": "di.poe@emea.acme.example"},
			{"id": "m3", "name": "Ed Fox", "email": "ed.fox@gmail.example"},
			{"id": "m4", "name": "Flo Ng", "email": "flo.ng@umbrella.example"},
		}),
		state.NewCollection("chat.docs", "id", []state.Record{
			{"id": "d1", "title": "Plan", "owner": "ana.ruiz@acme.example", "author": "cy.lam@initech.example"},
			{"id": "d2", "title": "Budget", "owner": "gus.oke@initech.example"},
		}),
		state.NewCollection("chat.employees", "employeeEmail", []state.Record{
			{"employeeEmail": "ana.ruiz@acme.example", "role": "admin"},
			{"employeeEmail": "jo.kim@oscorp.example", "role": "user"},
		}),
		state.NewCollection("chat.teams", "id", []state.Record{
			{"id": "t1", "name": "Sales", "email": "sales@acme.example", "contact": "ivy.ng@initech.example"},
			{"id": "t2", "name": "Growth", "email": "hal.poe@hooli.example"},
		}))
	var got []string
	for _, v := range CheckWorld("d", map[string]*atom.Server{"desk": helpdesk, "chat": chat}, w) {
		if v.Rule == RuleIdentity {
			got = append(got, v.Collection+"/"+v.Key)
		}
	}
	slices.Sort(got)
	if want := []string{"chat.docs/d2", "chat.employees/jo.kim@oscorp.example", "chat.members/m4", "chat.teams/t2", "desk.users/u2"}; !slices.Equal(got, want) {
		t.Errorf("identity violations at %v, want %v: the document owned at Initech, the employee at Oscorp, the admin at Globex, the member at Umbrella and the team registered at Hooli", got, want)
	}
}

// TestOwnPersonPlacedAtNoOtherCompany: a record holding a person's
// address declared the workspace's own places that person at the company
// alone: a file owned by sofia.romero at Acme whose text sends questions
// to "Sofia Romero at Globex Inc" is found, as is one naming her by first
// name "from" another company; one placing her at Acme, one naming
// another person at Globex Inc and one whose owner is a team address are
// not. A task's assignee is the company's own too (an owner field's
// address): a task assigned to noor.underwood at Acme whose notes say
// "Called Noor Underwood: Globex Inc wants an update" or make her Globex
// Inc's contact is found; one naming a Noor by first name alone before a
// colon is not (she may be anyone's), nor one whose Noor at Globex Inc
// the text names in full as Noor Haddad, nor a Noor at Globex Inc by
// first name alone (an assignee's first name may be a customer's
// contact's; a staff address's record is its person's, read by first
// name too: f2).
func TestOwnPersonPlacedAtNoOtherCompany(t *testing.T) {
	box := &atom.Server{Kind: atom.KindServer, ID: "box", Collections: []atom.Collection{
		{Name: "files", Fields: map[string]atom.Field{
			"name": {Type: "string", Role: atom.RoleTitle}, "description": {Type: "string", Role: atom.RoleText},
			"owned_by": {Type: "string", Role: atom.RoleEmail, Staff: true},
		}},
		{Name: "companies", Fields: map[string]atom.Field{"name": {Type: "string", Role: atom.RoleCompany}}},
		{Name: "tasks", Fields: map[string]atom.Field{
			"name": {Type: "string", Role: atom.RoleTitle}, "notes": {Type: "string", Role: atom.RoleText},
			"assignee": {Type: "string", Role: atom.RoleEmail},
		}},
	}}
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("box.tasks", "id", []state.Record{
			{"id": "t1", "name": "Renewal", "assignee": "noor.underwood@acmeinc.example", "notes": "Called Noor Underwood: Globex Inc wants an update by 9 July."},
			{"id": "t2", "name": "Review", "assignee": "noor.underwood@acmeinc.example", "notes": "Noor Underwood at Globex Inc is the contact for this."},
			{"id": "t3", "name": "Audit", "assignee": "noor.underwood@acmeinc.example", "notes": "Called Ivan Haddad: Globex Inc wants an update by 9 July."},
			{"id": "t4", "name": "Promo", "assignee": "noor.underwood@acmeinc.example", "notes": "Checked with Noor: Globex Inc has no open questions."},
			{"id": "t5", "name": "Launch", "assignee": "noor.underwood@acmeinc.example", "notes": "Spoke with Noor at Globex Inc on 9 April. Next check-in with Noor Haddad: 28 August."},
			{"id": "t6", "name": "Winback", "assignee": "noor.underwood@acmeinc.example", "notes": "Spoke with Noor at Globex Inc on 9 April."},
		}),
		state.NewCollection("box.files", "id", []state.Record{
			{"id": "f1", "name": "Questionnaire", "owned_by": "sofia.romero@acmeinc.example", "description": "Questions go to Sofia Romero at Globex Inc."},
			{"id": "f2", "name": "Plan", "owned_by": "sofia.romero@acmeinc.example", "description": "A note from Sofia from Globex Inc, kept here."},
			{"id": "f3", "name": "Budget", "owned_by": "sofia.romero@acmeinc.example", "description": "Questions go to Sofia Romero at Acme Inc."},
			{"id": "f4", "name": "Deck", "owned_by": "sofia.romero@acmeinc.example", "description": "Questions go to Ivan Haddad at Globex Inc."},
			{"id": "f5", "name": "Notes", "owned_by": "team@acmeinc.example", "description": "Questions go to Sofia Romero at Globex Inc."},
			{"id": "f7", "name": "Memo", "owned_by": "sofia.romero@acmeinc.example", "description": "A note from Sofia from Globex Inc, kept for Sofia Haddad."},
			{"id": "f6", "name": "Müller file", "owned_by": "rosa.mueller@acmeinc.example", "description": "Agreed with Rosa Müller of Globex Inc."},
		}),
		state.NewCollection("box.companies", "id", []state.Record{{"id": "c1", "name": "Globex Inc"}, {"id": "c2", "name": "Acme Inc"}}))
	var got []string
	for _, v := range CheckWorld("d", map[string]*atom.Server{"box": box}, w) {
		if v.Rule == RuleIdentity {
			got = append(got, v.Key)
		}
	}
	slices.Sort(got)
	if want := []string{"f1", "f2", "f6", "t1", "t2"}; !slices.Equal(got, want) {
		t.Errorf("own people placed elsewhere at %v, want %v", got, want)
	}
}

// TestParentOwnerPlacedAtNoOtherCompany: a record kept under a Box file
// (a task or comment, its file_id required) speaks of the file's owner,
// one of the company's people, as the file does: "Call Bastian at Quantum
// Health" on a file bastian.kaminski owns places him elsewhere (c1); at
// the company (c2), of another Bastian's file (c3) or with no file (c4),
// it does not.
func TestParentOwnerPlacedAtNoOtherCompany(t *testing.T) {
	box := &atom.Server{Kind: atom.KindServer, ID: "box", Collections: []atom.Collection{
		{Name: "files", Fields: map[string]atom.Field{
			"name": {Type: "string", Role: atom.RoleTitle}, "owned_by": {Type: "string", Role: atom.RoleEmail, Staff: true},
		}},
		{Name: "companies", Fields: map[string]atom.Field{"name": {Type: "string", Role: atom.RoleCompany}}},
		{Name: "comments", Fields: map[string]atom.Field{
			"file_id": {Type: "string", Role: atom.RoleRef, Ref: "files", Required: true}, "message": {Type: "string", Role: atom.RoleText},
		}},
	}}
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("box.comments", "id", []state.Record{
			{"id": "c1", "file_id": "f1", "message": "Call Bastian at Quantum Health about the renewal."},
			{"id": "c2", "file_id": "f1", "message": "Call Bastian at Stark Systems about the renewal."},
			{"id": "c3", "file_id": "f2", "message": "Call Bastian at Quantum Health about the renewal."},
			{"id": "c4", "file_id": "f9", "message": "Call Bastian at Quantum Health about the renewal."},
		}),
		state.NewCollection("box.files", "id", []state.Record{
			{"id": "f1", "name": "Renewal", "owned_by": "bastian.kaminski@starksystems.example"},
			{"id": "f2", "name": "Budget", "owned_by": "sofia.romero@starksystems.example"},
		}),
		state.NewCollection("box.companies", "id", []state.Record{{"id": "k1", "name": "Quantum Health"}, {"id": "k2", "name": "Stark Systems"}}))
	var got []string
	for _, v := range CheckWorld("d", map[string]*atom.Server{"box": box}, w) {
		if v.Rule == RuleIdentity && v.Collection == "box.comments" {
			got = append(got, v.Key)
		}
	}
	if want := []string{"c1"}; !slices.Equal(got, want) {
		t.Errorf("file owners placed elsewhere in comments %v, want %v", got, want)
	}
}
