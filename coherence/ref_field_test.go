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
