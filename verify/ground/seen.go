package ground

import (
	"encoding/json"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/satisfy"
)

// Grounding is one value a plan writes that the goal checks, and where an
// agent could have read it. Source is empty when nothing the agent sees
// Holds the value: the plan then knows something only the goal says.
type Grounding struct {
	Step  int    `json:"step"` // 1-based
	Tool  string `json:"tool"`
	Arg   string `json:"arg"`   // the argument path that carries the value
	Field string `json:"field"` // the field the goal checks it on
	// Collection is the goal assertion's target ("app.collection", or a
	// tool for a called assertion).
	Collection string `json:"collection,omitempty"`
	Value      string `json:"value"` // the value the goal checks
	Goal       int    `json:"goal"`  // the goal assertion's index
	Source     string `json:"source,omitempty"`
}

// Visible is what an agent has seen before one step: the messages and the
// observations of the earlier steps, as normalised text, with the numbers
// they mention.
type Visible struct {
	Docs  []ContextDoc
	Clock time.Time
	// For declared derivations: the records the observations showed, as
	// tables, and the figures the step being traced derived already.
	tables  []table
	Derived []Formula
	// mentions is the loose text of what the step being traced writes
	// (or, for an importer, of what the goal checks): a total over "the
	// records it names" selects rows by it.
	Mentions string
	// Codes are the names the tools give coded fields' values (codes.go).
	Codes Codes
}

// ContextDoc is one text an agent has seen (a message, an observation),
// in the forms a value is looked for in.
type ContextDoc struct {
	Name string
	text string // loose form: lower case, words split by single spaces
	nums []float64
	// The words before each placeholder of a template the text gives
	// ("subject 'Follow up on missed call - <EventName>'"), loose.
	templates [][]string
	// Each quoted template of one placeholder, whole ("Onboard <name>",
	// "<her company> - Pilot"): the loose words on each side of its slot.
	quoted []slotTemplate
	// Each field of a JSON observation with its value, as a person writes
	// them ("risk score 10" for {"Risk Score": "10"}), loose. Only a value
	// that is the whole pair is found here: a key name alone grounds
	// nothing.
	pairs map[string]bool
	// The digits of each run that reads as a phone number (seven digits
	// or more, with spaces, dots, dashes, brackets or a plus between).
	phones []string
	// The formulas, quantities and corrections the text states
	// (stated.go).
	formulas   []statedFormula
	quantities map[string][]float64
	// The figures the text's percentage phrases come to (percent.go).
	adjusted []float64
	// The percentage changes and prices it states on their own
	// ("plus the 15% uplift", "$120 an hour"): factors for a figure read
	// elsewhere.
	factors []factor
	// The things it names a record's price of ("at the Oak crate item's
	// unit price": crate) and the counts of things it states ("twenty-four
	// oak crates"), by their words' bases (factor.go).
	priced []string
	counts []thingCount
	// The prices it states for each of a thing ("$12.50 a hinge").
	unitPrices  []unitPrice
	corrections []correction
	// The date ranges the text states and its sentences that say to
	// exclude (qualify.go).
	ranges   [][2]time.Time
	excludes []string
	// The sums it bounds amounts by ("over $5,000", qualify_compare.go).
	amountBounds []amountBound
	// prose is the loose text a state word is asked by: the whole text,
	// or for a JSON observation only its values of three words or more
	// (a note, a policy, a mail body), never another record's short
	// value ("approved" as a status asks nothing).
	prose string
}

// EmptyValue reports a value not grounded as a whole: nil, a blank text,
// an empty list, or an object (checked field by field).
func EmptyValue(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return strings.TrimSpace(x) == ""
	case []any:
		return len(x) == 0
	case map[string]any:
		return true // an object is checked field by field, never whole
	}
	return false
}

// Leaf is one scalar value of an argument with its path.
type Leaf struct {
	Path  string
	Value any
}

