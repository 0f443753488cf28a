package automationbench

import (
	"strings"
	"unicode"
)

// snake turns camelCase and TitleCase into snake_case and lower-cases the
// rest: "updateRecord" -> "update_record", "HubSpotContact" ->
// "hub_spot_contact". Existing underscores are kept.
func snake(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i, r := range rs {
		if unicode.IsUpper(r) {
			prevLower := i > 0 && (unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1]))
			nextLower := i > 0 && i+1 < len(rs) && unicode.IsUpper(rs[i-1]) && unicode.IsLower(rs[i+1])
			if (prevLower || nextLower) && b.Len() > 0 && !strings.HasSuffix(b.String(), "_") {
				b.WriteByte('_')
			}
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		if r == '-' || r == ' ' {
			r = '_'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// words splits a snake_case name into its words, dropping empty ones.
func words(s string) []string {
	var out []string
	for _, w := range strings.Split(snake(s), "_") {
		if w != "" {
			out = append(out, w)
		}
	}
	return out
}

// squash lower-cases and drops everything but letters and digits, so that
// "CampaignId", "campaign_id" and "Campaign ID" compare equal.
func squash(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// irregular plurals seen in SaaS entity names.
var irregular = map[string]string{
	"person": "people", "media": "media", "data": "data", "status": "statuses",
	"criteria": "criteria", "analysis": "analyses",
}

// plural of an English noun, good enough for entity names.
func plural(s string) string {
	if p, ok := irregular[s]; ok {
		return p
	}
	if i := strings.LastIndexByte(s, '_'); i >= 0 {
		return s[:i+1] + plural(s[i+1:])
	}
	switch {
	case strings.HasSuffix(s, "y") && len(s) > 1 && !strings.ContainsRune("aeiou", rune(s[len(s)-2])):
		return s[:len(s)-1] + "ies"
	case strings.HasSuffix(s, "s"), strings.HasSuffix(s, "x"), strings.HasSuffix(s, "ch"), strings.HasSuffix(s, "sh"):
		return s + "es"
	}
	return s + "s"
}

// singular of an English noun (the inverse of plural for the usual cases).
func singular(s string) string {
	for k, v := range irregular {
		if v == s {
			return k
		}
	}
	if i := strings.LastIndexByte(s, '_'); i >= 0 {
		return s[:i+1] + singular(s[i+1:])
	}
	switch {
	case strings.HasSuffix(s, "ies") && len(s) > 3:
		return s[:len(s)-3] + "y"
	case strings.HasSuffix(s, "sses"), strings.HasSuffix(s, "ches"), strings.HasSuffix(s, "shes"), strings.HasSuffix(s, "xes"), strings.HasSuffix(s, "uses"):
		return s[:len(s)-2]
	case strings.HasSuffix(s, "ss"), strings.HasSuffix(s, "us"):
		return s
	case strings.HasSuffix(s, "s") && len(s) > 1:
		return s[:len(s)-1]
	}
	return s
}

// sameNoun reports whether a and b name the same noun, singular or plural.
func sameNoun(a, b string) bool {
	return a == b || singular(a) == singular(b) || plural(a) == b || a == plural(b)
}
