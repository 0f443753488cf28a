package atom

import (
	"strings"
	"testing"
)

const parentRefServer = `kind: server
id: chat
collections:
  - name: channels
    fields:
      name: {type: string, role: title}
  - name: messages
    fields:
      channel_id: {type: string, role: ref, ref: channels, required: true}
      reply_to: {type: string, role: ref, ref: messages}
      text: {type: string, role: text}
tools:
  - name: chat_post
    description: Post a message to a channel.
    input: {type: object, properties: {channel: {type: string}, text: {type: string}, reply_to: {type: string}}, required: [channel, text, reply_to]}
    effect: {kind: create, collection: messages, fields: {channel: channel_id}}
`

// A reference every create tool of its collection requires is declared
// required; one that some create tool leaves out, or that names the
// record's own collection (reply_to here), need not be.
func TestParentRefDeclared(t *testing.T) {
	optional := []string{"ref: channels, required: true}", "ref: channels}"}
	dm := []string{"tools:\n", `tools:
  - name: chat_dm
    description: Send a direct message.
    input: {type: object, properties: {text: {type: string}}, required: [text]}
    effect: {kind: create, collection: messages}
`}
	for _, c := range []struct {
		name  string
		edits [][]string
		want  string
	}{
		{name: "declared"},
		{"left optional", [][]string{optional}, "every tool that creates messages requires channel_id"},
		{"another create tool leaves it out", [][]string{optional, dm}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := parentRefServer
			for _, e := range c.edits {
				src = strings.Replace(src, e[0], e[1], 1)
			}
			expectDiag(t, src, "collections[1].fields.channel_id", c.want, Warning)
		})
	}
}
