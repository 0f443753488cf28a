package coherence

import (
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/isotime"
	"github.com/legoenv/legoenv/state"
)

// partCollWords name collections whose records are written on another record
// and cannot be older than it: a comment on a page, an update on a
// ticket, a message in a stream, a refund or a fulfillment of an order.
// Stories are not among them: Asana's are comments, Shortcut's are the
// work items comments are on.
var partCollWords = []string{"comment", "comments", "reply", "replies", "update", "updates", "note", "notes",
	"post", "posts", "message", "messages", "attachment", "attachments", "worklog", "worklogs", "reaction", "reactions",
	"refund", "refunds", "fulfillment", "fulfillments"}

// createdWords name the date a record came to be.
var createdWords = []string{"created", "create", "creation", "added", "add", "submitted", "opened"}

// IsPart reports whether records of a collection are written on another
// record (comments, updates, messages), so none is dated before it.
func IsPart(collection string) bool {
	ws := atom.Words(collection)
	return len(ws) > 0 && oneOf(ws[len(ws)-1], partCollWords)
}

// CreatedField is the field of a collection that says when a record came
// to be: one named for its creation (created_at, add_time), or in a
// collection of parts its only stamp (a comment's date, a message's
// timestamp) or of a settlement (a payment's date); "" for none.
func (sh *Shape) CreatedField() string {
	def := sh.def
	plain := ""
	for _, f := range sh.names {
		fs, fd := sh.fields[f], def.Fields[f]
		if fs.role != atom.RoleDate && fd.Format != "date" && fd.Format != "date-time" {
			continue
		}
		if atom.HasWord(fs.words, createdWords...) {
			return f
		}
		if len(fs.words) == 1 && oneOf(fs.words[0], []string{"date", "timestamp", "time"}) {
			plain = f
		}
	}
	if IsPart(def.Name) || IsSettlement(def.Name) {
		return plain
	}
	return ""
}

// classifierWords name collections whose records classify others (a
// label, a tag, a category): one exists apart from any record it is put
// on, so it may be older or newer than it.
var classifierWords = []string{"label", "labels", "tag", "tags", "category", "categories", "topic", "topics"}

// isFolder reports whether a collection holds folders records are filed
// in (mail folders, mailboxes, directories), or classes they are filed
// under (a HappyFox ticket's category, a label).
func isFolder(collection string) bool {
	ws := atom.Words(collection)
	return len(ws) > 0 && (oneOf(ws[len(ws)-1], []string{"folders", "mailboxes", "directories"}) || oneOf(ws[len(ws)-1], classifierWords))
}

// personRoles are the roles of fields that name the person a record is.
// A handle is not among them: it names whoever works on a record (a
// Lever opportunity's owner) as often as the record's own person.
var personRoles = []string{atom.RolePersonName, atom.RoleFirstName, atom.RoleLastName}

// IsParty reports whether records of the shape's collection are parties
// (people, users, companies): a record may name one made after it (a
// contact's company added later, a ticket reassigned to a new agent). A
// party has a field naming its person, or names a company with no title
// of its own.
func (sh *Shape) IsParty() bool {
	company, title := false, false
	for _, f := range sh.names {
		switch r := sh.fields[f].role; {
		case oneOf(r, personRoles):
			return true
		case r == atom.RoleCompany:
			company = true
		case r == atom.RoleTitle:
			title = true
		}
	}
	return company && !title
}

