package coherence

import (
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TextShare says how often the most common sentence of one text role (the
// word a free-text field is named by: description, body, note) recurs
// among the records that have text in a field of that role. Text that
// repeats across records teaches an agent that a product's description or
// a support reply is one of a handful of stock lines.
type TextShare struct {
	Role     string  `json:"role"`
	Records  int     `json:"records"`   // record fields of this role holding text
	Top      string  `json:"top"`       // the most common sentence
	TopCount int     `json:"top_count"` // record fields holding it
	Share    float64 `json:"share"`     // TopCount / Records
}

// TextTally counts, per text role, the record fields of that role that
// hold text and the fields each sentence appears in (once per field).
type TextTally struct {
	fields    map[string]int
	sentences map[string]map[string]int
}

// NewTextTally is an empty tally.
func NewTextTally() TextTally {
	return TextTally{fields: map[string]int{}, sentences: map[string]map[string]int{}}
}

// Add counts one field's text under role.
func (t TextTally) Add(role, text string) {
	ss := Sentences(text)
	if len(ss) == 0 {
		return
	}
	t.fields[role]++
	m := t.sentences[role]
	if m == nil {
		m = map[string]int{}
		t.sentences[role] = m
	}
	seen := make(map[string]bool, len(ss))
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			m[s]++
		}
	}
}

// Merge adds o's counts to t.
func (t TextTally) Merge(o TextTally) {
	for role, n := range o.fields {
		t.fields[role] += n
		m := t.sentences[role]
		if m == nil {
			m = map[string]int{}
			t.sentences[role] = m
		}
		for s, k := range o.sentences[role] {
			m[s] += k
		}
	}
}

// Shares is the top sentence of every role, the most repeated first.
func (t TextTally) Shares() []TextShare {
	var out []TextShare
	for role, n := range t.fields {
		ts := TextShare{Role: role, Records: n}
		for s, k := range t.sentences[role] {
			if k > ts.TopCount || k == ts.TopCount && s < ts.Top {
				ts.Top, ts.TopCount = s, k
			}
		}
		ts.Share = float64(ts.TopCount) / float64(n)
		out = append(out, ts)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Share != out[j].Share {
			return out[i].Share > out[j].Share
		}
		return out[i].Role < out[j].Role
	})
	return out
}

// TextFields are the free-text fields of a collection: strings of role
// text that are not a choice among states.
func TextFields(s *atom.Server, def *atom.Collection) []string {
	var fields []string
	for _, f := range slices.Sorted(maps.Keys(def.Fields)) {
		if role, _ := atom.RoleOf(s, def, f); role == atom.RoleText && def.Fields[f].Type == "string" && len(def.Fields[f].Enum) == 0 {
			fields = append(fields, f)
		}
	}
	return fields
}

// AddRecords counts the free text of records of collection def of s. A
// text a referred_by rule keeps to another record's (a Gmail thread's
// snippet, its latest message's) is that text again, counted there.
func (t TextTally) AddRecords(s *atom.Server, def *atom.Collection, recs []map[string]any) {
	fields := slices.DeleteFunc(TextFields(s, def), func(f string) bool {
		return slices.ContainsFunc(def.Invariants, func(inv atom.Invariant) bool { return inv.ByLatest() && inv.Fields[0] == f })
	})
	for _, rec := range recs {
		for _, f := range fields {
			if text, ok := rec[f].(string); ok {
				t.Add(TextRole(f), text)
			}
		}
	}
}

// tallyText counts the free text of every record of a world whose server
// is known.
func tallyText(servers map[string]*atom.Server, w *state.World, t TextTally) {
	for _, name := range w.Names() {
		app, coll := state.Split(name)
		if s := servers[app]; s != nil && s.Collection(coll) != nil {
			t.AddRecords(s, s.Collection(coll), w.Collection(name).Records)
		}
	}
}

// TextRole is the role a free-text field plays, read from its name: the
// last word that names a kind of text ("description" in
// "product_description", "note" in "internalNotes"), else its last word.
func TextRole(field string) string {
	ws := atom.Words(field)
	if len(ws) == 0 {
		return field
	}
	role := ws[len(ws)-1]
	for _, w := range ws {
		if atom.IsTextWord(w) {
			role = w
		}
	}
	switch role {
	case "notes", "comments":
		return strings.TrimSuffix(role, "s")
	}
	return role
}

