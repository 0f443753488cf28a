package automationbench

import (
	"strings"
	"unicode"

	"github.com/legoenv/legoenv/internal/inflect"
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

// singular and plural are the English rules shared across the module.
var singular, plural = inflect.Singular, inflect.Plural

// sameNoun reports whether a and b name the same noun, singular or plural.
func sameNoun(a, b string) bool {
	return a == b || singular(a) == singular(b) || plural(a) == b || a == plural(b)
}
