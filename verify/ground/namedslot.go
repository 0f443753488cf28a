package ground

import (
	"regexp"
	"strings"
	"unicode"
)

// slotNameRE is a word in capitals that may name a template's slot
// (DATE, NAME, N).
var slotNameRE = regexp.MustCompile(`\b[A-Z][A-Z0-9_]*\b`)

// namedSlots returns where, in the quoted span q of text, stands a word
// in capitals that text defines ("set the topic to 'Next release: DATE',
// where DATE is the second Thursday of next month"): that word is the
// template's slot, as a <placeholder> is. A capital word no phrase
// defines ('Status: OK') is the template's own text.
func namedSlots(text, q string) [][]int {
	var out [][]int
	for _, m := range slotNameRE.FindAllStringIndex(q, -1) {
		if definesSlot(text, q[m[0]:m[1]]) {
			out = append(out, m)
		}
	}
	return out
}

// definesSlot says whether text defines the slot name: the name then
// "is", "means" or "stands for" ("where DATE is ...", "N is the count").
func definesSlot(text, name string) bool {
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\s+(is|means|stands for)\s`)
	return re.MatchString(strings.ReplaceAll(text, "\n", " "))
}

// looseSpan is the text of s from its from-th loose word to the end of
// its to-th (words as satisfy.Loose splits them), with the separators
// between them kept: the slot of "Next release: 2026-12-10" is
// "2026-12-10", which a day is found as, not "2026 12 10".
func looseSpan(s string, from, to int) string {
	start, end, word := -1, len(s), 0
	inWord := false
	for i, r := range s {
		isWord := unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case isWord && !inWord:
			if word == from {
				start = i
			}
			word++
		case !isWord && inWord && word == to:
			end = i
		}
		inWord = isWord
		if word > to {
			break
		}
	}
	if start < 0 || word < to {
		return ""
	}
	return s[start:end]
}

// dateMaskRE is a day written as its format ("YYYY-MM-DD", "DD/MM/YYYY"):
// a template's slot that a day fills, as a <date> is.
var dateMaskRE = regexp.MustCompile(`\b(?:YYYY|DD|MM)(?:[-/.](?:YYYY|MM|DD)){2}\b`)

// dateMasks returns where, in the quoted span q, a day is written as its
// format ("'Harbor Bank config freeze: YYYY-MM-DD'").
func dateMasks(q string) [][]int {
	return dateMaskRE.FindAllStringIndex(q, -1)
}
