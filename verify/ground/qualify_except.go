package ground

import (
	"maps"
	"slices"
	"strings"
)

// A text may leave records out by a value they hold: "how many demos are
// booked, not counting cancelled ones" keeps the records whose status is
// not canceled. The value is named in any form of its word (cancelled,
// canceled). A negation leaves out what it denies: the conversations that
// "haven't been closed yet" are those whose status is not closed, and a
// word for work ended, denied, leaves out every value that ends work (the
// tickets an agent "hasn't finished yet": neither solved nor closed).

// exceptCues are the loose words that leave out what follows them.
// "No longer" denies a state a record had ("contacts no longer active":
// those whose status is not active).
var exceptCues = [][]string{{"not", "counting"}, {"excluding"}, {"except"}, {"other", "than"}, {"apart", "from"}, {"leaving", "out"}, {"ignoring"}, {"no", "longer"}}

// exceptWindow bounds the words after a cue that may name the value.
const exceptWindow = 3

// exceptNegations are the loose words that deny what follows them ("not",
// "never", and the "t" of "haven't").
var exceptNegations = []string{"not", "never", "t"}

// exceptedWords gives the words a loose text leaves out: those just after
// each cue or negation.
func exceptedWords(text string) []string {
	toks := strings.Fields(text)
	var out []string
	for i := range toks {
		if slices.Contains(exceptNegations, toks[i]) {
			out = append(out, toks[i+1:min(len(toks), i+1+exceptWindow)]...)
		}
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
			if strings.Contains(v, " ") || !slices.ContainsFunc(words, func(w string) bool { return sameSpelling(w, v) || endsWork(w, v) }) {
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

// endsWork reports whether w and v are both words for work ended
// (ending.go): a text leaving out "finished" work leaves out the records
// "solved" and those "closed".
func endsWork(w, v string) bool {
	return slices.Contains(endStates, w) && slices.Contains(endStates, v)
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

// endedValues keeps the rows whose value of a text field ends work, where
// the text names work ended by a word no value writes and two values or
// more of the field end it (Zendesk's "solved" and "closed"): the tickets
// "we're done with" are those solved and those closed. A word for work
// ended that the text denies ("not finished") names none of them.
func endedValues(t *table, rows []tableRow, text string) ([]tableRow, []string) {
	toks := strings.Fields(text)
	denied := exceptedWords(text)
	var said []string
	for _, w := range toks {
		if slices.Contains(endStates, w) && !slices.Contains(denied, w) {
			said = append(said, w)
		}
	}
	if len(said) == 0 {
		return rows, nil
	}
	var why []string
	tf := textFields(t)
	for _, k := range slices.Sorted(maps.Keys(tf)) {
		ends := slices.DeleteFunc(slices.Clone(tf[k]), func(v string) bool { return !slices.Contains(endStates, v) })
		if len(ends) < 2 || slices.ContainsFunc(said, func(w string) bool { return slices.Contains(tf[k], w) }) {
			continue
		}
		kept := slices.DeleteFunc(slices.Clone(rows), func(r tableRow) bool { return !slices.Contains(ends, r.words[k]) })
		if len(kept) < len(rows) && len(kept) > 0 {
			rows = kept
			why = append(why, "whose "+k+" is "+strings.Join(ends, " or "))
		}
	}
	return rows, why
}

// stillValues drops the rows whose value of a text field ends work where
// the text says "still": what is "still on Kenji's plate" is the work not
// done, and a field some of whose rows end work and others not splits
// them so. A value joining a word for work ended to another ends work
// too (endingValue): HubSpot's deals "still open" are those whose
// dealstage is neither closedwon nor closedlost, since a pipeline's
// stages are open or closed and those two are the closed ones
// (https://developers.hubspot.com/docs/api/crm/pipelines, a stage's
// isClosed). A text naming a value that ends work ("still closed") keeps
// the rows.
func stillValues(t *table, rows []tableRow, text string) ([]tableRow, []string) {
	toks := strings.Fields(text)
	if !slices.Contains(toks, "still") || slices.ContainsFunc(toks, func(w string) bool { return slices.Contains(endStates, w) }) {
		return rows, nil
	}
	var why []string
	tf := textFields(t)
	for _, k := range slices.Sorted(maps.Keys(tf)) {
		if !slices.ContainsFunc(tf[k], endingValue) {
			continue
		}
		kept := slices.DeleteFunc(slices.Clone(rows), func(r tableRow) bool { return endingValue(r.words[k]) })
		if len(kept) < len(rows) && len(kept) > 0 {
			rows = kept
			why = append(why, "whose "+k+" does not end work")
		}
	}
	return rows, why
}

// endingValue reports whether a loose value ends work: a word for work
// ended, or one joined to another part ("closedwon", "closed lost": the
// closed stage a deal was won or lost in).
func endingValue(v string) bool {
	if slices.Contains(endStates, v) {
		return true
	}
	return slices.ContainsFunc(endStates, func(e string) bool {
		rest, ok := strings.CutPrefix(v, e)
		return ok && len(strings.TrimSpace(rest)) >= minPart
	})
}

// waitCues are the loose words by which a text counts the records still
// waiting on an act (an envelope "still waiting on a signature", "yet to
// be signed").
var waitCues = []string{"waiting", "awaiting", "yet to be", "still to be"}

// settledStates are the values a record waits on nothing in: work ended,
// a refusal, a withdrawal.
var settledStates = slices.Concat(endStates, []string{"declined", "denied", "rejected", "voided", "void", "cancelled", "canceled", "expired"})

// waitingValues keeps the rows whose value of a text field is neither
// settled nor a draft, where the text counts records waiting on an act
// and names none of those values: the envelopes "still waiting on a
// signature" are those sent or delivered, not those completed, declined
// or voided, which wait on nothing, nor those only created, which wait on
// their sender. A record is a draft in a field holding "draft", or
// "created" beside "sent" (created, not sent yet).
func waitingValues(t *table, rows []tableRow, text string) ([]tableRow, []string) {
	says := func(p string) bool { return strings.Contains(" "+text+" ", " "+p+" ") }
	if !slices.ContainsFunc(waitCues, says) {
		return rows, nil
	}
	var why []string
	tf := textFields(t)
	for _, k := range slices.Sorted(maps.Keys(tf)) {
		idle := func(v string) bool {
			return slices.Contains(settledStates, v) || v == "draft" || v == "created" && slices.Contains(tf[k], "sent")
		}
		if slices.ContainsFunc(tf[k], func(v string) bool { return idle(v) && says(v) }) {
			continue
		}
		kept := slices.DeleteFunc(slices.Clone(rows), func(r tableRow) bool { return idle(r.words[k]) })
		if len(kept) < len(rows) && len(kept) > 0 {
			rows = kept
			why = append(why, "whose "+k+" waits on an act (neither settled nor a draft)")
		}
	}
	return rows, why
}
