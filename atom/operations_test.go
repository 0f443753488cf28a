package atom

import (
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

// A "tool:" entry of a catalogue is a copy of the server atom's tool of
// that name; one that names no tool is an error at its file and line, and
// the catalogue stays out.
func TestOperationsToolReference(t *testing.T) {
	ops := "kind: operations\napp: notes\noperations:\n  - tool: notes_create\n  - name: notes_update_note\n    description: Update a note.\n    input: {type: object, properties: {id: {type: string}, title: {type: string}}, required: [id]}\n    effect: {kind: update, collection: notes}\n"
	lib, ds, err := Load(fstest.MapFS{"servers/notes.yaml": {Data: []byte(goodServer)}, "operations/notes.yaml": {Data: []byte(ops)}})
	if err != nil || len(ds) > 0 {
		t.Fatalf("load: %v %v", err, ds)
	}
	got := lib.Operations("notes")
	server := lib.ServerFor("notes").Atom.(*Server).Tools[0]
	if len(got) != 2 || !reflect.DeepEqual(got[0], server) || got[1].Name != "notes_update_note" {
		t.Fatalf("operations = %+v, want the server's notes_create then notes_update_note", got)
	}
	got[0].Input["type"] = "changed"
	if server.Input["type"] != "object" {
		t.Fatal("the copy shares its input schema with the server atom")
	}

	cases := []struct {
		name, ops string
		files     fstest.MapFS
		line      int
		field     string
		want      string
	}{
		{"unknown tool", strings.Replace(ops, "tool: notes_create", "tool: notes_archive", 1), nil, 4, "operations[0].tool", `no tool "notes_archive"`},
		{"no server", ops, fstest.MapFS{}, 4, "operations[0].tool", `no server atom serves app "notes"`},
		{"tool with fields", strings.Replace(ops, "tool: notes_create", "tool: notes_create\n    description: Make a note.", 1), nil, 4, "operations[0]", "additional properties 'description' not allowed"},
		{"twice", strings.Replace(ops, "name: notes_update_note", "name: notes_create", 1), nil, 5, "operations[1].name", `"notes_create" twice`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files := fstest.MapFS{"servers/notes.yaml": {Data: []byte(goodServer)}}
			if c.files != nil {
				files = c.files
			}
			files["operations/notes.yaml"] = &fstest.MapFile{Data: []byte(c.ops)}
			lib, ds, err := Load(files)
			if err != nil {
				t.Fatal(err)
			}
			if lib.Operations("notes") != nil {
				t.Error("a catalogue with an error loaded")
			}
			for _, d := range ds {
				if d.Severity == Error && d.File == "operations/notes.yaml" && d.Line == c.line && d.Field == c.field && strings.Contains(d.Message, c.want) {
					return
				}
			}
			t.Fatalf("no error at operations/notes.yaml:%d %s with %q: %v", c.line, c.field, c.want, ds)
		})
	}
}
