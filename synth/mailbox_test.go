package synth

import (
	"slices"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestMailIsTheOwners: every message a mail app's world holds was sent
// by the signed-in user or addressed to them, and mail they received
// shows no one else's blind copy; mail in the Sent folder is theirs (before, Outlook and Gmail mailboxes
// held mail between strangers, Bcc lists and all), and their mail directs
// replies to no one else and is not sent in its recipient's name (Gmail
// drafts were from_name and reply_to their recipient).
func TestMailIsTheOwners(t *testing.T) {
	n := 0
	apps := []string{"outlook", "gmail", "zoho_mail", "yahoo_mail", "proton_mail"}
	eachRecord(t, 1, apps, func(d *atom.Data, app string, coll *atom.Collection, rec map[string]any) {
		m := coll.Mailbox
		if m == nil {
			return
		}
		n++
		if !m.Sender(rec) && !m.Addressed(rec) {
			t.Errorf("%s: %s message %v from %v to %v: not %s's", d.ID, app, rec[coll.KeyField()], rec[m.From], rec[m.To[0]], m.Owner)
		}
		if m.InSent(rec) && !m.Sender(rec) {
			t.Errorf("%s: %s message %v in %v from %v", d.ID, app, rec[coll.KeyField()], rec[m.Folder], rec[m.From])
		}
		if m.OthersReplyTo(rec) || m.RecipientNamed(rec) != "" {
			t.Errorf("%s: %s message %v of the owner's to %v: reply-to %v, sender's name %v", d.ID, app, rec[coll.KeyField()], rec[m.To[0]], rec[m.ReplyTo], rec[m.FromName])
		}
		if m.Bcc != "" && !m.Sender(rec) && slices.ContainsFunc(atom.Addresses(rec[m.Bcc]), func(a string) bool { return a != m.Owner }) {
			t.Errorf("%s: %s message %v received with Bcc %v", d.ID, app, rec[coll.KeyField()], rec[m.Bcc])
		}
	})
	if n < 20 {
		t.Fatalf("checked %d messages", n)
	}
}

// TestWithFirst: the owner takes the first recipient's place in a list
// or in a text of addresses.
func TestWithFirst(t *testing.T) {
	list := atom.Field{Type: "array", Items: "string"}
	text := atom.Field{Type: "string"}
	if got := withFirst(list, []any{"a@x.example", "b@x.example"}, "me@x.example"); !slices.Equal(atom.Addresses(got), []string{"me@x.example", "b@x.example"}) {
		t.Errorf("list: %v", got)
	}
	if got := withFirst(text, "a@x.example, b@x.example", "me@x.example"); got != "me@x.example, b@x.example" {
		t.Errorf("text: %v", got)
	}
	if got := withFirst(text, nil, "me@x.example"); got != "me@x.example" {
		t.Errorf("empty text: %v", got)
	}
}

// TestMailIsTheIdentities: where the user writes as any of their
// identities (Fastmail's), every email is from one of them or to one, the
// policy mail a task names included; and mail in a folder of the kind of
// Sent or Drafts (a Fastmail mailbox's role, a Zoho Mail folder's type) is
// the user's own, whatever the folder is named.
func TestMailIsTheIdentities(t *testing.T) {
	c, servers := readWorld(t, 41, "fastmail", "zoho_mail", "zendesk", "asana", "slack")
	emails, bad, own := 0, 0, map[string]int{}
	for _, d := range c.Data {
		emails += len(d.Records["fastmail"]["emails"]) + len(d.Records["zoho_mail"]["messages"])
		for _, app := range []string{"fastmail", "zoho_mail"} {
			def := servers[app].Collection(servers[app].Collections[0].Name)
			mb := def.Mailbox
			fc := servers[app].Collection(def.Fields[mb.Folder].Ref)
			mb = mb.InFolders(fc, d.Records[app][fc.Name])
			for _, r := range d.Records[app][def.Name] {
				if mb.InSent(r) {
					own[app]++
				}
			}
		}
		for _, v := range violationsOf(d, servers, coherence.RuleInvariant, "mailbox's owner") {
			if bad++; bad <= 5 {
				t.Errorf("%s", v)
			}
		}
	}
	t.Logf("mail in folders of the user's own mail over %d worlds: %v", len(c.Data), own)
	if emails < 20 || bad > 0 || own["fastmail"] < 5 || own["zoho_mail"] < 5 {
		t.Errorf("%d of %d emails neither from nor to the user's identities, or in a folder of their own mail from another; %v in such folders", bad, emails, own)
	}
}

// TestOwnMailAnswersToTheOwner: a Gmail draft or sent message, the
// account's own, directs replies to no one else and is not sent in the
// name of its recipient (drafts were drawn with their recipient as
// from_name and reply_to).
func TestOwnMailAnswersToTheOwner(t *testing.T) {
	c, servers := readWorld(t, 56, "gmail", "google_docs", "jira_service_management", "monday")
	m := servers["gmail"].Collection("messages").Mailbox
	own, named := 0, 0
	for _, d := range c.Data {
		for _, r := range d.Records["gmail"]["messages"] {
			if m.Own(r) {
				own++
				if atom.IsSet(r[m.FromName]) || atom.IsSet(r[m.ReplyTo]) {
					named++
				}
			}
		}
		for _, v := range violationsOf(d, servers, coherence.RuleInvariant, "the mailbox's owner") {
			t.Errorf("%s", v)
		}
	}
	t.Logf("%d messages of the account's own over %d worlds, %d with a sender's name or reply-to", own, len(c.Data), named)
	if own < 10 {
		t.Errorf("%d messages of the account's own drawn, want more", own)
	}
}

// TestOwnMailGreetsItsRecipient: mail the owner wrote opens, where it
// greets anyone, by greeting one of its recipients ("Wendy, ..." was sent
// to priya.novak@ in Yahoo Mail and Proton Mail).
func TestOwnMailGreetsItsRecipient(t *testing.T) {
	apps := []string{"yahoo_mail", "proton_mail", "gmail", "outlook", "zoho_mail", "fastmail"}
	c, servers := readWorld(t, 57, append(apps, "reamaze", "wrike", "freshdesk", "zendesk")...)
	greeted := 0
	for _, d := range c.Data {
		for _, app := range apps {
			for _, def := range servers[app].Collections {
				if def.Mailbox == nil {
					continue
				}
				for _, r := range d.Records[app][def.Name] {
					for _, f := range coherence.TextFields(servers[app], &def) {
						if g, _, _ := coherence.Greeting(state.Text(r[f])); g != "" {
							greeted++
						}
					}
				}
			}
		}
		for _, v := range violationsOf(d, servers, coherence.RuleInvariant, "yet it greets") {
			t.Errorf("%s", v)
		}
	}
	t.Logf("%d greetings in mail over %d worlds", greeted, len(c.Data))
	if greeted < 10 {
		t.Errorf("%d greetings drawn in mail, want more", greeted)
	}
}

// TestGreetRecipientReadsEveryLastName: an opening greeting a third person
// by a last name with an apostrophe, an inner capital, a hyphen or
// particles is made to greet the recipient, the whole name replaced.
func TestGreetRecipientReadsEveryLastName(t *testing.T) {
	c := &atom.Collection{Fields: map[string]atom.Field{
		"to":   {Type: "array", Items: "string", Role: atom.RoleEmails},
		"body": {Type: "string", Role: atom.RoleText},
	}}
	m := &atom.Mailbox{Owner: "me@yahoo.example", To: []string{"to"}}
	for _, last := range []string{"O'Brien", "McAllister", "D'Souza", "Smith-Jones", "van der Berg"} {
		rec := map[string]any{"to": []any{"gabriela.patel@cedarpeak.example"}, "body": "Dear Laura " + last + ", here is where it stands."}
		greetRecipient(c, m, rec, func(string) bool { return false })
		if want := "Dear Gabriela Patel, here is where it stands."; rec["body"] != want {
			t.Errorf("%s: body %q, want %q", last, rec["body"], want)
		}
	}
}
