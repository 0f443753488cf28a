// Package assert is legoenv's assertion vocabulary: checks over a final state
// and a trajectory, compiled once to CEL programs and scored the way
// AutomationBench scores a run.
package assert

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Types of assertion. Each has a positive or negative sense: negative ones
// are constraints ("never do X") and are credited only when every positive
// assertion passes.
const (
	Exists    = "exists"     // some record in Target matches Where
	NotExists = "not_exists" // no record in Target matches Where
	Count     = "count"      // the number of matching records is within Bound
	Called    = "called"     // some successful call to tool Target matches Where over its arguments
	NotCalled = "not_called" // no successful call to tool Target matches Where
	CEL       = "cel"        // Expr, a CEL boolean over state, calls and now
	// Unchanged: every record of Target in its scope (Where, when set: the
	// records matching it in the initial or the final state) that matches
	// none of its exceptions (Except, or any alternative in ExceptAlso) in
	// either state ends as it started (fields in Ignore aside): none is
	// created, deleted or edited. It says what an agent must leave alone
	// ("nothing else in this collection changed", "the source worksheet
	// stays as it was").
	Unchanged = "unchanged"
)

var typeNames = []string{Exists, NotExists, Count, Called, NotCalled, CEL, Unchanged, MatchesPlan}

// Assertion is one check. In YAML and JSON its type is the key that holds its
// target: {"exists": "gmail.messages", "where": {"to": "a@b.example"}}.
type Assertion struct {
	Type     string
	Target   string      // collection "app.collection" or tool name
	Where    []Predicate // conjunction, sorted by field then op
	Bound    Bound       // for Count
	Expr     string      // for CEL
	Negative bool        // for CEL: treat as a constraint
	Label    string      // human description, optional
	Except   []Predicate // for Unchanged: the records that may change
	// ExceptAlso are further exceptions of an Unchanged, each a
	// conjunction: a record that matches Except or any of them may change.
	// A plan that writes several kinds of record in one collection (mails
	// to three people, rows it edits beside rows it adds) needs one each.
	// In JSON, except is then a list of objects.
	ExceptAlso [][]Predicate
	Ignore     []string // for Unchanged and MatchesPlan: volatile fields (timestamps) not compared
}

// Bound limits a count. Nil fields are open.
type Bound struct {
	Equals *int `json:"equals,omitempty"`
	Min    *int `json:"min,omitempty"`
	Max    *int `json:"max,omitempty"`
}

// IsNegative reports whether the assertion is a constraint.
func (a Assertion) IsNegative() bool {
	switch a.Type {
	case NotExists, NotCalled, Unchanged, Fence:
		return true
	case CEL:
		return a.Negative
	}
	return false
}

// IsState reports whether the assertion reads a collection.
func (a Assertion) IsState() bool {
	return a.Type == Exists || a.Type == NotExists || a.Type == Count
}

// ReadsCollection reports whether the assertion's target is a collection
// (the state assertions and Unchanged).
func (a Assertion) ReadsCollection() bool { return a.IsState() || a.Type == Unchanged }

// IsTrajectory reports whether the assertion reads the calls.
func (a Assertion) IsTrajectory() bool { return a.Type == Called || a.Type == NotCalled }

// String renders the assertion compactly for tables and diagnostics.
func (a Assertion) String() string {
	if a.Label != "" {
		return a.Label
	}
	var b strings.Builder
	b.WriteString(a.Type)
	if a.Type == CEL {
		b.WriteString(" ")
		b.WriteString(a.Expr)
		return b.String()
	}
	b.WriteString(" ")
	b.WriteString(a.Target)
	writePreds(&b, " where ", a.Where)
	writePreds(&b, " except ", a.Except)
	for _, alt := range a.ExceptAlso {
		writePreds(&b, " or ", alt)
	}
	if len(a.Ignore) > 0 {
		b.WriteString(" ignoring ")
		b.WriteString(strings.Join(a.Ignore, ", "))
	}
	if a.Type == Count {
		if a.Bound.Equals != nil {
			fmt.Fprintf(&b, " = %d", *a.Bound.Equals)
		}
		if a.Bound.Min != nil {
			fmt.Fprintf(&b, " >= %d", *a.Bound.Min)
		}
		if a.Bound.Max != nil {
			fmt.Fprintf(&b, " <= %d", *a.Bound.Max)
		}
	}
	return b.String()
}

