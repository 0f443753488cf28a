package coherence

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestOwnMailRead: mail the owner sent, or in a folder of mail they
// wrote, is read; received mail may be unread.
func TestOwnMailRead(t *testing.T) {
	ss := servers()
	inv := ss["billing"].Collection("invoices")
	inv.Fields["from"] = atom.Field{Type: "string", Format: "email", Role: atom.RoleEmail}
	inv.Fields["to"] = atom.Field{Type: "array", Items: "string", Role: atom.RoleEmails}
	inv.Fields["seen"] = atom.Field{Type: "boolean"}
	inv.Mailbox = &atom.Mailbox{Owner: "me@billing.example", From: "from", To: []string{"to"}, Folder: "status", Sent: []string{"sent"}, Read: "seen"}
	received := with(goodInvoice(), "from", "ana@acme.example", "to", []any{"me@billing.example"}, "seen", false)
	sent := with(goodInvoice(), "from", "me@billing.example", "to", []any{"ana@acme.example"}, "seen", true)
	for _, c := range []struct {
		name string
		rec  state.Record
		bad  bool
	}{
		{"received unread", received, false},
		{"sent and read", sent, false},
		{"sent yet unread", with(sent, "seen", false), true},
		{"in the sent folder yet unread", with(sent, "status", "sent", "seen", false), true},
	} {
		var got []Violation
		for _, v := range CheckWorld("d", ss, world(goodCustomers(), []state.Record{c.rec}, nil)) {
			if v.Rule == RuleInvariant && v.Field == "seen" {
				got = append(got, v)
			}
		}
		if len(got) > 0 != c.bad {
			t.Errorf("%s: violations %v, want some %v", c.name, got, c.bad)
		}
	}
}
