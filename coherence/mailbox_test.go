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

// TestMailboxOwnSenderFields: mail the owner wrote (sent, or in a folder
// of their mail) directing replies to another, or sent in the name of its
// recipient, is found; received mail with its sender's own reply-to and
// name is not, nor is the owner's mail with the owner's reply-to.
func TestMailboxOwnSenderFields(t *testing.T) {
	ss := servers()
	inv := ss["billing"].Collection("invoices")
	inv.Fields["from"] = atom.Field{Type: "string", Format: "email", Role: atom.RoleEmail}
	inv.Fields["to"] = atom.Field{Type: "array", Items: "string", Role: atom.RoleEmails}
	inv.Fields["reply_to"] = atom.Field{Type: "string", Format: "email", Role: atom.RoleEmail}
	inv.Fields["from_name"] = atom.Field{Type: "string", Role: atom.RolePersonName}
	inv.Mailbox = &atom.Mailbox{Owner: "me@billing.example", From: "from", To: []string{"to"}, Folder: "status", Sent: []string{"draft"}, ReplyTo: "reply_to", FromName: "from_name"}
	received := with(goodInvoice(), "status", "paid", "from", "priya.schmidt@acme.example", "to", []any{"me@billing.example"},
		"reply_to", "priya.schmidt@acme.example", "from_name", "Priya Schmidt")
	draft := with(goodInvoice(), "from", "me@billing.example", "to", []any{"priya.schmidt@acme.example"}, "from_name", "Dana Okafor")
	for _, c := range []struct {
		name  string
		rec   state.Record
		field string // "" when nothing is wrong
	}{
		{"received", received, ""},
		{"the owner's draft", draft, ""},
		{"the owner's draft with the owner's reply-to", with(draft, "reply_to", "me@billing.example"), ""},
		{"a draft with its recipient's reply-to", with(draft, "reply_to", "priya.schmidt@acme.example"), "reply_to"},
		{"a draft in its recipient's name", with(draft, "from_name", "Priya Schmidt"), "from_name"},
		{"a draft in its recipient's name with an apostrophe", with(draft, "to", []any{"ivan.obrien@acme.example"}, "from_name", "Ivan O'Brien"), "from_name"},
		{"a draft in its recipient's name with an umlaut", with(draft, "to", []any{"jonas.mueller@acme.example"}, "from_name", "Jonas Müller"), "from_name"},
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

// TestMailboxGreetsItsRecipient: mail the owner wrote whose opening
// greets a third person ("Wendy, ..." to priya.novak@) is found; one
// greeting its recipient, by first or full name, or greeting no one, is
// not, and neither is received mail, whose recipient is the owner.
func TestMailboxGreetsItsRecipient(t *testing.T) {
	ss := servers()
	inv := ss["billing"].Collection("invoices")
	inv.Fields["from"] = atom.Field{Type: "string", Format: "email", Role: atom.RoleEmail}
	inv.Fields["to"] = atom.Field{Type: "array", Items: "string", Role: atom.RoleEmails}
	inv.Fields["body"] = atom.Field{Type: "string", Role: atom.RoleText}
	inv.Mailbox = &atom.Mailbox{Owner: "me@billing.example", From: "from", To: []string{"to"}}
	sent := with(goodInvoice(), "from", "me@billing.example", "to", []any{"priya.novak@oscorp.example"}, "body", "Hi Priya, I wanted to raise the renewal with you.")
	for _, c := range []struct {
		name  string
		rec   state.Record
		field string // "" when nothing is wrong
	}{
		{"greeting its recipient", sent, ""},
		{"greeting its recipient by full name", with(sent, "body", "Dear Priya Novak, the renewal is attached."), ""},
		{"greeting its recipient and their team", with(sent, "body", "Hi Priya and the Oscorp team, the renewal is attached."), ""},
		{"greeting no one", with(sent, "body", "Thanks, the renewal is attached."), ""},
		{"received, greeting the owner's name", with(sent, "from", "wendy.ruiz@acme.example", "to", []any{"me@billing.example"}, "body", "Hi Oscar, see the renewal."), ""},
		{"greeting a third person", with(sent, "body", "Wendy, I wanted to raise the renewal with you."), "body"},
		{"greeting a third person by full name", with(sent, "body", "Dear Hannah Foster, I wanted to raise the renewal."), "body"},
		{"greeting a third person by a name with an apostrophe", with(sent, "body", "Dear Laura O'Brien, here is where it stands."), "body"},
		{"greeting a third person by a name with an inner capital", with(sent, "body", "Hi Laura McAllister, here is where it stands."), "body"},
		{"greeting a third person by a hyphenated name", with(sent, "body", "Dear Laura Smith-Jones, here is where it stands."), "body"},
		{"greeting a third person by a name with particles", with(sent, "body", "Dear Laura van der Berg, here is where it stands."), "body"},
		{"greeting its recipient by a name with an apostrophe", with(sent, "to", []any{"priya.dsouza@oscorp.example"}, "body", "Dear Priya D'Souza, the renewal is attached."), ""},
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
