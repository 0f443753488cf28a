package coherence

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestAgreesWithItsReference: a record that copies a field of the record
// its reference names (an opportunity's company beside its contact) breaks
// an agrees rule where the copy differs; the same value, or no copy,
// keeps it.
func TestAgreesWithItsReference(t *testing.T) {
	ss := servers()
	inv := ss["billing"].Collection("invoices")
	inv.Fields["company_name"] = atom.Field{Type: "string"}
	inv.Invariants = []atom.Invariant{{Rule: "agrees", Fields: []string{"company_name", "customer_ref", "company_name"}}}
	for _, c := range []struct {
		company string
		want    bool // a violation
	}{
		{"Globex", true},
		{"Acme Holdings", false},
		{"", false},
	} {
		var got []Violation
		for _, v := range CheckWorld("d", ss, world(goodCustomers(), []state.Record{with(goodInvoice(), "company_name", c.company)}, nil)) {
			if v.Rule == RuleInvariant && v.Field == "company_name" {
				got = append(got, v)
			}
		}
		if len(got) > 0 != c.want {
			t.Errorf("invoice of %q: violations %v, want one %v", c.company, got, c.want)
		}
	}
}

// TestAgreesInSomeStates: an agrees rule with a fourth field holds only
// where the record is in one of its states (an internal comment is its
// request's agent's; a public one may be anyone's).
func TestAgreesInSomeStates(t *testing.T) {
	ss := servers()
	inv := ss["billing"].Collection("invoices")
	inv.Fields["company_name"] = atom.Field{Type: "string"}
	inv.Fields["internal"] = atom.Field{Type: "boolean", Role: atom.RoleFlag}
	inv.Invariants = []atom.Invariant{{Rule: "agrees", Fields: []string{"company_name", "customer_ref", "company_name", "internal"}, In: []string{"true"}}}
	for _, c := range []struct {
		company  string
		internal any
		want     bool // a violation
	}{
		{"Globex", true, true},
		{"Globex", false, false},
		{"Globex", nil, false},
		{"Acme Holdings", true, false},
	} {
		var got []Violation
		rec := with(with(goodInvoice(), "company_name", c.company), "internal", c.internal)
		for _, v := range CheckWorld("d", ss, world(goodCustomers(), []state.Record{rec}, nil)) {
			if v.Rule == RuleInvariant && v.Field == "company_name" {
				got = append(got, v)
			}
		}
		if len(got) > 0 != c.want {
			t.Errorf("invoice of %q, internal %v: violations %v, want one %v", c.company, c.internal, got, c.want)
		}
	}
}

// TestReferenceToOneOfSeveral: a reference that may name a record of
// several collections (ref_also: a Salesforce WhatId) resolves in any of
// them; one that names no record of any is a dangling reference.
func TestReferenceToOneOfSeveral(t *testing.T) {
	ss := servers()
	ss["billing"].Collection("invoices").Fields["what_id"] = atom.Field{Type: "string", Role: atom.RoleRef, Ref: "customers", RefAlso: []string{"invoices"}}
	for _, c := range []struct {
		what string
		want bool // a violation
	}{
		{"cus_2290", false},
		{"inv_3001", false},
		{"wha_75303", true},
	} {
		var got []Violation
		for _, v := range CheckWorld("d", ss, world(goodCustomers(), []state.Record{with(goodInvoice(), "what_id", c.what)}, nil)) {
			if v.Rule == RuleRef && v.Field == "what_id" {
				got = append(got, v)
			}
		}
		if len(got) > 0 != c.want {
			t.Errorf("what_id %q: violations %v, want one %v", c.what, got, c.want)
		}
	}
}