// Leaves flattens arguments to their scalar values (list elements
// included) with their paths.
func Leaves(prefix string, v any) []Leaf {
	return appendLeaves(nil, prefix, v)
}

// appendLeaves appends the leaves of v under prefix to out: one slice
// grows for the whole value, where a slice per level was copied upward.
func appendLeaves(out []Leaf, prefix string, v any) []Leaf {
	switch x := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			out = appendLeaves(out, p, x[k])
		}
		return out
	case []any:
		for i, e := range x {
			out = appendLeaves(out, prefix+"["+strconv.Itoa(i)+"]", e)
		}
		return out
	case nil:
		return out
	}
	return append(out, Leaf{prefix, v})
}

// Add appends an observation; a JSON observation is read as its values, so
// that escapes and key names neither hide nor fake a value.
func (ctx *Visible) Add(name, content string) {
	var v any
	if json.Unmarshal([]byte(content), &v) == nil {
		ctx.tabulate(len(ctx.Docs), name, v)
		var b strings.Builder
		for _, n := range fullNames(v, nil) {
			b.WriteString(n)
			b.WriteString("\n")
		}
		for _, lf := range Leaves("", v) {
			if f, ok := lf.Value.(float64); ok {
				// A number as people read it: 1284300.5, not 1.2843005e+06.
				b.WriteString(strconv.FormatFloat(f, 'f', -1, 64))
			} else {
				b.WriteString(state.Text(lf.Value))
			}
			b.WriteString("\n")
		}
		content = b.String()
		d := NewDoc(name, content)
		d.pairs = fieldPairs(v)
		d.prose = ProseOf(v)
		ctx.Docs = append(ctx.Docs, d)
		return
	}
	ctx.Docs = append(ctx.Docs, NewDoc(name, content))
}

// AddText appends an observation's text, as Add does, without its
// tables: a part of a listing whose tables an earlier Add keeps.
func (ctx *Visible) AddText(name, content string) {
	n := len(ctx.tables)
	ctx.Add(name, content)
	ctx.tables = ctx.tables[:n]
}

// ProseOf is the loose text of the values of three words or more.
func ProseOf(v any) string {
	var b strings.Builder
	b.WriteByte(' ')
	for _, lf := range Leaves("", v) {
		if s, ok := lf.Value.(string); ok {
			if w := satisfy.Loose(s); strings.Count(w, " ") >= 2 {
				b.WriteString(w + " ")
			}
		}
	}
	return b.String()
}

// fieldPairs collects "field value" for each scalar value of the
// observation, with the field's own name (the last part of its path).
func fieldPairs(v any) map[string]bool {
	out := map[string]bool{}
	for _, lf := range Leaves("", v) {
		if lf.Path == "" || EmptyValue(lf.Value) {
			continue
		}
		k := lf.Path
		if i := strings.LastIndexAny(k, ".]"); i >= 0 {
			k = k[i+1:]
		}
		if k == "" {
			continue
		}
		out[satisfy.Loose(k+" "+state.Text(lf.Value))] = true
	}
	return out
}

// fullNames collects the names of the people an observation shows as a
// first and a last name field ("Test" and "Lead"): an agent writes them
// together, as one name.
func fullNames(v any, out []string) []string {
	switch x := v.(type) {
	case map[string]any:
		var first, last string
		for k, e := range x {
			s, ok := e.(string)
			if !ok {
				out = fullNames(e, out)
				continue
			}
			switch strings.ToLower(strings.ReplaceAll(k, "_", "")) {
			case "firstname", "givenname":
				first = s
			case "lastname", "familyname", "surname":
				last = s
			}
		}
		if first != "" && last != "" {
			out = append(out, first+" "+last)
		}
	case []any:
		for _, e := range x {
			out = fullNames(e, out)
		}
	}
	return out
}

