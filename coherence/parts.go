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
// timestamp); "" for none.
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
	if IsPart(def.Name) {
		return plain
	}
	return ""
}

// partDates reports the records of a collection of parts dated before the
// record they are written on (a comment older than its page).
func (c *checker) partDates(sh *Shape, name string, col *state.Collection) {
	def, s := sh.def, sh.server
	if !IsPart(def.Name) {
		return
	}
	mine := sh.CreatedField()
	if mine == "" {
		return
	}
	app, _ := state.Split(name)
	for _, f := range sh.names {
		target := sh.fields[f].ref
		tdef := s.Collection(target)
		if sh.fields[f].role != atom.RoleRef || tdef == nil || target == def.Name {
			continue
		}
		theirs := c.shape(app + "." + target).CreatedField()
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
