package synth

import (
	"regexp"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/state"
)

// jiraProjectKey is a Jira project's key: capital letters and digits from
// a letter, never an issue's key (PRO-9115).
var jiraProjectKey = regexp.MustCompile(`^[A-Z][A-Z0-9]{1,9}$`)

// staleKey is a key drawn before its issue was numbered in its project.
var staleKey = regexp.MustCompile(`\bISS-\d+\b`)

// TestJiraIssuesAreKeyedByTheirProject synthesises Jira: a project's key
// is a short word of capitals made from its name, one project's, and an
// issue's key is its project's key, a hyphen and a number; the comments
// and sub-tasks naming an issue by its key, and its own text, still name
// it.
func TestJiraIssuesAreKeyedByTheirProject(t *testing.T) {
	c, _ := readWorld(t, 61, "jira", "slack", "confluence")
	issues, bad := 0, 0
	fail := func(format string, a ...any) {
		if bad++; bad <= 8 {
			t.Errorf(format, a...)
		}
	}
	for _, d := range c.Data {
		projects, keys := map[string]bool{}, map[string]bool{}
		for _, p := range d.Records["jira"]["projects"] {
			k := state.Text(p["key"])
			if !jiraProjectKey.MatchString(k) || projects[k] {
				fail("%s: project %q is keyed %q, not a key of its own", d.ID, state.Text(p["name"]), k)
			}
			projects[k] = true
		}
		for _, i := range d.Records["jira"]["issues"] {
			issues++
			k, p := state.Text(i["key"]), state.Text(i["project_key"])
			keys[k] = true
			for _, f := range []string{"summary", "description"} {
				if old := staleKey.FindString(state.Text(i[f])); old != "" && !strings.HasPrefix(old, p+"-") {
					fail("%s: issue %s's %s names it %s, a key it does not hold", d.ID, k, f, old)
				}
			}
			if !projects[p] {
				fail("%s: issue %s is in project %s, which is none", d.ID, k, p)
			}
			if n := strings.TrimPrefix(k, p+"-"); n == k || n == "" || strings.Trim(n, "0123456789") != "" {
				fail("%s: issue %s of project %s is keyed apart from it", d.ID, k, p)
			}
		}
		for _, i := range d.Records["jira"]["issues"] {
			if pk := state.Text(i["parent_key"]); pk != "" && !keys[pk] {
				fail("%s: issue %s's parent %s is no issue", d.ID, state.Text(i["key"]), pk)
			}
		}
		for _, cm := range d.Records["jira"]["comments"] {
			if k := state.Text(cm["issue_key"]); !keys[k] {
				fail("%s: comment %s is on %s, no issue", d.ID, state.Text(cm["id"]), k)
			}
		}
	}
	t.Logf("%d issues in %d data atoms, %d keyed apart from their project or naming none", issues, len(c.Data), bad)
	if issues < 10 {
		t.Errorf("only %d issues", issues)
	}
}
