package automationbench

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/legoenv/legoenv/internal/editdist"
)

// Parameters whose names are not field names. After the spellings
// resolveField knows, a parameter is looked for, in order: without leading
// words that name who holds the value (recipient_email on a signer ->
// email), as the one field ending in it (reason -> cancel_reason, order ->
// routing_order), through a synonym (title -> summary), and as the one field
// sharing its head word and another (linkedin_profile_url -> linkedin_url).
// Then inside the records a collection holds (signer_email -> some signer's
// email). A parameter still unmapped names the closest fields.

// fieldSynonyms are generic field names that mean one thing across apps.
var fieldSynonyms = [][]string{
	{"title", "summary", "subject", "name", "headline", "topic"},
	{"description", "body", "details", "notes", "content", "text", "message", "memo", "note", "comment"},
	{"order", "position", "sequence", "rank"},
	{"url", "link", "href"},
	{"phone", "phone_number", "mobile"},
	{"company", "company_name", "organization", "account_name"},
}

// abbreviations field names use for a word.
var abbreviations = map[string]string{"amt": "amount", "qty": "quantity", "desc": "description", "num": "number",
	"addr": "address", "tel": "phone", "msg": "message", "org": "organization"}

// expandAbbrev spells out the abbreviated words of a name (total_amt ->
// total_amount).
func expandAbbrev(name string) string {
	ws := words(name)
	for i, w := range ws {
		if long, ok := abbreviations[w]; ok {
			ws[i] = long
		}
	}
	return strings.Join(ws, "_")
}

// describedRef is the field of c referring to target under another name:
// a <word>_id whose word the target's description uses for it (Mailchimp's
// audiences are "mailing lists": a subscriber's list_id).
func describedRef(c *Coll, target *Coll) *Field {
	desc := words(strings.ToLower(target.Description))
	var found *Field
	for _, f := range c.Fields {
		x, ok := strings.CutSuffix(f.Name, "_id")
		if !ok || f.Type != "string" || strings.Contains(x, "_") || !slices.Contains(desc, x) {
			continue
		}
		if found != nil {
			return nil
		}
		found = f
	}
	return found
}

// personWords name who a value belongs to rather than the value.
var personWords = set("recipient", "signer", "attendee", "participant", "invitee", "guest", "member", "contact",
	"person", "customer", "user", "requester", "assignee", "owner", "sender", "author")

// nearField finds the field of fields that parameter base means when its
// name is not the field's; holder are the words naming the records fields
// belong to (a list's name), which may lead the parameter.
func nearField(app string, fields []*Field, base string, holder []string) *Field {
	ws := words(base)
	for i := 1; i < len(ws); i++ {
		if leadingHolder(ws[:i], holder) {
			// Only the rest's own name: resolveField's looser readings
			// (a field it starts) would take email for email_subject.
			rest := strings.Join(ws[i:], "_")
			for _, f := range fields {
				if f.Name == rest || squash(f.Name) == squash(rest) {
					return f
				}
			}
		}
	}
	var ends []*Field
	long := expandAbbrev(base)
	for _, f := range fields {
		if strings.HasSuffix(expandAbbrev(f.Name), "_"+long) {
			ends = append(ends, f)
		}
	}
	if len(ends) > 1 {
		// profile_id between sender_profile_id and recipient_profile_id:
		// the server's record of the caller is not what a goal names.
		var given []*Field
		for _, f := range ends {
			if !serverOwned(f) {
				given = append(given, f)
			}
		}
		ends = given
	}
	if len(ends) == 1 {
		return ends[0]
	}
	for _, group := range fieldSynonyms {
		if !slices.Contains(group, base) {
			continue
		}
		for _, s := range group {
			if s == base {
				continue
			}
			for _, f := range fields {
				if f.Name == s {
					return f
				}
			}
		}
	}
	return sharedWordsField(fields, ws)
}

