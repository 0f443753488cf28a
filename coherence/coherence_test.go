package coherence

import (
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/state"
)

// billing is a small accounting app and crm a contacts app: the fields
// carry roles by name, and customer_ref declares its role.
func servers() map[string]*atom.Server {
	billing := &atom.Server{Kind: atom.KindServer, ID: "billing", Collections: []atom.Collection{
		{Name: "customers", Fields: map[string]atom.Field{
			"name": {Type: "string"}, "email": {Type: "string", Format: "email"}, "company_name": {Type: "string"},
		}},
		{Name: "invoices", Fields: map[string]atom.Field{
			"doc_number":   {Type: "string", Role: atom.RoleCode},
			"customer_ref": {Type: "string", Role: atom.RoleRef, Ref: "customers"},
			"status":       {Type: "string", Enum: []any{"draft", "paid", "denied"}},
			"payment":      {Type: "string", Enum: []any{"none", "scheduled"}},
			"amount_due":   {Type: "number"},
			"created_at":   {Type: "string", Format: "date-time"},
			"updated_at":   {Type: "string", Format: "date-time"},
			"priority":     {Type: "integer", Enum: []any{1, 2, 3, 4}},
			"parent_id":    {Type: "string", Role: atom.RoleRef, RefBy: "parent_type", Refs: map[string]string{"customer": "customers", "invoice": "invoices"}},
			"parent_type":  {Type: "string", Enum: []any{"customer", "invoice", "lead"}},
		}},
	}}
	crm := &atom.Server{Kind: atom.KindServer, ID: "crm", Collections: []atom.Collection{
		{Name: "contacts", Fields: map[string]atom.Field{"full_name": {Type: "string"}, "email": {Type: "string"}, "org_id": {Type: "string"}}},
	}}
	return map[string]*atom.Server{"billing": billing, "crm": crm}
}

func world(customers, invoices, contacts []state.Record) *state.World {
	return state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
		state.NewCollection("billing.customers", "id", customers),
		state.NewCollection("billing.invoices", "id", invoices),
		state.NewCollection("crm.contacts", "id", contacts))
}

func goodCustomers() []state.Record {
	return []state.Record{
		{"id": "cus_1041", "name": "Noor Abernathy", "email": "noor.abernathy@acme.example", "company_name": "Acme Holdings"},
		{"id": "cus_2290", "name": "Paulo Nakamura", "email": "paulo.nakamura@globex.example", "company_name": "Globex"},
	}
}

func goodInvoice() state.Record {
	return state.Record{"id": "inv_3001", "doc_number": "INV-1192", "customer_ref": "cus_1041", "status": "draft", "payment": "none",
		"amount_due": 120.5, "created_at": "2026-01-02T10:00:00Z", "updated_at": "2026-02-01T10:00:00Z", "priority": 2.0,
		"parent_type": "customer", "parent_id": "cus_2290"}
}

func with(r state.Record, kv ...any) state.Record {
	out := state.Record{}
	for k, v := range r {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i].(string)] = kv[i+1]
	}
	return out
}

