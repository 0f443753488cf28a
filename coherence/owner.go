package coherence

import (
	"regexp"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// A record's text that names its owner ("Owner: Dana Lee", "assigned to
// Dana Lee") names the person its owner field holds, not another.

// ownerCueRE finds where a text starts naming a record's owner or
// assignee; the name follows it.
var ownerCueRE = regexp.MustCompile(`(?i)\b(?:owner:|owner is|owned by|assigned to|assignee:|assignee is|managed by)\s+`)

// OwnerNamed is where, in text, each name of a record's owner or
// assignee starts: after "Owner:", "owned by", "assigned to".
func OwnerNamed(text string) []int {
	var out []int
	for _, m := range ownerCueRE.FindAllStringIndex(text, -1) {
		out = append(out, m[1])
	}
	return out
}

// ownerFieldWords are the words of a field naming the person a record
// belongs to or is assigned to.
var ownerFieldWords = []string{"owner", "assignee", "assigned", "manager"}

// OwnerFields are the fields of a collection that name its owner or
// assignee: a reference, a name, a username or an address.
func OwnerFields(sh *Shape) []string {
	var out []string
	for _, f := range sh.names {
		fs := sh.fields[f]
		if atom.HasWord(fs.words, ownerFieldWords...) && atom.HasWord([]string{fs.role}, atom.RoleRef, atom.RolePersonName, atom.RoleUsername, atom.RoleEmail) {
			out = append(out, f)
		}
	}
	return out
}

// ownerText checks each text of the record that names its owner against
// its owner fields: the person named must be the one a field holds.
func (c *checker) ownerText(sh *Shape, coll, key string, rec map[string]any) {
	owners := OwnerFields(sh)
	if len(owners) == 0 {
		return
	}
	for tf := range sh.withRole(atom.RoleText) {
		text := state.Text(rec[tf])
		for _, at := range OwnerNamed(text) {
			name := c.knownName(text[at:])
			if name == "" {
				continue
			}
			for _, f := range owners {
				held, ok := c.ownerName(sh, coll, f, rec)
				if ok && !SameParty(name, held) {
					c.add(RuleFields, coll, key, tf, text, "the text names %s as owner but %s is %q", name, f, held)
				}
			}
		}
	}
}

// knownName is the full name of a person of the world that s starts
// with, or "".
func (c *checker) knownName(s string) string {
	ws := strings.Fields(s)
	for n := min(4, len(ws)); n >= 2; n-- {
		name := strings.TrimRight(strings.Join(ws[:n], " "), ".,;:)")
		if c.personNames[name] {
			return name
		}
	}
	return ""
}

// ownerName is what owner field f of rec says of its person: the name of
// the record it references, or its own value (a name, a username, an
// address); ok is false where it holds none.
func (c *checker) ownerName(sh *Shape, coll, f string, rec map[string]any) (string, bool) {
	v := state.Text(rec[f])
	if v == "" {
		return "", false
	}
	if sh.fields[f].role != atom.RoleRef {
		return v, true
	}
	return c.personOf(sh, coll, f, v)
}

// personOf is the name (or, lacking one, the address) of the person
// record the reference field f of a record of coll names by v; ok is
// false where it names none of the world.
func (c *checker) personOf(sh *Shape, coll, f, v string) (string, bool) {
	fs := sh.fields[f]
	app, _ := state.Split(coll)
	tsh := c.shape(app + "." + fs.ref)
	t, ok := c.referenced(app+"."+fs.ref, sh.def.Fields[f], v)
	if tsh == nil || !ok {
		return "", false
	}
	name, email := personName(tsh, t)
	if name == "" {
		name = email
	}
	return name, name != ""
}

// SameParty reports whether a person's name and what a field holds of a
// person (a name, a username, an address) can be the same person: every
// word of the name is in it.
func SameParty(name, held string) bool {
	// An address drops a name's apostrophes (keiko.obrien for Keiko
	// O'Brien); so does the comparison.
	name, held = strings.ReplaceAll(name, "'", ""), strings.ReplaceAll(held, "'", "")
	// An address spells a letter beyond ASCII as mail systems do
	// (mueller for Müller); both sides are compared so spelt, and a word
	// with no letter so spelt (a name in another script) is not compared.
	local, _, _ := strings.Cut(strings.ToLower(held), "@")
	parts := strings.FieldsFunc(local, func(r rune) bool { return r == '.' || r == '_' || r == '-' || r == ' ' })
	for i, p := range parts {
		parts[i] = localOf(p, "")
	}
	for _, w := range strings.Fields(strings.ToLower(name)) {
		w = localOf(w, "")
		found := w == ""
		for _, p := range parts {
			if p == w || strings.Contains(p, w) && len(w) > 2 {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}
