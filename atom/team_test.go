package atom

import (
	"strings"
	"testing"
)

const teamServer = `kind: server
id: drive
collections:
  - name: permissions
    fields:
      email: {type: string, format: email, role: email}
      type: {type: string, enum: [user, group], role: status}
    invariants:
      - {rule: team, fields: [email, type], in: [group]}
tools:
  - name: drive_list_permissions
    description: List permissions.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: permissions}
`

// A team rule takes its field, and with a second field the states where
// it holds.
func TestTeamDeclaration(t *testing.T) {
	for _, c := range []struct{ name, old, new, field, want string }{
		{name: "declaration loads"},
		{"one field, everywhere", "fields: [email, type], in: [group]", "fields: [email]", "", ""},
		{"two fields without states", ", in: [group]}", "}", "collections[0].invariants[0].in", "team rule of two fields"},
		{"a state the field cannot hold", "in: [group]", "in: [team]", "collections[0].invariants[0].in[0]", `"team"`},
		{"three fields", "fields: [email, type]", "fields: [email, type, email]", "collections[0].invariants[0].fields", "rule team takes"},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectDiag(t, strings.Replace(teamServer, c.old, c.new, 1), c.field, c.want, "")
		})
	}
}

// A team rule finds one person's name or address where it holds, and
// nothing where it does not.
func TestTeamRule(t *testing.T) {
	inv := Invariant{Rule: "team", Fields: []string{"email", "type"}, In: []string{"group"}}
	for _, c := range []struct {
		rec  map[string]any
		want bool
	}{
		{map[string]any{"type": "group", "email": "james.shah@acme.example"}, true},
		{map[string]any{"type": "group", "email": "Kwame_Schmidt@acme.example"}, true},
		{map[string]any{"type": "group", "email": "sales-team@acme.example"}, false},
		{map[string]any{"type": "group", "email": "support@acme.example"}, false},
		{map[string]any{"type": "user", "email": "james.shah@acme.example"}, false},
	} {
		if _, got := inv.recordProblem(c.rec); got != c.want {
			t.Errorf("%v: problem %v, want %v", c.rec, got, c.want)
		}
	}
	name := Invariant{Rule: "team", Fields: []string{"name"}}
	for v, want := range map[string]bool{"Kwame Schmidt": true, "Customer Success": false, "Billing": false, "Renata Pemberton": true} {
		if _, got := name.recordProblem(map[string]any{"name": v}); got != want {
			t.Errorf("name %q: problem %v, want %v", v, got, want)
		}
	}
}
