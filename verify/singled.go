package verify

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/ground"
	"github.com/legoenv/legoenv/verify/satisfy"
	"github.com/legoenv/legoenv/verify/verdict"
)

// Chosen, not guessed: every existing record a plan writes must be singled
// out by what the agent is told, not found by the goal. A record is
// singled out when
//
//   - the messages (system prompt, instruction, and the text of the records
//     they name, such as a policy document) mention its key, or
//   - a record they name links to it (an account's owner), or
//   - it belongs to a group they describe that the plan writes whole: the
//     records holding a value the messages mention (status "open", a tag,
//     a requester's address), or two such values at once, or linking to a
//     record they name, all of them written.
//
// A record the plan writes that none of these picks out (one of two open
// tickets, "their ticket") is the goal's choice, and the environment is
// intent.ambiguous: an agent could only guess.

// minMention is the shortest value that names a record by appearing in
// the messages; shorter ones ("1", "ok") appear by chance.
const minMention = 3

// told is what the messages single out.
type told struct {
	text    string          // lower-cased messages and the text of the records they name
	named   map[string]bool // "collection\x00key" of the records they name or link to
	numbers []float64       // the numbers text holds: thresholds a policy sets
}

// toldOf reads the messages and the records they name.
func (in *envInfo) toldOf(w *state.World) *told {
	t := &told{named: map[string]bool{}}
	msgs := strings.ToLower(in.Env.System + "\n" + in.Env.Instruction)
	var extra []string
	for _, name := range w.Names() {
		c := w.Collection(name)
		for _, r := range c.Records {
			if !namesRecord(msgs, c, r) {
				continue
			}
			k, _ := state.KeyOf(r, c.Key)
			t.named[name+"\x00"+k] = true
			b, _ := json.Marshal(r)
			extra = append(extra, strings.ToLower(string(b)))
		}
	}
	extra = append(extra, aboutNamed(w, msgs, t.named)...)
	t.text = msgs + "\n" + strings.Join(extra, "\n")
	t.numbers = numbersIn(strings.Join(append([]string{msgs}, extra...), "\n"))
	t.link(w)
	return t
}

// maxThresholds bounds the numbers tried as a policy's threshold.
const maxThresholds = 40

// numbersIn lists the distinct numbers of text, at most maxThresholds.
func numbersIn(text string) []float64 {
	var out []float64
	for _, m := range ground.NumberTexts(text) {
		n, err := strconv.ParseFloat(strings.ReplaceAll(m, ",", ""), 64)
		if err != nil || slices.Contains(out, n) {
			continue
		}
		out = append(out, n)
		if len(out) == maxThresholds {
			break
		}
	}
	return out
}

// minTitle is the shortest title of a named record that, quoted in
// another record, makes that record about it (an amendment that names the
// policy it changes).
const minTitle = 12

// aboutNamed returns, as text, the records that quote a title of a named
// record (quoting).
func aboutNamed(w *state.World, msgs string, named map[string]bool) []string {
	var out []string
	for _, r := range quoting(w, msgs, named) {
		b, _ := json.Marshal(r)
		out = append(out, strings.ToLower(string(b)))
	}
	return out
}

// quoting returns the records that quote a title of a named record (a
// string value of minTitle or more characters the messages also quote):
// the reply or amendment an agent finds by the name it was given.
func quoting(w *state.World, msgs string, named map[string]bool) []state.Record {
	var titles []string
	for id := range named {
		name, k, _ := strings.Cut(id, "\x00")
		r, ok := w.Collection(name).Lookup(k)
		if !ok {
			continue
		}
		for _, v := range r {
			if s, ok := v.(string); ok && len(s) >= minTitle && saysWord(msgs, strings.ToLower(s)) {
				titles = append(titles, strings.ToLower(s))
			}
		}
	}
	if len(titles) == 0 {
		return nil
	}
	var out []state.Record
	quotes := func(s string) bool {
		text := strings.ToLower(s)
		return slices.ContainsFunc(titles, func(t string) bool { return strings.Contains(text, t) })
	}
	for _, name := range w.Names() {
		for _, r := range w.Collection(name).Records {
			if someString(map[string]any(r), quotes) {
				out = append(out, r)
			}
		}
	}
	return out
}

// someString reports whether f holds for a string anywhere in v (a
// record's values, in maps and lists at any depth).
func someString(v any, f func(string) bool) bool {
	switch x := v.(type) {
	case string:
		return f(x)
	case map[string]any:
		for _, e := range x {
			if someString(e, f) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if someString(e, f) {
				return true
			}
		}
	}
	return false
}

