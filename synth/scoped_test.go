package synth

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// Every GitLab project a task of a world names holds an issue or a merge
// request of its own, so a note the task posts on the project names one
// of that project (an iid is a number within its project:
// https://docs.gitlab.com/api/notes/), and iids stay unique within a
// project.
func TestProjectsHoldANoteable(t *testing.T) {
	c, _ := readWorld(t, 63, "gitlab", "front", "expensify")
	projects := 0
	for _, d := range c.Data {
		gl := d.Records["gitlab"]
		held := map[string]int{}
		for _, coll := range []string{"issues", "merge_requests"} {
			iids := map[string]bool{}
			for _, r := range gl[coll] {
				p := state.Text(r["project_id"])
				held[p]++
				if k := p + "/" + state.Text(r["iid"]); r["iid"] != nil && iids[k] {
					t.Errorf("%s gitlab.%s: iid %v twice in project %s", d.ID, coll, r["iid"], p)
				} else {
					iids[k] = true
				}
			}
		}
		for name, h := range d.Handles {
			if h.App != "gitlab" || h.Collection != "projects" {
				continue
			}
			projects++
			if held[h.Key] == 0 {
				t.Errorf("%s gitlab.projects[%v] (%s) holds no issue or merge request", d.ID, h.Key, name)
			}
		}
	}
	if projects == 0 {
		t.Fatal("no task names a GitLab project")
	}
}
