package satisfy

import (
	"maps"
	"math"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// ValueEqual reports whether two values are equal, numbers by value
// whatever their Go type.
func ValueEqual(a, b any) bool {
	if af, ok := state.Number(a); ok {
		bf, ok := state.Number(b)
		return ok && af == bf
	}
	return reflect.DeepEqual(a, b)
}

// ElemHolds applies a predicate's positive form to one value.
func ElemHolds(e any, p assert.Predicate) bool {
	switch p.Op {
	case assert.OpEquals, assert.OpNotEquals:
		return ValueEqual(e, p.Value)
	case assert.OpIEquals:
		return strings.EqualFold(state.Text(e), state.Text(p.Value))
	case assert.OpContains:
		return strings.Contains(state.Text(e), state.Text(p.Value))
	case assert.OpIContains, assert.OpNotContains:
		return strings.Contains(strings.ToLower(state.Text(e)), strings.ToLower(state.Text(p.Value)))
	case assert.OpIn, assert.OpNotIn:
		list, _ := p.Value.([]any)
		for _, x := range list {
			if ValueEqual(e, x) {
				return true
			}
		}
		return false
	case assert.OpGT, assert.OpGTE, assert.OpLT, assert.OpLTE:
		var c int
		if pf, ok := p.Value.(float64); ok {
			ef, ok := state.Number(e)
			if !ok {
				if s, isStr := e.(string); isStr {
					f, err := strconv.ParseFloat(s, 64)
					if err != nil {
						return false
					}
					ef = f
				} else {
					return false
				}
			}
			switch {
			case ef < pf:
				c = -1
			case ef > pf:
				c = 1
			}
		} else {
			c = strings.Compare(state.Text(e), state.Text(p.Value))
		}
		switch p.Op {
		case assert.OpGT:
			return c > 0
		case assert.OpGTE:
			return c >= 0
		case assert.OpLT:
			return c < 0
		}
		return c <= 0
	case assert.OpMatches:
		re, err := regexp.Compile(state.Text(p.Value))
		return err == nil && re.MatchString(state.Text(e))
	}
	return false
}

// PredHolds evaluates one predicate on a record: on a list field some
// element must satisfy it; the negated forms hold when none does, including
// on a missing field.
func PredHolds(r map[string]any, p assert.Predicate) bool {
	if p.Op == OpElem {
		sub, _ := p.Value.([]assert.Predicate)
		for _, v := range lookupAll(r, p.Field) {
			list, _ := v.([]any)
			for _, e := range list {
				if m, ok := e.(map[string]any); ok && AllHold(m, sub) {
					return true
				}
			}
		}
		return false
	}
	if strings.Contains(p.Field, AnyKey) {
		q := p
		q.Field = "v"
		pos := false
		for _, v := range lookupAll(r, p.Field) {
			if PredHolds(map[string]any{"v": v}, q) != Negated(p.Op) {
				pos = true
				break
			}
		}
		return pos != Negated(p.Op)
	}
	v, present := state.Path(r, p.Field)
	switch p.Op {
	case assert.OpPresent:
		want, _ := p.Value.(bool)
		return present == want
	case assert.OpSize:
		if !present {
			return false
		}
		n := -1
		switch x := v.(type) {
		case []any:
			n = len(x)
		case string:
			n = len(x)
		}
		f, _ := p.Value.(float64)
		return n >= 0 && float64(n) == f
	}
	pos := false
	if present {
		if list, ok := v.([]any); ok {
			for _, e := range list {
				if ElemHolds(e, p) {
					pos = true
					break
				}
			}
		} else {
			pos = ElemHolds(v, p)
		}
	}
	if Negated(p.Op) {
		return !pos
	}
	return pos
}

// Negated reports whether op is the negative form of a predicate.
func Negated(op string) bool {
	return op == assert.OpNotEquals || op == assert.OpNotContains || op == assert.OpNotIn
}

// OpElem is a predicate the planner uses internally for a list of records
// (a ticket's notes, an envelope's signers): some element is a record
// satisfying every predicate of Value ([]assert.Predicate). It is never
// compiled; the programs it was read from stay the judge.
const OpElem = "elem"

// AnyKey in a field path stands for any key of an object: "cells.*" is
// any cell of a row.
const AnyKey = "*"

// lookupAll returns the values a path reaches, with AnyKey segments
// spanning every key of an object.
func lookupAll(r map[string]any, path string) []any {
	if !strings.Contains(path, AnyKey) {
		if v, ok := state.Path(r, path); ok {
			return []any{v}
		}
		return nil
	}
	cur := []any{r}
	for _, seg := range strings.Split(path, ".") {
		var next []any
		for _, c := range cur {
			m, ok := c.(map[string]any)
			if !ok {
				continue
			}
			if seg == AnyKey {
				for _, k := range slices.Sorted(maps.Keys(m)) {
					if m[k] != nil {
						next = append(next, m[k])
					}
				}
			} else if v, ok := m[seg]; ok && v != nil {
				next = append(next, v)
			}
		}
		cur = next
	}
	return cur
}

// AllHold reports whether every predicate holds on the record.
func AllHold(r map[string]any, ps []assert.Predicate) bool {
	for _, p := range ps {
		if !PredHolds(r, p) {
			return false
		}
	}
	return true
}

// ByField groups predicates by their top-level field, in order.
func ByField(ps []assert.Predicate) ([]string, map[string][]assert.Predicate) {
	var order []string
	m := map[string][]assert.Predicate{}
	for _, p := range ps {
		if _, ok := m[p.Field]; !ok {
			order = append(order, p.Field)
		}
		m[p.Field] = append(m[p.Field], p)
	}
	return order, m
}

// IsList reports whether a collection field holds a list.
func IsList(c *atom.Collection, field string) bool {
	if c == nil {
		return false
	}
	return c.Fields[field].Type == "array"
}

// HoldsOn reports whether every predicate holds for a field with value v.
func HoldsOn(v any, ps []assert.Predicate) bool {
	rec := map[string]any{"v": v}
	for _, p := range ps {
		q := p
		q.Field = "v"
		if !PredHolds(rec, q) {
			return false
		}
	}
	return true
}

// Scalar returns a value for a scalar field that makes every
// predicate on it hold, or false when none can be derived.
func Scalar(ps []assert.Predicate, fd atom.Field) (any, bool) {
	var cands []any
	var texts []string
	r := numRange{lo: math.Inf(-1), hi: math.Inf(1)}
	for _, p := range ps {
		switch p.Op {
		case assert.OpEquals, assert.OpIEquals:
			cands = append(cands, p.Value)
		case assert.OpIn:
			l, _ := p.Value.([]any)
			cands = append(cands, l...)
		case assert.OpContains, assert.OpIContains:
			texts = append(texts, state.Text(p.Value))
		case assert.OpMatches:
			if w, ok := RegexWitness(state.Text(p.Value)); ok {
				cands = append(cands, w)
			}
		case assert.OpGT, assert.OpGTE, assert.OpLT, assert.OpLTE:
			f, isNum := p.Value.(float64)
			if !isNum {
				s := state.Text(p.Value)
				if p.Op == assert.OpGT {
					s += "~"
				}
				cands = append(cands, s)
				continue
			}
			r.bound(p.Op, f)
		case assert.OpPresent:
			if want, _ := p.Value.(bool); !want {
				// "absent or null": the value a tool clears a field with.
				cands = append(cands, nil)
			}
		}
	}
	if len(texts) > 0 {
		cands = append(cands, JoinTexts(texts), strings.Join(texts, " "))
	}
	if r.numeric {
		cands = append(cands, r.pick(fd.Type == "integer"))
	}
	def := DefaultFor(fd, "")
	cands = append(cands, def, OtherValue(def, fd))
	for _, c := range cands {
		if HoldsOn(c, ps) {
			return c, true
		}
	}
	return nil, false
}

// numRange is the interval numeric comparisons leave a value, each end
// open or closed; numeric is set once a comparison has narrowed it.
type numRange struct {
	lo, hi         float64
	loOpen, hiOpen bool
	numeric        bool
}

// bound narrows the range by one comparison with f.
func (r *numRange) bound(op string, f float64) {
	r.numeric = true
	switch op {
	case assert.OpGT:
		if f >= r.lo {
			r.lo, r.loOpen = f, true
		}
	case assert.OpGTE:
		if f > r.lo {
			r.lo, r.loOpen = f, false
		}
	case assert.OpLT:
		if f <= r.hi {
			r.hi, r.hiOpen = f, true
		}
	case assert.OpLTE:
		if f < r.hi {
			r.hi, r.hiOpen = f, false
		}
	}
}

// pick returns a number in the range: its middle when both ends are
// bounded, else next to the bounded end (a whole number for an integer).
func (r *numRange) pick(integer bool) float64 {
	var n float64
	switch {
	case !math.IsInf(r.lo, 0) && !math.IsInf(r.hi, 0):
		n = (r.lo + r.hi) / 2
	case !math.IsInf(r.lo, 0):
		n = r.lo
		if r.loOpen {
			n = r.lo + 1
		}
	default:
		n = r.hi
		if r.hiOpen {
			n = r.hi - 1
		}
	}
	if integer && n != math.Trunc(n) {
		n = math.Floor(n) + 1
	}
	return n
}

// List returns the elements to add to a list field so that every
// predicate on it holds, given its current elements.
func List(ps []assert.Predicate, current []any) ([]any, bool) {
	var add []any
	has := func(v any) bool {
		for _, e := range append(append([]any(nil), current...), add...) {
			if ValueEqual(e, v) {
				return true
			}
		}
		return false
	}
	for _, p := range ps {
		if HoldsOn(append(append([]any(nil), current...), add...), []assert.Predicate{p}) {
			continue
		}
		switch p.Op {
		case assert.OpEquals, assert.OpIEquals, assert.OpContains, assert.OpIContains:
			if !has(p.Value) {
				add = append(add, p.Value)
			}
		case assert.OpIn:
			if l, _ := p.Value.([]any); len(l) > 0 {
				add = append(add, l[0])
			}
		case assert.OpPresent:
			add = append(add, "x")
		case OpElem:
			sub, _ := p.Value.([]assert.Predicate)
			e, ok := RecordFor(sub, nil, nil)
			if !ok {
				return nil, false
			}
			add = append(add, e)
		default:
			return nil, false
		}
	}
	if !HoldsOn(append(append([]any(nil), current...), add...), ps) {
		return nil, false
	}
	return add, true
}

// DefaultFor is a plausible value of a field or argument schema the goal
// does not constrain.
func DefaultFor(fd atom.Field, arg string) any {
	if len(fd.Enum) > 0 {
		return fd.Enum[0]
	}
	switch fd.Type {
	case "boolean":
		return false
	case "number", "integer":
		return float64(1)
	case "array":
		if addressArg(arg) {
			return []any{"someone@example.com"} // a mail goes to someone
		}
		return []any{}
	case "object":
		return map[string]any{}
	}
	switch fd.Format {
	case "email":
		return "someone@example.com"
	case "date":
		return "2026-01-15"
	case "date-time":
		return "2026-01-15T09:00:00Z"
	}
	if addressArg(arg) {
		return "someone@example.com"
	}
	return FreeText(arg)
}

// addressArg reports whether an argument names the recipients of a
// message ("to", "cc", "recipients").
func addressArg(arg string) bool {
	w := FieldWords(arg)
	return len(w) > 0 && slices.Contains([]string{"to", "cc", "bcc", "recipient", "recipients"}, w[len(w)-1])
}

// freeTexts are what a person writes in a field the task leaves free, by
// the field's role (its name's last word).
var freeTexts = []struct {
	words []string
	text  string
}{
	{[]string{"subject", "title", "headline", "summary", "topic"}, "Quick update"},
	{[]string{"body", "text", "message", "content", "comment", "note", "notes", "description", "reply", "details", "html"}, "Hi, a quick update: this has been taken care of. Thanks."},
	{[]string{"phone", "number", "mobile"}, "+1 415 555 0100"},
	{[]string{"name", "label"}, "Follow-up"},
	{[]string{"url", "link", "website"}, "https://example.com"},
	{[]string{"reason"}, "Requested by the customer"},
	{[]string{"stage", "state", "status"}, "New"},
	{[]string{"category", "type", "kind", "group"}, "General"},
	{[]string{"time", "at", "start", "end", "datetime", "timestamp"}, "2026-01-15T09:00:00Z"},
	{[]string{"date", "day", "deadline"}, "2026-01-15"},
}

// freeRoles are free values recognised by a part of the argument's name
// wherever it stands (currency_code, mime_type, lastName).
var freeRoles = []struct{ part, text string }{
	{"currency", "USD"},
	{"mime", "text/plain"},
	{"last name", "Lee"}, {"lastname", "Lee"}, {"surname", "Lee"},
	{"first name", "Alex"}, {"firstname", "Alex"},
	{"amount", "100"},
}

// FreeText is a value a person would write in a free text argument:
// a short subject, a one-line body, by the argument's name.
func FreeText(arg string) string {
	w := FieldWords(arg)
	joined := strings.Join(w, " ")
	for _, r := range freeRoles {
		if strings.Contains(joined, r.part) {
			return r.text
		}
	}
	if len(w) > 0 {
		last := w[len(w)-1]
		for _, ft := range freeTexts {
			if slices.Contains(ft.words, last) {
				return ft.text
			}
		}
	}
	return NoRoleText
}

// NoRoleText is the free text of an argument whose name says nothing of
// what it holds.
const NoRoleText = "Done"

// SchemaField reads the parts of an argument schema that matter here.
func SchemaField(s map[string]any) atom.Field {
	var f atom.Field
	f.Type, _ = s["type"].(string)
	f.Format, _ = s["format"].(string)
	if e, ok := s["enum"].([]any); ok {
		f.Enum = e
	}
	return f
}

// OtherValue is a value of the same kind that differs from v: another enum
// member, the negation, the next number, an altered text.
func OtherValue(v any, fd atom.Field) any {
	for _, e := range fd.Enum {
		if !ValueEqual(e, v) {
			return e
		}
	}
	switch x := v.(type) {
	case bool:
		return !x
	case float64:
		return x + 1
	case string:
		if i := strings.LastIndexByte(x, '@'); i > 0 {
			return "someone.else" + x[i:]
		}
		if x == "" {
			return "other"
		}
		return x + " (other)"
	case []any:
		if len(x) > 0 {
			return []any{OtherValue(x[0], atom.Field{})}
		}
		return []any{"other"}
	}
	return "other"
}

// FitArg converts a value to what an argument's schema accepts.
func FitArg(v any, s map[string]any) any {
	t, _ := s["type"].(string)
	switch t {
	case "string":
		switch x := v.(type) {
		case []any:
			parts := make([]string, len(x))
			for i, e := range x {
				parts[i] = state.Text(e)
			}
			return strings.Join(parts, ", ")
		case float64, bool:
			return state.Text(x)
		}
	case "array":
		if _, ok := v.([]any); !ok && v != nil {
			return []any{v}
		}
	case "integer":
		if f, ok := v.(float64); ok {
			return math.Round(f)
		}
	}
	return v
}
