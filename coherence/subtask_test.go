package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestSubTaskUnderAParent: a Jira sub-task names its parent issue (the
// built-in atom's set_when rule); one with no parent_key is a violation
// on that field, and another issue type needs none.
func TestSubTaskUnderAParent(t *testing.T) {
	ss := map[string]*atom.Server{"jira": builtinServer(t, "jira")}
	project := state.Record{"id": "10001", "key": "QPU", "name": "Q2 product update", "project_type": "software"}
	parent := state.Record{"id": "10088400", "key": "QPU-7350", "project_key": "QPU", "issuetype": "Story", "status": "To Do"}
	for _, c := range []struct {
		name, issuetype, parent string
		want                    int // violations on the issue's parent_key
	}{
		{"a sub-task under a story", "Sub-task", "QPU-7350", 0},
		{"a sub-task with no parent", "Sub-task", "", 1},
		{"a task with no parent", "Task", "", 0},
	} {
		issue := state.Record{"id": "10088415", "key": "QPU-7355", "project_key": "QPU", "issuetype": c.issuetype, "status": "To Do"}
		if c.parent != "" {
			issue["parent_key"] = c.parent
		}
		w := state.NewWorld(time.Date(2026, 3, 27, 9, 0, 0, 0, time.UTC),
			state.NewCollection("jira.projects", "id", []state.Record{project}),
			state.NewCollection("jira.issues", "id", []state.Record{parent, issue}))
		if got := violationsOn(ss, w, "jira.issues", "parent_key"); got != c.want {
			t.Errorf("%s: %d violations on parent_key, want %d", c.name, got, c.want)
		}
	}
}
