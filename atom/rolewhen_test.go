package atom

import (
	"strings"
	"testing"
)

// A role by kind names a known role other than the field's own, another
// field of the collection and values of its enum.
func TestRoleWhenDeclaration(t *testing.T) {
	const src = `kind: server
id: wiki
collections:
  - name: spaces
    fields:
      name: {type: string, role: title, role_when: {field: type, in: [personal], role: person_name}}
      type: {type: string, enum: [global, personal], role: status}
tools:
  - name: wiki_list_spaces
    description: List spaces.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: spaces}
`
	for _, c := range []struct{ name, old, new, field, want string }{
		{name: "declaration loads"},
		{"an unknown role", "role: person_name}", "role: owner}", "collections[0].fields.name.role_when.role", `"owner"`},
		{"the field's own role", "role: person_name}", "role: title}", "collections[0].fields.name.role_when.role", `"title"`},
		{"no such field", "field: type,", "field: kind,", "collections[0].fields.name.role_when.field", `"kind"`},
		{"a value outside the enum", "in: [personal]", "in: [private]", "collections[0].fields.name.role_when.in[0]", `"private"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectDiag(t, strings.Replace(src, c.old, c.new, 1), c.field, c.want, "")
		})
	}
}