// writePreds writes the predicates ps after label, comma-separated; nothing
// when there are none.
func writePreds(b *strings.Builder, label string, ps []Predicate) {
	if len(ps) == 0 {
		return
	}
	b.WriteString(label)
	for i, p := range ps {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.String())
	}
}

// MarshalJSON writes the canonical form.
func (a Assertion) MarshalJSON() ([]byte, error) {
	m := map[string]any{}
	switch a.Type {
	case CEL:
		m[CEL] = a.Expr
		if a.Negative {
			m["negative"] = true
		}
	default:
		m[a.Type] = a.Target
	}
	if len(a.Where) > 0 {
		m["where"] = Where(a.Where)
	}
	if a.Type == Count {
		m["bound"] = a.Bound
	}
	switch {
	case len(a.ExceptAlso) > 0:
		alts := []Where{a.Except}
		for _, alt := range a.ExceptAlso {
			alts = append(alts, alt)
		}
		m["except"] = alts
	case len(a.Except) > 0:
		m["except"] = Where(a.Except)
	}
	if len(a.Ignore) > 0 {
		m["ignore"] = a.Ignore
	}
	if a.Label != "" {
		m["label"] = a.Label
	}
	return json.Marshal(m)
}

// UnmarshalJSON reads the canonical form. Unknown keys are errors so that a
// misspelt "wehre" does not silently widen an assertion.
func (a *Assertion) UnmarshalJSON(data []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return fmt.Errorf("assertion must be an object: %w", err)
	}
	*a = Assertion{}
	var found []string
	for _, t := range typeNames {
		if v, ok := raw[t]; ok {
			found = append(found, t)
			var s string
			if err := json.Unmarshal(v, &s); err != nil {
				return fmt.Errorf("%s: must be a string", t)
			}
			a.Type = t
			if t == CEL {
				a.Expr = s
			} else {
				a.Target = s
			}
		}
	}
	if len(found) != 1 {
		return fmt.Errorf("assertion needs exactly one of %s (got %d)", strings.Join(typeNames, ", "), len(found))
	}
	for k, v := range raw {
		switch k {
		case a.Type:
		case "where":
			var w Where
			if err := json.Unmarshal(v, &w); err != nil {
				return fmt.Errorf("where: %w", err)
			}
			a.Where = w
		case "except":
			if err := a.unmarshalExcept(v); err != nil {
				return fmt.Errorf("except: %w", err)
			}
		case "ignore":
			if err := json.Unmarshal(v, &a.Ignore); err != nil {
				return fmt.Errorf("ignore: must be a list of field names (unchanged) or app.collection[.field] paths (matches_plan)")
			}
		case "bound":
			dec := json.NewDecoder(bytes.NewReader(v))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&a.Bound); err != nil {
				return fmt.Errorf("bound: %w", err)
			}
		case "negative":
			if err := json.Unmarshal(v, &a.Negative); err != nil {
				return fmt.Errorf("negative: must be a boolean")
			}
		case "label":
			if err := json.Unmarshal(v, &a.Label); err != nil {
				return fmt.Errorf("label: must be a string")
			}
		default:
			return fmt.Errorf("unknown key %q in assertion", k)
		}
	}
	if a.Type == Count && a.Bound == (Bound{}) {
		return fmt.Errorf("count: needs a bound (equals, min or max)")
	}
	if a.Type != Unchanged && (a.Except != nil || a.ExceptAlso != nil) {
		return fmt.Errorf("except belongs to unchanged, not %s", a.Type)
	}
	if a.Type != Unchanged && a.Type != MatchesPlan && a.Ignore != nil {
		return fmt.Errorf("ignore belongs to unchanged and matches_plan, not %s", a.Type)
	}
	return nil
}

// unmarshalExcept reads an except: one object of predicates, or a list of
// them (alternatives, at least one, none empty).
func (a *Assertion) unmarshalExcept(v json.RawMessage) error {
	if t := bytes.TrimSpace(v); len(t) == 0 || t[0] != '[' {
		var w Where
		if err := json.Unmarshal(v, &w); err != nil {
			return err
		}
		a.Except = w
		return nil
	}
	var alts []Where
	if err := json.Unmarshal(v, &alts); err != nil {
		return fmt.Errorf("must be an object of field -> value or a list of them: %w", err)
	}
	if len(alts) == 0 {
		return fmt.Errorf("an empty list lets no record change; leave except out instead")
	}
	for i, w := range alts {
		if len(w) == 0 {
			return fmt.Errorf("alternative %d is empty (it would let every record change)", i)
		}
	}
	a.Except = alts[0]
	for _, w := range alts[1:] {
		a.ExceptAlso = append(a.ExceptAlso, w)
	}
	return nil
}

