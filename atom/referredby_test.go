package atom

import (
	"strings"
	"testing"
)

const referredServer = `kind: server
id: mail
collections:
  - name: messages
    fields:
      thread_id: {type: string, role: ref, ref: threads}
      has_attachments: {type: boolean, role: flag}
      attachment_ids: {type: array, items: string, role: ref, ref: attachments}
    invariants:
      - {rule: referred_by, fields: [has_attachments, attachments, message_id]}
      - {rule: referred_by, fields: [attachment_ids, attachments, message_id]}
  - name: attachments
    fields:
      message_id: {type: string, role: ref, ref: messages}
  - name: threads
    fields:
      owner: {type: string, format: email, role: email}
    invariants:
      - {rule: referred_by, fields: [owner, grants, thread_id, role], from: [email], in: [owner]}
  - name: grants
    fields:
      thread_id: {type: string, role: ref, ref: threads}
      email: {type: string, format: email, role: email}
      role: {type: string, enum: [owner, reader], role: status}
tools:
  - name: mail_list_messages
    description: List messages.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: messages}
`

// referred_by names a collection of the server whose field refers to the
// record's, and the fields it reads there; its states are those of its
// fourth field.
func TestReferredByDeclarations(t *testing.T) {
	for _, c := range []struct{ name, old, new, field, want string }{
		{name: "declarations load"},
		{"no such collection", "[has_attachments, attachments,", "[has_attachments, files,", "collections[0].invariants[0].fields[1]", `no collection "files"`},
		{"a field that refers elsewhere", "[attachment_ids, attachments, message_id]", "[attachment_ids, attachments, id]", "collections[0].invariants[1].fields[2]", "refers to messages"},
		{"no such field of the record", "[has_attachments, attachments,", "[attached, attachments,", "collections[0].invariants[0].fields[0]", `no field "attached"`},
		{"no such field to count by", "thread_id, role]", "thread_id, kind]", "collections[2].invariants[0].fields[3]", `no field "kind"`},
		{"no such value field", "from: [email]", "from: [address]", "collections[2].invariants[0].from[0]", `no field "address"`},
		{"a state the fourth field cannot hold", "in: [owner]", "in: [admin]", "collections[2].invariants[0].in[0]", `"admin"`},
		{"states without a fourth field", "thread_id, role], from: [email], in: [owner]", "thread_id], from: [email], in: [owner]", "collections[2].invariants[0].in", "referred_by rule of four fields"},
		{"five fields", "thread_id, role]", "thread_id, role, email]", "collections[2].invariants[0].fields", "rule referred_by takes"},
		{"a flag set by another collection too", "[has_attachments, attachments, message_id]}", "[has_attachments, attachments, message_id], with: [threads]}", "collections[0].invariants[0].with[0]", "whose field message_id refers to messages"},
		{"with on no flag", "[attachment_ids, attachments, message_id]}", "[attachment_ids, attachments, message_id], with: [attachments]}", "collections[0].invariants[1].with", "attachment_ids is no flag"},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectDiag(t, strings.Replace(referredServer, c.old, c.new, 1), c.field, c.want, "")
		})
	}
}

// Referred judges a flag, a list and a value by the records that refer to
// the record: a flag true exactly where one counts, a list holding exactly
// their keys, a value that is the one's that counts.
func TestReferred(t *testing.T) {
	flag := Invariant{Rule: "referred_by", Fields: []string{"has", "parts", "of"}}
	list := Invariant{Rule: "referred_by", Fields: []string{"ids", "parts", "of"}}
	owner := Invariant{Rule: "referred_by", Fields: []string{"owner", "grants", "of", "role"}, From: []string{"email"}, In: []string{"owner"}}
	parts := Referrers{{"id": "a1", "of": "m1"}, {"id": "a2", "of": "m1"}}
	grant := func(email, role string) map[string]any { return map[string]any{"email": email, "role": role} }
	for _, c := range []struct {
		name string
		inv  Invariant
		fd   Field
		rec  map[string]any
		refs Referrers
		bad  bool
	}{
		{"a flag with parts", flag, Field{Type: "boolean"}, map[string]any{"has": true}, parts, false},
		{"a flag false with parts", flag, Field{Type: "boolean"}, map[string]any{"has": false}, parts, true},
		{"a flag true without parts", flag, Field{Type: "boolean"}, map[string]any{"has": true}, nil, true},
		{"an unset flag", flag, Field{Type: "boolean"}, map[string]any{}, parts, false},
		{"a list of its parts in another order", list, Field{Type: "array"}, map[string]any{"ids": []any{"a2", "a1"}}, parts, false},
		{"a list missing a part", list, Field{Type: "array"}, map[string]any{"ids": []any{"a1"}}, parts, true},
		{"a list of another's part", list, Field{Type: "array"}, map[string]any{"ids": []any{"a9"}}, nil, true},
		{"the owner's grant is the owner one", owner, Field{Type: "string"}, map[string]any{"owner": "ana@x.example"}, Referrers{grant("ana@x.example", "owner"), grant("bo@x.example", "reader")}, false},
		{"two owners", owner, Field{Type: "string"}, map[string]any{"owner": "ana@x.example"}, Referrers{grant("ana@x.example", "owner"), grant("bo@x.example", "owner")}, true},
		{"another owns it", owner, Field{Type: "string"}, map[string]any{"owner": "ana@x.example"}, Referrers{grant("bo@x.example", "owner")}, true},
		{"the owner holds a reader's grant", owner, Field{Type: "string"}, map[string]any{"owner": "ana@x.example"}, Referrers{grant("ana@x.example", "reader")}, true},
		{"no grant of the owner", owner, Field{Type: "string"}, map[string]any{"owner": "ana@x.example"}, Referrers{grant("bo@x.example", "reader")}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if p, bad := c.inv.Referred(c.fd, c.rec, c.refs, "id"); bad != c.bad {
				t.Errorf("bad = %v (%s), want %v", bad, p.Message, c.bad)
			}
			// What Kept gives the field agrees with the referrers; it
			// gives nothing only where no value could (two owners, none).
			v, ok := c.inv.Kept(c.fd, c.rec, c.refs, "id")
			if !ok {
				if c.bad && c.name != "two owners" && c.name != "the owner holds a reader's grant" {
					t.Errorf("Kept gives nothing for a field it could mend")
				}
				return
			}
			kept := map[string]any{c.inv.Fields[0]: v}
			if p, bad := c.inv.Referred(c.fd, kept, c.refs, "id"); bad {
				t.Errorf("Kept gives %v: %s", v, p.Message)
			}
		})
	}
}
