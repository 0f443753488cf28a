package synth

import (
	"strings"
	"testing"
)

// TestNoteNamesItsRecordByTheFieldItHolds: a note on a record whose
// reference holds another field than the key (a GitHub comment's
// issue_number is the number) names the record by that field,
// in its goal and in its reference plan.
func TestNoteNamesItsRecordByTheFieldItHolds(t *testing.T) {
	c := synthApps(t, 1, "github")
	n := 0
	for _, in := range c.Intents {
		for _, a := range in.Goal {
			for _, p := range a.Where {
				if p.Field != "issue_number" {
					continue
				}
				n++
				if v, _ := p.Value.(string); strings.HasPrefix(v, "{{") && !strings.HasSuffix(v, ".number}}") {
					t.Errorf("%s: %s names the issue by %q, not its number", in.ID, a.Label, v)
				}
			}
		}
		for _, call := range in.Plan {
			if v, ok := call.Args["issue_number"].(string); ok && strings.HasPrefix(v, "{{") && !strings.HasSuffix(v, ".number}}") {
				t.Errorf("%s: %s passes issue_number %q", in.ID, call.Tool, v)
			}
		}
	}
	if n == 0 {
		t.Fatal("no goal names an issue by number")
	}
}
