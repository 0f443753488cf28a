package coherence

import (
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// A record's text that says who hosts it ("Onboarding on 24 June, hosted
// by Keiko O'Brien") names one of the hosts its host fields hold (a
// Calendly event's host_ids, the users its event memberships name:
// https://developer.calendly.com/api-docs, "Scheduled Event"), not a
// person who is none of them.

// HostCue is the words before a record's host's name in its text.
const HostCue = "hosted by "

// hostedByRE finds the name a text gives as its record's host: the words
// of a name after HostCue.
var hostedByRE = regexp.MustCompile(`\b` + HostCue + `(\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)+)`)

// HostNamed lists the names text gives as its record's host.
func HostNamed(text string) []string {
	var out []string
	for _, n := range HostNamedAt(text) {
		out = append(out, n.Name)
	}
	return out
}

// HostFields are the fields of a collection that name its hosts: a
// reference or a list of them, a name, a username or an address, of a
// field named for a host.
func HostFields(sh *Shape) []string {
	var out []string
	for _, f := range sh.names {
		fs := sh.fields[f]
		if atom.HasWord(fs.words, "host", "hosts") && atom.HasWord([]string{fs.role}, atom.RoleRef, atom.RolePersonName, atom.RoleUsername, atom.RoleEmail) {
			out = append(out, f)
		}
	}
	return out
}

// A record's text that says who raised or asked it ("Raised by Nadia
// Garcia of Initech", "Question from Hiro at Initech") names the person
// its raiser field names (a field declared raiser: a Zoho Desk ticket's
// contactId, "the contact who raised the ticket":
// https://desk.zoho.com/DeskAPIDocument#Tickets).

// raiserName is a name of one or two words in a text.
const raiserName = `(\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)?)`

// raisedByRE finds the names a text gives as the person who raised,
// asked or reported its record.
var raisedByRE = regexp.MustCompile(`\b(?:Raised by|Set up by|[Qq]uestion from|Request from|Opened through [\p{L} ]+ by) ` + raiserName +
	`|(?:^|[.!?] )` + raiserName + ` (?:from [^.:;]+ (?:reports|asks)|at [^.:;]+ (?:first saw|wrote in|sent the figures))`)

// Named is a name a text gives one of its record's parties, and where it
// starts.
type Named struct {
	Name string
	At   int
}

// RaiserNamed lists the names text gives as its record's raiser.
func RaiserNamed(text string) []Named {
	var out []Named
	for _, m := range raisedByRE.FindAllStringSubmatchIndex(text, -1) {
		for g := 1; g < len(m)/2; g++ {
			if m[2*g] >= 0 {
				out = append(out, Named{text[m[2*g]:m[2*g+1]], m[2*g]})
			}
		}
	}
	return out
}

// HostNamedAt lists the names text gives as its record's host, with
// where each starts.
func HostNamedAt(text string) []Named {
	var out []Named
	for _, m := range hostedByRE.FindAllStringSubmatchIndex(text, -1) {
		out = append(out, Named{text[m[2]:m[3]], m[2]})
	}
	return out
}

// RaiserFields are the fields of a collection declared raiser.
func RaiserFields(sh *Shape) []string {
	return declared(sh, func(f atom.Field) bool { return f.Raiser })
}

// declared are the fields of a collection whose declaration is.
func declared(sh *Shape, is func(atom.Field) bool) []string {
	var out []string
	for _, f := range sh.names {
		if is(sh.def.Fields[f]) {
			out = append(out, f)
		}
	}
	return out
}

// A record about a person (a field declared subject: an Ashby
// application's candidateId) names no other person in its text: an
// archive reason reads "Hiro Walker withdrew after the 7 April interview"
// on Hiro Walker's application only.

// personNameRE finds a name of two words in a text; SubjectNamed keeps
// those whose first word is a person's first name.
var personNameRE = regexp.MustCompile(`\b(\p{Lu}[\p{L}'-]+) \p{Lu}[\p{L}'-]+`)

// SubjectNamed lists the people text names by first and last name
// ("Gabriela O'Brien's final round" names Gabriela O'Brien), and by a
// first name alone ("Tamsin at Globex moved the work in-house").
func SubjectNamed(text string) []Named {
	return SubjectNamedAmong(text, gen.IsFirstName)
}

// SubjectFields are the fields of a collection declared subject that
// name a person (a record of a collection holding people's names); a
// subject of another kind (an Expensify expense's report) is selfText's.
func SubjectFields(sh *Shape) []string {
	return declared(sh, func(f atom.Field) bool { return f.Subject && namesPeople(sh.server, f.Ref) })
}

// namesPeople reports whether the collection coll of s holds people,
// named by a field of role person_name.
func namesPeople(s *atom.Server, coll string) bool {
	c := s.Collection(coll)
	return c != nil && slices.ContainsFunc(slices.Collect(maps.Values(c.Fields)), func(f atom.Field) bool { return f.Role == atom.RolePersonName })
}

// hostText checks each text of the record that names its host against
// its host fields, each that names who raised it against its raiser
// fields, and each person a text names against its subject fields: the
// person named must be one a field holds.
func (c *checker) hostText(sh *Shape, coll, key string, rec map[string]any) {
	c.partyText(sh, coll, key, rec, HostFields(sh), HostNamedAt, "host")
	c.partyText(sh, coll, key, rec, RaiserFields(sh), RaiserNamed, "the one who raised it")
	c.partyText(sh, coll, key, rec, SubjectFields(sh), c.subjectNamed, "the one it is about")
}

// partyText checks each text of the record against the fields that hold
// one of its parties: each name find gives as that party (as) must be of
// a person a field holds.
func (c *checker) partyText(sh *Shape, coll, key string, rec map[string]any, fields []string, find func(string) []Named, as string) {
	if len(fields) == 0 || c.w == nil {
		return // a record checked alone: its parties are not at hand
	}
	for tf := range sh.withRole(atom.RoleText) {
		text := state.Text(rec[tf])
		for _, n := range find(text) {
			for _, f := range fields {
				held := c.heldNames(sh, coll, f, rec)
				if len(held) > 0 && !slices.ContainsFunc(held, func(h string) bool { return SameParty(n.Name, h) }) {
					c.add(RuleFields, coll, key, tf, text, "the text names %s as %s but %s holds %s", n.Name, as, f, strings.Join(held, ", "))
				}
			}
		}
	}
}

// heldNames is what field f of rec says of the people it holds: for each
// reference (one or a list), the name of the record it names; else its
// own value. A reference to no record of the world names no one.
func (c *checker) heldNames(sh *Shape, coll, f string, rec map[string]any) []string {
	if sh.fields[f].role != atom.RoleRef {
		if v := state.Text(rec[f]); v != "" {
			return []string{v}
		}
		return nil
	}
	var out []string
	for _, k := range atom.ReferenceKeys(rec[f]) {
		if name, ok := c.personOf(sh, coll, f, k); ok {
			out = append(out, name)
		}
	}
	return out
}
