package verify

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/state"
)

// Grounding is one value a plan writes that the goal checks, and where an
// agent could have read it. Source is empty when nothing the agent sees
// holds the value: the plan then knows something only the goal says.
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

// visible is what an agent has seen before one step: the messages and the
// observations of the earlier steps, as normalised text, with the numbers
// they mention.
type visible struct {
	docs  []contextDoc
	clock time.Time
	// For declared derivations: the sizes of the lists and the column
	// sums the observations showed.
	counts, sums []float64
}

type contextDoc struct {
	name string
	text string // loose form: lower case, words split by single spaces
	nums []float64
}

// literal is a value a positive goal assertion checks on a field.
type literal struct {
	goal   int
	target string
	field  string
	op     string
	value  any
}

// ground traces every value the plan writes that a positive goal assertion
// checks to the messages or to an observation of an earlier step. Only the
// steps that change the state (and calls a `called` goal names) are read:
// a search may use any words; what the goal checks must come from what the
// agent was shown.
//
// A run's trace is computed once (the check and the reveal loop both ask
// for the plan's) and each caller gets its own copy.
func (in *envInfo) ground(r *run) []Grounding {
	if r.grounding == nil {
		gs := in.traceGrounding(r)
		r.grounding = &gs
	}
	return slices.Clone(*r.grounding)
}

// traceGrounding does ground's work. The observations are read into the
// context only when a value is looked up, so those after the last write
// the goal checks are never parsed.
func (in *envInfo) traceGrounding(r *run) []Grounding {
	lits := in.goalLiterals()
	if len(lits) == 0 {
		return nil
	}
	called := map[string]bool{}
	for _, c := range in.goalChecks() {
		if c.prog.Assertion.Type == assert.Called {
			called[c.prog.Assertion.Target] = true
		}
	}
	ctx := in.messageContext()
	read := 0 // observations added to ctx
	var out []Grounding
	seen := map[string]bool{}
	var prev uint64
	for i, call := range r.calls {
		changed := r.digests != nil && r.digests[i] != prev && !r.obs[i].IsError
		if r.digests != nil {
			prev = r.digests[i]
		}
		if changed || called[call.Name] {
			var args map[string]any
			_ = json.Unmarshal(call.Args, &args)
			for _, lf := range leaves("", args) {
				for _, l := range lits {
					v, ok := checkedValue(lf.value, l)
					if !ok {
						continue
					}
					g := Grounding{Step: i + 1, Tool: call.Name, Arg: lf.path, Field: l.field, Collection: l.target, Value: state.Text(v), Goal: l.goal}
					key := fmt.Sprint(g.Step, g.Arg, g.Value)
					if seen[key] {
						continue
					}
					seen[key] = true
					for ; read < i; read++ {
						ctx.add(fmt.Sprintf("observation of step %d (%s)", read+1, r.calls[read].Name), r.obs[read].Content)
					}
					g.Source = ctx.find(v, l.field)
					if g.Source == "" && len(in.intent.Derive) > 0 {
						g.Source = ctx.derive(v, in.intent.Derive)
					}
					out = append(out, g)
				}
			}
		}
	}
	return out
}

// goalLiterals lists the values the positive goal assertions pin.
func (in *envInfo) goalLiterals() []literal {
	var out []literal
	for _, c := range in.goalChecks() {
		a := c.plan()
		if a.IsNegative() || c.prog.Assertion.IsNegative() {
			continue
		}
		for _, p := range a.Where {
			switch p.Op {
			case assert.OpEquals, assert.OpIEquals, assert.OpContains, assert.OpIContains:
				if !emptyValue(p.Value) {
					out = append(out, literal{c.index, a.Target, p.Field, p.Op, p.Value})
				}
			case assert.OpIn:
				if l, ok := p.Value.([]any); ok && len(l) == 1 && !emptyValue(l[0]) {
					out = append(out, literal{c.index, a.Target, p.Field, assert.OpEquals, l[0]})
				}
			}
		}
	}
	return out
}

