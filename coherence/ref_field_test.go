package coherence

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestReferenceByField: a reference that holds another field of the
// record than its key (a Jira comment's issue_key, the key)
// resolves by that field; the record's id there names no record.
func TestReferenceByField(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "jira", Collections: []atom.Collection{
		{Name: "issues", Fields: map[string]atom.Field{"key": {Type: "string", Role: atom.RoleCode}}},
		{Name: "comments", Fields: map[string]atom.Field{
			"issue_key": {Type: "string", Role: atom.RoleRef, Ref: "issues", RefField: "key"},
			"parent":    {Type: "string", Role: atom.RoleRef, Ref: "issues"},
		}},
	}}
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("jira.issues", "id", []state.Record{{"id": "10042", "key": "ISS-2278"}}),
		state.NewCollection("jira.comments", "id", []state.Record{
			{"id": "c1", "issue_key": "ISS-2278", "parent": "10042"},
			{"id": "c2", "issue_key": "10042", "parent": "ISS-2278"},
		}))
	got := map[string]bool{}
	for _, v := range CheckWorld("d", map[string]*atom.Server{"jira": s}, w) {
		if v.Rule == RuleRef {
			got[v.Key+"."+v.Field] = true
		}
	}
	if len(got) != 2 || !got["c2.issue_key"] || !got["c2.parent"] {
		t.Errorf("reference violations %v, want c2's issue_key (an id, not a key) and parent (a key, not an id) only", got)
	}
}

// TestReferenceWithinItsScope: a reference unique only within a field of
// both records (a GitLab note's noteable_iid, an iid within the note's
// project) names the record of its own project; an iid only another
// project's issue holds names no record.
func TestReferenceWithinItsScope(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "gitlab", Collections: []atom.Collection{
		{Name: "projects", Fields: map[string]atom.Field{"name": {Type: "string", Role: atom.RoleTitle}}},
		{Name: "issues", Fields: map[string]atom.Field{
			"project_id": {Type: "string", Role: atom.RoleRef, Ref: "projects"},
			"iid":        {Type: "integer", Role: atom.RoleCount},
		}},
		{Name: "notes", Fields: map[string]atom.Field{
			"project_id":    {Type: "string", Role: atom.RoleRef, Ref: "projects"},
			"noteable_type": {Type: "string", Enum: []any{"Issue"}, Role: atom.RoleStatus},
			"noteable_iid":  {Type: "integer", Role: atom.RoleRef, RefBy: "noteable_type", Refs: map[string]string{"Issue": "issues"}, RefField: "iid", RefPer: "project_id"},
		}},
	}}
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("gitlab.projects", "id", []state.Record{{"id": "P1", "name": "Website"}, {"id": "P2", "name": "Mobile app"}}),
		state.NewCollection("gitlab.issues", "id", []state.Record{{"id": "i1", "project_id": "P1", "iid": 25.0}, {"id": "i2", "project_id": "P2", "iid": 8.0}}),
		state.NewCollection("gitlab.notes", "id", []state.Record{
			{"id": "n1", "project_id": "P1", "noteable_type": "Issue", "noteable_iid": 25.0},
			{"id": "n2", "project_id": "P2", "noteable_type": "Issue", "noteable_iid": 25.0},
			{"id": "n3", "project_id": "P2", "noteable_type": "Issue", "noteable_iid": 8.0},
		}))
	var got []string
	for _, v := range CheckWorld("d", map[string]*atom.Server{"gitlab": s}, w) {
		if v.Rule == RuleRef {
			got = append(got, v.Key+"."+v.Field)
		}
	}
	if len(got) != 1 || got[0] != "n2.noteable_iid" {
		t.Errorf("reference violations %v, want n2's noteable_iid only (issue 25 is P1's, the note P2's)", got)
	}
}
