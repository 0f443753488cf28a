package coherence

import (
	"regexp"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/gen"
)

// A letter opens by greeting whom it is written to ("Hi Oscar,", "Dear
// Hannah Foster,", "Wendy,"): mail the owner wrote greets one of its
// recipients, never a third person.

// greeting is a text's opening: a greeting word, a first name, maybe a
// last name or the recipient's team, and a comma. A last name may open
// with particles ("van der Berg"), hold an apostrophe or an inner capital
// ("O'Brien", "D'Souza", "McAllister") and join two names by a hyphen
// ("Smith-Jones").
var greeting = regexp.MustCompile(`^(?:(?:Hi|Hello|Dear|Hey|Morning|Good morning) )?([A-Z][a-z]+)( (?:(?:van|von|der|den|de|del|della|da|di|du|dos|la|le|ter|ten) ){0,2}[A-Z][A-Za-z]*(?:['’-][A-Z]?[a-z]+)*)?((?: and the [^,.]+ team)?,)`)

// Greeting is the first name a text's opening greets and the span of the
// name it greets by (first name, and last name where it has one) in
// text; "" where it opens with no greeting of a first name.
func Greeting(text string) (first string, start, end int) {
	m := greeting.FindStringSubmatchIndex(text)
	if m == nil || !gen.IsFirstName(text[m[2]:m[3]]) {
		return "", 0, 0
	}
	end = m[3]
	if m[4] >= 0 {
		end = m[5]
	}
	return text[m[2]:m[3]], m[2], end
}

// Greets reports whether first is the first name of one of the addresses
// as: the first word of its local part ("priya" of priya.novak@).
func Greets(first string, as []string) bool {
	for _, a := range as {
		local, _, _ := strings.Cut(strings.ToLower(a), "@")
		w, _, _ := strings.Cut(strings.NewReplacer("_", ".", "-", ".").Replace(local), ".")
		if w == strings.ToLower(first) {
			return true
		}
	}
	return false
}

// Recipients are the addresses mail rec is written to, those of the
// mailbox's recipients' fields.
func Recipients(m *atom.Mailbox, rec map[string]any) []string {
	var as []string
	for _, f := range append(append([]string{}, m.To...), m.Bcc) {
		if f != "" {
			as = append(as, atom.Addresses(rec[f])...)
		}
	}
	return as
}
