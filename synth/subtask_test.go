package synth

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestSubTaskUnderAParent synthesises Jira worlds: every sub-task names a
// parent issue of the world.
func TestSubTaskUnderAParent(t *testing.T) {
	subtasks := 0
	for seed := int64(1); seed <= 8; seed++ {
		c, _ := readWorld(t, seed, "jira", "slack")
		for _, d := range c.Data {
			keys := map[string]bool{}
			for _, r := range d.Records["jira"]["issues"] {
				keys[state.Text(r["key"])] = true
			}
			for _, r := range d.Records["jira"]["issues"] {
				if state.Text(r["issuetype"]) != "Sub-task" {
					continue
				}
				subtasks++
				if p := state.Text(r["parent_key"]); !keys[p] {
					t.Errorf("%s: sub-task %v has parent %q, no issue of the world", d.ID, r["key"], p)
				}
			}
		}
	}
	t.Logf("%d sub-tasks", subtasks)
	if subtasks < 5 {
		t.Errorf("%d sub-tasks drawn, want more", subtasks)
	}
}
