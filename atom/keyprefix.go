package atom

import (
	"strings"
	"unicode"
)

// KeyPrefixMax is the most characters a key that begins its items'
// numbers holds here (role key_prefix): Linear suggests a team's key of
// the first letters of its name, ENG for Engineering, and a key is short
// enough to read in every issue's identifier (ENG-123).
const KeyPrefixMax = 5

// KeyPrefix is the key a record titled title is given, the way Linear
// suggests one: the first three letters of a one-word title ("Payments"
// is PAY), the initials of a longer one ("Customer Success" is CS), in
// capitals; "" where the title holds no letter.
func KeyPrefix(title string) string {
	var words []string
	for _, w := range strings.FieldsFunc(title, func(r rune) bool { return r > unicode.MaxASCII || !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if unicode.IsLetter(rune(w[0])) {
			words = append(words, strings.ToUpper(w))
		}
	}
	switch {
	case len(words) == 0:
		return ""
	case len(words) == 1:
		return words[0][:min(3, len(words[0]))]
	}
	var b strings.Builder
	for _, w := range words[:min(len(words), KeyPrefixMax)] {
		b.WriteByte(w[0])
	}
	return b.String()
}
