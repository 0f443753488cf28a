package episode

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/legoenv/legoenv/atom"
)

const defaultServer = `kind: server
id: crm
collections:
  - name: tasks
    fields:
      subject: {type: string}
      status: {type: string, enum: [Not Started, Done], default: Not Started}
tools:
  - name: crm_create_task
    description: Create a task.
    input:
      type: object
      properties:
        subject: {type: string}
        status: {type: string}
      required: [subject]
    effect: {kind: create, collection: tasks}
`

// TestCreateFillsDefaults: a created record takes a field's declared
// default when the call leaves the field out, and the call's value when
// it gives one.
func TestCreateFillsDefaults(t *testing.T) {
	lib, ds, err := atom.Load(fstest.MapFS{
		"s.yaml": {Data: []byte(defaultServer)},
		"d.yaml": {Data: []byte("kind: data\nid: d\n")},
		"i.yaml": {Data: []byte("kind: intent\nid: i\napps: [crm]\ninstruction: Add a task.\ngoal:\n  - exists: crm.tasks\n")},
	})
	if err != nil || ds.HasErrors() {
		t.Fatal(err, ds)
	}
	env, err := Compose(lib, atom.Recipe{Intent: atom.Pin{ID: "i"}, Data: atom.Pin{ID: "d"}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := NewSession(env, SessionOptions{})
	for _, c := range []struct{ args, want string }{
		{`{"subject":"Call back"}`, `"status":"Not Started"`},
		{`{"subject":"Close out","status":"Done"}`, `"status":"Done"`},
	} {
		if o := s.Call(ToolCall{Name: "crm_create_task", Args: json.RawMessage(c.args)}); o.IsError || !strings.Contains(o.Content, c.want) {
			t.Errorf("create %s: %s, want %s", c.args, o.Content, c.want)
		}
	}
}