// numberRE finds a number as text writes it: a sign, digits with commas,
// a fraction.
var numberRE = regexp.MustCompile(`-?\d[\d,]*(?:\.\d+)?`)

// NumberTexts lists the numbers of text as written, commas kept.
func NumberTexts(text string) []string { return numberRE.FindAllString(text, -1) }

// StandaloneNumbers reads the numbers a text states as quantities: not
// the pieces of a date, a time, an id or a code ("2026-02-15",
// "10:30", "tkt_601", "INV-2919" state no 15, 30, 601 or 2919).
func StandaloneNumbers(text string) []float64 {
	var out []float64
	for _, m := range numberRE.FindAllStringIndex(text, -1) {
		if !standsAlone(text, m[0], m[1]) {
			continue
		}
		if f, err := strconv.ParseFloat(strings.ReplaceAll(text[m[0]:m[1]], ",", ""), 64); err == nil {
			out = append(out, f)
		}
	}
	return out
}

// standsAlone reports whether text[i:j] is a number of its own: no
// letter, digit or joining mark (- _ / :) binds it to its neighbours,
// except a unit joined by a hyphen ("30-minute").
func standsAlone(text string, i, j int) bool {
	if i > 0 {
		r := rune(text[i-1])
		if isIDRune(r) || strings.ContainsRune("-_/:", r) {
			return false
		}
	}
	if j < len(text) {
		r := rune(text[j])
		if isIDRune(r) || r == '_' {
			return false
		}
		// "30-minute" is a quantity and its unit; "2026-02" and "10:30"
		// are pieces of a date and a time.
		if strings.ContainsRune("-/:", r) && j+1 < len(text) && unicode.IsDigit(rune(text[j+1])) {
			return false
		}
	}
	return true
}

// isIDRune reports a letter or a digit (ASCII, or any letter).
func isIDRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// NewDoc reads a text an agent has seen into its forms.
func NewDoc(name, text string) ContextDoc {
	d := ContextDoc{Name: name, text: " " + satisfy.Loose(text) + " ", templates: templatePrefixes(text), quoted: append(quotedTemplates(text), joinedPrefixes(text)...)}
	d.prose = d.text
	d.nums = StandaloneNumbers(text)
	d.adjusted, d.factors = statedAdjustments(text), statedFactors(text)
	d.priced, d.counts, d.unitPrices = pricedThings(text), thingCounts(text), statedUnitPrices(text)
	d.formulas, d.quantities, d.corrections = statedFormulas(text), statedQuantities(text), statedCorrections(text)
	d.ranges, d.excludes = statedRanges(text), exclusions(text)
	d.amountBounds = statedAmountBounds(text)
	for _, m := range phoneRE.FindAllString(text, -1) {
		if ds := digitsOf(m); len(ds) >= 7 {
			d.phones = append(d.phones, ds)
		}
	}
	return d
}

var phoneRE = regexp.MustCompile(`\+?\d[\d ().\-]{5,}\d`)

