package synth

import (
	"maps"
	"math/rand/v2"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/legoenv/legoenv/atom"
)

// How people name a field. Schema names carry artifacts nobody says
// aloud: version tags ("v3 status"), words glued together
// ("leadsourcecode"), abbreviations ("qty") and API jargon ("due on",
// "created at"). fieldTerm turns a field's name into the words a colleague
// would use; phrase replaces the schema's words with them in every
// instruction and frames the request the way people ask.

// gluedSuffixes split a glued lower-case name: "statuscode" is "status code".
var gluedSuffixes = []string{"status", "address", "source", "code", "type", "name", "date", "state", "reason", "required", "email", "id", "count", "number", "level", "stage", "mode", "time"}

// jargon maps the words of a schema name to those people use.
var jargon = map[string]string{
	"due on": "due date", "created at": "creation date", "date created": "creation date", "created on": "creation date",
	"updated at": "last update", "date modified": "last update", "modified at": "last update", "updated on": "last update",
	"qty": "quantity", "amt": "amount", "desc": "description", "num": "number", "addr": "address", "dt": "date",
	"msg": "message", "org": "organisation", "dept": "department", "cat": "category", "ts": "timestamp",
}

// versionRE matches a version tag in a name: v3, v2.
var versionRE = regexp.MustCompile(`^v\d+$`)

// fieldTerm is the words people use for field f of cm. A flag keeps every
// word of its name: grounding finds a set flag by them.
func fieldTerm(fd atom.Field, f string) string {
	if fd.Type == "boolean" {
		return human(f)
	}
	return termOf(f)
}

// termOf cleans a field name: version tags dropped, glued words split,
// jargon replaced.
func termOf(f string) string {
	var ws []string
	for _, w := range atom.Words(f) {
		if versionRE.MatchString(w) {
			continue
		}
		ws = append(ws, splitNumbered(w)...)
	}
	if len(ws) == 0 {
		return human(f)
	}
	s := " " + strings.Join(ws, " ") + " "
	for _, k := range slices.Sorted(maps.Keys(jargon)) {
		s = strings.ReplaceAll(s, " "+k+" ", " "+jargon[k]+" ")
	}
	s = strings.TrimSpace(s)
	if s == "id" {
		return "ID"
	}
	return strings.ReplaceAll(" "+s+" ", " id ", " ID ")[1 : len(s)+1]
}

// splitGlued splits a long word that ends in a known word: "leadsourcecode"
// is "lead source code".
// splitNumbered splits a glued word that ends in a number
// ("emailaddress1", "addressline2"): the words, then the number, except a
// 1, which marks the first of its kind ("email address").
func splitNumbered(w string) []string {
	base := strings.TrimRight(w, "0123456789")
	if base == w || base == "" {
		return splitGlued(w)
	}
	ws := splitGlued(base)
	if n := w[len(base):]; n != "1" {
		ws = append(ws, n)
	}
	return ws
}

func splitGlued(w string) []string {
	for _, suf := range gluedSuffixes {
		if len(w) >= len(suf)+3 && strings.HasSuffix(w, suf) {
			return append(splitGlued(w[:len(w)-len(suf)]), suf)
		}
	}
	return []string{w}
}

// rawTerms maps the schema's words for each field of the apps' collections
// ("v3 status") to the words people use ("status"), where they differ;
// longest first, so that a longer name is replaced before a shorter one
// inside it.
func rawTerms(apps []*appModel) [][2]string {
	seen := map[string]bool{}
	var out [][2]string
	for _, m := range apps {
		for _, cm := range m.colls {
			for _, f := range slices.Sorted(maps.Keys(cm.c.Fields)) {
				raw, term := human(f), fieldTerm(cm.c.Fields[f], f)
				if raw == term || seen[raw] {
					continue
				}
				seen[raw] = true
				out = append(out, [2]string{raw, term})
			}
		}
	}
	sortByLen(out)
	return out
}

func sortByLen(ts [][2]string) {
	sort.Slice(ts, func(i, j int) bool {
		if len(ts[i][0]) != len(ts[j][0]) {
			return len(ts[i][0]) > len(ts[j][0])
		}
		return ts[i][0] < ts[j][0]
	})
}

// protectedRE finds the spans of an instruction a rewrite leaves as they
// are: placeholders and quoted values.
var protectedRE = regexp.MustCompile(`\{\{[^}]*\}\}|'[^']*'|"[^"]*"`)

// innerApostropheRE finds an apostrophe between letters ("entry's",
// "don't"), which neither opens nor closes a quoted value.
var innerApostropheRE = regexp.MustCompile(`([A-Za-z])'([A-Za-z])`)

// apostrophe stands for an inner apostrophe while quoted values are found.
const apostrophe = "\x01"

// outsideValues applies fn to the parts of s between placeholders and
// quoted values.
func outsideValues(s string, fn func(string) string) string {
	s = innerApostropheRE.ReplaceAllString(s, "${1}"+apostrophe+"${2}")
	return strings.ReplaceAll(outsideQuoted(s, fn), apostrophe, "'")
}

// freeText is s without its placeholders and quoted values: the words the
// template (or a rewrite) chose.
func freeText(s string) string {
	var b strings.Builder
	outsideValues(s, func(p string) string {
		b.WriteString(p)
		b.WriteByte(' ')
		return p
	})
	return strings.ReplaceAll(b.String(), apostrophe, "'")
}

func outsideQuoted(s string, fn func(string) string) string {
	var b strings.Builder
	last := 0
	for _, loc := range protectedRE.FindAllStringIndex(s, -1) {
		b.WriteString(fn(s[last:loc[0]]))
		b.WriteString(s[loc[0]:loc[1]])
		last = loc[1]
	}
	b.WriteString(fn(s[last:]))
	return b.String()
}

