package atom

import (
	"strings"
	"testing"
)

const setWhenServer = `kind: server
id: wiki
collections:
  - name: pages
    fields:
      status: {type: string, enum: [current, draft], role: status}
      version: {type: integer, role: count}
      kind: {type: string, enum: [page, blog], role: status}
    invariants:
      - {rule: set_when, fields: [version, status], in: [draft], values: ["1"]}
tools:
  - name: wiki_list_pages
    description: List pages.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: pages}
`

// A set_when rule may name the values its field holds in its states: a
// number for a number field, one of the field's enum for a field of
// states.
func TestSetWhenValues(t *testing.T) {
	for _, c := range []struct{ name, old, new, field, want string }{
		{name: "declarations load"},
		{"not a number", `values: ["1"]`, `values: ["one"]`, "collections[0].invariants[0].values[0]", "not a number"},
		{"not a state of the field", `fields: [version, status], in: [draft], values: ["1"]`, `fields: [kind, status], in: [draft], values: [wiki]`, "collections[0].invariants[0].values[0]", `"wiki" is not a value of kind`},
		{"a state of the field", `fields: [version, status], in: [draft], values: ["1"]`, `fields: [kind, status], in: [draft], values: [page]`, "", ""},
		{"audience on a number", "version: {type: integer, role: count}", "version: {type: integer, role: count, audience: true}", "collections[0].fields.version.audience", "audience needs a string field of role text"},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectDiag(t, strings.Replace(setWhenServer, c.old, c.new, 1), c.field, c.want, "")
		})
	}
	inv := Invariant{Rule: "set_when", Fields: []string{"version", "status"}, In: []string{"draft"}, Values: []string{"1"}}
	for v, want := range map[any]bool{1.0: true, 1: true, 4.0: false, "1": true, nil: false} {
		if got := inv.HoldsValue(map[string]any{"version": v}); got != want {
			t.Errorf("HoldsValue(version %v) = %v, want %v", v, got, want)
		}
	}
}
