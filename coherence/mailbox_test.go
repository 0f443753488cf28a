package coherence

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestMailboxOwner: mail between two strangers in someone's mailbox is
// found, and so is a received message showing others' blind copies or
// another's mail in the sent folder; mail
// the owner sent or received is not.
func TestMailboxOwner(t *testing.T) {
	ss := servers()
	inv := ss["billing"].Collection("invoices")
	inv.Fields["from"] = atom.Field{Type: "string", Format: "email", Role: atom.RoleEmail}
	inv.Fields["to"] = atom.Field{Type: "array", Items: "string", Role: atom.RoleEmails}
	inv.Fields["bcc"] = atom.Field{Type: "array", Items: "string", Role: atom.RoleEmails}
	inv.Mailbox = &atom.Mailbox{Owner: "me@billing.example", From: "from", To: []string{"to"}, Bcc: "bcc", Folder: "status", Sent: []string{"sent"}}
	good := with(goodInvoice(), "from", "ana@acme.example", "to", []any{"me@billing.example"})
	for _, c := range []struct {
		name  string
		rec   state.Record
		field string // "" when nothing is wrong
	}{
		{"received", good, ""},
		{"sent with a blind copy", with(good, "from", "me@billing.example", "to", []any{"ana@acme.example"}, "bcc", []any{"lee@acme.example"}), ""},
		{"another's mail in the sent folder", with(good, "status", "sent"), "from"},
		{"between strangers", with(good, "to", []any{"lee@acme.example"}), "from"},
		{"received showing another's blind copy", with(good, "bcc", []any{"lee@acme.example"}), "bcc"},
	} {
		var got []string
		for _, v := range CheckWorld("d", ss, world(goodCustomers(), []state.Record{c.rec}, nil)) {
			if v.Rule == RuleInvariant {
				got = append(got, v.Field)
			}
		}
		if c.field == "" && len(got) > 0 || c.field != "" && (len(got) != 1 || got[0] != c.field) {
			t.Errorf("%s: invariant violations on %v, want on %q", c.name, got, c.field)
		}
	}
}

// TestMailboxOwnedByIdentities: where the user writes as any of their
// identities (Fastmail's), mail from or to any one of them is theirs, and
// mail between strangers is found.
func TestMailboxOwnedByIdentities(t *testing.T) {
	ss := servers()
	s := ss["billing"]
	s.Collection("customers").Staff = &atom.Staff{Email: []string{"email"}}
	inv := s.Collection("invoices")
	inv.Fields["from"] = atom.Field{Type: "string", Format: "email", Role: atom.RoleEmail}
	inv.Fields["to"] = atom.Field{Type: "array", Items: "string", Role: atom.RoleEmails}
	inv.Mailbox = &atom.Mailbox{OwnedBy: "customers", From: "from", To: []string{"to"}}
	good := with(goodInvoice(), "from", "ana@acme.example", "to", []any{"noor.abernathy@acme.example"})
	for _, c := range []struct {
		name  string
		rec   state.Record
		field string // "" when nothing is wrong
	}{
		{"to the first identity", good, ""},
		{"from the second identity", with(good, "from", "paulo.nakamura@globex.example", "to", []any{"ana@acme.example"}), ""},
		{"between strangers", with(good, "to", []any{"lee@acme.example"}), "from"},
	} {
		var got []string
		for _, v := range CheckWorld("d", ss, world(goodCustomers(), []state.Record{c.rec}, nil)) {
			if v.Rule == RuleInvariant {
				got = append(got, v.Field)
			}
		}
		if c.field == "" && len(got) > 0 || c.field != "" && (len(got) != 1 || got[0] != c.field) {
			t.Errorf("%s: invariant violations on %v, want on %q", c.name, got, c.field)
		}
	}
}

// TestMailboxFoldersByKind: where a message's folder is a record of the
// app's folders (Fastmail's mailboxes, Zoho Mail's folders), the folder's
// kind says whether it holds the owner's own mail: another's mail in a
// folder of the kind of Sent is found, whatever the folder is called, and
// in a folder of another kind it is not.
func TestMailboxFoldersByKind(t *testing.T) {
	ss := servers()
	s := ss["billing"]
	s.Collection("customers").Fields["kind"] = atom.Field{Type: "string", Enum: []any{"inbox", "sent"}}
	inv := s.Collection("invoices")
	inv.Fields["from"] = atom.Field{Type: "string", Format: "email", Role: atom.RoleEmail}
	inv.Fields["to"] = atom.Field{Type: "array", Items: "string", Role: atom.RoleEmails}
	inv.Mailbox = &atom.Mailbox{Owner: "me@billing.example", From: "from", To: []string{"to"}, Folder: "customer_ref", FolderBy: "kind", Sent: []string{"sent"}}
	folders := goodCustomers()
	folders[0]["kind"], folders[1]["kind"] = "inbox", "sent"
	received := with(goodInvoice(), "from", "ana@acme.example", "to", []any{"me@billing.example"})
	for _, c := range []struct {
		name  string
		rec   state.Record
		field string // "" when nothing is wrong
	}{
		{"received in the inbox", received, ""},
		{"received in the folder of sent mail", with(received, "customer_ref", "cus_2290"), "from"},
		{"sent in the folder of sent mail", with(received, "customer_ref", "cus_2290", "from", "me@billing.example", "to", []any{"ana@acme.example"}), ""},
	} {
		var got []string
		for _, v := range CheckWorld("d", ss, world(folders, []state.Record{c.rec}, nil)) {
			if v.Rule == RuleInvariant {
				got = append(got, v.Field)
			}
		}
		if c.field == "" && len(got) > 0 || c.field != "" && (len(got) != 1 || got[0] != c.field) {
			t.Errorf("%s: invariant violations on %v, want on %q", c.name, got, c.field)
		}
	}
}
