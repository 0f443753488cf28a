package episode

import (
	"encoding/json"
	"testing"
)

const takenServer = `kind: server
id: buffer
collections:
  - name: channels
    fields:
      organization_id: {type: string}
      name: {type: string}
  - name: posts
    fields:
      organization_id: {type: string, default: ""}
      channel_id: {type: string, role: ref, ref: channels}
      text: {type: string}
    invariants:
      - {rule: agrees, fields: [organization_id, channel_id, organization_id], by: taken}
tools:
  - name: buffer_add_to_queue
    description: Queue a post on a channel.
    input: {type: object, properties: {channel_id: {type: string}, text: {type: string}}, required: [channel_id, text]}
    effect: {kind: create, collection: posts}
  - name: buffer_add_post
    description: Add a post under an organization.
    input: {type: object, properties: {channel_id: {type: string}, organization_id: {type: string}, text: {type: string}}, required: [channel_id, text]}
    effect: {kind: create, collection: posts}
`

// TestCreatedRecordTakesItsParentsField: a created record the call
// leaves a field empty on takes the value of the record its reference
// names, by an agrees rule by taken (a Buffer post queued on a channel is
// the channel's organization's: the working half's
// buffer_queue_post_for_organization); a value the call gives is kept,
// and a reference naming no record gives nothing.
func TestCreatedRecordTakesItsParentsField(t *testing.T) {
	s := yamlSession(t, takenServer, "kind: data\nid: d\nclock: \"2026-03-02T10:00:00Z\"\nrecords:\n  buffer:\n    channels: [{id: bc-bb, organization_id: org-bb, name: Brackley Bakes}, {id: bc-cafe, organization_id: org-cafe, name: Brackley Cafe}]\n", "kind: intent\nid: i\napps: [buffer]\ninstruction: Queue it.\ngoal:\n  - exists: buffer.posts\n")
	for _, c := range []struct {
		name, tool, args, want string
	}{
		{"the channel's organization", "buffer_add_to_queue", `{"channel_id":"bc-bb","text":"Winter hours"}`, "org-bb"},
		{"another channel's", "buffer_add_to_queue", `{"channel_id":"bc-cafe","text":"Winter hours"}`, "org-cafe"},
		{"one the call gives", "buffer_add_post", `{"channel_id":"bc-bb","organization_id":"org-own","text":"Hi"}`, "org-own"},
		{"a channel that is not there", "buffer_add_to_queue", `{"channel_id":"bc-none","text":"Hi"}`, ""},
	} {
		o := s.Call(ToolCall{Name: c.tool, Args: json.RawMessage(c.args)})
		var rec map[string]any
		if o.IsError || json.Unmarshal([]byte(o.Content), &rec) != nil {
			t.Fatalf("%s: %s", c.name, o.Content)
		}
		if got, _ := rec["organization_id"].(string); got != c.want {
			t.Errorf("%s: organization_id %q, want %q", c.name, got, c.want)
		}
	}
}
