package synth

import (
	"testing"
	"testing/fstest"

	"github.com/legoenv/legoenv/atom"
)

// A server whose records no search finds by name (files need a project's
// id), whose mail has a "bcc" list sorting before "to", whose note create
// needs a parent's id, and whose catalogue lists an update the atom lacks.
const targetsServer = `kind: server
id: sketchy
family: design
collections:
  - name: files
    key: key
    id_prefix: FK
    fields:
      key: {type: string, role: id}
      name: {type: string, role: title}
      project_id: {type: string}
      editor: {type: string, enum: [draft, review, final], role: status}
  - name: mails
    fields:
      bcc: {type: array, items: string, role: emails}
      to: {type: array, items: string, role: emails}
      subject: {type: string, role: title}
  - name: notes
    fields:
      file_key: {type: string, role: ref, ref: files}
      title: {type: string, role: title}
      body: {type: string, role: text}
tools:
  - name: sketchy_list_files
    description: List a project's files.
    input: {type: object, properties: {project_id: {type: string}, name: {type: string}}, required: [project_id]}
    effect: {kind: search, collection: files, filters: [{arg: project_id, op: equals}, {arg: name, op: icontains}]}
  - name: sketchy_set_editor
    description: Move a file to another stage.
    input: {type: object, properties: {key: {type: string}, editor: {type: string}}, required: [key, editor]}
    effect: {kind: update, collection: files, key: key}
  - name: sketchy_send
    description: Send a mail.
    input: {type: object, properties: {to: {type: array, items: {type: string}}, bcc: {type: array, items: {type: string}}, subject: {type: string}}, required: [to, subject]}
    effect: {kind: create, collection: mails}
  - name: sketchy_add_note
    description: Add a note.
    input: {type: object, properties: {title: {type: string}, body: {type: string}, owner_id: {type: string}, file_key: {type: string}}, required: [title, owner_id]}
    effect: {kind: create, collection: notes}
`

func TestTargetsFollowTheServer(t *testing.T) {
	lib, ds, err := atom.Load(fstest.MapFS{"s.yaml": {Data: []byte(targetsServer)}})
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds.Err())
	}
	// The catalogue's rename of a file is no operation of the atom: no
	// template may ask for it.
	rename := atom.Tool{Name: "sketchy_rename_file", Input: map[string]any{"type": "object", "properties": map[string]any{"key": map[string]any{"type": "string"}, "name": map[string]any{"type": "string"}}},
		Effect: atom.Effect{Kind: "update", Collection: "files", Key: "key"}}
	m := newAppModel(lib.Head(atom.KindServer, "sketchy"), []atom.Tool{rename})
	files := m.byName["files"]
	if files.writes("name", nil) {
		t.Error("files.name counts as writable through the catalogue's rename, which the server does not serve")
	}
	if !files.writes("editor", "final") {
		t.Error("files.editor is not writable, though sketchy_set_editor writes it")
	}
	if files.findable() || !files.keyed() {
		t.Errorf("files: findable %v (want false), keyed %v (want true)", files.findable(), files.keyed())
	}
	if got := primaryColls(m, 4); len(got) == 0 || got[0] != files {
		t.Fatalf("primaryColls = %v, want files first: an app no search finds by name still has tasks", got)
	}
	if got, want := ident(files, "t", false), `"{{t.name}}" (id {{t}})`; got != want {
		t.Errorf("ident = %q, want %q (named by id where no search finds the name)", got, want)
	}
	d, to, _ := messageTarget(m)
	if d == nil || to != "to" {
		t.Errorf("messageTarget recipient = %q, want to (the field the send tool requires), not bcc", to)
	}
	notes := m.byName["notes"]
	if notes.creatableWith("file_key", "title") {
		t.Error("notes are creatable with file_key and title, though the create requires owner_id, which nobody states")
	}
	if !m.byName["mails"].creatableWith("to", "subject") {
		t.Error("mails are not creatable with to and subject")
	}
}

func TestIdentityArg(t *testing.T) {
	for a, want := range map[string]bool{"thread_id": true, "vendorId": true, "to": true, "owner_email": true, "channel": true, "body": false, "title": false, "idea": false} {
		if got := identityArg(a); got != want {
			t.Errorf("identityArg(%q) = %v, want %v", a, got, want)
		}
	}
}
