package ground

import (
	"maps"
	"slices"
	"strings"
)

// A text may leave records out by a value they hold: "how many demos are
// booked, not counting cancelled ones" keeps the records whose status is
// not canceled. The value is named in any form of its word (cancelled,
// canceled).

// exceptCues are the loose words that leave out what follows them.
var exceptCues = [][]string{{"not", "counting"}, {"excluding"}, {"except"}, {"other", "than"}, {"apart", "from"}, {"leaving", "out"}, {"ignoring"}}

// exceptWindow bounds the words after a cue that may name the value.
const exceptWindow = 3

// exceptedWords gives the words a loose text leaves out: those just after
// each cue.
func exceptedWords(text string) []string {
	toks := strings.Fields(text)
	var out []string
	for i := range toks {
		for _, cue := range exceptCues {
			if i+len(cue) <= len(toks) && slices.Equal(toks[i:i+len(cue)], cue) {
				end := min(len(toks), i+len(cue)+exceptWindow)
				out = append(out, toks[i+len(cue):end]...)
			}
		}
	}
	return out
}

// exceptValues drops the rows holding a one-word value of a text field
// that the text leaves out, where some rows hold it and others do not.
func exceptValues(t *table, rows []tableRow, text string) ([]tableRow, []string) {
	words := exceptedWords(text)
	if len(words) == 0 {
		return rows, nil
	}
	var why []string
	tf := textFields(t)
	for _, k := range slices.Sorted(maps.Keys(tf)) {
		for _, v := range tf[k] {
			if strings.Contains(v, " ") || !slices.ContainsFunc(words, func(w string) bool { return sameSpelling(w, v) }) {
				continue
			}
			kept := slices.DeleteFunc(slices.Clone(rows), func(r tableRow) bool { return r.words[k] == v })
			if len(kept) < len(rows) && len(kept) > 0 {
				rows = kept
				why = append(why, "whose "+k+" is not "+v)
			}
		}
	}
	return rows, why
}

// sameSpelling reports whether two words are forms of one, spelled with a
// consonant doubled or not (cancelled, canceled; labelled, labeled).
func sameSpelling(a, b string) bool {
	return SameWord(a, b) || SameWord(undoubled(a), undoubled(b))
}

// undoubled writes a word with each doubled letter once.
func undoubled(w string) string {
	var b strings.Builder
	for i, r := range w {
		if i > 0 && w[i-1] == w[i] {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
