package coherence

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestOwnerInTextIsTheOwner: a text that names the record's owner or
// assignee names the person its owner reference or username holds; a
// text naming no owner, or a name no person of the world has, says
// nothing.
func TestOwnerInTextIsTheOwner(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "pm", Collections: []atom.Collection{
		{Name: "users", Fields: map[string]atom.Field{"name": {Type: "string", Role: atom.RolePersonName}}},
		{Name: "tasks", Fields: map[string]atom.Field{
			"owner_id": {Type: "string", Role: atom.RoleRef, Ref: "users"},
			"notes":    {Type: "string", Role: atom.RoleText},
		}},
		{Name: "issues", Fields: map[string]atom.Field{
			"assignee":    {Type: "string", Role: atom.RoleUsername},
			"description": {Type: "string", Role: atom.RoleText},
		}},
	}}
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("pm.users", "id", []state.Record{{"id": "u1", "name": "Ana Ruiz"}, {"id": "u2", "name": "Dana Lee"}}),
		state.NewCollection("pm.tasks", "id", []state.Record{
			{"id": "t1", "owner_id": "u1", "notes": "Q3 plan. Owner: Ana Ruiz, due 3 May."},
			{"id": "t2", "owner_id": "u1", "notes": "Q3 plan. Owner: Dana Lee, due 3 May."},
			{"id": "t3", "owner_id": "u1", "notes": "Discussed with Dana Lee."},
			{"id": "t4", "owner_id": "u1", "notes": "Owned by Finance Ops."},
		}),
		state.NewCollection("pm.issues", "id", []state.Record{
			{"id": "i1", "assignee": "ana.ruiz", "description": "Assigned to Ana Ruiz on Monday."},
			{"id": "i2", "assignee": "ana.ruiz", "description": "Assigned to Dana Lee on Monday."},
		}))
	var got []string
	for _, v := range CheckWorld("d", map[string]*atom.Server{"pm": s}, w) {
		if v.Rule == RuleFields {
			got = append(got, v.Key)
		}
	}
	slices.Sort(got)
	if strings.Join(got, ",") != "i2,t2" {
		t.Errorf("owner contradictions at %v, want t2 and i2", got)
	}
}
