package coherence

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestRequiredFields: a reference the server marks required must name
// something: an invoice with no customer, or a list of them left empty,
// is found; one that names a customer is not.
func TestRequiredFields(t *testing.T) {
	ss := servers()
	inv := ss["billing"].Collection("invoices")
	ref := inv.Fields["customer_ref"]
	ref.Required = true
	inv.Fields["customer_ref"] = ref
	inv.Fields["watchers"] = atom.Field{Type: "array", Items: "string", Role: atom.RoleRef, Ref: "customers", Required: true}
	good := with(goodInvoice(), "watchers", []any{"cus_2290"})
	for _, c := range []struct {
		name  string
		rec   state.Record
		field string // "" when nothing is wrong
	}{
		{"both hold a value", good, ""},
		{"no customer", with(good, "customer_ref", nil), "customer_ref"},
		{"an empty list", with(good, "watchers", []any{}), "watchers"},
	} {
		var got []string
		for _, v := range CheckWorld("d", ss, world(goodCustomers(), []state.Record{c.rec}, nil)) {
			if v.Rule == RuleRef {
				got = append(got, v.Field)
			}
		}
		if c.field == "" && len(got) > 0 || c.field != "" && (len(got) != 1 || got[0] != c.field) {
			t.Errorf("%s: reference violations on %v, want on %q", c.name, got, c.field)
		}
	}
}
