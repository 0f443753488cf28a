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

const seniorServer = `kind: server
id: hr
collections:
  - name: employees
    fields:
      name: {type: string, role: person_name}
      title: {type: string, role: job_title}
      manager_id: {type: string, role: ref, ref: employees}
    invariants:
      - {rule: senior, fields: [title, manager_id, title]}
tools:
  - name: hr_list_employees
    description: List employees.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: employees}
`

// A senior rule compares job titles across a single reference.
func TestSeniorDeclaration(t *testing.T) {
	for _, c := range []struct{ name, old, new, field, want string }{
		{name: "declaration loads"},
		{"a name compared", "fields: [title, manager_id, title]", "fields: [name, manager_id, title]", "collections[0].invariants[0].fields[0]", "job titles"},
		{"the manager's name compared", "fields: [title, manager_id, title]", "fields: [title, manager_id, name]", "collections[0].invariants[0].fields[2]", "job titles"},
		{"no reference", "fields: [title, manager_id, title]", "fields: [title, name, title]", "collections[0].invariants[0].fields[1]", "ref field"},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectDiag(t, strings.Replace(seniorServer, c.old, c.new, 1), c.field, c.want, "")
		})
	}
}

// TestTitleRank reads seniority from a title's words.
func TestTitleRank(t *testing.T) {
	for title, want := range map[string]int{"CTO": 3, "Chief People Officer": 3, "Co-founder": 3, "VP of Sales": 2, "Vice President, Finance": 2,
		"Head of Partnerships": 1, "Director of Support": 1, "Product Manager": 0, "Procurement Specialist": 0, "": 0} {
		if got := TitleRank(title); got != want {
			t.Errorf("TitleRank(%q) = %d, want %d", title, got, want)
		}
	}
}