// Exceptions returns every exception of an Unchanged: Except, then the
// alternatives of ExceptAlso (nil when there is none).
func (a Assertion) Exceptions() [][]Predicate {
	if len(a.Except) == 0 && len(a.ExceptAlso) == 0 {
		return nil
	}
	out := make([][]Predicate, 0, 1+len(a.ExceptAlso))
	if len(a.Except) > 0 {
		out = append(out, a.Except)
	}
	return append(out, a.ExceptAlso...)
}

// Predicate tests one field of a record (or one argument of a call).
type Predicate struct {
	Field string // dotted path: "cells.Status"
	Op    string
	Value any
	// Beside are longer texts holding Value (case aside) in which it
	// does not count for a contains or icontains: the names of other
	// records of the world that hold the name asked for, so that a
	// mention of the file "Q3 pricing sheet 2" is no mention of "Q3
	// pricing sheet". The composer sets them from the world; no atom
	// writes them.
	Beside []string `json:",omitempty"`
}

func (p Predicate) String() string {
	v, _ := json.Marshal(p.Value)
	if p.Op == OpEquals {
		return fmt.Sprintf("%s=%s", p.Field, v)
	}
	return fmt.Sprintf("%s %s %s", p.Field, p.Op, v)
}

// Where is a conjunction of predicates. In YAML and JSON it is an object from
// field to either a value (equality) or an object of op -> value.
type Where []Predicate

// MarshalJSON writes {"field": value} for plain equality, else {"field": {"op": value}}.
func (w Where) MarshalJSON() ([]byte, error) {
	m := map[string]any{}
	for _, p := range w {
		ops, _ := m[p.Field].(map[string]any)
		if ops == nil {
			ops = map[string]any{}
			m[p.Field] = ops
		}
		ops[p.Op] = p.Value
	}
	return json.Marshal(m)
}

// UnmarshalJSON reads either form and validates op names and value types.
func (w *Where) UnmarshalJSON(data []byte) error {
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		return fmt.Errorf("must be an object of field -> value or {op: value}")
	}
	var out Where
	for field, v := range raw {
		if field == "" {
			return fmt.Errorf("empty field name")
		}
		ops, isOps := v.(map[string]any)
		if isOps && len(ops) > 0 && allOps(ops) {
			for op, val := range ops {
				if err := checkOp(op, val); err != nil {
					return fmt.Errorf("%s: %w", field, err)
				}
				out = append(out, Predicate{Field: field, Op: op, Value: val})
			}
			continue
		}
		if isOps {
			for op := range ops {
				if _, known := opNames[op]; !known {
					return fmt.Errorf("%s: unknown op %q (known: %s)", field, op, strings.Join(OpNames(), ", "))
				}
			}
		}
		out = append(out, Predicate{Field: field, Op: OpEquals, Value: v})
	}
	out.sort()
	*w = out
	return nil
}

func (w Where) sort() {
	sort.Slice(w, func(i, j int) bool {
		if w[i].Field != w[j].Field {
			return w[i].Field < w[j].Field
		}
		return w[i].Op < w[j].Op
	})
}

// Normalize sorts predicates and ignored fields into canonical order.
func (a *Assertion) Normalize() {
	Where(a.Where).sort()
	Where(a.Except).sort()
	for _, alt := range a.ExceptAlso {
		Where(alt).sort()
	}
	if len(a.Except) == 0 && len(a.ExceptAlso) > 0 {
		a.Except, a.ExceptAlso = a.ExceptAlso[0], a.ExceptAlso[1:]
	}
	if len(a.ExceptAlso) == 0 {
		a.ExceptAlso = nil
	}
	sort.Strings(a.Ignore)
}

func allOps(m map[string]any) bool {
	for k := range m {
		if _, ok := opNames[k]; !ok {
			return false
		}
	}
	return true
}
