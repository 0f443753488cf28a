package episode

import (
	"encoding/json"
	"strings"
	"testing"
)

const refFieldServer = `kind: server
id: tracker
collections:
  - name: issues
    fields:
      key: {type: string, role: code}
      summary: {type: string}
  - name: comments
    fields:
      issue_key: {type: string, role: ref, ref: issues, ref_field: key, resolve: "Issue Does Not Exist"}
      body: {type: string}
tools:
  - name: tracker_create_issue
    description: Create an issue.
    input: {type: object, properties: {key: {type: string}, summary: {type: string}}, required: [key, summary]}
    effect: {kind: create, collection: issues}
  - name: tracker_add_comment
    description: Comment on an issue.
    input: {type: object, properties: {issue_key: {type: string}, body: {type: string}}, required: [issue_key, body]}
    effect: {kind: create, collection: comments}
`

// TestReferenceByField: a reference that holds another field of the
// record than its key resolves by that field (a Jira issue's key), also
// on a record the session wrote, and still by the record's key (Jira
// takes an issue's id or key); a value naming neither is refused.
func TestReferenceByField(t *testing.T) {
	s := yamlSession(t, refFieldServer, "kind: data\nid: d\nclock: \"2026-03-02T10:00:00Z\"\nrecords:\n  tracker:\n    issues: [{id: \"10042\", key: ISS-2278, summary: Login fails}]\n", "kind: intent\nid: i\napps: [tracker]\ninstruction: Comment.\ngoal:\n  - exists: tracker.comments\n")
	for _, c := range []struct {
		name, tool, args string
		isErr            bool
	}{
		{"the issue's key names it", "tracker_add_comment", `{"issue_key":"ISS-2278","body":"On it."}`, false},
		{"its id names it too", "tracker_add_comment", `{"issue_key":"10042","body":"On it."}`, false},
		{"a summary names no issue", "tracker_add_comment", `{"issue_key":"Login fails","body":"On it."}`, true},
		{"an unknown key", "tracker_add_comment", `{"issue_key":"ISS-9","body":"On it."}`, true},
		{"a new issue", "tracker_create_issue", `{"key":"ISS-3001","summary":"Export"}`, false},
		{"the new issue's key names it", "tracker_add_comment", `{"issue_key":"ISS-3001","body":"Noted."}`, false},
	} {
		o := s.Call(ToolCall{Name: c.tool, Args: json.RawMessage(c.args)})
		if o.IsError != c.isErr || c.isErr && !strings.Contains(o.Content, "Issue Does Not Exist") {
			t.Errorf("%s: error %v %s; want error %v", c.name, o.IsError, o.Content, c.isErr)
		}
	}
}
