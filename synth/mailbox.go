package synth

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// conformMailbox makes a message of one person's mailbox theirs: mail
// from someone else is addressed to the owner (first among its
// recipients, or as the sender where a task sets every recipient), mail
// in a folder of sent mail was written by the owner, and a received
// message keeps no blind copy but the owner's; mail the owner wrote is
// read, and keeps no reply-to or sender's name of another. Values a task
// sets stay.
func conformMailbox(c *atom.Collection, m *atom.Mailbox, rec map[string]any, set map[string]any) {
	pinned := func(f string) bool { _, ok := set[f]; return ok }
	if m.InSent(rec) && !m.Sender(rec) {
		switch {
		case pinned(m.From):
			rec[m.Folder] = receivedFolder(c, m, rec[m.Folder])
		case !pinned(m.To[0]) && slices.ContainsFunc(atom.Addresses(rec[m.To[0]]), m.Owns) && atom.IsSet(rec[m.From]):
			// The owner's own mail goes to whom it was from, not to
			// the owner (a draft answers the mail it drafts a reply to).
			from := state.Text(rec[m.From])
			rec[m.From] = m.Owner
			rec[m.To[0]] = withFirst(c.Fields[m.To[0]], rec[m.To[0]], from)
		default:
			rec[m.From] = m.Owner
		}
	}
	if m.Unread(c, rec) && pinned(m.Read) && !pinned(m.From) && !m.InSent(rec) {
		if other := otherAddress(m, rec); other != "" {
			rec[m.From] = other // unread mail a task names is received mail
		}
	}
	if !m.Sender(rec) && !m.Addressed(rec) {
		switch to := m.To[0]; {
		case !pinned(to):
			rec[to] = withFirst(c.Fields[to], rec[to], m.Owner)
		case !pinned(m.From):
			rec[m.From] = m.Owner
		case len(m.To) > 1 && !pinned(m.To[1]):
			rec[m.To[1]] = withFirst(c.Fields[m.To[1]], rec[m.To[1]], m.Owner)
		}
	}
	if m.Unread(c, rec) && !pinned(m.Read) {
		m.MarkRead(c, rec)
	}
	// The owner's mail answers to the owner: a reply-to or a sender's
	// name drawn for another (its recipient) goes.
	if m.OthersReplyTo(rec) && !pinned(m.ReplyTo) {
		delete(rec, m.ReplyTo)
	}
	if m.RecipientNamed(rec) != "" && !pinned(m.FromName) {
		delete(rec, m.FromName)
	}
	if m.Own(rec) {
		greetRecipient(c, m, rec, pinned)
	}
	if m.Bcc == "" || m.Sender(rec) || pinned(m.Bcc) || !atom.IsSet(rec[m.Bcc]) {
		return
	}
	if m.Addressed(map[string]any{m.Bcc: rec[m.Bcc]}) {
		rec[m.Bcc] = []any{m.Owner}
		return
	}
	delete(rec, m.Bcc)
}

// ownedMail makes each message of a mailbox its user's identities own
// (Fastmail's) theirs, as conformMailbox does for a fixed owner, once the
// identities are drawn and at the world's company; and a message of a
// fixed owner's mailbox that a rule across records put in a folder of
// sent mail (a Gmail draft's message, labelled DRAFT) the owner's. A
// record whose rule its message then breaks (a task keeps its sender)
// goes, where no task names it.
func (db *dataBuilder) ownedMail(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			mb := cm.c.Mailbox
			if mb != nil && mb.FolderBy != "" {
				if fc := m.byName[cm.c.Fields[mb.Folder].Ref]; fc != nil {
					mb = mb.InFolders(fc.c, db.d.Records[m.app][fc.name])
				}
			}
			if mb != nil && mb.OwnedBy == "" {
				pins := db.pinned(cm)
				for _, rec := range db.d.Records[m.app][cm.name] {
					conformMailbox(cm.c, mb, rec, pins[state.Text(rec[cm.key])])
				}
				continue
			}
			if mb == nil {
				continue
			}
			own := m.byName[mb.OwnedBy]
			if own == nil || own.c.Staff == nil {
				continue
			}
			mb = mb.For(own.c.Staff.Addresses(own.c, db.d.Records[m.app][own.name]))
			if mb == nil {
				continue
			}
			pins := db.pinned(cm)
			for _, rec := range db.d.Records[m.app][cm.name] {
				conformMailbox(cm.c, mb, rec, pins[state.Text(rec[cm.key])])
			}
		}
		db.dropUnkinded(m)
	}
}

