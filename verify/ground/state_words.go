package ground

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
)

// A status is often asked in a word its records do not write as such.
// A product joins two words into one value (HubSpot's "closedwon" and
// "closedlost"): the part the values share ("closed") names them all, the
// part that tells them apart ("won") names the one. And a product spells
// a state its own way (Xero's "AUTHORISED" invoices are the "approved"
// ones): a word names the value of the same state where that value is
// the only one of its field that means it.

// sameStates are the words of one state, each set the spellings and
// words products use for it.
var sameStates = [][]string{
	{"approved", "authorised", "authorized"},
	{"cancelled", "canceled"},
}

// namesSameState reports whether a document other than the one at doc
// names the records whose value is w by another word of the same state,
// where w is the only value of its field (values) that means it:
// "approved" invoices are those whose status is "authorised" where no
// status is "approved".
func (ctx *Visible) namesSameState(w string, values []string, doc int) bool {
	i := slices.IndexFunc(sameStates, func(s []string) bool { return slices.Contains(s, w) })
	if i < 0 {
		return false
	}
	same := sameStates[i]
	if slices.ContainsFunc(values, func(v string) bool { return v != w && slices.Contains(same, v) }) {
		return false
	}
	return slices.ContainsFunc(same, func(e string) bool { return e != w && ctx.named(e, doc) })
}

// minPart is the fewest letters a part of a joined value has.
const minPart = 3

// sharedHead is the part two values of a field begin with, where each
// goes on by a part of its own: "closed" of "closedwon" and "closedlost";
// "" where they share none.
func sharedHead(a, b string) string {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	head := strings.TrimSpace(a[:n])
	if len(head) < minPart || len(strings.TrimSpace(a[n:])) < minPart || len(strings.TrimSpace(b[n:])) < minPart {
		return ""
	}
	return head
}

// namesTail reports whether a document other than the one at doc names
// the records whose value is w by the part of w that tells it from
// another value of its field beginning the same way: "won" names
// "closedwon" beside "closedlost". No value may be the part itself (then
// the word names that value).
func (ctx *Visible) namesTail(w string, values []string, doc int) bool {
	for _, v := range values {
		if v == w {
			continue
		}
		head := sharedHead(w, v)
		if head == "" {
			continue
		}
		tail := strings.TrimSpace(strings.TrimPrefix(w, head))
		if !slices.Contains(values, tail) && ctx.named(tail, doc) {
			return true
		}
	}
	return false
}

// headGroup is the values of a field that begin with a part a document
// names: the "closed" deals, won or lost.
type headGroup struct {
	field, head string
	values      []string
}

// headGroups lists, for each text field of t, the parts two or more of
// its values begin with that a document other than t names and no value
// is on its own.
func (ctx *Visible) headGroups(t *table) []headGroup {
	var out []headGroup
	tf := textFields(t)
	for _, k := range slices.Sorted(maps.Keys(tf)) {
		values := tf[k]
		var heads []string
		for i, a := range values {
			for _, b := range values[i+1:] {
				if h := sharedHead(a, b); h != "" && !slices.Contains(heads, h) && !slices.Contains(values, h) && ctx.named(h, t.doc) {
					heads = append(heads, h)
				}
			}
		}
		for _, h := range heads {
			g := headGroup{field: k, head: h}
			for _, v := range values {
				if strings.HasPrefix(v, h) && len(strings.TrimSpace(v[len(h):])) >= minPart {
					g.values = append(g.values, v)
				}
			}
			out = append(out, g)
		}
	}
	return out
}

// headCounts yields, over the rows whose value begins with a part a
// document names (of says which rows those are of), their count and
// totals, and each named value's count and share among them: of the deals
// closed last month, won or lost, the share won.
func (ctx *Visible) headCounts(t *table, rows []tableRow, of string, yield func(Formula) bool) bool {
	named := ctx.groupValues(t)
	for _, h := range ctx.headGroups(t) {
		in := slices.DeleteFunc(slices.Clone(rows), func(r tableRow) bool { return !slices.Contains(h.values, r.words[h.field]) })
		if len(in) < 2 || len(in) == len(rows) {
			continue
		}
		hof := fmt.Sprintf("the %d of %s whose %s begins with %q", len(in), of, h.field, h.head)
		if !yield(Formula{Ops: []string{atom.DeriveCount}, Fields: []string{h.field}, value: float64(len(in)), How: "the count of " + hof}) ||
			!totals(t, in, hof, yield) {
			return false
		}
		for _, g := range named {
			if g.field != h.field || !slices.Contains(h.values, g.value) {
				continue
			}
			n := len(g.rows(in))
			if n == 0 || n == len(in) {
				continue
			}
			gof := fmt.Sprintf("the %d of %s whose %s begins with %q and is %q", n, of, h.field, h.head, g.value)
			if !yield(Formula{Ops: []string{atom.DeriveRatio}, Fields: []string{g.field}, value: float64(n) / float64(len(in)), How: fmt.Sprintf("the share of %s among %s", gof, hof), loose: true, rate: g.rate}) {
				return false
			}
		}
	}
	return true
}

// namesOtherForm reports whether a document other than the one at doc
// names the records whose value is w by another form of its word: the
// conversations "on snooze" are those whose state is "snoozed", the
// ideas "in the archive" those whose status is "archived". The value is one word
// of four letters or more, and no other value of its field (values) is a
// form of the same word. A word a hyphen splits after a prefix is one
// word: the tickets customers "reopen" are those whose status is
// "Re-Opened", the bugs "re-opened" those whose status is "Reopened".
func (ctx *Visible) namesOtherForm(w string, values []string, doc int) bool {
	one := joinPrefixes(strings.Fields(w))
	if len(one) != 1 || len(one[0]) < 4 || strings.ContainsAny(one[0], "-_") {
		return false
	}
	word := one[0]
	for i, d := range ctx.Docs {
		if i == doc {
			continue
		}
		for _, t := range joinPrefixes(strings.Fields(d.text)) {
			if len(t) < 4 || !SameWord(t, word) {
				continue
			}
			if !slices.ContainsFunc(values, func(v string) bool { return v != w && SameWord(t, strings.Join(joinPrefixes(strings.Fields(v)), " ")) }) {
				return true
			}
		}
	}
	return false
}

// wordPrefixes are the prefixes a hyphen may part from their word
// ("re-opened", "pre-approved", "co-signed").
var wordPrefixes = []string{"re", "pre", "co", "non"}

// joinPrefixes joins each prefix of loose words to the word after it:
// "re opened" is "reopened".
func joinPrefixes(toks []string) []string {
	var out []string
	for i := 0; i < len(toks); i++ {
		if slices.Contains(wordPrefixes, toks[i]) && i+1 < len(toks) && len(toks[i+1]) >= 3 {
			out = append(out, toks[i]+toks[i+1])
			i++
			continue
		}
		out = append(out, toks[i])
	}
	return out
}
