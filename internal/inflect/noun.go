// Package inflect turns English nouns between singular and plural, well enough
// for the entity and collection names of SaaS apps ("support_tickets",
// "people", "statuses"), and reads a verb phrase in every form of its verb
// ("turned down", "calling it off"). It is the one place these rules live.
package inflect

import "strings"

// irregular maps a singular to its plural where the suffix rules are wrong.
var irregular = map[string]string{
	"person": "people", "media": "media", "data": "data", "status": "statuses",
	"criteria": "criteria", "analysis": "analyses",
}

// singulars is irregular read the other way.
var singulars = func() map[string]string {
	m := make(map[string]string, len(irregular))
	for one, many := range irregular {
		m[many] = one
	}
	return m
}()

// lastWord splits s before its last word (words are joined by '_' or ' ').
func lastWord(s string) (head, word string) {
	if i := strings.LastIndexAny(s, "_ "); i >= 0 {
		return s[:i+1], s[i+1:]
	}
	return "", s
}

// Plural is the plural of a noun or of a name's last word:
// "support_ticket" -> "support_tickets", "person" -> "people".
func Plural(s string) string {
	head, w := lastWord(s)
	if p, ok := irregular[w]; ok {
		return head + p
	}
	switch {
	case strings.HasSuffix(w, "y") && len(w) > 1 && !strings.ContainsRune("aeiou", rune(w[len(w)-2])):
		return head + w[:len(w)-1] + "ies"
	case strings.HasSuffix(w, "s"), strings.HasSuffix(w, "x"), strings.HasSuffix(w, "ch"), strings.HasSuffix(w, "sh"):
		return head + w + "es"
	}
	return head + w + "s"
}

// Singular is the singular of a plural noun or of a name's last word:
// "support_tickets" -> "support_ticket", "people" -> "person",
// "statuses" -> "status". A word that is already singular comes back as it
// is ("status", "address", "campus").
func Singular(s string) string {
	head, w := lastWord(s)
	if one, ok := singulars[w]; ok {
		return head + one
	}
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 3:
		return head + w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "xes"),
		strings.HasSuffix(w, "uses") && !strings.HasSuffix(w, "ouses") && !strings.HasSuffix(w, "auses"):
		return head + w[:len(w)-2]
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"):
		return head + w
	case strings.HasSuffix(w, "s") && len(w) > 1:
		return head + w[:len(w)-1]
	}
	return head + w
}