// namesRecord reports whether msgs name a record: its key, or a string
// value of five or more characters no other record of the collection
// holds in that field.
func namesRecord(msgs string, c *state.Collection, r state.Record) bool {
	if k, ok := state.KeyOf(r, c.Key); ok && len(k) >= 2 && saysWord(msgs, strings.ToLower(k)) {
		return true
	}
	for f, v := range r {
		s, ok := v.(string)
		if !ok || len(s) < 5 || !saysWord(msgs, strings.ToLower(s)) {
			continue
		}
		if unique(c, r, f) {
			return true
		}
	}
	return false
}

// unique reports whether no other record of c holds r's value of f.
func unique(c *state.Collection, r state.Record, f string) bool {
	n := 0
	for _, o := range c.Records {
		if satisfy.ValueEqual(o[f], r[f]) {
			n++
		}
	}
	return n == 1
}

// link adds the records the named ones point at through a field holding
// another record's key (an account's owner, a ticket's requester).
func (t *told) link(w *state.World) {
	keys := map[string][]string{} // key -> collections holding it
	for _, name := range w.Names() {
		c := w.Collection(name)
		for _, r := range c.Records {
			if k, ok := state.KeyOf(r, c.Key); ok && len(k) >= minMention {
				keys[k] = append(keys[k], name)
			}
		}
	}
	for id := range maps.Clone(t.named) {
		name, k, _ := strings.Cut(id, "\x00")
		r, ok := w.Collection(name).Lookup(k)
		if !ok {
			continue
		}
		for f, v := range r {
			s, ok := v.(string)
			if !ok || f == w.Collection(name).Key {
				continue
			}
			for _, other := range keys[s] {
				t.named[other+"\x00"+s] = true
			}
		}
	}
}

// saysWord reports whether text holds v as a whole word or phrase: not
// inside a longer word or number ("T-1" is not in "T-12").
func saysWord(text, v string) bool {
	if v == "" {
		return false
	}
	for i := 0; ; {
		j := strings.Index(text[i:], v)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(v)
		if !wordAt(text, start-1) && !wordAt(text, end) {
			return true
		}
		i = start + 1
	}
}

// wordAt reports whether the byte at i continues a word.
func wordAt(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return false
	}
	r := rune(s[i])
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// unsingled returns the first existing record the solved plan writes that
// the messages do not single out, as the collection and key.
func (p *Job) unsingled() (string, string, bool) {
	st := p.solved.Session.State()
	w := st.Base()
	t := p.info.toldOf(w)
	moved := p.keptKeys(p.cascadedKeys())
	for _, name := range w.Names() {
		c := w.Collection(name)
		written := map[string]bool{}
		for k := range st.Dirty(name) {
			if _, ok := c.Lookup(k); ok {
				written[k] = true
			}
		}
		for _, k := range slices.Sorted(maps.Keys(written)) {
			r, _ := c.Lookup(k)
			after, _ := st.Get(name, k)
			if !t.named[name+"\x00"+k] && !moved[name][k] && !t.inGroup(c, r, after, written) && !counterpartOf(w, c, r, after) {
				return name, k, true
			}
		}
	}
	return "", "", false
}

// inGroup reports whether r is in a group the messages describe, by one
// value or two, that the plan writes whole: every other member is written
// too, or already holds what the plan wrote to r (the record already done).
func (t *told) inGroup(c *state.Collection, r, after state.Record, written map[string]bool) bool {
	flat := flatten(r)
	var said []string // fields whose value the messages mention or whose link they name
	for _, f := range slices.Sorted(maps.Keys(flat)) {
		if f != c.Key && t.says(flat[f]) {
			said = append(said, f)
		}
	}
	if t.thresholdGroup(c, r, after, written, said) {
		return true
	}
	for i, f := range said {
		if wholeGroup(c, written, r, after, f) {
			return true
		}
		for _, g := range said[i+1:] {
			if wholeGroup(c, written, r, after, f, g) {
				return true
			}
		}
	}
	return false
}

// says reports whether the messages give a value: mention it (or one of
// a list's members), or name the record it links to.
func (t *told) says(v any) bool {
	switch x := v.(type) {
	case string:
		if len(x) < minMention {
			return false
		}
		if saysWord(t.text, strings.ToLower(x)) {
			return true
		}
		for id := range t.named {
			if strings.HasSuffix(id, "\x00"+x) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if t.says(e) {
				return true
			}
		}
	case bool:
		return false
	}
	return false
}

// wholeGroup reports whether every record holding r's values of fields
// is written or already holds what r was given.
func wholeGroup(c *state.Collection, written map[string]bool, r, after state.Record, fields ...string) bool {
	flat := flatten(r)
	return groupWritten(c, written, r, after, func(o state.Record) bool {
		of := flatten(o)
		for _, f := range fields {
			if !sharesValue(of[f], flat[f]) {
				return false
			}
		}
		return true
	})
}

