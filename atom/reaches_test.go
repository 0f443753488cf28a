package atom

import (
	"strings"
	"testing"
)

const chargeServer = `kind: server
id: pay
collections:
  - name: charges
    fields:
      id: {type: string, role: id}
      amount: {type: integer, role: money, unit: minor}
      amount_refunded: {type: integer, role: money, unit: minor}
      refunded: {type: boolean, role: flag}
      description: {type: string, role: text}
    invariants:
      - {rule: reaches, fields: [refunded, amount_refunded, amount]}
  - name: refunds
    fields:
      id: {type: string, role: id}
      charge: {type: string, role: ref, ref: charges}
      amount: {type: integer, role: money, unit: minor}
tools:
  - name: pay_list_charges
    description: List charges.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: charges}
`

// TestReaches: a reaches rule's flag is true exactly where its part has
// come to its whole, above nothing; a record missing a number asks
// nothing; lint wants a flag and two numbers.
func TestReaches(t *testing.T) {
	c := &Collection{Name: "charges", Fields: map[string]Field{
		"amount": {Type: "integer", Role: RoleMoney}, "amount_refunded": {Type: "integer", Role: RoleMoney},
		"refunded": {Type: "boolean", Role: RoleFlag},
	}, Invariants: []Invariant{{Rule: "reaches", Fields: []string{"refunded", "amount_refunded", "amount"}}}}
	for _, tc := range []struct {
		rec  map[string]any
		want int
	}{
		{map[string]any{"amount": 500.0, "amount_refunded": 500.0, "refunded": true}, 0},
		{map[string]any{"amount": 500.0, "amount_refunded": 500.0, "refunded": false}, 1},
		{map[string]any{"amount": 500.0, "amount_refunded": 200.0, "refunded": false}, 0},
		{map[string]any{"amount": 500.0, "amount_refunded": 200.0, "refunded": true}, 1},
		{map[string]any{"amount": 0.0, "amount_refunded": 0.0, "refunded": false}, 0},
		{map[string]any{"amount": 500.0, "refunded": true}, 0},
		{map[string]any{"amount": 500.0, "amount_refunded": 500.0}, 0},
	} {
		if ps := c.RecordProblems(tc.rec); len(ps) != tc.want || tc.want > 0 && ps[0].Field != "refunded" {
			t.Errorf("%v: problems %v, want %d on refunded", tc.rec, ps, tc.want)
		}
	}
	expectDiag(t, chargeServer, "", "", "")
	expectDiag(t, strings.Replace(chargeServer, "[refunded, amount_refunded, amount]", "[amount, amount_refunded, amount]", 1), "collections[0].invariants[0].fields[0]", "reaches sets a flag", "")
	expectDiag(t, strings.Replace(chargeServer, "[refunded, amount_refunded, amount]", "[refunded, description, amount]", 1), "collections[0].invariants[0].fields[1]", "reaches compares two numbers", "")
	expectDiag(t, strings.Replace(chargeServer, "[refunded, amount_refunded, amount]", "[refunded, amount]", 1), "collections[0].invariants[0].fields", "takes", "")
}

// TestReferredByCount: a referred_by rule by count goes into a number and
// reads no field of the referring records.
func TestReferredByCount(t *testing.T) {
	s := strings.Replace(chargeServer, "      - {rule: reaches, fields: [refunded, amount_refunded, amount]}", "      - {rule: referred_by, fields: [amount_refunded, refunds, charge], by: count}", 1)
	expectDiag(t, s, "", "", "")
	expectDiag(t, strings.Replace(s, "fields: [amount_refunded, refunds", "fields: [refunded, refunds", 1), "collections[0].invariants[0].by", "a count goes into a number", "")
	expectDiag(t, strings.Replace(s, "by: count}", "by: count, from: [amount]}", 1), "collections[0].invariants[0].by", "a count goes into a number", "")
	refs := Referrers{{"charge": "c1", "amount": 5.0}, {"charge": "c1"}}
	inv := Invariant{Rule: "referred_by", Fields: []string{"amount_refunded", "refunds", "charge"}, By: DeriveCount}
	fd := Field{Type: "integer"}
	if _, bad := inv.Referred(fd, map[string]any{"amount_refunded": 2.0}, refs, "id"); bad {
		t.Error("a count of 2 over 2 referring records is a problem")
	}
	if p, bad := inv.Referred(fd, map[string]any{"amount_refunded": 3.0}, refs, "id"); !bad || p.Field != "amount_refunded" {
		t.Errorf("a count of 3 over 2 referring records: %v %v, want a problem on amount_refunded", p, bad)
	}
	if v, ok := inv.Kept(fd, map[string]any{}, refs, "id"); !ok || v != 2 {
		t.Errorf("kept %v %v, want 2", v, ok)
	}
}