// TestAgreesByKind: an agrees rule by kind keeps a record's text to the
// kind of case its reference's field names (a refund under a billing
// request type, not a damaged parcel), and to its topic where the field
// names one (a login fault not under "Fix a printer", a damaged parcel
// not under "Change a shipping address"); no text keeps it.
func TestAgreesByKind(t *testing.T) {
	ss := servers()
	inv := ss["billing"].Collection("invoices")
	inv.Fields["memo"] = atom.Field{Type: "string", Role: atom.RoleText}
	ss["billing"].Collection("customers").Fields["desk"] = atom.Field{Type: "string", Role: atom.RoleTitle}
	inv.Invariants = []atom.Invariant{{Rule: "agrees", Fields: []string{"memo", "customer_ref", "desk"}, By: atom.AgreeKind}}
	for _, c := range []struct {
		desk, memo string
		want       bool // a violation
	}{
		{"Ask a billing question", "Duplicate charge on invoice 4411", false},
		{"Ask a billing question", "Refund request for order 2231", false},
		{"Ask a billing question", "Order 2231 arrived damaged", true},
		{"Ask a billing question", "Sync with the ERP stopped working", true},
		{"Ask a billing question", "", false},
		{"Fix a printer", "Login fails after password reset", true},
		{"Fix a printer", "Printer on the third floor fails to print", false},
		{"Report a bug", "Login fails after password reset", false},
		{"Change a shipping address", "Order 2231 arrived damaged", true},
		{"Report a delivery problem", "Order 2231 arrived damaged", false},
		{"Request a new email alias", "Staff follow the clean desk rule", true},
		{"Request a change", "Staff follow the clean desk rule", false},
	} {
		customers := goodCustomers()
		customers[0] = with(customers[0], "desk", c.desk)
		var got []Violation
		for _, v := range CheckWorld("d", ss, world(customers, []state.Record{with(goodInvoice(), "memo", c.memo)}, nil)) {
			if v.Rule == RuleInvariant && v.Field == "memo" {
				got = append(got, v)
			}
		}
		if len(got) > 0 != c.want {
			t.Errorf("invoice %q under %q: violations %v, want one %v", c.memo, c.desk, got, c.want)
		}
	}
}

// TestAgreesByKindBesideItsPeers: by kind, a record at large takes no
// text of a topic another record of its collection names (a parcel that
// arrived damaged under "Ask about an order" where "Report a delivery
// problem" is offered); a text of no topic, or of one no other record
// names, it takes.
func TestAgreesByKindBesideItsPeers(t *testing.T) {
	ss := servers()
	inv := ss["billing"].Collection("invoices")
	inv.Fields["memo"] = atom.Field{Type: "string", Role: atom.RoleText}
	ss["billing"].Collection("customers").Fields["desk"] = atom.Field{Type: "string", Role: atom.RoleTitle}
	inv.Invariants = []atom.Invariant{{Rule: "agrees", Fields: []string{"memo", "customer_ref", "desk"}, By: atom.AgreeKind}}
	for _, c := range []struct {
		memo, otherDesk string
		want            bool // a violation
	}{
		{"Order 2231 arrived damaged", "Report a delivery problem", true},
		{"Order 2231 arrived damaged", "Change a shipping address", false},
		{"Shipping address change for order 2231", "Change a shipping address", true},
		{"Shipping address change for order 2231", "Report a bug", false},
		{"Where is order 2231?", "Report a delivery problem", false},
	} {
		customers := goodCustomers()
		customers[0] = with(customers[0], "desk", "Ask about an order")
		customers[1] = with(customers[1], "desk", c.otherDesk)
		var got []Violation
		for _, v := range CheckWorld("d", ss, world(customers, []state.Record{with(goodInvoice(), "memo", c.memo)}, nil)) {
			if v.Rule == RuleInvariant && v.Field == "memo" {
				got = append(got, v)
			}
		}
		if len(got) > 0 != c.want {
			t.Errorf("invoice %q under \"Ask about an order\" beside %q: violations %v, want one %v", c.memo, c.otherDesk, got, c.want)
		}
	}
}

// TestAgreesWhereItsParentIs: an agrees rule of three fields with states
// holds only where the referenced record is in one of them: a deleted
// parent's children are deleted, a live parent's are free.
func TestAgreesWhereItsParentIs(t *testing.T) {
	ss := servers()
	ss["billing"].Collection("customers").Fields["state"] = atom.Field{Type: "string", Enum: []any{"live", "paused", "deleted"}}
	inv := ss["billing"].Collection("invoices")
	inv.Fields["state"] = atom.Field{Type: "string", Enum: []any{"live", "paused", "deleted"}}
	inv.Invariants = []atom.Invariant{{Rule: "agrees", Fields: []string{"state", "customer_ref", "state"}, In: []string{"deleted"}}}
	for _, c := range []struct {
		parent, own string
		want        bool // a violation
	}{
		{"deleted", "live", true},
		{"deleted", "paused", true},
		{"deleted", "deleted", false},
		{"live", "paused", false},
		{"paused", "deleted", false},
	} {
		cs := goodCustomers()
		cs[0]["state"] = c.parent
		var got []Violation
		for _, v := range CheckWorld("d", ss, world(cs, []state.Record{with(goodInvoice(), "state", c.own)}, nil)) {
			if v.Rule == RuleInvariant && v.Field == "state" {
				got = append(got, v)
			}
		}
		if len(got) > 0 != c.want {
			t.Errorf("invoice %s under a customer %s: violations %v, want one %v", c.own, c.parent, got, c.want)
		}
	}
}