// replaceWord replaces old with new in s where it stands as whole words.
func replaceWord(s, old, new string) string {
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(old) + `\b`)
	return re.ReplaceAllLiteralString(s, new)
}

// plainTerms rewrites the schema's field words of an instruction into the
// words people use, leaving placeholders and quoted values alone.
func plainTerms(s string, terms [][2]string) string {
	return outsideValues(s, func(part string) string {
		for _, t := range terms {
			if strings.Contains(part, t[0]) {
				part = replaceWord(part, t[0], t[1])
			}
		}
		return part
	})
}

// Frames are the ways people hand over a task: a colleague's message, the
// request with the reason it came up, a checklist, or the request as it
// stands. None adds a value or
// asks for anything beyond the request: a frame that did would change
// what the goal checks.
const (
	frameAsIs = iota
	frameColleague
	frameReason
	frameChecklist
	frames
)

var (
	senders   = []string{"Maya", "Tomas", "Aisha", "Daniel", "Lena", "Ravi", "Jonas", "Priya", "Sofia", "Kenji"}
	greetings = []string{"Hi, ", "Hey! ", "Morning, ", "Hi there, "}
	asks      = []string{"could you take care of something for me? ", "quick favour: ", "when you have a minute: ", "one more for today: "}
	thanks    = []string{" Thanks!", " Thanks a lot.", " Cheers.", " Much appreciated."}
	reasons   = []string{
		"This came up in this morning's standup.", "The customer is waiting on this one.", "We need it done before Friday's review.",
		"It's been sitting in the queue since Monday.", "Finance flagged it yesterday.", "I promised the account team an answer today.",
	}
	checklist = []string{"To do:\n", "Checklist:\n", "Steps for today:\n"}
)

// frame hands the instruction over in one of the ways people write.
func frame(rng *rand.Rand, instr string) string {
	switch rng.IntN(frames) {
	case frameColleague:
		opening := afterOpening(pick(rng, greetings), pick(rng, asks))
		return afterOpening(opening, midSentence(instr)) + pick(rng, thanks) + " - " + pick(rng, senders)
	case frameReason:
		return instr + " " + pick(rng, reasons)
	case frameChecklist:
		ss := sentences(instr)
		if len(ss) < 2 {
			return instr
		}
		var b strings.Builder
		b.WriteString(pick(rng, checklist))
		for i, s := range ss {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(strconv.Itoa(i+1) + ". " + s)
		}
		return b.String()
	}
	return instr
}

// starters are the first words of templates that read on in lower case
// after a greeting ("quick favour: in Xero, ..."); anything else (a name, a
// placeholder) keeps its case.
var starters = map[string]bool{"In": true, "Find": true, "Create": true, "Set": true, "Please": true, "Mark": true, "Check": true,
	"Send": true, "Add": true, "The": true, "Copy": true, "Open": true, "Post": true, "Move": true, "Update": true}

// afterOpening joins an opening and what follows it: what follows starts
// with a capital where the opening ends a sentence ("Hey! Could you...",
// "...for me? In Etsy, ..."), as written.
func afterOpening(opening, rest string) string {
	trimmed := strings.TrimRight(opening, " ")
	if rest != "" && trimmed != "" && strings.ContainsRune("!?.", rune(trimmed[len(trimmed)-1])) {
		r, n := utf8.DecodeRuneInString(rest)
		return opening + string(unicode.ToUpper(r)) + rest[n:]
	}
	return opening + rest
}

func midSentence(s string) string {
	w, _, _ := strings.Cut(s, " ")
	if starters[strings.TrimRight(w, ",")] {
		return strings.ToLower(s[:1]) + s[1:]
	}
	return s
}

// sentences splits a text into its sentences, never inside a placeholder
// or a quoted value.
func sentences(s string) []string {
	var out []string
	cur := ""
	parts := strings.SplitAfter(outsideValues(s, func(p string) string { return strings.ReplaceAll(p, ". ", ".\x00") }), "\x00")
	for _, p := range parts {
		cur += strings.TrimSuffix(p, "\x00")
		if strings.HasSuffix(p, "\x00") {
			out = append(out, strings.TrimSpace(cur))
			cur = ""
		}
	}
	if strings.TrimSpace(cur) != "" {
		out = append(out, strings.TrimSpace(cur))
	}
	return out
}

// phrase writes a synthesised intent's instruction the way people do: the
// schema's field words become the words people use, and a single-step
// request is framed as a message, a ticket or a checklist, chosen by the
// seed. A workflow (its own framings) only has its words cleaned.
func phrase(in *atom.Intent, apps []*appModel, terms [][2]string, seed int64) string {
	s := plainTerms(in.Instruction, terms)
	if len(in.Steps) > 0 || len(apps) == 0 || len(apps) >= 3 {
		return s // a workflow: framed by its own templates
	}
	return frame(rngFor(seed, "phrase", in.ID), s)
}

// factRE finds what a rewrite of an instruction must keep: placeholders, quoted values and
// numbers.
var factRE = regexp.MustCompile(`\{\{[^}]*\}\}|'[^']+'|"[^"]+"|\b\d+(?:\.\d+)?\b`)

// Facts lists the placeholders, quoted values and numbers of a text, sorted.
func Facts(s string) []string {
	// An apostrophe inside a word ("entry's") quotes nothing.
	s = innerApostropheRE.ReplaceAllString(s, "${1}"+apostrophe+"${2}")
	out := factRE.FindAllString(s, -1)
	for i, f := range out {
		// 'x' and "x" are the same value.
		out[i] = strings.ReplaceAll(strings.Trim(f, `'"`), apostrophe, "'")
	}
	sort.Strings(out)
	return out
}
