package atom

import (
	"strings"
	"testing"
)

const parentServer = `kind: server
id: spend
collections:
  - name: reports
    fields:
      name: {type: string, role: title}
  - name: expenses
    fields:
      report: {type: string, role: ref, ref: reports, parent: true}
      tags: {type: array, items: string, role: ref, ref: reports}
      merchant: {type: string, role: company}
tools:
  - name: spend_list_expenses
    description: List expenses.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: expenses}
`

// Parent marks a single reference: a field of another role, or a list of
// references, is no record its record is kept in.
func TestParentDeclaration(t *testing.T) {
	for _, c := range []struct{ name, old, new, field, want string }{
		{name: "declaration loads"},
		{"a company declared parent", "role: company}", "role: company, parent: true}", "collections[1].fields.merchant.parent", "single reference"},
		{"a list declared parent", "ref: reports}", "ref: reports, parent: true}", "collections[1].fields.tags.parent", "single reference"},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectDiag(t, strings.Replace(parentServer, c.old, c.new, 1), c.field, c.want, "")
		})
	}
}