func emptyValue(v any) bool {
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

// checkedValue reports whether a written value is one a literal checks,
// and which part of it: the value itself for equality, the literal for
// containment.
func checkedValue(v any, l literal) (any, bool) {
	switch l.op {
	case assert.OpContains, assert.OpIContains:
		s, ok := v.(string)
		lit, lok := l.value.(string)
		if ok && lok && strings.Contains(strings.ToLower(s), strings.ToLower(lit)) {
			return lit, true
		}
		return nil, false
	}
	if valueEqual(v, l.value) {
		return v, true
	}
	if s, ok := v.(string); ok {
		if lit, ok := l.value.(string); ok && strings.EqualFold(s, lit) {
			return v, true
		}
	}
	return nil, false
}

type leaf struct {
	path  string
	value any
}

// leaves flattens arguments to their scalar values (list elements
// included) with their paths.
func leaves(prefix string, v any) []leaf {
	switch x := v.(type) {
	case map[string]any:
		var out []leaf
		for _, k := range sortedKeys(x) {
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			out = append(out, leaves(p, x[k])...)
		}
		return out
	case []any:
		var out []leaf
		for i, e := range x {
			out = append(out, leaves(prefix+"["+strconv.Itoa(i)+"]", e)...)
		}
		return out
	case nil:
		return nil
	}
	return []leaf{{prefix, v}}
}

// messageContext is what the agent sees before its first call. The
// messages are read once per environment; each caller gets its own context
// to add to.
func (in *envInfo) messageContext() *visible {
	if in.messages == nil {
		in.messages = in.readMessages()
	}
	return &visible{docs: slices.Clone(in.messages.docs), clock: in.messages.clock}
}

// readMessages reads the opening messages into a context.
func (in *envInfo) readMessages() *visible {
	ctx := &visible{}
	if w, err := in.env.World(in.env.Recipe.Seed); err == nil {
		ctx.clock = w.Clock
	}
	for _, m := range in.env.Messages() {
		name := "the instruction"
		if m.Role == "system" {
			name = "the system prompt"
		}
		ctx.docs = append(ctx.docs, newDoc(name, m.Content))
	}
	return ctx
}

// add appends an observation; a JSON observation is read as its values, so
// that escapes and key names neither hide nor fake a value.
func (ctx *visible) add(name, content string) {
	var v any
	if json.Unmarshal([]byte(content), &v) == nil {
		ctx.tabulate(v)
		var b strings.Builder
		for _, lf := range leaves("", v) {
			b.WriteString(state.Text(lf.value))
			b.WriteString("\n")
		}
		content = b.String()
	}
	ctx.docs = append(ctx.docs, newDoc(name, content))
}

var numberRE = regexp.MustCompile(`-?\d[\d,]*(?:\.\d+)?`)

func newDoc(name, text string) contextDoc {
	d := contextDoc{name: name, text: " " + loose(text) + " "}
	for _, m := range numberRE.FindAllString(text, -1) {
		if f, err := strconv.ParseFloat(strings.ReplaceAll(m, ",", ""), 64); err == nil {
			d.nums = append(d.nums, f)
		}
	}
	return d
}

// loose lower-cases text and splits it into words of letters and digits
// joined by single spaces: "Do-Not-Contact" and "do_not_contact" read the
// same, and so do an id in JSON and in prose.
func loose(s string) string {
	var b strings.Builder
	space := true
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			space = false
		} else if !space {
			b.WriteByte(' ')
			space = true
		}
	}
	return strings.TrimSpace(b.String())
}

// find names the first document that holds v: numbers by value (1,200.00
// is 1200), dates in common renderings or as today or tomorrow, booleans by
// the words of their field (a flag is set because the text names it), text
// by its words.
func (ctx *visible) find(v any, field string) string {
	for _, d := range ctx.docs {
		if d.holds(v, field, ctx.clock) {
			return d.name
		}
	}
	return ""
}

func (d contextDoc) holds(v any, field string, clock time.Time) bool {
	switch x := v.(type) {
	case bool:
		return d.hasPhrase(fieldWords(field))
	case float64:
		return d.hasNumber(x)
	case string:
		if f, ok := parseNumber(x); ok && d.hasNumber(f) {
			return true
		}
		if t, ok := parseDate(x); ok {
			return strings.Contains(d.text, " "+loose(x)+" ") || d.hasDate(t, clock)
		}
		w := loose(x)
		if w == "" {
			return false
		}
		if isWord(w) {
			// A state is asked for in another form of its word: "publish
			// it" for published, "cancel" for cancelled.
			return d.hasPhrase([]string{w})
		}
		return strings.Contains(d.text, " "+w+" ") || (len(w) > 3 && strings.Contains(d.text, w))
	}
	return strings.Contains(d.text, " "+loose(state.Text(v))+" ")
}