// Sentences splits free text into its sentences, trimmed, without the
// empty ones: a sentence ends at '.', '!' or '?' followed by a space, or
// at a line break.
func Sentences(text string) []string {
	var out []string
	start := 0
	flush := func(end int) {
		if s := strings.TrimSpace(text[start:end]); s != "" {
			out = append(out, s)
		}
		start = end
	}
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '\n':
			flush(i)
		case (c == '.' || c == '!' || c == '?') && i+1 < len(text) && text[i+1] == ' ':
			flush(i + 1)
		}
	}
	flush(len(text))
	return out
}

// cardRE finds a run of 13 to 19 digits, spaces or dashes between them,
// the form of a payment card number.
var cardRE = regexp.MustCompile(`\b\d(?:[ -]?\d){12,18}\b`)

// CardNumber is the first payment card number in text (a digit run of a
// card's length that passes the Luhn check), or "".
func CardNumber(text string) string {
	digits := 0
	for i := 0; i < len(text); i++ {
		if text[i] >= '0' && text[i] <= '9' {
			digits++
		}
	}
	if digits < 13 {
		// Most text has too few digits for a card: no need to search it.
		return ""
	}
	for _, m := range cardRE.FindAllString(text, -1) {
		if luhn(m) {
			return m
		}
	}
	return ""
}

// luhn reports whether the digits of s pass the Luhn check every card
// number passes.
func luhn(s string) bool {
	sum, double := 0, false
	for i := len(s) - 1; i >= 0; i-- {
		c := s[i]
		if c < '0' || c > '9' {
			continue
		}
		d := int(c - '0')
		if double {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return sum%10 == 0
}

// moneyRE finds an amount of money written in text: a currency sign and
// a figure ("$3,574.00").
var moneyRE = regexp.MustCompile(`[$€£]\s?([0-9][0-9,]*(?:\.[0-9]{1,2})?)`)

// amountsInText finds a free text naming an amount of money that is none
// of the record's own (a Stripe invoice of 1627 cents described "Value:
// $3,574.00"): the sentences naming it go, and the text with them where
// nothing else is left. A figure is the record's where it is one of its
// money fields, or one in cents read as units; a field that declares its
// unit is read in it alone (a Stripe charge of 2398, in cents, is $23.98,
// never $2,398.00).
func amountsInText(sh *Shape, rec map[string]any) []Contradiction {
	var own []float64
	currency := sh.Currency(rec)
	for f := range sh.withRole(atom.RoleMoney) {
		x, ok := state.Number(rec[f])
		switch def := sh.def.Fields[f]; {
		case !ok:
		case def.Unit == atom.UnitMinor:
			own = append(own, def.Major(x, currency))
		default:
			own = append(own, x, x/100)
		}
	}
	if len(own) == 0 {
		return nil
	}
	var out []Contradiction
	for _, f := range TextFields(sh.server, sh.def) {
		text, _ := rec[f].(string)
		want, changed := withoutSentences(text, func(s string) bool { return namesOtherAmount(s, own) })
		if !changed {
			continue
		}
		out = append(out, Contradiction{f, fmt.Sprintf("%s names an amount the record does not hold", f), want, nil})
	}
	return out
}

// namesOtherAmount reports whether a sentence names an amount of money
// that is none of own.
func namesOtherAmount(s string, own []float64) bool {
	for _, m := range moneyRE.FindAllStringSubmatch(s, -1) {
		x, err := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", ""), 64)
		if err == nil && !slices.ContainsFunc(own, func(y float64) bool { return math.Abs(x-y) < 0.005 }) {
			return true
		}
	}
	return false
}

// withoutSentences is text less the sentences drop holds for, as a
// contradiction's wanted value (nil where none is left), and whether any
// went.
func withoutSentences(text string, drop func(string) bool) (any, bool) {
	ss := Sentences(text)
	kept := slices.DeleteFunc(slices.Clone(ss), drop)
	if len(kept) == len(ss) {
		return nil, false
	}
	if len(kept) == 0 {
		return nil, true
	}
	return strings.Join(kept, " "), true
}

// Currency is the currency code rec names in its field of that role, ""
// where it names none.
func (sh *Shape) Currency(rec map[string]any) string {
	for f := range sh.withRole(atom.RoleCurrency) {
		if c := state.Text(rec[f]); c != "" {
			return c
		}
	}
	return ""
}