func TestCheckWorld(t *testing.T) {
	contact := state.Record{"id": "con_5512", "full_name": "Paulo Nakamura", "email": "paulo.nakamura@globex.example", "org_id": "org_77120"}
	cases := []struct {
		name      string
		customers []state.Record
		invoices  []state.Record
		contacts  []state.Record
		rule      string // "" means coherent
		field     string
	}{
		{name: "coherent", customers: goodCustomers(), invoices: []state.Record{goodInvoice()}, contacts: []state.Record{contact}},
		{name: "two-word junk in an id", customers: goodCustomers(), invoices: []state.Record{goodInvoice()},
			contacts: []state.Record{with(contact, "org_id", "pricing escalation")}, rule: RuleRole, field: "org_id"},
		{name: "two-word junk in a code", customers: goodCustomers(), invoices: []state.Record{with(goodInvoice(), "doc_number", "budget forecast")}, contacts: []state.Record{contact}, rule: RuleRole, field: "doc_number"},
		{name: "words in a person's name", customers: []state.Record{goodCustomers()[0], with(goodCustomers()[1], "name", "feedback review")},
			invoices: []state.Record{goodInvoice()}, rule: RuleRole, field: "name"},
		{name: "out of enum", customers: goodCustomers(), invoices: []state.Record{with(goodInvoice(), "priority", 6.0)}, rule: RuleEnum, field: "priority"},
		{name: "malformed email", customers: []state.Record{goodCustomers()[0], with(goodCustomers()[1], "email", "paulo.nakamura at globex")},
			invoices: []state.Record{goodInvoice()}, rule: RuleFormat, field: "email"},
		{name: "words in a date", customers: goodCustomers(), invoices: []state.Record{with(goodInvoice(), "updated_at", "dashboard contract")}, rule: RuleFormat, field: "updated_at"},
		{name: "reference to no record", customers: goodCustomers(), invoices: []state.Record{with(goodInvoice(), "customer_ref", "cus_9999")}, rule: RuleRef, field: "customer_ref"},
		{name: "parent of the kind another field names", customers: goodCustomers(), invoices: []state.Record{with(goodInvoice(), "parent_type", "invoice", "parent_id", "inv_3001")}},
		{name: "parent not of the kind another field names", customers: goodCustomers(), invoices: []state.Record{with(goodInvoice(), "parent_type", "invoice")}, rule: RuleRef, field: "parent_id"},
		{name: "parent of a kind that names no collection", customers: goodCustomers(), invoices: []state.Record{with(goodInvoice(), "parent_type", "lead")}, rule: RuleRef, field: "parent_id"},
		{name: "denied and scheduled", customers: goodCustomers(), invoices: []state.Record{with(goodInvoice(), "status", "denied", "payment", "scheduled")}, rule: RuleLifecycle},
		{name: "paid with money due", customers: goodCustomers(), invoices: []state.Record{with(goodInvoice(), "status", "paid")}, rule: RuleLifecycle},
		{name: "updated before created", customers: goodCustomers(), invoices: []state.Record{with(goodInvoice(), "updated_at", "2025-12-01T10:00:00Z")}, rule: RuleLifecycle},
		{name: "one address, two names across apps", customers: goodCustomers(), invoices: []state.Record{goodInvoice()},
			contacts: []state.Record{with(contact, "full_name", "Paula Nakamura")}, rule: RuleIdentity},
		{name: "a person's name as a company", customers: []state.Record{goodCustomers()[0], with(goodCustomers()[1], "company_name", "Noor Abernathy")},
			invoices: []state.Record{goodInvoice()}, rule: RuleIdentity, field: "company_name"},
		{name: "id-form giveaway", customers: append(goodCustomers(), state.Record{"id": "customers_g0_3", "name": "Lena Fischer", "email": "lena.fischer@initech.example", "company_name": "Initech"},
			state.Record{"id": "customers_g0_4", "name": "Ravi Menon", "email": "ravi.menon@initech.example", "company_name": "Initech"},
			state.Record{"id": "customers_g0_5", "name": "Aisha Rahman", "email": "aisha.rahman@initech.example", "company_name": "Initech"}),
			invoices: []state.Record{goodInvoice()}, rule: RuleIDForm, field: "id"},
		{name: "a key a digit short of the others", customers: append(goodCustomers(),
			state.Record{"id": "cus_3318", "name": "Lena Fischer", "email": "lena.fischer@initech.example", "company_name": "Initech"},
			state.Record{"id": "cus_791", "name": "Ravi Menon", "email": "ravi.menon@initech.example", "company_name": "Initech"}),
			invoices: []state.Record{goodInvoice()}, rule: RuleIDForm, field: "id"},
		{name: "duplicate key", customers: append(goodCustomers(), with(goodCustomers()[0], "name", "Lena Fischer", "email", "lena.fischer@acme.example")),
			invoices: []state.Record{goodInvoice()}, rule: RuleUniqueKey},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			vs := CheckWorld("d", servers(), world(tc.customers, tc.invoices, tc.contacts))
			if tc.rule == "" {
				if len(vs) > 0 {
					t.Fatalf("violations in a coherent world: %v", vs)
				}
				return
			}
			for _, v := range vs {
				if v.Rule == tc.rule && (tc.field == "" || v.Field == tc.field) {
					return
				}
			}
			t.Fatalf("no %s violation on %q; got %v", tc.rule, tc.field, vs)
		})
	}
}

// TestExampleLibrary runs the check over a whole library: the example's
// worlds are coherent, and the report counts by rule and by atom agree.
func TestExampleLibrary(t *testing.T) {
	lib := testlib.Example(t)
	rep := Check(lib)
	if rep.Data == 0 || rep.Records == 0 {
		t.Fatalf("nothing checked: %+v", rep)
	}
	var msgs []string
	for _, v := range rep.Violations {
		msgs = append(msgs, v.String())
	}
	if len(rep.Violations) > 0 {
		t.Errorf("example library has %d violations:\n%s", len(rep.Violations), strings.Join(msgs, "\n"))
	}
}

func TestKeyForm(t *testing.T) {
	for k, want := range map[string]string{"con_104": "con_#", "con_1042": "con_# of 8 characters", "contacts_g0_3": "contacts_g*",
		"INV-1001": "INV-# of 8 characters", "3f2a9c1e-77aa-4b1c-9d2e-0c1a2b3c4d5e": "hex of 36 characters", "DAF33399": "DAF# of 8 characters",
		"500Dn000009712": "* of 14 characters", "500Dn0000079421": "* of 15 characters", "sales": "text"} {
		if got := keyForm(k); got != want {
			t.Errorf("keyForm(%q) = %q, want %q", k, got, want)
		}
	}
}
