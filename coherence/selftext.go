package coherence

import (
	"maps"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/internal/inflect"
	"github.com/legoenv/legoenv/state"
)

// A record's text is written on one record and by one person. It speaks
// of the record it is on as that record, not as another: a comment on the
// task "Renewal paperwork" is not "Blocked on the task Renewal paperwork",
// nor does it send its reader to "see the task Renewal paperwork". And it
// is its writer's own words: nobody greets, copies or hands over to
// themselves ("Copying Samuel Kowalski" by samuel.kowalski).

// writerWords name the field of the person who wrote a record: a
// message's sender, a comment's author, a story's creator, a post's user.
var writerWords = []string{"author", "sender", "from", "creator", "poster", "user"}

// WriterField reports whether a field named f of role holds the address
// or handle of its record's writer.
func WriterField(f, role string) bool {
	if role != atom.RoleEmail && role != atom.RoleUsername {
		return false
	}
	ws := atom.Words(f)
	return atom.HasWord(ws, writerWords...) || atom.HasWord(ws, "created") && atom.HasWord(ws, "by")
}

// RecordNoun is what a record of the collection coll is called in text:
// "task" for tasks, "scheduled event" for scheduled_events.
func RecordNoun(coll string) string {
	return inflect.Singular(strings.Join(atom.Words(coll), " "))
}

// NamesAsOther reports whether text speaks of the record called name, a
// record of the kind noun, as another record: "the task Renewal
// paperwork", followed by no more of a longer name.
func NamesAsOther(text, noun, name string) bool {
	if name == "" || noun == "" {
		return false
	}
	phrase := "the " + noun + " " + name
	for i := 0; ; {
		j := strings.Index(text[i:], phrase)
		if j < 0 {
			return false
		}
		end := i + j + len(phrase)
		if end == len(text) || !isWordRune(rune(text[end])) {
			return true
		}
		i = end
	}
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// AddressesWriter reports whether text speaks to or of the person whose
// address or handle is writer as of someone else: it opens by greeting
// their first name ("Samuel, the figures look right"; "Hi Samuel,") or
// names them in full ("Copying Samuel Kowalski"). A name is matched by
// the handle mail systems spell it as (Müller's mueller).
func AddressesWriter(text, writer string) bool {
	local, _, _ := strings.Cut(strings.ToLower(writer), "@")
	first, last, ok := strings.Cut(local, ".")
	if !ok || first == "" || last == "" {
		return false
	}
	words := strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '-' })
	for i := 0; i+1 < len(words); i++ {
		if handleOf(words[i], words[i+1]) == local {
			return true
		}
	}
	opening := text
	for _, g := range []string{"Hi ", "Hello ", "Dear ", "Morning ", "Hey "} {
		opening = strings.TrimPrefix(opening, g)
	}
	name, _, greets := strings.Cut(opening, ",")
	return greets && !strings.Contains(name, " ") && handleOf(name, "x") == first+".x"
}

// handleOf is the handle of the person called first and last.
func handleOf(first, last string) string {
	local, _, _ := strings.Cut(gen.Email(gen.Person{First: first, Last: last}, "x"), "@")
	return local
}

// selfText checks that a record's free text does not speak of the record
// it is written on (the one a required or parent reference names) as another, and
// does not greet, copy or name the person its writer field names.
func (c *checker) selfText(sh *Shape, coll, key string, rec map[string]any) {
	var texts []string
	for _, f := range sh.names {
		if sh.fields[f].role == atom.RoleText && sh.def.Fields[f].Type == "string" {
			if _, ok := rec[f].(string); ok {
				texts = append(texts, f)
			}
		}
	}
	if len(texts) == 0 {
		return
	}
	for _, wf := range sh.names {
		writer, ok := rec[wf].(string)
		if !ok || !WriterField(wf, sh.fields[wf].role) {
			continue
		}
		for _, f := range texts {
			if AddressesWriter(rec[f].(string), writer) {
				c.add(RuleRef, coll, key, f, rec[f], "%s greets, copies or names %s %q, who wrote it", f, wf, writer)
			}
		}
	}
	if c.w == nil {
		return
	}
	app, own := state.Split(coll)
	for _, rf := range sh.names {
		fs, fd := sh.fields[rf], sh.def.Fields[rf]
		if fs.role != atom.RoleRef || !fd.OnParent() || fs.ref == "" || fs.ref == own || !atom.IsSet(rec[rf]) {
			continue
		}
		psh, pc := c.shape(app+"."+fs.ref), c.w.Collection(app+"."+fs.ref)
		if psh == nil || pc == nil {
			continue
		}
		parent, ok := pc.Lookup(state.Text(rec[rf]))
		if !ok {
			continue
		}
		noun := RecordNoun(fs.ref)
		naming := NamingFields(psh.names, func(f string) string { return psh.fields[f].role })
		for _, nf := range naming {
			name, _ := parent[nf].(string)
			for _, f := range texts {
				if NamesAsOther(rec[f].(string), noun, name) {
					c.add(RuleRef, coll, key, f, rec[f], "%s speaks of the %s %q it is on, by %s, as another %s", f, noun, name, rf, noun)
				}
			}
		}
		if fd.Subject {
			c.namesOtherThanSubject(coll, key, rec, texts, rf, noun, naming, parent, pc)
		}
	}
}

