package episode

import (
	"encoding/json"
	"strings"
	"testing"
)

const refKindServer = `kind: server
id: forge
collections:
  - name: issues
    fields:
      iid: {type: integer, role: count}
      title: {type: string}
  - name: merge_requests
    fields:
      iid: {type: integer, role: count}
      title: {type: string}
  - name: notes
    fields:
      noteable_type: {type: string, enum: [Issue, MergeRequest, Snippet], role: status}
      noteable_iid: {type: integer, role: ref, ref_by: noteable_type, refs: {Issue: issues, MergeRequest: merge_requests}, ref_field: iid, resolve: "404 Not found"}
      body: {type: string}
tools:
  - name: forge_create_note
    description: Comment on an issue or merge request.
    input: {type: object, properties: {noteable_type: {type: string}, noteable_iid: {type: integer}, body: {type: string}}, required: [noteable_type, noteable_iid, body]}
    effect: {kind: create, collection: notes}
  - name: forge_update_note
    description: Update a note.
    input: {type: object, properties: {id: {type: string}, noteable_type: {type: string}, body: {type: string}}, required: [id]}
    effect: {kind: update, collection: notes}
`

// TestReferenceByKind: a reference whose collection another field names
// resolves by both, the kind and the value: a note on issue 39 is taken,
// the same number under the merge requests, where no merge request has
// it, is the product's error, as is a kind that names no collection and
// an update that moves a note's kind where its number names nothing.
func TestReferenceByKind(t *testing.T) {
	data := "kind: data\nid: d\nclock: \"2026-03-02T10:00:00Z\"\nrecords:\n  forge:\n" +
		"    issues: [{id: \"12901\", iid: 39, title: Login fails}]\n" +
		"    merge_requests: [{id: \"22901\", iid: 7, title: Fix login}]\n" +
		"    notes: [{id: \"32901\", noteable_type: Issue, noteable_iid: 39, body: Seen}]\n"
	s := yamlSession(t, refKindServer, data, "kind: intent\nid: i\napps: [forge]\ninstruction: Comment.\ngoal:\n  - exists: forge.notes\n")
	for _, c := range []struct {
		name, tool, args string
		isErr            bool
	}{
		{"an issue by its iid", "forge_create_note", `{"noteable_type":"Issue","noteable_iid":39,"body":"On it."}`, false},
		{"a merge request by its iid", "forge_create_note", `{"noteable_type":"MergeRequest","noteable_iid":7,"body":"On it."}`, false},
		{"the issue's iid under the merge requests", "forge_create_note", `{"noteable_type":"MergeRequest","noteable_iid":39,"body":"On it."}`, true},
		{"the merge request's iid under the issues", "forge_create_note", `{"noteable_type":"Issue","noteable_iid":7,"body":"On it."}`, true},
		{"the issue's id, not its iid", "forge_create_note", `{"noteable_type":"Issue","noteable_iid":12901,"body":"On it."}`, true},
		{"a kind that names no collection", "forge_create_note", `{"noteable_type":"Snippet","noteable_iid":39,"body":"On it."}`, true},
		{"a kind moved alone", "forge_update_note", `{"id":"32901","noteable_type":"MergeRequest"}`, true},
		{"a body changed alone", "forge_update_note", `{"id":"32901","body":"Seen twice"}`, false},
	} {
		o := s.Call(ToolCall{Name: c.tool, Args: json.RawMessage(c.args)})
		if o.IsError != c.isErr || c.isErr && !strings.Contains(o.Content, "404 Not found") {
			t.Errorf("%s: error %v %s; want error %v", c.name, o.IsError, o.Content, c.isErr)
		}
	}
}

// TestGoalAsksForTheKind: a goal that asks for a note on the number 39,
// which only an issue holds, asks for a note on the issue: a note on
// merge request 39 does not pass for it, where the server lets it be
// written (no resolve); a number both kinds hold leaves the goal as it is.
func TestGoalAsksForTheKind(t *testing.T) {
	server := strings.Replace(refKindServer, `, resolve: "404 Not found"`, "", 1)
	data := "kind: data\nid: d\nclock: \"2026-03-02T10:00:00Z\"\nrecords:\n  forge:\n" +
		"    issues: [{id: \"12901\", iid: 39, title: Login fails}, {id: \"12902\", iid: 7, title: Export}]\n" +
		"    merge_requests: [{id: \"22901\", iid: 7, title: Fix login}]\n"
	for _, c := range []struct {
		name, iid, args string
		pass            bool
	}{
		{"the issue's note", "39", `{"noteable_type":"Issue","noteable_iid":39,"body":"On it."}`, true},
		{"a merge request's note of the issue's number", "39", `{"noteable_type":"MergeRequest","noteable_iid":39,"body":"On it."}`, false},
		{"a number both kinds hold", "7", `{"noteable_type":"MergeRequest","noteable_iid":7,"body":"On it."}`, true},
	} {
		intent := "kind: intent\nid: i\napps: [forge]\ninstruction: Comment.\ngoal:\n  - exists: forge.notes\n    where: {noteable_iid: {equals: " + c.iid + "}, body: {equals: On it.}}\n"
		s := yamlSession(t, server, data, intent)
		if o := s.Call(ToolCall{Name: "forge_create_note", Args: json.RawMessage(c.args)}); o.IsError {
			t.Fatalf("%s: %s", c.name, o.Content)
		}
		if got := s.Evaluate().Passed; got != c.pass {
			t.Errorf("%s: passed %v, want %v", c.name, got, c.pass)
		}
	}
}