// alreadyHolds reports whether o already holds every value the plan gave
// r: the same value of each changed field, or for a list every member
// added.
func alreadyHolds(o, r, after state.Record) bool {
	for f, v := range after {
		if satisfy.ValueEqual(v, r[f]) {
			continue
		}
		nl, isList := v.([]any)
		if !isList {
			if !satisfy.ValueEqual(o[f], v) {
				return false
			}
			continue
		}
		ol, _ := o[f].([]any)
		old, _ := r[f].([]any)
		for _, e := range nl {
			if !slices.ContainsFunc(old, func(x any) bool { return satisfy.ValueEqual(x, e) }) && !slices.ContainsFunc(ol, func(x any) bool { return satisfy.ValueEqual(x, e) }) {
				return false
			}
		}
	}
	return true
}

// sharesValue compares two field values; a list shares when it holds an
// element of the other.
func sharesValue(a, b any) bool {
	al, aok := a.([]any)
	bl, bok := b.([]any)
	if aok && bok {
		for _, x := range al {
			for _, y := range bl {
				if satisfy.ValueEqual(x, y) {
					return true
				}
			}
		}
		return false
	}
	return satisfy.ValueEqual(a, b)
}

// unsingledCause blames the intent: the plan writes a record the messages
// do not single out.
func (p *Job) unsingledCause(coll, key string) RootCause {
	msg := fmt.Sprintf("the %s plan writes %s %s, which nothing the agent is told singles out (not its key, not a record the instruction names or links to, not a group it describes that the plan writes whole): the goal chose it", p.PlanFrom, coll, key)
	return verdict.Blame(IntentAmbiguous, facts.Ref(p.Env.Intent), Evidence{Collection: coll, Record: key, Message: msg})
}

// thresholdGroup reports whether r is in a group a policy describes by a
// number the messages give (a total over 5000), alone or beside a value
// they mention (and still OPEN), that the plan writes whole.
func (t *told) thresholdGroup(c *state.Collection, r, after state.Record, written map[string]bool, said []string) bool {
	for _, g := range slices.Sorted(maps.Keys(r)) {
		v, ok := r[g].(float64)
		if !ok {
			continue
		}
		for _, limit := range t.numbers {
			if v == limit {
				continue
			}
			above := v > limit
			side := func(o state.Record) bool {
				ov, ok := o[g].(float64)
				return ok && ov != limit && (ov > limit) == above
			}
			if groupWritten(c, written, r, after, side) {
				return true
			}
			flat := flatten(r)
			for _, f := range said {
				if groupWritten(c, written, r, after, func(o state.Record) bool { return side(o) && sharesValue(flatten(o)[f], flat[f]) }) {
					return true
				}
			}
		}
	}
	return false
}

// groupWritten reports whether every record in the group is written or
// already holds what r was given.
func groupWritten(c *state.Collection, written map[string]bool, r, after state.Record, in func(state.Record) bool) bool {
	for _, o := range c.Records {
		if !in(o) {
			continue
		}
		if k, _ := state.KeyOf(o, c.Key); !written[k] && !alreadyHolds(o, r, after) {
			return false
		}
	}
	return true
}

// counterpartOf reports whether the plan copied into r a value that a
// record of another collection holds beside one of r's own identifying
// values (a unique address or name): r is the counterpart the messages
// point at by the other app's record, as in a reconciliation ("the two
// apps drifted apart on phone").
func counterpartOf(w *state.World, c *state.Collection, r, after state.Record) bool {
	var ids []string
	for f, v := range r {
		if s, ok := v.(string); ok && len(s) >= 5 && unique(c, r, f) {
			ids = append(ids, strings.ToLower(s))
		}
	}
	for f, v := range after {
		nv, ok := v.(string)
		if !ok || len(nv) < minMention || satisfy.ValueEqual(v, r[f]) {
			continue
		}
		for _, name := range w.Names() {
			if name == c.Name {
				continue
			}
			for _, o := range w.Collection(name).Records {
				if holdsText(o, nv) && slices.ContainsFunc(ids, func(id string) bool { return holdsText(o, id) }) {
					return true
				}
			}
		}
	}
	return false
}

// holdsText reports whether a record has a string value equal to s,
// ignoring case.
func holdsText(r state.Record, s string) bool {
	for _, v := range r {
		if x, ok := v.(string); ok && strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// flatten is a record with the fields of its nested objects beside its
// own, by dotted path ("cells.Status"): a row's cells select it as a
// record's fields do.
func flatten(r state.Record) map[string]any {
	out := make(map[string]any, len(r))
	for f, v := range r {
		if m, ok := v.(map[string]any); ok {
			for k, x := range m {
				out[f+"."+k] = x
			}
			continue
		}
		out[f] = v
	}
	return out
}
