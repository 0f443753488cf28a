package celshape

import (
	"testing"

	"github.com/legoenv/legoenv/assert"
)

// The common shape reads as its collection and predicates; a negation
// reads negative; a disjunction does not read.
func TestParse(t *testing.T) {
	sh := Parse(`!state["mail"]["messages"].exists(r, r.subject == "A" && r.body.contains("x"))`)
	if sh == nil || sh.Target != "mail.messages" || !sh.Negative || len(sh.Where) != 2 {
		t.Fatalf("Parse = %+v, want a negative reading of mail.messages with two predicates", sh)
	}
	if p := sh.Where[1]; p.Field != "body" || p.Op != assert.OpContains || p.Value != "x" {
		t.Errorf("second predicate %+v, want body contains x", p)
	}
	if sh := Parse(`state["mail"]["messages"].exists(r, r.subject == "A" || r.subject == "B")`); sh != nil {
		t.Errorf("a disjunction read as %+v", sh)
	}
}

// A join reads as the record's own tests and the record of another
// collection it names by what that record holds.
func TestParseJoins(t *testing.T) {
	target, where, joins, ok := ParseJoins(`state["crm"]["deals"].exists(r, r.name == "X" && (type(r.contact_ids) == list ? r.contact_ids.exists(i, state["crm"]["contacts"].exists(t, t["id"] == i && t.email == "y@z.example")) : state["crm"]["contacts"].exists(t, t["id"] == r.contact_ids && t.email == "y@z.example")))`)
	if !ok || target != "crm.deals" || len(where) != 1 || len(joins) != 1 {
		t.Fatalf("ParseJoins = %q %v %v %v, want crm.deals, one test, one join", target, where, joins, ok)
	}
	if j := joins[0]; j.Target != "crm.contacts" || j.Key != "id" || len(j.Where) != 1 {
		t.Errorf("join %+v, want crm.contacts by id with one test", j)
	}
}