// digitsOf keeps the digits of s.
func digitsOf(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// placeholderRE finds the slot of a template: <name>, [name], {name} or
// {{name}}. An angle-bracketed slot may describe what fills it in a
// phrase ("<summary of the Jira incident resolved yesterday>").
var placeholderRE = regexp.MustCompile(`<[^<>\n]{1,80}>|\[[^\[\]\n]{1,40}\]|\{\{?[^{}\n]{1,40}\}?\}`)

// maxTemplateWords bounds the words kept before a placeholder.
const maxTemplateWords = 12

// templatePrefixes returns, for each placeholder of the text, the words
// of its line before it.
func templatePrefixes(text string) [][]string {
	var out [][]string
	for _, line := range strings.Split(text, "\n") {
		for _, m := range placeholderRE.FindAllStringIndex(line, -1) {
			w := strings.Fields(satisfy.Loose(line[:m[0]]))
			if len(w) > maxTemplateWords {
				w = w[len(w)-maxTemplateWords:]
			}
			if len(w) > 0 {
				out = append(out, w)
			}
		}
	}
	return out
}

// slotTemplate is a quoted template of one placeholder: the loose words
// before its slot and after it.
type slotTemplate struct{ pre, post []string }

// quotedRE finds a quoted span: in double or curly quotes, or in single
// quotes that open after a space, a bracket or a colon (not an apostrophe).
var quotedRE = regexp.MustCompile(`"[^"\n]{1,160}"|“[^”\n]{1,160}”|(?:^|[\s(:])'[^'\n]{1,160}'`)

// quotedTemplates returns each quoted span holding exactly one placeholder
// and some words beside it, as the words on each side of the slot.
func quotedTemplates(text string) []slotTemplate {
	var out []slotTemplate
	for _, q := range quotedRE.FindAllString(text, -1) {
		ms := placeholderRE.FindAllStringIndex(q, -1)
		if len(ms) == 0 {
			ms = dateMasks(q)
		}
		if len(ms) == 0 {
			ms = namedSlots(text, q)
		}
		if len(ms) != 1 {
			continue
		}
		pre := strings.Fields(satisfy.Loose(q[:ms[0][0]]))
		post := strings.Fields(satisfy.Loose(q[ms[0][1]:]))
		if len(pre)+len(post) > 0 {
			out = append(out, slotTemplate{pre, post})
		}
	}
	return out
}

// joinRE is a phrase that appends a value to the quoted words before it
// ("'Flyer - ' followed by the event title", "'Follow up: ' plus the
// subject").
var joinRE = regexp.MustCompile(`(?i)^\s*(followed by|plus|then|and then)\s+\S`)

// joinedPrefixes returns each quoted span of words with no placeholder
// that a joining phrase follows, as a template whose slot comes after
// those words: "'Service agreement - ' plus the card title" is
// "Service agreement - <the card title>".
func joinedPrefixes(text string) []slotTemplate {
	var out []slotTemplate
	for _, m := range quotedRE.FindAllStringIndex(text, -1) {
		q := text[m[0]:m[1]]
		if placeholderRE.MatchString(q) || !joinRE.MatchString(text[m[1]:]) {
			continue
		}
		if pre := strings.Fields(satisfy.Loose(q)); len(pre) > 0 {
			out = append(out, slotTemplate{pre: pre})
		}
	}
	return out
}

// fill names where the words of v between the template's own words were
// seen, when v is the whole template filled ("Onboard Ola Berg" for
// "Onboard <name>" and a row naming Ola Berg).
func (ctx *Visible) fill(tp slotTemplate, v string, lv []string) string {
	n, m := len(tp.pre), len(lv)-len(tp.post)
	if m <= n || !slices.Equal(lv[:n], tp.pre) || !slices.Equal(lv[m:], tp.post) {
		return ""
	}
	if src := ctx.Find(strings.Join(lv[n:m], " "), ""); src != "" {
		return src
	}
	return ctx.Find(looseSpan(v, n, m), "")
}

// fillsTemplate names the document whose template v fills: v is the last
// two or more words before a placeholder followed by a value the agent
// saw ("Follow up on missed call - Product Demo" from the policy's
// "'Follow up on missed call - <EventName>'" and an event named Product
// Demo), or a quoted template whole, its slot filled by a value the agent
// saw ("Postmortem: <the incident's summary>").
func (ctx *Visible) fillsTemplate(v string) string {
	lv := strings.Fields(satisfy.Loose(v))
	for _, d := range ctx.Docs {
		for _, tp := range d.quoted {
			if src := ctx.fill(tp, v, lv); src != "" {
				return d.Name + " (a template) and " + src
			}
		}
		for _, pre := range d.templates {
			for k := len(pre); k >= 2; k-- {
				if k >= len(lv) || !slices.Equal(pre[len(pre)-k:], lv[:k]) {
					continue
				}
				if src := ctx.Find(strings.Join(lv[k:], " "), ""); src != "" {
					return d.Name + " (a template) and " + src
				}
				break
			}
		}
	}
	return ""
}

// FindState names the first document that asks for the state v of an
// enumerated field: in a form of its word, in the messages or in prose
// (a note, a policy, a mail), never as another record's value of a field.
func (ctx *Visible) FindState(v any) string {
	w := satisfy.Loose(state.Text(v))
	if !isWord(w) {
		return ctx.Find(v, "")
	}
	for _, d := range ctx.Docs {
		if hasWords(d.prose, []string{w}) {
			return d.Name
		}
	}
	return ""
}

// Find names the first document that Holds v: numbers by value (1,200.00
// is 1200), dates in common renderings or as a text names them relatively
// (namedDays: today, a weekday, an offset, a month's or week's end, the
// nth weekday of a month), booleans by
// the words of their field (a flag is set because the text names it), text
// by its words.
func (ctx *Visible) Find(v any, field string) string {
	for _, d := range ctx.Docs {
		if d.Holds(v, field, ctx.Clock) {
			return d.Name
		}
	}
	if src := ctx.findDayAfter(v); src != "" {
		return src
	}
	if s, ok := v.(string); ok {
		if rest, ok := replyPrefixed(s); ok {
			if src := ctx.Find(rest, field); src != "" {
				return src + " (with a reply's or a forward's prefix)"
			}
		}
		return ctx.fillsTemplate(s)
	}
	return ""
}

// replyPrefixRE is the prefix a mail client puts before the subject of a
// reply or a forward.
var replyPrefixRE = regexp.MustCompile(`(?i)^\s*(re|fwd?|aw|sv)\s*:\s*`)

// replyPrefixed returns the text after a reply's or a forward's prefix
// ("Re: Pilot scope" gives "Pilot scope"): a subject the agent saw,
// replied to or forwarded as every mail client writes it.
func replyPrefixed(s string) (string, bool) {
	m := replyPrefixRE.FindStringIndex(s)
	if m == nil || strings.TrimSpace(s[m[1]:]) == "" {
		return "", false
	}
	return s[m[1]:], true
}

// Holds reports whether the text states v as a value of field, its
// dates read against clock.
func (d ContextDoc) Holds(v any, field string, clock time.Time) bool {
	switch x := v.(type) {
	case bool:
		return d.saysFlag(satisfy.FieldWords(field), x)
	case float64:
		return d.hasNumber(x)
	case string:
		if ds := digitsOf(x); len(ds) >= 7 && len(ds)*2 > len(x) && slices.Contains(d.phones, ds) {
			return true // a phone number written otherwise: +1 (415) 555-0101
		}
		if f, ok := ParseNumber(x); ok {
			// A figure is a number, found as one: never as the piece of
			// a date or an id that the words of the text would show.
			return d.hasNumber(f)
		}
		if t, ok := dayOf(x); ok {
			return strings.Contains(d.text, " "+satisfy.Loose(x)+" ") || d.hasDate(t, clock)
		}
		w := satisfy.Loose(x)
		if w == "" {
			return false
		}
		if isWord(w) {
			// A state is asked for in another form of its word: "publish
			// it" for published, "cancel" for cancelled.
			return d.HasPhrase([]string{w})
		}
		return strings.Contains(d.text, " "+w+" ") || (len(w) > 3 && strings.Contains(d.text, w)) || d.pairs[w]
	}
	return strings.Contains(d.text, " "+satisfy.Loose(state.Text(v))+" ")
}

// ParseNumber reads a number as people write it: "$1,200.50", "15%".
func ParseNumber(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(strings.TrimSuffix(s, "%"), "$")
	f, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	return f, err == nil
}

// isWord reports whether s is one word of letters.
func isWord(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return s != ""
}

func (d ContextDoc) hasNumber(f float64) bool {
	for _, n := range d.nums {
		if approx(n, f) || approx(n, f*100) || approx(n/100, f) {
			return true
		}
	}
	for _, n := range d.adjusted {
		if approx(n, roundCents(f)) {
			return true
		}
	}
	return false
}

func approx(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// HasPhrase reports whether every word appears in the text, each as a
// form of it ("archived" is found in "archive it", never in "archipelago").
func (d ContextDoc) HasPhrase(words []string) bool { return hasWords(d.text, words) }

// hasWords reports whether every word appears in the loose text as a form
// of itself.
func hasWords(text string, words []string) bool {
	if len(words) == 0 {
		return false
	}
	toks := strings.Fields(text)
	for _, w := range words {
		if !slices.ContainsFunc(toks, func(t string) bool { return SameWord(t, w) }) {
			return false
		}
	}
	return true
}

// wordSuffixes are the endings one form of a word adds to another,
// longest first.
var wordSuffixes = []string{"ations", "ation", "ments", "ment", "ions", "ion", "ing", "led", "ly", "ed", "es", "s", "d", "e"}

// WordBase strips one ending, keeping three letters or more.
func WordBase(w string) string {
	for _, suf := range wordSuffixes {
		if len(w)-len(suf) >= 3 && strings.HasSuffix(w, suf) {
			return w[:len(w)-len(suf)]
		}
	}
	return w
}

// SameWord reports whether two words are forms of one: "cancel" and
// "cancelled", "publish" and "published", "archive" and "archived";
// "approved" and "approximately" are not.
func SameWord(a, b string) bool {
	return a == b || WordBase(a) == WordBase(b) || WordBase(a) == b || a == WordBase(b)
}

// negations are the words that, just before a flag's name, say it is off.
var negations = []string{"not", "no", "non", "never", "without", "remove", "unset", "unmark", "t"}

// saysFlag reports whether the text sets a flag to v by naming it: "mark
// them VIP" for true, "not a VIP" or "no longer VIP" for false. The first
// word of the flag's name decides, by the three words before it.
func (d ContextDoc) saysFlag(words []string, v bool) bool {
	if len(words) == 0 || !d.HasPhrase(words) {
		return false
	}
	toks := strings.Fields(d.text)
	for i, t := range toks {
		if !SameWord(t, words[0]) {
			continue
		}
		negated := slices.ContainsFunc(toks[max(0, i-3):i], func(p string) bool { return slices.Contains(negations, p) })
		if negated != v {
			return true
		}
	}
	return false
}

// hasDate looks for the calendar day of t as a person writes it.
func (d ContextDoc) hasDate(t time.Time, clock time.Time) bool {
	forms := []string{
		t.Format("2006-01-02"), t.Format("January 2"), t.Format("Jan 2"), t.Format("2 January"),
		t.Format("1/2/2006"), t.Format("01/02/2006"), t.Format("Monday, January 2"),
		t.Format("2 January 2006"), t.Format("January 2, 2006"),
	}
	for _, f := range forms {
		if strings.Contains(d.text, " "+satisfy.Loose(f)+" ") {
			return true
		}
	}
	// A time stamp names its day: 2026-06-03T13:00:00Z reads "2026 06 03t13".
	if strings.Contains(d.text, " "+satisfy.Loose(t.Format("2006-01-02"))+"t") {
		return true
	}
	if !clock.IsZero() {
		for _, w := range namedDays(d.text, clock) {
			if w.Format("2006-01-02") == t.Format("2006-01-02") {
				return true
			}
		}
	}
	return false
}

// Ungrounded returns the first value the goal checks that the agent could
// not have read.
func Ungrounded(gs []Grounding) (Grounding, bool) {
	i := slices.IndexFunc(gs, func(g Grounding) bool { return g.Source == "" })
	if i < 0 {
		return Grounding{}, false
	}
	return gs[i], true
}