// namesOtherThanSubject checks that a record about the record its
// reference rf names (declared subject: an Expensify expense of its
// report) names no other record of that collection in its texts: "See
// the report REP-6992" on an expense of REP-8772 speaks of a report it is
// not in.
func (c *checker) namesOtherThanSubject(coll, key string, rec map[string]any, texts []string, rf, noun string, naming []string, own map[string]any, pc *state.Collection) {
	ownKey, _ := state.KeyOf(own, pc.Key)
	seen := map[string]bool{} // a name several records hold is one finding
	for _, other := range pc.Records {
		if k, _ := state.KeyOf(other, pc.Key); k == ownKey {
			continue
		}
		for _, nf := range naming {
			name, _ := other[nf].(string)
			for _, f := range texts {
				if name != "" && name != own[nf] && !seen[f+"|"+name] && NamesAsOther(rec[f].(string), noun, name) {
					seen[f+"|"+name] = true
					c.add(RuleRef, coll, key, f, rec[f], "%s names the %s %q, not the one %s names (%v)", f, noun, name, rf, own[nf])
				}
			}
		}
	}
}

// A text is written when its record is made, and names only records that
// were there by then: a comment made on 3 May does not tie in with a
// ticket raised on 9 May. The record a text's own record refers to is
// another rule's (since): a text names it as its own.

// Siblings are the records of one collection a text may name as others
// ("the request X").
type Siblings struct {
	Noun    string           // what a record is called in text ("request")
	Records []map[string]any // the collection's records
	Key     string           // their key field
	Created string           // the field saying when one was made
	Names   []string         // the fields a text names one by (NamingFields)
	Own     map[string]bool  // the keys of the records the text's record refers to
}

// Later is the name of a record of s, other than one the text's record
// refers to, that text speaks of as "the <noun> <name>" (NamesAsOther)
// and that was made after made; "" where text names none.
func (s Siblings) Later(text string, made time.Time) string {
	if s.Created == "" || !strings.Contains(text, "the "+s.Noun+" ") {
		return ""
	}
	for _, r := range s.Records {
		t, ok := atom.Time(r[s.Created])
		if !ok || !t.After(made) || s.Own[state.Text(r[s.Key])] {
			continue
		}
		for _, f := range s.Names {
			if n, _ := r[f].(string); NamesAsOther(text, s.Noun, n) {
				return n
			}
		}
	}
	return ""
}

// NamingFields are the fields of a record a text names it by: its title,
// its person's or company's name, its code, and a text field named as a
// title (a Jira Service Management request's summary).
func NamingFields(fields []string, role func(string) string) []string {
	var out []string
	for _, f := range fields {
		switch r := role(f); {
		case r == atom.RoleTitle, r == atom.RolePersonName, r == atom.RoleCompany, r == atom.RoleCode:
			out = append(out, f)
		case r == atom.RoleText && slices.Contains([]string{"summary", "subject", "title"}, strings.Join(atom.Words(f), " ")):
			out = append(out, f)
		}
	}
	return out
}

// laterNamed checks that a record's free text names no record, of a
// collection one of its references points at, made after the record,
// other than one it refers to. A party's text (a contact's notes) may: a
// party is kept up to date after it is made.
func (c *checker) laterNamed(sh *Shape, coll, key string, rec map[string]any) {
	cf := sh.CreatedField()
	made, ok := atom.Time(rec[cf])
	if c.w == nil || cf == "" || !ok || sh.IsParty() {
		return
	}
	app, own := state.Split(coll)
	sibs := map[string]*Siblings{}
	for _, rf := range sh.names {
		fs := sh.fields[rf]
		if fs.role != atom.RoleRef || sh.def.Fields[rf].Type == "array" || fs.ref == "" || fs.ref == own {
			continue
		}
		psh, pc := c.shape(app+"."+fs.ref), c.w.Collection(app+"."+fs.ref)
		if psh == nil || pc == nil {
			continue
		}
		if sibs[fs.ref] == nil {
			sibs[fs.ref] = &Siblings{Noun: RecordNoun(fs.ref), Records: pc.Records, Key: pc.Key, Created: psh.CreatedField(),
				Names: NamingFields(psh.names, func(f string) string { return psh.fields[f].role }), Own: map[string]bool{}}
		}
		sibs[fs.ref].Own[state.Text(rec[rf])] = true
	}
	for _, ref := range slices.Sorted(maps.Keys(sibs)) {
		for _, f := range sh.names {
			text, ok := rec[f].(string)
			if !ok || sh.fields[f].role != atom.RoleText {
				continue
			}
			if n := sibs[ref].Later(text, made); n != "" {
				c.add(RuleRef, coll, key, f, rec[f], "%s names the %s %q, made after it (%s %s)", f, sibs[ref].Noun, n, cf, state.Text(rec[cf]))
			}
		}
	}
}
