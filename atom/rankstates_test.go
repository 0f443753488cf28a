package atom

import (
	"strings"
	"testing"
)

const rankServer = `kind: server
id: hr
collections:
  - name: accounts
    fields:
      code: {type: string, role: code}
  - name: employees
    fields:
      jobTitle: {type: string, role: job_title}
      employmentStatus: {type: string, enum: [Full-Time, Part-Time, Contractor, Intern], role: status}
      note: {type: string, role: text}
      daily: {type: number, role: money}
      monthly: {type: number, role: money}
      account_id: {type: string, role: ref, ref: accounts}
      ledger_code: {type: string, role: code}
    invariants:
      - {rule: senior, fields: [jobTitle, employmentStatus], values: [Intern, Contractor]}
      - {rule: ratio, fields: [monthly, daily], scale: 30.4}
      - {rule: display, fields: [ledger_code, account_id], from: [code]}
tools:
  - name: hr_list_employees
    description: List employees.
    input: {type: object, properties: {}}
    effect: {kind: search, collection: employees}
`

// A senior rule of two fields reads a job title and keeps states of the
// other field's enum off one that leads others; a ratio of two fields is a field
// times a scale; a display rule copies a code only from a code.
func TestRankStatesDeclarations(t *testing.T) {
	for _, c := range []struct{ name, old, new, field, want string }{
		{name: "declarations load"},
		{"no states", ", values: [Intern, Contractor]}", "}", "collections[1].invariants[0].values", "lists the states"},
		{"a state of no enum", "values: [Intern, Contractor]", "values: [Intern, Volunteer]", "collections[1].invariants[0].values", "Volunteer"},
		{"not a job title", "fields: [jobTitle, employmentStatus]", "fields: [note, employmentStatus]", "collections[1].invariants[0].fields[0]", "job titles"},
		{"a code from a text", "from: [code]}", "from: [code, code]}", "collections[1].invariants[2].fields[0]", "role code"},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectDiag(t, strings.Replace(rankServer, c.old, c.new, 1), c.field, c.want, "")
		})
	}
}

// RankedOut holds for a head, a director, a vice president or a chief in
// one of the states,
// and Rate of two fields is the second times the scale.
func TestRankedOutAndRateOfTwo(t *testing.T) {
	inv := Invariant{Rule: "senior", Fields: []string{"jobTitle", "employmentStatus"}, Values: []string{"Intern", "Contractor"}}
	for _, c := range []struct {
		title, status string
		want          bool
	}{{"CTO", "Intern", true}, {"VP of Sales", "Contractor", true}, {"Head of Design", "Intern", true}, {"CTO", "Full-Time", false}, {"Support Engineer", "Intern", false}} {
		if got := inv.RankedOut(map[string]any{"jobTitle": c.title, "employmentStatus": c.status}); got != c.want {
			t.Errorf("RankedOut(%s, %s) = %v, want %v", c.title, c.status, got, c.want)
		}
	}
	r := Invariant{Rule: "ratio", Fields: []string{"monthly", "daily"}, Scale: 30.4}
	if want, got, ok := r.Rate(map[string]any{"monthly": 360.19, "daily": 100.0}); !ok || want != 3040 || got != 360.19 {
		t.Errorf("Rate = %v, %v, %v; want 3040, 360.19, true", want, got, ok)
	}
}