func leadingHolder(lead, holder []string) bool {
	for _, w := range lead {
		if personWords[singular(w)] {
			continue
		}
		found := false
		for _, h := range holder {
			if sameNoun(w, h) {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// sharedWordsField is the one field sharing the parameter's head word and
// at least one other word, the most of them.
func sharedWordsField(fields []*Field, ws []string) *Field {
	if len(ws) < 2 {
		return nil
	}
	ws = words(expandAbbrev(strings.Join(ws, "_")))
	head := ws[len(ws)-1]
	best, bestN, tie := (*Field)(nil), 0, false
	for _, f := range fields {
		fw := words(expandAbbrev(f.Name))
		if len(fw) == 0 || fw[len(fw)-1] != head {
			continue
		}
		n := sharedWords(ws, fw)
		switch {
		case n > bestN:
			best, bestN, tie = f, n, false
		case n == bestN:
			tie = true
		}
	}
	if bestN < 2 || tie {
		return nil
	}
	return best
}

func sharedWords(a, b []string) int {
	n := 0
	for _, x := range a {
		for _, y := range b {
			if x == y {
				n++
				break
			}
		}
	}
	return n
}

// nestedField finds a parameter among the fields of the records a
// collection holds in lists: <list>_<field> (signer_email: the email of a
// signer), or a field only one list's records have. It returns the list
// field and the element's field.
func nestedField(app string, c *Coll, base string, bare bool) (*Field, *Field) {
	ws := words(base)
	for i := 1; i < len(ws); i++ {
		if lf, ef := leadList(app, c, strings.Join(ws[:i], "_"), strings.Join(ws[i:], "_")); lf != nil {
			return lf, ef
		}
	}
	if !bare {
		return nil, nil
	}
	var list, elem *Field
	for _, lf := range c.Fields {
		if !lf.isObjectList() {
			continue
		}
		if ef := resolveField(app, lf.Elem, base, ""); ef != nil {
			if list != nil {
				return nil, nil // two lists have it: the name does not say which
			}
			list, elem = lf, ef
		}
	}
	return list, elem
}

// leadList is the list of records that lead names, holding field rest:
// the list so named (signers for signer), else one whose last word it is
// (cc_recipients for recipient). A generic word for a person (recipient)
// names the list of the main people before a qualified one: an
// envelope's recipient is a signer before a cc recipient.
func leadList(app string, c *Coll, lead, rest string) (*Field, *Field) {
	var qualified, qualifiedElem *Field
	for _, lf := range c.Fields {
		if !lf.isObjectList() {
			continue
		}
		named := sameNoun(lf.Name, lead)
		if !named && !sameNoun(lastWord(lf.Name), lead) && !(personWords[singular(lead)] && len(words(lf.Name)) == 1 && isPeople(lf)) {
			continue
		}
		ef := resolveField(app, lf.Elem, rest, "")
		if ef == nil {
			ef = nearField(app, lf.Elem, rest, words(lf.Name))
		}
		switch {
		case ef == nil:
		case named || len(words(lf.Name)) == 1 && personWords[singular(lead)] && isPeople(lf):
			return lf, ef
		case qualified == nil:
			qualified, qualifiedElem = lf, ef
		}
	}
	return qualified, qualifiedElem
}

// isPeople: the records a list holds are people (they have an email).
func isPeople(lf *Field) bool {
	for _, f := range lf.Elem {
		if f.Name == "email" {
			return true
		}
	}
	return false
}

func lastWord(s string) string {
	ws := words(s)
	if len(ws) == 0 {
		return s
	}
	return ws[len(ws)-1]
}

// closestFields names up to three fields of c (nested ones as list.field)
// closest to a parameter, for an error a person can act on.
func closestFields(c *Coll, base string) string {
	type cand struct {
		name  string
		score int
	}
	ws := words(base)
	var cs []cand
	add := func(name string, fw []string) {
		s := 10*sharedWords(ws, fw) - editdist.Levenshtein(base, name)
		cs = append(cs, cand{name, s})
	}
	for _, f := range c.Fields {
		add(f.Name, words(f.Name))
		if f.isObjectList() {
			for _, e := range f.Elem {
				add(f.Name+"."+e.Name, words(e.Name))
			}
		}
	}
	sort.SliceStable(cs, func(i, j int) bool {
		if cs[i].score != cs[j].score {
			return cs[i].score > cs[j].score
		}
		return cs[i].name < cs[j].name
	})
	var out []string
	for i := 0; i < len(cs) && i < 3; i++ {
		out = append(out, cs[i].name)
	}
	if len(out) == 0 {
		return ""
	}
	return fmt.Sprintf(" (closest: %s)", strings.Join(out, ", "))
}
