package atom

import (
	"strings"
	"testing"
)

const staffServer = `kind: server
id: desk
collections:
  - name: users
    staff: {field: role, values: [agent, admin]}
    fields:
      name: {type: string, role: person_name}
      email: {type: string, format: email, role: email}
      role: {type: string, enum: [end-user, agent, admin], role: status}
tools:
  - name: desk_list_users
    description: List users.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: users}
`

// A staff declaration names address fields of its collection, and a field
// and values of it together.
func TestStaffDeclaration(t *testing.T) {
	for _, c := range []struct{ name, old, new, field, want string }{
		{name: "declaration loads"},
		{"every record staff", "staff: {field: role, values: [agent, admin]}", "staff: {}", "", ""},
		{"address field of another role", "staff: {field", "staff: {email: [name], field", "collections[0].staff.email[0]", `"name"`},
		{"values without their field", "{field: role, values", "{values", "collections[0].staff", "go together"},
		{"field not in the collection", "field: role,", "field: kind,", "collections[0].staff.field", `"kind"`},
		{"value outside the enum", "values: [agent, admin]", "values: [agent, owner]", "collections[0].staff.values[1]", `"owner"`},
		{"no address at all", "      email: {type: string, format: email, role: email}\n", "", "collections[0].staff", "no email field"},
		{"an address field declared staff", "role: email}", "role: email, staff: true}", "", ""},
		{"a name declared staff", "role: person_name}", "role: person_name, staff: true}", "collections[0].fields.name.staff", "role email"},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectDiag(t, strings.Replace(staffServer, c.old, c.new, 1), c.field, c.want, "")
		})
	}
}
