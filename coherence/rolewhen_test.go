package coherence

import (
	"slices"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestRoleByKind: where a field takes another role on records of some
// kinds (a Confluence personal space is named by its owner), coherence
// finds a personal space named for a customer's project ("proj-summit"),
// and neither one named by a person nor a global space named for a
// project.
func TestRoleByKind(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "wiki", Collections: []atom.Collection{
		{Name: "spaces", Fields: map[string]atom.Field{
			"name": {Type: "string", Role: atom.RoleTitle, RoleWhen: &atom.RoleWhen{Field: "type", In: []string{"personal"}, Role: atom.RolePersonName}},
			"type": {Type: "string", Enum: []any{"global", "personal"}, Role: atom.RoleStatus},
		}},
	}}
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("wiki.spaces", "id", []state.Record{
			{"id": "s1", "name": "proj-summit", "type": "personal"},
			{"id": "s2", "name": "Ana Ruiz", "type": "personal"},
			{"id": "s3", "name": "proj-summit", "type": "global"},
			{"id": "s4", "name": "Soylent support", "type": "global"},
		}))
	var got []string
	for _, v := range CheckWorld("d", map[string]*atom.Server{"wiki": s}, w) {
		if v.Rule == RuleRole {
			got = append(got, v.Key)
		}
	}
	if !slices.Equal(got, []string{"s1"}) {
		t.Errorf("role violations at %v, want the personal space named for a project only", got)
	}
}
