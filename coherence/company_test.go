package coherence

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestAgreesOnCompany: an agrees rule by company finds a record that names
// another company than the record its reference names (a note for Globex
// Inc under Acme Labs, an address at globexinc.example), and none where
// they name one company, or where either names none or holds an address
// at a free-mail provider. A text naming the parent's company and placing
// someone at another ("works at Globex Inc") names another company too.
func TestAgreesOnCompany(t *testing.T) {
	ss := servers()
	inv := ss["billing"].Collection("invoices")
	inv.Fields["note"] = atom.Field{Type: "string", Role: atom.RoleText}
	inv.Fields["cc"] = atom.Field{Type: "array", Items: "string", Role: atom.RoleEmails}
	inv.Invariants = []atom.Invariant{
		{Rule: "agrees", Fields: []string{"note", "customer_ref", "email"}, By: atom.AgreeCompany},
		{Rule: "agrees", Fields: []string{"cc", "customer_ref", "email"}, By: atom.AgreeCompany},
		{Rule: "agrees", Fields: []string{"note", "customer_ref", "site"}, By: atom.AgreeCompany},
	}
	customers := []state.Record{{"id": "cus_1041", "name": "Noor Abernathy", "email": "noor.abernathy@acmelabs.example", "site": "https://www.acmelabs.example/about"}}
	for _, c := range []struct {
		field string
		value any
		want  int // violations
	}{
		{"note", "Kept in the CRM for Globex Inc; the owner is Noor.", 2},
		{"note", "Kept in the CRM for Acme Labs; the owner is Noor.", 0},
		{"note", "Acme Labs and Globex Inc signed together.", 0},
		{"note", "Noor works at Globex Inc as Controller. Linked to the account Acme Labs.", 2},
		{"note", "Noor joined Globex Inc on 3 May; the account is Acme Labs.", 2},
		{"note", "Noor works at Acme Labs as Controller. Globex Inc is a partner.", 0},
		{"note", "Kept for Globex Inc; linked to the account Acme Labs.", 2},
		{"note", "Call back on Thursday.", 0},
		{"cc", []any{"ana.lopez@globexinc.example"}, 1},
		{"cc", []any{"ana.lopez@eu.acmelabs.example"}, 0},
		{"cc", []any{"ana.lopez@gmail.example"}, 0},
	} {
		n := 0
		for _, v := range CheckWorld("d", ss, world(customers, []state.Record{with(goodInvoice(), c.field, c.value)}, nil)) {
			if v.Rule == RuleInvariant && v.Field == c.field {
				n++
			}
		}
		if n != c.want {
			t.Errorf("%s %v: %d violations, want %d", c.field, c.value, n, c.want)
		}
	}
}

// TestAgreesOnCompanyUnderNone: an agrees rule by company reading further
// fields of the parent (with) finds a record naming a company under a
// parent naming none in any of them (a customer's case under the team's
// internal case), and none where the record names none or the parent
// names one in a further field; without further fields such a parent
// leaves it unchecked.
func TestAgreesOnCompanyUnderNone(t *testing.T) {
	for _, c := range []struct {
		with []string
		site string
		note string
		want int // violations
	}{
		{[]string{"site"}, "", "Refund request from Globex Inc.", 1},
		{[]string{"site"}, "", "Call back on Thursday.", 0},
		{[]string{"site"}, "https://www.globexinc.example/about", "Refund request from Globex Inc.", 0},
		{[]string{"site"}, "https://www.acmelabs.example/about", "Refund request from Globex Inc.", 0},
		{nil, "", "Refund request from Globex Inc.", 0},
	} {
		ss := servers()
		inv := ss["billing"].Collection("invoices")
		inv.Fields["note"] = atom.Field{Type: "string", Role: atom.RoleText}
		inv.Invariants = []atom.Invariant{{Rule: "agrees", Fields: []string{"note", "customer_ref", "email"}, By: atom.AgreeCompany, With: c.with}}
		customers := []state.Record{{"id": "cus_1041", "name": "Noor Abernathy", "email": "noor.abernathy@gmail.example", "site": c.site}}
		n := 0
		for _, v := range CheckWorld("d", ss, world(customers, []state.Record{with(goodInvoice(), "note", c.note)}, nil)) {
			if v.Rule == RuleInvariant && v.Field == "note" {
				n++
			}
		}
		if n != c.want {
			t.Errorf("with %v, site %q, note %q: %d violations, want %d", c.with, c.site, c.note, n, c.want)
		}
	}
}

// TestCompanyKeys: a company is known by the letters and digits of its
// name, the first label of its domain before the last.
func TestCompanyKeys(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{
		{"https://www.umbrellalabs.example/lead/6984", "umbrellalabs"},
		{[]any{"beatriz.lopez@eu.silverlakepartners.example"}, "silverlakepartners"},
		{"someone@gmail.com", ""},
		{"Raised by Noor Vasquez of Vandelay Logistics on 22 February.", "vandelaylogistics"},
	} {
		got := CompanyKeys(c.v, []string{"Vandelay Logistics"})
		if s := ""; len(got) > 0 {
			s = got[0]
			if s != c.want {
				t.Errorf("CompanyKeys(%v) = %v, want %q", c.v, got, c.want)
			}
		} else if c.want != "" {
			t.Errorf("CompanyKeys(%v) = none, want %q", c.v, c.want)
		}
	}
}
