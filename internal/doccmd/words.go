package doccmd

import (
	"regexp"
	"strings"
)

// Words splits a shell command into its words as the shell would before
// expansion: quotes, and $(...) or `...` substitutions, do not split. It
// stops at a comment. An unbalanced quote or parenthesis ends the last word
// at the end of the text.
func Words(s string) []string {
	words, _ := scan(s)
	return words
}

// Code returns a command without its trailing comment and the blanks
// before it.
func Code(s string) string {
	_, end := scan(s)
	return strings.TrimRight(s[:end], " \t")
}

// scan returns the words of a command and where its comment starts (the
// length of s when it has none).
func scan(s string) ([]string, int) {
	var out []string
	var cur strings.Builder
	var quote rune
	depth := 0
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
	}
	for i, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"' || r == '`':
			quote = r
		case r == '(':
			depth++
		case r == ')':
			depth--
		case depth > 0:
		case r == '#' && cur.Len() == 0:
			flush()
			return out, i
		case r == ' ' || r == '\t':
			flush()
			continue
		}
		cur.WriteString(s[i : i+len(string(r))])
	}
	flush()
	return out, len(s)
}

var assignment = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)

// Program returns the program a command runs first (its first word that
// is not a variable assignment), or "" for a command that only assigns.
func Program(text string) string {
	for _, w := range Words(text) {
		if !assignment.MatchString(w) {
			return w
		}
	}
	return ""
}