// OnRefs are the references through which a record is written on,
// collected by or made in another record, by field, with its collection:
// every reference of a collection of parts (a comment's page), and of any
// other collection but a classifier those to a record that is no party (a
// Facebook lead's ad, a Freshservice conversation's ticket, a recording's
// meeting). A record is not older than the record it is on. A reference
// the target returns (a chat's pinned message, the message's chat) is
// none: neither is made on the other; nor is a reference to a folder a
// record is filed in (an Outlook message's mail folder) or a class it is
// filed under (a HappyFox ticket's category), which it was not written on.
func (sh *Shape) OnRefs(shapeOf func(string) *Shape) map[string]string {
	out := map[string]string{}
	ws := atom.Words(sh.def.Name)
	if len(ws) > 0 && oneOf(ws[len(ws)-1], classifierWords) {
		return out
	}
	part := IsPart(sh.def.Name)
	for _, f := range sh.names {
		fs := sh.fields[f]
		if fs.role != atom.RoleRef || fs.ref == "" || fs.ref == sh.def.Name || sh.def.Fields[f].Type == "array" || isFolder(fs.ref) {
			continue
		}
		tsh := shapeOf(fs.ref)
		if tsh == nil || !part && (tsh.IsParty() || tsh.refersTo(sh.def.Name)) {
			continue
		}
		out[f] = fs.ref
	}
	return out
}

// refersTo reports whether the shape's collection has a reference to
// collection.
func (sh *Shape) refersTo(collection string) bool {
	for _, f := range sh.names {
		if fs := sh.fields[f]; fs.role == atom.RoleRef && fs.ref == collection {
			return true
		}
	}
	return false
}

// MadeField is the created field of the shape's collection (see
// CreatedField) unless it is named for one of the record's states: an
// expense report's submitted is when it was submitted (its SUBMITTED
// state), not when it was made, and its expenses come before it.
func (sh *Shape) MadeField() string {
	cf := sh.CreatedField()
	if cf == "" {
		return ""
	}
	for _, f := range sh.names {
		if fs := sh.fields[f]; fs.role == atom.RoleStatus {
			for _, w := range sh.fields[cf].words {
				if oneOf(w, fs.states) {
					return ""
				}
			}
		}
	}
	return cf
}

// shapesIn gives the shape of a collection of app by its name.
func (c *checker) shapesIn(app string) func(string) *Shape {
	return func(coll string) *Shape { return c.shape(app + "." + coll) }
}

// onParents calls fn with each record of the collection name (col) and
// the record its reference field f names, for every reference refs picks
// among those of the collection's app (its OnRefs, its SittingParents),
// with that record's shape.
func (c *checker) onParents(name string, col *state.Collection, refs func(func(string) *Shape) map[string]string, fn func(f string, tsh *Shape, rec, parent state.Record)) {
	app, _ := state.Split(name)
	shapeOf := c.shapesIn(app)
	for f, target := range refs(shapeOf) {
		tsh, tcol := shapeOf(target), c.w.Collection(app+"."+target)
		if tsh == nil || tcol == nil {
			continue
		}
		for _, rec := range col.Records {
			if parent, ok := tcol.Lookup(state.Text(rec[f])); ok {
				fn(f, tsh, rec, parent)
			}
		}
	}
}

// partDates reports the records dated before the record they are on (a
// comment older than its page, a lead older than its ad).
func (c *checker) partDates(sh *Shape, name string, col *state.Collection) {
	mine := sh.MadeField()
	if mine == "" {
		return
	}
	app, _ := state.Split(name)
	shapeOf := c.shapesIn(app)
	for f, target := range sh.OnRefs(shapeOf) {
		theirs := shapeOf(target).DateFor(sh)
		tcol := c.w.Collection(app + "." + target)
		if theirs == "" || tcol == nil {
			continue
		}
		for _, rec := range col.Records {
			c.partDate(name, col.Key, rec, mine, f, tcol, theirs)
		}
	}
}

func (c *checker) partDate(name, key string, rec state.Record, mine, ref string, tcol *state.Collection, theirs string) {
	parent, ok := tcol.Lookup(state.Text(rec[ref]))
	if !ok {
		return
	}
	a, aok := rec[mine].(string)
	b, bok := parent[theirs].(string)
	if !aok || !bok {
		return
	}
	at, aok := isotime.Parse(a)
	bt, bok := isotime.Parse(b)
	if aok && bok && at.Before(bt) {
		k, _ := state.KeyOf(rec, key)
		c.add(RuleLifecycle, name, k, mine, a, "%s %s is before %s %s of the %s it is on (%s)", mine, a, theirs, b, ref, state.Text(rec[ref]))
	}
}
