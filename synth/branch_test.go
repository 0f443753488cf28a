package synth

import (
	"slices"
	"testing"
)

// TestMergeRequestBranches: a GitLab merge request's branches are git refs
// the atom documents (a topic branch into main), never a lead source
// ("email", "partner") a field named source draws elsewhere.
func TestMergeRequestBranches(t *testing.T) {
	c := synthApps(t, 1, "gitlab")
	fields := builtinServers(t).ServerFor("gitlab").MustServer().Collection("merge_requests").Fields
	n := 0
	for _, d := range c.Data {
		for _, rec := range d.Records["gitlab"]["merge_requests"] {
			for _, f := range []string{"source_branch", "target_branch"} {
				if b := str(rec[f]); b != "" && !slices.Contains(fields[f].Examples, b) {
					t.Errorf("%s: merge request %v has %s %q", d.ID, rec["id"], f, b)
				}
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no merge request drawn")
	}
}

// TestParentsAndNamesDrawn: synthesis draws no Salesforce account,
// campaign or case that is its own parent (beside FreshBooks, where a
// case's parent is kept to its company and could be only itself), and
// no two Jira projects of one name, as the atoms declare.
func TestParentsAndNamesDrawn(t *testing.T) {
	c := synthApps(t, 3, "salesforce", "freshbooks", "jira")
	for _, d := range c.Data {
		for _, coll := range []string{"accounts", "campaigns", "cases"} {
			for _, rec := range d.Records["salesforce"][coll] {
				if p := str(rec["parent_id"]); p != "" && p == str(rec["id"]) {
					t.Errorf("%s: %s %s is its own parent", d.ID, coll, p)
				}
			}
		}
		names := map[string]bool{}
		for _, rec := range d.Records["jira"]["projects"] {
			if n := str(rec["name"]); names[n] {
				t.Errorf("%s: two Jira projects named %q", d.ID, n)
			} else {
				names[n] = true
			}
		}
	}
}

// TestNotesNameTheirProjectsRecords: a GitLab note's noteable_iid is an
// iid within the note's own project (ref_per), so the issue or merge
// request of that iid is one of the note's project, never another
// project's of the same number.
func TestNotesNameTheirProjectsRecords(t *testing.T) {
	c := synthApps(t, 3, "gitlab")
	n := 0
	for _, d := range c.Data {
		held := map[string]bool{} // type/project/iid
		for typ, coll := range map[string]string{"Issue": "issues", "MergeRequest": "merge_requests"} {
			for _, rec := range d.Records["gitlab"][coll] {
				held[typ+"/"+str(rec["project_id"])+"/"+str(rec["iid"])] = true
			}
		}
		for _, rec := range d.Records["gitlab"]["notes"] {
			if rec["noteable_iid"] == nil {
				continue
			}
			n++
			if k := str(rec["noteable_type"]) + "/" + str(rec["project_id"]) + "/" + str(rec["noteable_iid"]); !held[k] {
				t.Errorf("%s: note %v names %s, which its project holds none of", d.ID, rec["id"], k)
			}
		}
	}
	if n == 0 {
		t.Fatal("no note on an issue or merge request drawn")
	}
}
