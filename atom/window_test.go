package atom

import (
	"strings"
	"testing"
)

// A since and a within rule over one date and one reference keep the date
// in a window of the referenced record (a request between its employee's
// hire and leaving), which that record's collection orders by a before
// rule.
func TestWindowsAreOrdered(t *testing.T) {
	window := strings.Replace(strings.Replace(behaviourServer, `      - {rule: only_when, fields: [pinned_by, pinned], in: ["true"]}`,
		`      - {rule: only_when, fields: [pinned_by, pinned], in: ["true"]}
      - {rule: since, fields: [paid_at, owner, joined]}
      - {rule: within, fields: [paid_at, owner, left]}`, 1),
		`      name: {type: string}
`, `      name: {type: string}
      joined: {type: string, format: date}
      left: {type: string, format: date}
    invariants:
      - {rule: before, fields: [joined, left]}
`, 1)
	for _, c := range []struct{ name, old, new, field, want string }{
		{"an ordered window loads", "", "", "", ""},
		{"a window of no order", "    invariants:\n      - {rule: before, fields: [joined, left]}\n", "", "collections[0].invariants[6]", "no before rule"},
		{"a window in the wrong order", "fields: [joined, left]", "fields: [left, joined]", "collections[0].invariants[6]", "no before rule"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(window, c.old, c.new, 1)
			if c.old != "" && src == window {
				t.Fatalf("%q not in the server", c.old)
			}
			expectDiag(t, src, c.field, c.want, "")
		})
	}
}
