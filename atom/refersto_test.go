package atom

import (
	"strings"
	"testing"
)

const refersServer = `kind: server
id: books
collections:
  - name: contacts
    fields:
      contact_type: {type: string, enum: [customer, vendor], role: status}
  - name: states
    fields:
      type: {type: string, enum: [started, done], role: status}
  - name: invoices
    fields:
      customer_id: {type: string, role: ref, ref: contacts}
      state_id: {type: string, role: ref, ref: states}
      completed: {type: boolean, role: flag}
      balance: {type: number, role: money}
      total: {type: number, role: money}
      status: {type: string, enum: [draft, paid], role: status}
    invariants:
      - {rule: refers_to, fields: [customer_id, contact_type], in: [customer]}
      - {rule: flag_of, fields: [completed, state_id, type], in: [done]}
      - {rule: remaining, fields: [balance, total]}
      - {rule: full_when, fields: [total, status], in: [paid]}
tools:
  - name: books_list_invoices
    description: List invoices.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: invoices}
`

// refers_to and flag_of read a field of the record a reference names, and
// list its values; remaining takes two fields, or three with the states
// of its third in which nothing was paid (in) and in which a part was
// (values), full_when states of its second.
func TestReferencedKindDeclarations(t *testing.T) {
	for _, c := range []struct{ name, old, new, field, want string }{
		{name: "declarations load"},
		{"a kind the referenced field cannot hold", "in: [customer]", "in: [supplier]", "collections[2].invariants[0].in[0]", `"supplier"`},
		{"no such field on the referenced record", "[customer_id, contact_type]", "[customer_id, kind]", "collections[2].invariants[0].fields[1]", `no field "kind"`},
		{"not a reference", "[customer_id, contact_type]", "[balance, contact_type]", "collections[2].invariants[0].fields[0]", "ref field"},
		{"a flag that is no flag", "[completed, state_id, type]", "[balance, state_id, type]", "collections[2].invariants[1].fields[0]", "not a boolean"},
		{"a paid state the status cannot hold", "in: [paid]", "in: [settled]", "collections[2].invariants[3].in[0]", `"settled"`},
		{"remaining without its whole", "[balance, total]}", "[balance]}", "collections[2].invariants[2].fields", "rule remaining takes"},
		{"remaining unpaid in a state of its status", "[balance, total]}", "[balance, total, status], in: [draft]}", "", ""},
		{"remaining in states of a status it does not name", "[balance, total]}", "[balance, total], in: [draft]}", "collections[2].invariants[2].in", "in lists the states"},
		{"remaining unpaid in a state its status cannot hold", "[balance, total]}", "[balance, total, status], in: [sent]}", "collections[2].invariants[2].in[0]", `"sent"`},
		{"remaining part paid in a state of its status", "[balance, total]}", "[balance, total, status], in: [draft], values: [paid]}", "", ""},
		{"remaining part paid in a state its status cannot hold", "[balance, total]}", "[balance, total, status], in: [draft], values: [partly]}", "collections[2].invariants[2].values[0]", `"partly"`},
		{"remaining part paid with no status", "[balance, total]}", "[balance, total], values: [paid]}", "collections[2].invariants[2].values", "values lists"},
		{"remaining by a status that is not there", "[balance, total]}", "[balance, total, stage], in: [draft]}", "collections[2].invariants[2].fields[2]", `no field "stage"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectDiag(t, strings.Replace(refersServer, c.old, c.new, 1), c.field, c.want, "")
		})
	}
}

// A refers_to rule of three fields holds for the records holding one of
// its values in the third (a manager's membership is a named space's):
// the values are the third field's, and only such a rule lists them.
func TestRefersFromSomeRecords(t *testing.T) {
	gated := strings.Replace(refersServer, "in: [customer]}", "in: [customer], values: [paid]}", 1)
	gated = strings.Replace(gated, "[customer_id, contact_type]", "[customer_id, contact_type, status]", 1)
	for _, c := range []struct{ name, old, new, field, want string }{
		{name: "declarations load"},
		{"a value the third field cannot hold", "values: [paid]", "values: [void]", "collections[2].invariants[0].values[0]", `"void"`},
		{"no values", ", values: [paid]}", "}", "collections[2].invariants[0].values", "three fields"},
		{"no such third field", "contact_type, status]", "contact_type, state]", "collections[2].invariants[0].fields[2]", `no field "state"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectDiag(t, strings.Replace(gated, c.old, c.new, 1), c.field, c.want, "")
		})
	}
	inv := Invariant{Rule: "refers_to", Fields: []string{"space", "spaceType", "role"}, In: []string{"SPACE"}, Values: []string{"ROLE_MANAGER"}}
	if !inv.RefersFrom(map[string]any{"role": "ROLE_MANAGER"}) || inv.RefersFrom(map[string]any{"role": "ROLE_MEMBER"}) {
		t.Errorf("a manager's membership is judged, a member's not")
	}
}
