package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestZohoDeskTicketOfItsContactsCompany: a Zoho Desk ticket is raised by
// its contact for the contact's account (the built-in atom's agrees rules
// by company): a subject or description naming another company than the
// one the contact writes from, or than the account, is a violation; one
// naming the contact's own, or none, is not. A department is the help
// desk company's own: a description setting it up for another company is
// a violation.
func TestZohoDeskTicketOfItsContactsCompany(t *testing.T) {
	ss := map[string]*atom.Server{"zoho_desk": builtinServer(t, "zoho_desk")}
	for _, c := range []struct {
		name, field, text, account string
		want                       int
	}{
		{"another company by the address", "description", "Delivery question from Elena Singh at Lakeside Inc.", "", 1},
		{"another company in the subject", "subject", "Order 83860 for Hooli Inc arrived damaged", "", 1},
		{"the contact's own company", "description", "Delivery question from Elena Santos at Summit Analytics.", "", 0},
		{"no company", "description", "Order 83860 arrived damaged.", "", 0},
		{"another company than the account", "description", "Delivery question from Elena Santos at Summit Analytics.", "Lakeside Inc", 1},
	} {
		ticket := state.Record{"id": "189200000001", "subject": "Order question", "contact_id": "189200000101", "department_id": "189200000301", c.field: c.text}
		contact := state.Record{"id": "189200000101", "first_name": "Elena", "last_name": "Santos", "email": "elena.santos@summitanalytics.example"}
		accounts := []state.Record{{"id": "189200000201", "account_name": c.account}}
		if c.account != "" {
			ticket["account_id"], contact["account_id"] = "189200000201", "189200000201"
		}
		w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
			state.NewCollection("zoho_desk.tickets", "id", []state.Record{ticket}),
			state.NewCollection("zoho_desk.contacts", "id", []state.Record{contact}),
			state.NewCollection("zoho_desk.accounts", "id", accounts),
			state.NewCollection("zoho_desk.departments", "id", []state.Record{{"id": "189200000301", "name": "Support"}}))
		got := 0
		for _, v := range CheckWorld("d", ss, w) {
			if v.Rule == RuleInvariant && v.Collection == "zoho_desk.tickets" && v.Field == c.field {
				got++
			}
		}
		if got != c.want {
			t.Errorf("%s: %d violations on the ticket's %s, want %d", c.name, got, c.field, c.want)
		}
	}
}

// TestZohoDeskDepartmentIsTheCompanysOwn: a Zoho Desk department is the
// help desk company's own (the built-in atom's own collection): a
// description setting it up for another company is a violation, one
// naming none is not.
func TestZohoDeskDepartmentIsTheCompanysOwn(t *testing.T) {
	ss := map[string]*atom.Server{"zoho_desk": builtinServer(t, "zoho_desk")}
	for text, want := range map[string]int{
		"Set up by Quinn Andersen of Umbrella Partners for Security.": 1,
		"Security questions, answered by the security team.":          0,
	} {
		w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
			state.NewCollection("zoho_desk.departments", "id", []state.Record{{"id": "189200000301", "name": "Security", "description": text}}))
		got := 0
		for _, v := range CheckWorld("d", ss, w) {
			if v.Collection == "zoho_desk.departments" && v.Field == "description" {
				got++
			}
		}
		if got != want {
			t.Errorf("%q: %d violations on the department's description, want %d", text, got, want)
		}
	}
}
