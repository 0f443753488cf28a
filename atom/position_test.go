package atom

import (
	"strings"
	"testing"
)

const positionServer = `kind: server
id: sign
collections:
  - name: requests
    fields:
      signers: {type: array, items: string, role: emails}
      title: {type: string, role: title}
  - name: signatures
    fields:
      request_id: {type: string, role: ref, ref: requests, required: true}
      signer: {type: string, format: email, role: email}
      order: {type: integer, role: count}
      note: {type: string, role: text}
    invariants:
      - {rule: position, fields: [order, request_id, signers], from: [signer]}
tools:
  - name: sign_list
    description: List signatures.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: signatures}
`

// A position rule writes a number, reads a list of the referenced record
// and takes one field of the record's own.
func TestPositionDeclarations(t *testing.T) {
	const rule = "{rule: position, fields: [order, request_id, signers], from: [signer]}"
	for _, c := range []struct{ name, new, field, want string }{
		{name: "declarations load", new: rule},
		{"a place in no number", "{rule: position, fields: [note, request_id, signers], from: [signer]}", "collections[1].invariants[0].fields[0]", "no number"},
		{"a place in no list", "{rule: position, fields: [order, request_id, title], from: [signer]}", "collections[1].invariants[0].fields[2]", "place in a list"},
		{"no field of its own", "{rule: position, fields: [order, request_id, signers]}", "collections[1].invariants[0].from", "the one field"},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectDiag(t, strings.Replace(positionServer, rule, c.new, 1), c.field, c.want, "")
		})
	}
}
