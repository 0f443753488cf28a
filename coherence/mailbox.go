package coherence

import (
	"slices"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// mailbox checks a collection of one person's mail: each message is from
// its owner or addressed to them, and blind copies show only on mail the
// owner sent, and mail the owner wrote is read and greets one of its
// recipients.
func (c *checker) mailbox(def *atom.Collection, name string, col *state.Collection) {
	m := c.mailboxOf(def, name)
	if m == nil {
		return
	}
	s, _ := c.def(name)
	texts := TextFields(s, def)
	for _, rec := range col.Records {
		k, _ := state.KeyOf(rec, col.Key)
		sent := m.Sender(rec)
		if !sent && m.InSent(rec) {
			c.add(RuleInvariant, name, k, m.From, rec[m.From], "in %s %v but not from the mailbox's owner %s", m.Folder, rec[m.Folder], m.Owner)
		} else if !sent && !m.Addressed(rec) {
			c.add(RuleInvariant, name, k, m.From, rec[m.From], "neither from nor to the mailbox's owner %s", m.Owner)
		}
		if m.Own(rec) {
			for _, f := range texts {
				if g, _, _ := Greeting(state.Text(rec[f])); g != "" && !Greets(g, Recipients(m, rec)) {
					c.add(RuleInvariant, name, k, f, g, "the mailbox's owner %s wrote it to %v, yet it greets %s", m.Owner, Recipients(m, rec), g)
				}
			}
		}
		if m.OthersReplyTo(rec) {
			c.add(RuleInvariant, name, k, m.ReplyTo, rec[m.ReplyTo], "the mailbox's owner %s wrote it, yet replies go to %v", m.Owner, rec[m.ReplyTo])
		}
		if a := m.RecipientNamed(rec); a != "" {
			c.add(RuleInvariant, name, k, m.FromName, rec[m.FromName], "the mailbox's owner %s wrote it, yet it is sent in the name of its recipient %s", m.Owner, a)
		}
		if m.Unread(def, rec) {
			c.add(RuleInvariant, name, k, m.Read, rec[m.Read], "the mailbox's owner %s wrote it, yet %s is %v", m.Owner, m.Read, rec[m.Read])
		}
		if m.Bcc != "" && !sent && slices.ContainsFunc(atom.Addresses(rec[m.Bcc]), func(a string) bool { return !m.Owns(a) }) {
			c.add(RuleInvariant, name, k, m.Bcc, rec[m.Bcc], "received mail shows blind copies to others than %s", m.Owner)
		}
	}
}

// mailboxOf is the mailbox of the world's collection name (def): its
// owner fixed, or the addresses of the world's records of the identities
// that own it; nil where it is no mailbox or owned by no one here.
// Where its folders are records of the app (FolderBy), their kinds are
// the world's.
func (c *checker) mailboxOf(def *atom.Collection, name string) *atom.Mailbox {
	m := def.Mailbox
	if m == nil {
		return nil
	}
	app, _ := state.Split(name)
	if m.FolderBy != "" {
		var recs []map[string]any
		ref := app + "." + def.Fields[m.Folder].Ref
		if col := c.w.Collection(ref); col != nil {
			for _, r := range col.Records {
				recs = append(recs, r)
			}
		}
		_, folders := c.def(ref)
		m = m.InFolders(folders, recs)
	}
	if m.OwnedBy == "" {
		return m
	}
	s, own := c.def(app + "." + m.OwnedBy)
	col := c.w.Collection(app + "." + m.OwnedBy)
	if s == nil || own == nil || own.Staff == nil || col == nil {
		return nil
	}
	return m.For(own.Staff.Addresses(own, col.Records))
}
