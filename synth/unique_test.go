package synth

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestIssueNumbersAreUnique: no two GitHub issues, nor two pull requests,
// of a world hold the same number, and a comment's issue_number is the
// number of an issue of its world.
func TestIssueNumbersAreUnique(t *testing.T) {
	c := synthApps(t, 3, "github")
	numbers, comments := 0, 0
	for _, d := range c.Data {
		issues := map[string]bool{}
		for _, coll := range []string{"issues", "pull_requests"} {
			seen := map[string]any{}
			for _, rec := range d.Records["github"][coll] {
				n := state.Text(rec["number"])
				if n == "" {
					continue
				}
				numbers++
				if other, dup := seen[n]; dup {
					t.Errorf("%s: github.%s %v and %v both hold number %s", d.ID, coll, other, rec["id"], n)
				}
				seen[n] = rec["id"]
				if coll == "issues" {
					issues[n] = true
				}
			}
		}
		for _, rec := range d.Records["github"]["issue_comments"] {
			n := state.Text(rec["issue_number"])
			if n == "" {
				continue
			}
			comments++
			if !issues[n] {
				t.Errorf("%s: comment %v is on issue %s, which the world does not hold", d.ID, rec["id"], n)
			}
		}
	}
	if numbers < 20 || comments == 0 {
		t.Fatalf("only %d numbers and %d comments checked", numbers, comments)
	}
}

// TestOpenPullRequestsAreNotMerged: a pull request still open is not
// merged and has no merged_at.
func TestOpenPullRequestsAreNotMerged(t *testing.T) {
	c := synthApps(t, 3, "github")
	open := 0
	for _, d := range c.Data {
		for _, rec := range d.Records["github"]["pull_requests"] {
			if rec["state"] != "open" {
				continue
			}
			open++
			if rec["merged"] == true || rec["merged_at"] != nil {
				t.Errorf("%s: open pull request %v is merged (%v, %v)", d.ID, rec["id"], rec["merged"], rec["merged_at"])
			}
		}
	}
	if open == 0 {
		t.Fatal("no open pull request drawn")
	}
}
