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

// TestLineNamedForAFunction: a phone system's department or announcement
// extension is named for what it serves, not for one person, and holds no
// one's address (only_when on the email, role_when giving the name a
// department's role); a user extension is a person's.
func TestLineNamedForAFunction(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "phone", Collections: []atom.Collection{
		{Name: "extensions", Fields: map[string]atom.Field{
			"name":  {Type: "string", Role: atom.RoleTitle, RoleWhen: &atom.RoleWhen{Field: "type", In: []string{"Department", "Announcement"}, Role: atom.RoleDepartment}},
			"email": {Type: "string", Format: "email", Role: atom.RoleEmail},
			"type":  {Type: "string", Enum: []any{"User", "Department", "Announcement"}, Role: atom.RoleStatus},
		}, Invariants: []atom.Invariant{{Rule: "only_when", Fields: []string{"email", "type"}, In: []string{"User"}}}},
	}}
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("phone.extensions", "id", []state.Record{
			{"id": "e1", "name": "Jonas Whitcombe", "type": "User", "email": "jonas.whitcombe@acme.example"},
			{"id": "e2", "name": "Customer Success", "type": "Department"},
			{"id": "e3", "name": "Jonas Whitcombe", "type": "Department"},
			{"id": "e4", "name": "Support", "type": "Announcement", "email": "jonas.whitcombe@acme.example"},
		}))
	var got []string
	for _, v := range CheckWorld("d", map[string]*atom.Server{"phone": s}, w) {
		got = append(got, v.Rule+" "+v.Key+" "+v.Field)
	}
	if want := []string{"role e3 name", "invariant e4 email"}; !slices.Equal(got, want) {
		t.Errorf("violations %v, want %v", got, want)
	}
}
