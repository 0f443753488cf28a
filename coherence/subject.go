package coherence

import (
	"regexp"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/gen"
)

// A record about a person names no other person by a first name alone
// either: a Pipedrive deal's lost reason "Tamsin at Globex moved the work
// in-house" on Carmen Larsen's deal names Tamsin, a person of the world
// (person_id: https://developers.pipedrive.com/docs/api/v1/Deals).

// capitalWordRE finds a word with a capital first letter.
var capitalWordRE = regexp.MustCompile(`\b\p{Lu}[\p{L}'-]+`)

// SubjectNamedAmong lists the people text names by first and last name
// (a first word gen draws as a first name), and the words first says are
// a person's first name that stand alone, outside any name of two words.
func SubjectNamedAmong(text string, first func(string) bool) []Named {
	var out []Named
	var spans [][]int
	for _, m := range personNameRE.FindAllStringSubmatchIndex(text, -1) {
		spans = append(spans, m[:2])
		if gen.IsFirstName(text[m[2]:m[3]]) {
			out = append(out, Named{strings.TrimSuffix(text[m[0]:m[1]], "'s"), m[0]})
		}
	}
	for _, m := range capitalWordRE.FindAllStringIndex(text, -1) {
		inside := slices.ContainsFunc(spans, func(s []int) bool { return m[0] >= s[0] && m[1] <= s[1] })
		if w := strings.TrimSuffix(text[m[0]:m[1]], "'s"); !inside && first(w) {
			out = append(out, Named{w, m[0]})
		}
	}
	slices.SortFunc(out, func(a, b Named) int { return a.At - b.At })
	return out
}

// subjectNamed lists the people text names by first and last name, and
// by a first name alone where it is the first name of a person of the
// world.
func (c *checker) subjectNamed(text string) []Named {
	return SubjectNamedAmong(text, func(w string) bool {
		for n := range c.personNames {
			if f, _, _ := strings.Cut(n, " "); f == w {
				return true
			}
		}
		return false
	})
}
