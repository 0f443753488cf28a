package atom

import (
	"fmt"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// Mailbox says a collection is one person's mail, the signed-in user's:
// every message in it was sent by Owner or addressed to Owner, and its
// blind copies show only on mail Owner sent (a recipient never sees who
// else was blind-copied). Owner is the address the app's send tools
// write as the sender. Where the folder a message is in is a field,
// the folders of Sent hold only mail the owner wrote (sent, drafts).
// Where a field says whether a message was read (Read, read when it holds
// ReadValue, default true), mail the owner wrote is read: one's own sent
// mail and drafts are never unread.
//
// Where the folder field holds references to the app's folders (Fastmail's
// mailboxIds, Zoho Mail's folderId), FolderBy names the folders' field
// saying which kind each is (role, folderType), and Sent lists kinds: a
// message in a folder of the kind of Sent or Drafts is the owner's, what
// the folder is called.
//
// Mail the owner wrote is theirs in its other sender's fields too: its
// reply-to address (ReplyTo), where set, is one of the owner's, and its
// sender's name (FromName) is not the name of one of its recipients (a
// draft to priya.schmidt@ is not from "Priya Schmidt", replies to it do not
// go back to her).
//
// And mail the owner wrote is written to its recipients: where its text
// opens by greeting a person ("Hi Oscar,"), it greets one of them
// (coherence and synthesis read the greeting).
//
// Where the user writes as one of several identities (Fastmail's), OwnedBy
// names the app's collection of them instead of a fixed Owner: every
// address its records hold is the owner's (see For).
type Mailbox struct {
	Owner     string   `json:"owner,omitempty"`      // the signed-in user's address
	OwnedBy   string   `json:"owned_by,omitempty"`   // or the collection of the user's identities, whose addresses are theirs
	From      string   `json:"from"`                 // the sender's address field
	To        []string `json:"to"`                   // the recipients' fields, in order: to, cc
	Bcc       string   `json:"bcc,omitempty"`        // the blind copies' field, if the app keeps one
	Folder    string   `json:"folder,omitempty"`     // the folder's field, if one of an enum, or a list of references (Gmail's label_ids)
	Sent      []string `json:"sent,omitempty"`       // the folders of mail the owner wrote
	FolderBy  string   `json:"folder_by,omitempty"`  // the referenced folders' field naming their kind, if Folder holds references
	Read      string   `json:"read,omitempty"`       // the field saying a message was read, if the app keeps one
	ReadValue string   `json:"read_value,omitempty"` // its value on a read message: true by default
	ReplyTo   string   `json:"reply_to,omitempty"`   // the reply-to address field, if the app keeps one
	FromName  string   `json:"from_name,omitempty"`  // the sender's name field, if the app keeps one

	also  []string          // the owner's other addresses (For)
	kinds map[string]string // each folder's kind by its key (InFolders)
	order []string          // the folders' keys, in their order (InFolders)
	inbox string            // the first kind of folder of received mail (InFolders)
}

// InFolders is the mailbox of a world whose folders are recs, records of
// the collection folders: the kind of folder a message is in is read on
// them (FolderBy). It is m itself where the folder field holds no
// references.
func (m *Mailbox) InFolders(folders *Collection, recs []map[string]any) *Mailbox {
	if m.FolderBy == "" || folders == nil {
		return m
	}
	c := *m
	c.kinds, c.order, c.inbox = map[string]string{}, nil, ""
	for _, v := range folders.Fields[m.FolderBy].Enum {
		if k := fmt.Sprint(v); c.inbox == "" && !slices.Contains(m.Sent, k) {
			c.inbox = k
		}
	}
	key := folders.KeyField()
	for _, r := range recs {
		k := state.Text(r[key])
		c.kinds[k] = state.Text(r[m.FolderBy])
		c.order = append(c.order, k)
	}
	return &c
}

// SentFolder reports whether the folder v names (a key, or a kind where
// folders are named by it) holds mail the owner wrote.
func (m *Mailbox) SentFolder(v string) bool {
	if m.FolderBy != "" {
		v = m.kinds[v]
	}
	return slices.Contains(m.Sent, v)
}

// ReceivedFolder is the key of the first of the world's folders
// (InFolders) of the first kind of received mail the folders' kinds list
// (an inbox), or else of any kind of received mail; "" where there is none.
func (m *Mailbox) ReceivedFolder() string {
	first := ""
	for _, k := range m.order {
		switch {
		case m.SentFolder(k):
		case m.kinds[k] == m.inbox:
			return k
		case first == "":
			first = k
		}
	}
	return first
}

// For is the mailbox of a world whose owner writes as any of addrs (the
// addresses of the records of OwnedBy there): the first is the one mail
// is addressed to where it must be, the others are the owner's too. It is
// m itself where m has a fixed Owner, and nil where it has neither.
func (m *Mailbox) For(addrs []string) *Mailbox {
	if m.Owner != "" {
		return m
	}
	if len(addrs) == 0 {
		return nil
	}
	c := *m
	c.Owner, c.also = addrs[0], addrs[1:]
	return &c
}

// Owns reports whether addr is one of the owner's addresses.
func (m *Mailbox) Owns(addr string) bool {
	return strings.EqualFold(addr, m.Owner) || slices.ContainsFunc(m.also, func(a string) bool { return strings.EqualFold(a, addr) })
}

// ReadAs is the value of the read field on a read message.
func (m *Mailbox) ReadAs() string {
	if m.ReadValue == "" {
		return "true"
	}
	return m.ReadValue
}

// Unread reports whether rec, a message of collection c, is the owner's
// own mail (sent by them, or in a folder of mail they wrote) and yet not
// read. Where the read field is a list (JMAP's keywords), a message is
// read where the list holds ReadValue ($seen), and one holding no list
// holds none.
func (m *Mailbox) Unread(c *Collection, rec map[string]any) bool {
	if m.Read == "" || !m.Sender(rec) && !m.InSent(rec) {
		return false
	}
	v, ok := rec[m.Read]
	if c.Fields[m.Read].Type == "array" {
		return !slices.Contains(ReferenceKeys(v), m.ReadAs())
	}
	return ok && v != nil && state.Text(v) != m.ReadAs()
}

// MarkRead makes rec, a message of collection c, read: its read field
// holds ReadValue, or, a list, holds it beside its other values.
func (m *Mailbox) MarkRead(c *Collection, rec map[string]any) {
	fd := c.Fields[m.Read]
	switch fd.Type {
	case "array":
		out := []any{}
		for _, k := range ReferenceKeys(rec[m.Read]) {
			out = append(out, k)
		}
		rec[m.Read] = append(out, m.ReadAs())
	case "boolean":
		rec[m.Read] = m.ReadAs() == "true"
	default:
		rec[m.Read] = m.ReadAs()
	}
}

// InSent reports whether rec is in a folder of mail the owner wrote: its
// folder is one, or, where the folder field is a list (Gmail's labels),
// one of its values is (SENT, DRAFT).
func (m *Mailbox) InSent(rec map[string]any) bool {
	if m.Folder == "" {
		return false
	}
	switch l := rec[m.Folder].(type) {
	case []any, []string:
		return slices.ContainsFunc(ReferenceKeys(l), m.SentFolder)
	}
	s, _ := rec[m.Folder].(string)
	return m.SentFolder(s)
}

// Own reports whether rec is mail the owner wrote: sent by them, or in a
// folder of mail they wrote.
func (m *Mailbox) Own(rec map[string]any) bool { return m.Sender(rec) || m.InSent(rec) }

// OthersReplyTo reports whether rec is mail the owner wrote whose reply-to
// address is set and not one of the owner's.
func (m *Mailbox) OthersReplyTo(rec map[string]any) bool {
	a := state.Text(rec[m.ReplyTo])
	return m.ReplyTo != "" && a != "" && m.Own(rec) && !m.Owns(a)
}

// RecipientNamed is the recipient of rec, mail the owner wrote, whose name
// its sender's name is (the words of the address before its @, spelt as
// gen.Email spells them: "Priya Schmidt" for priya.schmidt@, "Ivan
// O'Brien" for ivan.obrien@, "Jonas Müller" for jonas.mueller@), or "".
func (m *Mailbox) RecipientNamed(rec map[string]any) string {
	words := strings.Fields(state.Text(rec[m.FromName]))
	for i, w := range words {
		words[i] = gen.LocalPart(w) // the name as its address spells it ("O'Brien" -> obrien)
	}
	name := strings.Join(words, ".")
	if m.FromName == "" || name == "" || !m.Own(rec) {
		return ""
	}
	for _, f := range append(slices.Clone(m.To), m.Bcc) {
		for _, a := range Addresses(rec[f]) {
			if local, _, ok := strings.Cut(strings.ToLower(a), "@"); ok && local == name && !m.Owns(a) {
				return a
			}
		}
	}
	return ""
}

// Sender reports whether rec was sent by the mailbox's owner.
func (m *Mailbox) Sender(rec map[string]any) bool {
	s, _ := rec[m.From].(string)
	return m.Owns(s)
}

// Addressed reports whether rec names the owner among its recipients or
// blind copies.
func (m *Mailbox) Addressed(rec map[string]any) bool {
	for _, f := range append(slices.Clone(m.To), m.Bcc) {
		if f != "" && slices.ContainsFunc(Addresses(rec[f]), m.Owns) {
			return true
		}
	}
	return false
}

// Addresses are the addresses a recipients field holds: a list, or one
// string of addresses separated by commas (Zoho Mail's toAddress).
func Addresses(v any) []string {
	var out []string
	switch v := v.(type) {
	case string:
		for _, a := range strings.Split(v, ",") {
			if a = strings.TrimSpace(a); a != "" {
				out = append(out, a)
			}
		}
	case []any:
		for _, a := range v {
			if s, ok := a.(string); ok && s != "" {
				out = append(out, s)
			}
		}
	case []string:
		out = append(out, v...)
	}
	return out
}

// validateMailbox checks a mailbox declaration: an owner's address, and
// fields of the collection holding addresses. A tool that writes mail
// into the collection writes the owner as its sender, or lets the caller
// say who (a send-as identity), never another fixed address.
func validateMailbox(e *Entry, s *Server, c *Collection, at string) Diagnostics {
	m := c.Mailbox
	var ds Diagnostics
	switch own := s.Collection(m.OwnedBy); {
	case m.OwnedBy != "" && m.Owner != "":
		ds = append(ds, e.Diag(Error, at+".owned_by", "owner and owned_by exclude each other: a fixed address, or the collection of the user's identities"))
	case m.OwnedBy != "" && (own == nil || own.Staff == nil):
		ds = append(ds, e.Diag(Error, at+".owned_by", "%q is not a collection of the workspace's own people (staff) in this server", m.OwnedBy))
	case m.OwnedBy == "" && !strings.Contains(m.Owner, "@"):
		ds = append(ds, e.Diag(Error, at+".owner", "owner is the signed-in user's email address, not %q", m.Owner))
	}
	if len(m.To) == 0 {
		ds = append(ds, e.Diag(Error, at+".to", "to lists the recipients' fields"))
	}
	for i, f := range append([]string{m.From, m.Bcc}, m.To...) {
		if f == "" && i == 1 {
			continue
		}
		if r := c.Fields[f].Role; r != RoleEmail && r != RoleEmails {
			ds = append(ds, e.Diag(Error, at, "%q is not a field of %s holding addresses", f, c.Name))
		}
	}
	if (m.Folder == "") != (len(m.Sent) == 0) {
		ds = append(ds, e.Diag(Error, at+".sent", "folder and sent go together: the folder field and its folders of sent mail"))
	}
	folder, ok := c.Fields[m.Folder]
	if m.Folder != "" && !ok {
		ds = append(ds, e.Diag(Error, at+".folder", "no field %q in collection %s", m.Folder, c.Name))
	}
	kinds := folder.Enum
	if m.FolderBy != "" {
		fc := s.Collection(folder.Ref)
		switch {
		case !ok || fc == nil:
			ds = append(ds, e.Diag(Error, at+".folder_by", "%q is no reference to a collection of folders of %s", m.Folder, s.AppName()))
		case fc.Fields[m.FolderBy].Enum == nil:
			ds = append(ds, e.Diag(Error, at+".folder_by", "%s.%s is no field naming a folder's kind (a list of its values)", fc.Name, m.FolderBy))
		default:
			kinds = fc.Fields[m.FolderBy].Enum
		}
	}
	for i, v := range m.Sent {
		// A list of references (Gmail's labels) names its folders by
		// key, the product's own (SENT, DRAFT); an enum lists them, and
		// so does the folders' field of their kind (FolderBy).
		if ok && (m.FolderBy != "" || !(folder.Type == "array" && folder.Ref != "")) && !slices.ContainsFunc(kinds, func(x any) bool { return fmt.Sprint(x) == v }) {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.sent[%d]", at, i), "%q is not a folder %s can hold", v, m.Folder))
		}
	}
	if f := m.ReplyTo; f != "" && c.Fields[f].Role != RoleEmail {
		ds = append(ds, e.Diag(Error, at+".reply_to", "%q is not a field of %s holding an address", f, c.Name))
	}
	if f := m.FromName; f != "" && c.Fields[f].Role != RolePersonName {
		ds = append(ds, e.Diag(Error, at+".from_name", "%q is not a field of %s holding a person's name", f, c.Name))
	}
	if _, ok := c.Fields[m.Read]; m.Read != "" && !ok {
		ds = append(ds, e.Diag(Error, at+".read", "no field %q in collection %s", m.Read, c.Name))
	}
	if m.Read != "" {
		ds = append(ds, valuesOf(e, c, m.Read, []string{m.ReadAs()}, at+".read_value")...)
	}
	for i, t := range s.Tools {
		if t.Effect.Kind != "create" || t.Effect.Collection != c.Name {
			continue
		}
		if v, ok := t.Effect.Set[m.From]; ok && (m.OwnedBy != "" || fmt.Sprint(v) != m.Owner) {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("tools[%d].effect.set.%s", i, m.From), "%s sends as %v, but the mailbox belongs to %s", t.Name, v, m.Owner))
		}
	}
	return ds
}
