package coherence

import (
	"slices"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestUniqueOverSeveralFields: a unique invariant over two fields (one
// grant of a file to one address) finds a second grant of the same file
// to the same address, and not one to another address or of another file,
// nor a grant with no address.
func TestUniqueOverSeveralFields(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "drive", Collections: []atom.Collection{
		{Name: "files", Fields: map[string]atom.Field{"name": {Type: "string", Role: atom.RoleTitle}}},
		{Name: "permissions", Fields: map[string]atom.Field{
			"file_id": {Type: "string", Role: atom.RoleRef, Ref: "files"}, "email": {Type: "string", Role: atom.RoleEmail},
		}, Invariants: []atom.Invariant{{Rule: "unique", Fields: []string{"file_id", "email"}}}},
	}}
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("drive.files", "id", []state.Record{{"id": "f1", "name": "Plan"}, {"id": "f2", "name": "Budget"}}),
		state.NewCollection("drive.permissions", "id", []state.Record{
			{"id": "p1", "file_id": "f1", "email": "ana@acme.example"},
			{"id": "p2", "file_id": "f1", "email": "ben@acme.example"},
			{"id": "p3", "file_id": "f2", "email": "ana@acme.example"},
			{"id": "p4", "file_id": "f1", "email": "ana@acme.example"},
			{"id": "p5", "file_id": "f1"},
			{"id": "p6", "file_id": "f1"},
		}))
	var got []string
	for _, v := range CheckWorld("d", map[string]*atom.Server{"drive": s}, w) {
		if v.Rule == RuleInvariant {
			got = append(got, v.Key)
		}
	}
	if !slices.Equal(got, []string{"p4"}) {
		t.Errorf("unique violations at %v, want the second grant of f1 to ana only", got)
	}
}
