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

// uniqueViolations are the keys of the records coherence finds breaking
// an invariant in world w of server s, by collection.
func uniqueViolations(s *atom.Server, w *state.World) []string {
	var got []string
	for _, v := range CheckWorld("d", map[string]*atom.Server{s.ID: s}, w) {
		if v.Rule == RuleInvariant {
			got = append(got, v.Collection+" "+v.Key)
		}
	}
	return got
}

// TestUniqueWithinScope: a title unique per space (Confluence) is found
// repeated in one space, not across two spaces.
func TestUniqueWithinScope(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "confluence", Collections: []atom.Collection{
		{Name: "pages", Fields: map[string]atom.Field{"title": {Type: "string", Role: atom.RoleTitle}, "space_key": {Type: "string"}},
			Invariants: []atom.Invariant{{Rule: "unique", Fields: []string{"title"}, Per: "space_key"}}},
	}}
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("confluence.pages", "id", []state.Record{
			{"id": "p1", "space_key": "DEAL", "title": "Pricing sheet"},
			{"id": "p2", "space_key": "OPS", "title": "Pricing sheet"},
			{"id": "p3", "space_key": "DEAL", "title": "Launch plan"},
			{"id": "p4", "space_key": "DEAL", "title": "Pricing sheet"},
		}))
	if got := uniqueViolations(s, w); !slices.Equal(got, []string{"confluence.pages p4"}) {
		t.Errorf("violations %v, want the second Pricing sheet in DEAL only", got)
	}
}

// TestUniqueAcrossCollections: an issue's and a pull request's number come
// from one counter per repository (GitHub): a pull request numbered as an
// issue of its repository is found, one numbered as an issue of another
// repository is not.
func TestUniqueAcrossCollections(t *testing.T) {
	fields := map[string]atom.Field{"repo": {Type: "string"}, "number": {Type: "integer", Role: atom.RoleCount}}
	s := &atom.Server{Kind: atom.KindServer, ID: "github", Collections: []atom.Collection{
		{Name: "issues", Fields: fields, Invariants: []atom.Invariant{{Rule: "unique", Fields: []string{"number"}, Per: "repo", With: []string{"pull_requests"}}}},
		{Name: "pull_requests", Fields: fields},
	}}
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("github.issues", "id", []state.Record{
			{"id": "i1", "repo": "acme/api", "number": 1.0},
			{"id": "i2", "repo": "acme/web", "number": 2.0},
		}),
		state.NewCollection("github.pull_requests", "id", []state.Record{
			{"id": "pr1", "repo": "acme/api", "number": 1.0},
			{"id": "pr2", "repo": "acme/api", "number": 2.0},
			{"id": "pr3", "repo": "acme/web", "number": 3.0},
		}))
	if got := uniqueViolations(s, w); !slices.Equal(got, []string{"github.pull_requests pr1"}) {
		t.Errorf("violations %v, want pull request 1 of acme/api only", got)
	}
}

// TestOwnLink: a record's own web address names its key as a segment of
// its path (a Shortcut story's app_url), not another number.
func TestOwnLink(t *testing.T) {
	s := &atom.Server{Kind: atom.KindServer, ID: "shortcut", Collections: []atom.Collection{
		{Name: "stories", Fields: map[string]atom.Field{"app_url": {Type: "string", Format: "uri", Role: atom.RoleURL}},
			Invariants: []atom.Invariant{{Rule: "own_link", Fields: []string{"app_url"}}}},
	}}
	w := state.NewWorld(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		state.NewCollection("shortcut.stories", "id", []state.Record{
			{"id": "176323", "app_url": "https://app.shortcut.com/acme/story/176323"},
			{"id": "176324", "app_url": "https://app.shortcut.com/acme/story/4449"},
			{"id": "176325", "app_url": "https://app.shortcut.com/acme/story/1763250"},
			{"id": "176326"},
		}))
	if got := uniqueViolations(s, w); !slices.Equal(got, []string{"shortcut.stories 176324", "shortcut.stories 176325"}) {
		t.Errorf("violations %v, want the stories whose app_url names another number", got)
	}
}
