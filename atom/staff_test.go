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
      login: {type: string, format: email, role: id}
      handle: {type: string, role: id}
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
		{"a key that is an address", "staff: {field", "staff: {email: [login], field", "", ""},
		{"a key of another format", "staff: {field", "staff: {email: [handle], field", "collections[0].staff.email[0]", `"handle"`},
		{"an address field declared staff", "role: email}", "role: email, staff: true}", "", ""},
		{"a name declared staff", "role: person_name}", "role: person_name, staff: true}", "collections[0].fields.name.staff", "role email"},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectDiag(t, strings.Replace(staffServer, c.old, c.new, 1), c.field, c.want, "")
		})
	}
}

// A staff declaration via a reference reads its field on the record the
// reference names: via is a ref field, and the field is that record's.
func TestStaffDeclarationVia(t *testing.T) {
	src := `kind: server
id: chat
collections:
  - name: spaces
    fields:
      closed: {type: boolean, role: flag}
  - name: members
    staff: {via: space, field: closed, values: ["true"]}
    fields:
      space: {type: string, role: ref, ref: spaces}
      email: {type: string, format: email, role: email}
tools:
  - name: chat_list_members
    description: List members.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: members}
`
	for _, c := range []struct{ name, old, new, field, want string }{
		{name: "declaration loads"},
		{"via no reference", "via: space,", "via: email,", "collections[1].staff.via", "ref field"},
		{"a field the referenced record lacks", "field: closed,", "field: open,", "collections[1].staff.field", `no field "open" in collection spaces`},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectDiag(t, strings.Replace(src, c.old, c.new, 1), c.field, c.want, "")
		})
	}
	st := &Staff{Via: "space", Field: "closed", Values: []string{"true"}}
	if !st.HoldsVia(map[string]any{}, map[string]any{"closed": true}) || st.HoldsVia(map[string]any{}, map[string]any{"closed": false}) || st.Holds(map[string]any{"closed": true}) {
		t.Errorf("a member of a closed space is staff, of an open one not, and the record alone does not say")
	}
}