// dropUnkinded removes the records of m whose reference names a record of
// another kind than a refers_to rule allows, where no task names them: a
// Gmail draft of a message a task keeps as received mail.
func (db *dataBuilder) dropUnkinded(m *appModel) {
	named := namedKeys(m, db.d)
	for _, cm := range m.colls {
		for _, inv := range cm.c.Invariants {
			tc := m.byName[cm.c.Fields[inv.Fields[0]].Ref]
			if inv.Rule != "refers_to" || inv.Follows() || tc == nil || referredTo(m, cm) {
				continue
			}
			db.d.Records[m.app][cm.name] = slices.DeleteFunc(db.d.Records[m.app][cm.name], func(r map[string]any) bool {
				t := findRec(db.d.Records[m.app][tc.name], tc.key, state.Text(r[inv.Fields[0]]))
				return t != nil && inv.RefersFrom(r) && !inv.RefersToKind(t) && !named[cm.name][state.Text(r[cm.key])]
			})
		}
	}
}

// otherAddress is the first recipient of rec that is not the mailbox's
// owner, or "".
func otherAddress(m *atom.Mailbox, rec map[string]any) string {
	for _, f := range m.To {
		for _, a := range atom.Addresses(rec[f]) {
			if !strings.EqualFold(a, m.Owner) {
				return a
			}
		}
	}
	return ""
}

// receivedFolder is the first folder of the mailbox's folder field that
// holds received mail; on a list of folders (Gmail's labels), the list
// was without those of sent mail.
//
// Where the folders are the app's records (FolderBy), it is one of
// received mail's kind, an inbox where the world has one, where the list
// kept none.
func receivedFolder(c *atom.Collection, m *atom.Mailbox, was any) any {
	inbox := ""
	if m.FolderBy != "" {
		inbox = m.ReceivedFolder()
	}
	if c.Fields[m.Folder].Type == "array" {
		out := []any{}
		for _, v := range listOf(was) {
			if !m.SentFolder(state.Text(v)) {
				out = append(out, v)
			}
		}
		if len(out) == 0 && inbox != "" {
			out = append(out, inbox)
		}
		return out
	}
	if m.FolderBy != "" {
		if inbox == "" {
			return was
		}
		return inbox
	}
	for _, v := range c.Fields[m.Folder].Enum {
		if !slices.Contains(m.Sent, fmt.Sprint(v)) {
			return v
		}
	}
	return nil
}

// withFirst is a recipients value of field f with addr first, in place
// of the first address it held: a list, or a text of addresses separated
// by commas (Zoho Mail's toAddress).
func withFirst(f atom.Field, v any, addr string) any {
	as := atom.Addresses(v)
	if len(as) == 0 {
		as = []string{addr}
	} else {
		as[0] = addr
	}
	if f.Type == "string" {
		return strings.Join(as, ", ")
	}
	out := make([]any, len(as))
	for i, a := range as {
		out[i] = a
	}
	return out
}

// greetRecipient makes the opening of mail the owner wrote greet its first
// recipient where it greets a third person: "Wendy," to priya.novak@ reads
// "Priya,", "Dear Hannah Foster," reads "Dear Priya Novak,". The name is
// the address's (its local part's words); a text a task sets stays.
func greetRecipient(c *atom.Collection, m *atom.Mailbox, rec map[string]any, pinned func(string) bool) {
	to := coherence.Recipients(m, rec)
	first := ""
	for _, a := range to {
		if !m.Owns(a) {
			first = a
			break
		}
	}
	local, _, _ := strings.Cut(first, "@")
	words := strings.FieldsFunc(local, func(r rune) bool { return r == '.' || r == '_' || r == '-' })
	if len(words) == 0 {
		return
	}
	for i, w := range words {
		words[i] = capitalise(w)
	}
	for _, f := range slices.Sorted(maps.Keys(c.Fields)) {
		x, ok := rec[f].(string)
		if c.Fields[f].Role != atom.RoleText || !ok || pinned(f) {
			continue
		}
		g, start, end := coherence.Greeting(x)
		if g == "" || coherence.Greets(g, to) {
			continue
		}
		name := words[0]
		if end > start+len(g) && len(words) > 1 {
			name = strings.Join(words, " ")
		}
		rec[f] = x[:start] + name + x[end:]
	}
}