// parseNumber reads a number as people write it: "$1,200.50", "15%".
func parseNumber(s string) (float64, bool) {
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

func (d contextDoc) hasNumber(f float64) bool {
	for _, n := range d.nums {
		if approx(n, f) || approx(n, f*100) || approx(n/100, f) {
			return true
		}
	}
	return false
}

func approx(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// hasPhrase reports whether every word appears, each by its stem (all but
// a short suffix: "archived" is found in "archive it").
func (d contextDoc) hasPhrase(words []string) bool {
	if len(words) == 0 {
		return false
	}
	for _, w := range words {
		stem := w
		if n := max(4, len(w)-3); len(w) > n {
			stem = w[:n]
		}
		if !strings.Contains(d.text, " "+stem) {
			return false
		}
	}
	return true
}

// fieldWords splits a field name into the words a person would write,
// dropping "is"/"has" prefixes: is_vip -> [vip], doNotContact -> [do not
// contact].
func fieldWords(field string) []string {
	if i := strings.LastIndex(field, "."); i >= 0 {
		field = field[i+1:]
	}
	var b strings.Builder
	for i, r := range field {
		if unicode.IsUpper(r) && i > 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	words := strings.Fields(loose(b.String()))
	if len(words) > 1 && (words[0] == "is" || words[0] == "has") {
		words = words[1:]
	}
	return words
}

var dateLayouts = []string{time.RFC3339, "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02"}

func parseDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if len(s) < 10 || s[4] != '-' || s[7] != '-' {
		return time.Time{}, false
	}
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// hasDate looks for the calendar day of t as a person writes it.
func (d contextDoc) hasDate(t time.Time, clock time.Time) bool {
	forms := []string{
		t.Format("2006-01-02"), t.Format("January 2"), t.Format("Jan 2"), t.Format("2 January"),
		t.Format("1/2/2006"), t.Format("01/02/2006"), t.Format("Monday, January 2"),
	}
	for _, f := range forms {
		if strings.Contains(d.text, " "+loose(f)+" ") {
			return true
		}
	}
	if !clock.IsZero() {
		day := func(x time.Time) string { return x.Format("2006-01-02") }
		switch {
		case day(t) == day(clock):
			return strings.Contains(d.text, " today ")
		case day(t) == day(clock.AddDate(0, 0, 1)):
			return strings.Contains(d.text, " tomorrow ")
		}
	}
	return false
}

// ungrounded returns the first value the goal checks that the agent could
// not have read.
func ungrounded(gs []Grounding) (Grounding, bool) {
	i := slices.IndexFunc(gs, func(g Grounding) bool { return g.Source == "" })
	if i < 0 {
		return Grounding{}, false
	}
	return gs[i], true
}

// groundingCause blames the intent for a goal its instruction does not
// state.
func (in *envInfo) groundingCause(g Grounding, from string) RootCause {
	iref := ref(in.env.Intent)
	msg := fmt.Sprintf("step %d of the %s plan (%s) writes %s=%q, which goal[%d] checks on %s, but nothing the agent sees before that step holds it (not the instruction, the system prompt or an earlier observation)",
		g.Step, from, g.Tool, g.Arg, g.Value, g.Goal, g.Field)
	return RootCause{Code: IntentGoalNotInInstruction, Atom: iref,
		Evidence: Evidence{Tool: g.Tool, Field: g.Field, Message: msg},
		SuggestedFix: &Fix{Action: "rewrite_instruction", Atom: iref,
			Description: fmt.Sprintf("say %q (the %s goal[%d] checks) in the instruction, or put it in data the agent reads", g.Value, g.Field, g.Goal),
			Params:      map[string]any{"field": g.Field, "value": g.Value, "index": g.Goal}}}
}
