package atom

import (
	"strings"
	"testing"
)

const mailboxServer = `kind: server
id: mail
collections:
  - name: messages
    mailbox: {owner: me@mail.example, from: from, to: [to, cc], bcc: bcc, folder: folder, sent: [sent]}
    fields:
      from: {type: string, format: email, role: email}
      to: {type: array, items: string, role: emails}
      cc: {type: array, items: string, role: emails}
      bcc: {type: array, items: string, role: emails}
      subject: {type: string, role: title}
      folder: {type: string, enum: [inbox, sent], role: status}
tools:
  - name: mail_send
    description: Send a message.
    input: {type: object, properties: {to: {type: array, items: {type: string}}, subject: {type: string}}, required: [to, subject]}
    effect: {kind: create, collection: messages, set: {from: me@mail.example}}
`

// A mailbox declaration names its owner's address and fields holding
// addresses, and the send tool writes the owner as the sender.
func TestMailboxDeclaration(t *testing.T) {
	for _, c := range []struct{ name, old, new, field, want string }{
		{name: "declaration loads"},
		{"owner not an address", "owner: me@mail.example,", "owner: me-at-mail,", "collections[0].mailbox.owner", "address"},
		{"recipients of no address field", "to: [to, cc]", "to: [to, subject]", "collections[0].mailbox", `"subject"`},
		{"no recipients", "to: [to, cc], bcc", "to: [], bcc", "collections[0].mailbox.to", "minItems"},
		{"sent folder not in the enum", "sent: [sent]", "sent: [outbox]", "collections[0].mailbox.sent[0]", `"outbox"`},
		{"sent folders without their field", "folder: folder, sent", "sent", "collections[0].mailbox.sent", "go together"},
		{"send tool writes another sender", "set: {from: me@mail.example}", "set: {from: noreply@mail.example}", "tools[0].effect.set.from", "belongs to me@mail.example"},
	} {
		t.Run(c.name, func(t *testing.T) {
			expectDiag(t, strings.Replace(mailboxServer, c.old, c.new, 1), c.field, c.want, "")
		})
	}
}

func TestMailboxOwnership(t *testing.T) {
	m := &Mailbox{Owner: "me@mail.example", From: "from", To: []string{"to", "cc"}, Bcc: "bcc"}
	for _, c := range []struct {
		rec               map[string]any
		sender, addressed bool
	}{
		{map[string]any{"from": "Me@Mail.example", "to": []any{"a@x.example"}}, true, false},
		{map[string]any{"from": "a@x.example", "cc": []any{"b@x.example", "me@mail.example"}}, false, true},
		{map[string]any{"from": "a@x.example", "to": "b@x.example, me@mail.example"}, false, true},
		{map[string]any{"from": "a@x.example", "to": []any{"b@x.example"}}, false, false},
	} {
		if m.Sender(c.rec) != c.sender || m.Addressed(c.rec) != c.addressed {
			t.Errorf("%v: sender %v addressed %v, want %v %v", c.rec, m.Sender(c.rec), m.Addressed(c.rec), c.sender, c.addressed)
		}
	}
}
