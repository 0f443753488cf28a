package evolve

import (
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify"
)

// With a catalogue of the app's operations, add_tool takes the operation
// that makes the change: it extends the app's tool of that name rather
// than adding a second one, adds a missing operation under its own name
// with its own required arguments, and repairs nothing the catalogue does
// not hold.
func TestAddToolFromCatalogue(t *testing.T) {
	lib := loadDir(t, "testdata/faults")
	se := lib.Head(atom.KindServer, "helpdesk")
	s := se.MustServer()
	r := recipeFor(lib, "log_discovery_note")
	update := s.Tool("helpdesk_update_ticket")
	if update == nil {
		t.Fatal("testdata has no helpdesk_update_ticket")
	}
	wide, _ := cloneTool(*update)
	props := wide.Input["properties"].(map[string]any)
	props["due_date"] = map[string]any{"type": "string"}
	addTag := atom.Tool{Name: "helpdesk_add_watcher", Description: "Add a watcher to a ticket.",
		Input:  map[string]any{"type": "object", "properties": map[string]any{"id": map[string]any{"type": "string"}, "watcher": map[string]any{"type": "string"}}, "required": []any{"id", "watcher"}},
		Effect: atom.Effect{Kind: "append", Collection: "tickets", Field: "tags", Value: "watcher"}}
	rename := atom.Tool{Name: "helpdesk_rename_ticket", Description: "Rename a ticket.",
		Input:  map[string]any{"type": "object", "properties": map[string]any{"id": map[string]any{"type": "string"}, "subject": map[string]any{"type": "string"}}, "required": []any{"id", "subject"}},
		Effect: atom.Effect{Kind: "update", Collection: "tickets"}}
	cat := lib.Clone()
	cat.SetOperations("helpdesk", []atom.Tool{wide, addTag, rename})

	run := func(params ...map[string]any) (*atom.Server, string, error) {
		var vs []verify.Verdict
		for _, p := range params {
			vs = append(vs, failure(r, verify.ServerMissingTool, se, "add_tool", p, verify.Evidence{}))
		}
		p, err := propose(t, repairMissingTool, Request{Code: verify.ServerMissingTool, Atom: se, Lib: cat, Failures: vs})
		if err != nil {
			return nil, "", err
		}
		return p.Atom.(*atom.Server), p.Note, nil
	}
	t.Run("extends the tool of the same name", func(t *testing.T) {
		ns, note, err := run(map[string]any{"app": "helpdesk", "effect": "update", "collection": "tickets", "fields": []string{"due_date"}, "key_field": "id"})
		if err != nil {
			t.Fatal(err)
		}
		if len(ns.Tools) != len(s.Tools) || !atom.InputProperties(ns.Tool("helpdesk_update_ticket").Input)["due_date"] {
			t.Fatalf("tools %d (want %d), note %q", len(ns.Tools), len(s.Tools), note)
		}
		for _, tl := range ns.Tools {
			if strings.HasSuffix(tl.Name, "_2") {
				t.Errorf("numbered duplicate %s", tl.Name)
			}
		}
	})
	t.Run("adds the operation with its required arguments", func(t *testing.T) {
		ns, _, err := run(map[string]any{"app": "helpdesk", "effect": "append", "collection": "tickets", "fields": []string{"tags"}, "key_field": "id"})
		if err != nil {
			t.Fatal(err)
		}
		tl := ns.Tool("helpdesk_add_watcher")
		if tl == nil || len(tl.Input["required"].([]any)) != 2 {
			t.Fatalf("tool = %+v", tl)
		}
	})
	t.Run("two needs, two operations", func(t *testing.T) {
		ns, _, err := run(map[string]any{"app": "helpdesk", "effect": "update", "collection": "tickets", "fields": []string{"due_date"}, "key_field": "id"},
			map[string]any{"app": "helpdesk", "effect": "update", "collection": "tickets", "fields": []string{"subject"}, "key_field": "id"})
		if err != nil {
			t.Fatal(err)
		}
		if !atom.InputProperties(ns.Tool("helpdesk_update_ticket").Input)["due_date"] || ns.Tool("helpdesk_rename_ticket") == nil {
			t.Fatal("each need should be met by its own operation")
		}
	})
	t.Run("nothing the product does", func(t *testing.T) {
		if _, _, err := run(map[string]any{"app": "helpdesk", "effect": "delete", "collection": "tickets", "key_field": "id"}); err == nil {
			t.Fatal("repaired with an operation the catalogue does not hold")
		}
	})
}
