package atom

import (
	"strings"
	"testing"
)

const grantedServer = `kind: server
id: docs
collections:
  - name: documents
    fields:
      owner: {type: string, format: email, role: email}
  - name: comments
    fields:
      document_id: {type: string, role: ref, ref: documents}
      author: {type: string, format: email, role: email}
    invariants:
      - {rule: granted, fields: [author, document_id, permissions, document_id, role], in: [writer, commenter], from: [email_address, type], values: [anyone], with: [owner]}
  - name: permissions
    fields:
      document_id: {type: string, role: ref, ref: documents}
      email_address: {type: string, format: email, role: email}
      role: {type: string, enum: [owner, writer, commenter, reader], role: status}
      type: {type: string, enum: [user, domain, anyone], role: status}
    invariants:
      - {rule: unique, fields: [document_id, type], values: [anyone, domain]}
tools:
  - name: docs_list_comments
    description: List comments.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: comments}
`

// granted names the container by a reference, a collection of grants whose
// field refers to it, and the grants' fields; its states are the grants'
// fifth field's, its values the kind's. A unique rule's values are its
// last field's.
func TestGrantedDeclarations(t *testing.T) {
	for _, c := range []struct{ name, old, new, field, want string }{
		{name: "declarations load"},
		{"no such grants", "document_id, permissions,", "document_id, shares,", "collections[1].invariants[0].fields[2]", `no collection "shares"`},
		{"not a reference to the container", "[author, document_id, permissions, document_id,", "[author, document_id, permissions, email_address,", "collections[1].invariants[0].fields[3]", "refers to documents"},
		{"no container", "[author, document_id, permissions", "[author, author, permissions", "collections[1].invariants[0].fields[1]", "ref field"},
		{"no such address field", "from: [email_address, type]", "from: [address, type]", "collections[1].invariants[0].from[0]", `no field "address"`},
		{"a state the grants cannot hold", "in: [writer, commenter]", "in: [writer, editor]", "collections[1].invariants[0].in[1]", `"editor"`},
		{"a kind the grants cannot hold", "values: [anyone], with", "values: [everyone], with", "collections[1].invariants[0].values[0]", `"everyone"`},
		{"kinds without a kind field", "from: [email_address, type], values", "from: [email_address], values", "collections[1].invariants[0].values", "kind field"},
		{"no such field of the container", "with: [owner]", "with: [creator]", "collections[1].invariants[0].with[0]", `no field "creator"`},
		{"states without a fifth field", "document_id, role], in", "document_id], in", "collections[1].invariants[0].in", "granted rule of five fields"},
		{"a unique value its field cannot hold", "values: [anyone, domain]}", "values: [anyone, group]}", "collections[2].invariants[0].values[1]", `"group"`},
		{"values on another rule", "{rule: unique, fields: [document_id, type]", "{rule: at_most_one, fields: [document_id, type]", "collections[2].invariants[0].values", "values lists"},
		{"by named loads", "with: [owner]}", "with: [owner], by: named}", "", ""},
		{"by named on another rule", "values: [anyone, domain]}", "values: [anyone, domain], by: named}", "collections[2].invariants[0].by", "by named for granted"},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectDiag(t, strings.Replace(grantedServer, c.old, c.new, 1), c.field, c.want, "")
		})
	}
}

// Granted lets in the container's own fields, a grant that counts naming
// the address, a grant to anyone, and a grant naming no address to the
// domain of the container's own; no other.
func TestGranted(t *testing.T) {
	inv := Invariant{Rule: "granted", Fields: []string{"author", "document_id", "permissions", "document_id", "role"}, In: []string{"writer", "commenter"}, From: []string{"email_address", "type"}, Values: []string{"anyone"}, With: []string{"owner"}}
	doc := map[string]any{"id": "d1", "owner": "ana@acme.example"}
	g := func(kv ...string) map[string]any {
		out := map[string]any{"document_id": "d1"}
		for i := 0; i+1 < len(kv); i += 2 {
			out[kv[i]] = kv[i+1]
		}
		return out
	}
	for _, c := range []struct {
		name   string
		addr   string
		grants Referrers
		want   bool
	}{
		{"owner", "ana@acme.example", nil, true},
		{"none", "li@globex.example", nil, false},
		{"named commenter", "li@globex.example", Referrers{g("email_address", "li@globex.example", "role", "commenter", "type", "user")}, true},
		{"named reader", "li@globex.example", Referrers{g("email_address", "li@globex.example", "role", "reader", "type", "user")}, false},
		{"anyone", "li@globex.example", Referrers{g("role", "writer", "type", "anyone")}, true},
		{"domain, insider", "bo@acme.example", Referrers{g("role", "writer", "type", "domain")}, true},
		{"domain, outsider", "li@globex.example", Referrers{g("role", "writer", "type", "domain")}, false},
		{"no address", "", nil, true},
	} {
		if got := inv.Granted(c.addr, doc, c.grants); got != c.want {
			t.Errorf("%s: granted %v, want %v", c.name, got, c.want)
		}
	}
	if got := inv.GrantedTo(doc, Referrers{g("email_address", "li@globex.example", "role", "commenter"), g("email_address", "bo@globex.example", "role", "reader")}); strings.Join(got, " ") != "ana@acme.example li@globex.example" {
		t.Errorf("granted to %v, want the owner and the commenter", got)
	}
}

// Granted by named judges only a writer a grant names: one whose grants
// there do not count is refused, one no grant names is let in, and a
// writer kept as a handle is the grantee of that local part.
func TestGrantedByNamed(t *testing.T) {
	inv := Invariant{Rule: "granted", Fields: []string{"sender", "space", "memberships", "space", "state"}, In: []string{"JOINED"}, From: []string{"member_email"}, By: GrantNamed}
	grants := Referrers{{"space": "s1", "member_email": "ana.ruiz@acme.example", "state": "INVITED"}, {"space": "s1", "member_email": "bo.kim@acme.example", "state": "JOINED"}}
	for _, c := range []struct {
		addr string
		want bool
	}{
		{"ana.ruiz", false}, {"ana.ruiz@acme.example", false}, {"bo.kim", true}, {"li.wu", true}, {"ana", true}, {"", true},
	} {
		if got := inv.Granted(c.addr, map[string]any{}, grants); got != c.want {
			t.Errorf("%q: granted %v, want %v", c.addr, got, c.want)
		}
	}
}
