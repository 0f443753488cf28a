package satisfy

import (
	"strings"
	"unicode"
)

// Loose lower-cases text and splits it into words of letters and digits
// joined by single spaces: "Do-Not-Contact" and "do_not_contact" read the
// same, and so do an id in JSON and in prose.
func Loose(s string) string {
	var b strings.Builder
	space := true
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			space = false
		} else if !space {
			b.WriteByte(' ')
			space = true
		}
	}
	return strings.TrimSpace(b.String())
}

// FieldWords splits a field name into the words a person would write,
// dropping "is"/"has" prefixes: is_vip -> [vip], doNotContact -> [do not
// contact].
func FieldWords(field string) []string {
	if i := strings.LastIndex(field, "."); i >= 0 {
		field = field[i+1:]
	}
	var b strings.Builder
	for i, r := range field {
		if unicode.IsUpper(r) && i > 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	words := strings.Fields(Loose(b.String()))
	if len(words) > 1 && (words[0] == "is" || words[0] == "has") {
		words = words[1:]
	}
	return words
}
