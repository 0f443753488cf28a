package assert

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Field predicate operators. On a list field a predicate holds when some
// element satisfies it (so {to: {equals: x}} means "x is among the
// recipients"); the not_ forms hold when no element does.
const (
	OpEquals      = "equals"
	OpIEquals     = "iequals"
	OpNotEquals   = "not_equals"
	OpContains    = "contains"
	OpIContains   = "icontains"
	OpNotContains = "not_contains"
	OpIn          = "in"
	OpNotIn       = "not_in"
	OpGT          = "gt"
	OpGTE         = "gte"
	OpLT          = "lt"
	OpLTE         = "lte"
	OpPresent     = "present" // value true: field set and not null; false: absent or null
	OpMatches     = "matches" // RE2 regular expression
	OpSize        = "size"    // length of a list or string
)

type opSpec struct {
	doc     string
	negated bool   // holds when the positive form fails, including on a missing field
	elem    string // CEL over element e and parameter P, for the positive form
}

var opNames = map[string]opSpec{
	OpEquals:      {doc: "field equals value (numbers compare by value)", elem: `e == P`},
	OpIEquals:     {doc: "field equals value ignoring case", elem: `string(e).lowerAscii() == string(P).lowerAscii()`},
	OpNotEquals:   {doc: "field is absent or differs from value", negated: true, elem: `e == P`},
	OpContains:    {doc: "field's text contains value", elem: `string(e).contains(string(P))`},
	OpIContains:   {doc: "field's text contains value ignoring case", elem: `string(e).lowerAscii().contains(string(P).lowerAscii())`},
	OpNotContains: {doc: "field is absent or its text does not contain value (ignoring case)", negated: true, elem: `string(e).lowerAscii().contains(string(P).lowerAscii())`},
	OpIn:          {doc: "field equals one of the listed values", elem: `e in P`},
	OpNotIn:       {doc: "field is absent or equals none of the listed values", negated: true, elem: `e in P`},
	OpGT:          {doc: "field is greater than value (numbers, or ISO dates as text)"},
	OpGTE:         {doc: "field is greater than or equal to value"},
	OpLT:          {doc: "field is less than value"},
	OpLTE:         {doc: "field is less than or equal to value"},
	OpPresent:     {doc: "field is set and not null (value true) or absent (false)"},
	OpMatches:     {doc: "field's text matches the RE2 expression", elem: `string(e).matches(string(P))`},
	OpSize:        {doc: "field (list or text) has this length"},
}

// OpNames lists the operators, sorted.
func OpNames() []string {
	out := slices.Sorted(maps.Keys(opNames))
	return out
}

// OpDoc returns an operator's one-line description.
func OpDoc(op string) string { return opNames[op].doc }

func checkOp(op string, v any) error {
	if _, ok := opNames[op]; !ok {
		return fmt.Errorf("unknown op %q (known: %s)", op, strings.Join(OpNames(), ", "))
	}
	switch op {
	case OpIn, OpNotIn:
		if _, ok := v.([]any); !ok {
			return fmt.Errorf("op %s: value must be a list", op)
		}
	case OpGT, OpGTE, OpLT, OpLTE:
		switch v.(type) {
		case float64, string:
		default:
			return fmt.Errorf("op %s: value must be a number or a date string", op)
		}
	case OpPresent:
		if _, ok := v.(bool); !ok {
			return fmt.Errorf("op present: value must be true or false")
		}
	case OpSize:
		if f, ok := v.(float64); !ok || f < 0 || f != float64(int(f)) {
			return fmt.Errorf("op size: value must be a non-negative integer")
		}
	case OpMatches:
		s, ok := v.(string)
		if !ok {
			return fmt.Errorf("op matches: value must be a string")
		}
		if _, err := regexp.Compile(s); err != nil {
			return fmt.Errorf("op matches: %w", err)
		}
	case OpContains, OpIContains, OpNotContains, OpIEquals:
		switch v.(type) {
		case string, float64, bool:
		default:
			return fmt.Errorf("op %s: value must be text or a number", op)
		}
	}
	return nil
}

var identRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// celPath renders the path segments of field under root, with a guard that
// each segment is present.
func celPath(root, field string) (expr, guard string) {
	segs := strings.Split(field, ".")
	expr = root
	var guards []string
	for _, s := range segs {
		guards = append(guards, fmt.Sprintf("%s in %s", strconv.Quote(s), expr))
		if identRE.MatchString(s) && !celReserved[s] {
			expr += "." + s
		} else {
			expr += "[" + strconv.Quote(s) + "]"
		}
	}
	// A present-but-null field counts as absent.
	guards = append(guards, expr+" != null")
	return expr, strings.Join(guards, " && ")
}

var celReserved = map[string]bool{
	"in": true, "as": true, "break": true, "const": true, "continue": true, "else": true,
	"for": true, "function": true, "if": true, "import": true, "let": true, "loop": true,
	"package": true, "namespace": true, "return": true, "var": true, "void": true, "while": true,
	"true": true, "false": true, "null": true,
}

// predicateCEL renders one predicate as CEL over root, with its parameter at
// params[i].
func predicateCEL(root string, p Predicate, i int) string {
	x, guard := celPath(root, p.Field)
	param := fmt.Sprintf("p[%d]", i)
	spec := opNames[p.Op]
	var pos string
	switch p.Op {
	case OpGT, OpGTE, OpLT, OpLTE:
		sym := map[string]string{OpGT: ">", OpGTE: ">=", OpLT: "<", OpLTE: "<="}[p.Op]
		if _, isNum := p.Value.(float64); isNum {
			pos = anyOf(x, fmt.Sprintf("double(e) %s %s", sym, param))
		} else {
			pos = anyOf(x, fmt.Sprintf("string(e) %s %s", sym, param))
		}
	case OpPresent:
		if b, _ := p.Value.(bool); b {
			return "(" + guard + ")"
		}
		return "!(" + guard + ")"
	case OpSize:
		pos = fmt.Sprintf("double(size(%s)) == %s", x, param)
	case OpContains, OpIContains:
		if len(p.Beside) == 0 {
			pos = anyOf(x, strings.ReplaceAll(spec.elem, "P", param))
			break
		}
		// The text counts with every longer text Beside cut out (its
		// parameters follow Value's, see paramOf), a line break in its
		// place so that the cut joins no words.
		fold := func(s string) string {
			if p.Op == OpIContains {
				return s + ".lowerAscii()"
			}
			return s
		}
		text := fold("string(e)")
		for j := range p.Beside {
			text += fmt.Sprintf(".replace(%s, \"\\n\")", fold(fmt.Sprintf("string(%s[%d])", param, j+1)))
		}
		pos = anyOf(x, fmt.Sprintf("%s.contains(%s)", text, fold(fmt.Sprintf("string(%s[0])", param))))
	default:
		pos = anyOf(x, strings.ReplaceAll(spec.elem, "P", param))
	}
	if spec.negated {
		return "!(" + guard + " && " + pos + ")"
	}
	return "(" + guard + " && " + pos + ")"
}

// paramOf is a predicate's parameter: its Value, or, where it has texts
// Beside, the list of Value and them.
func paramOf(p Predicate) any {
	if len(p.Beside) == 0 || p.Op != OpContains && p.Op != OpIContains {
		return p.Value
	}
	out := []any{p.Value}
	for _, b := range p.Beside {
		out = append(out, b)
	}
	return out
}

// whereCEL renders a conjunction. An empty Where is true.
func whereCEL(root string, w []Predicate) (string, []any) {
	if len(w) == 0 {
		return "true", nil
	}
	parts := make([]string, len(w))
	params := make([]any, len(w))
	for i, p := range w {
		parts[i] = predicateCEL(root, p, i)
		params[i] = paramOf(p)
	}
	return strings.Join(parts, " && "), params
}

// exceptCEL compiles the exceptions of an Unchanged, alternatives of
// conjunctions, to one CEL disjunction with its parameters numbered across
// all of them.
func exceptCEL(root string, alts [][]Predicate) (string, []any) {
	if len(alts) <= 1 {
		var w []Predicate
		if len(alts) == 1 {
			w = alts[0]
		}
		return whereCEL(root, w)
	}
	var params []any
	parts := make([]string, len(alts))
	for i, w := range alts {
		conj := make([]string, len(w))
		for j, p := range w {
			conj[j] = predicateCEL(root, p, len(params))
			params = append(params, paramOf(p))
		}
		parts[i] = "(" + strings.Join(conj, " && ") + ")"
	}
	return strings.Join(parts, " || "), params
}

// anyOf applies pred (over the variable e) to x, or to some element of x
// when x is a list.
func anyOf(x, pred string) string {
	return fmt.Sprintf("(type(%s) == list ? %s.exists(e, %s) : cel.bind(e, %s, %s))", x, x, pred, x, pred)
}

// repeatedOp reports a where that gives one field the same operator twice:
// written down (a field's operators are the keys of one mapping) it would
// keep only the last, and score another goal than the one compiled.
func repeatedOp(w Where) error {
	seen := map[[2]string]bool{}
	for _, p := range w {
		k := [2]string{p.Field, p.Op}
		if seen[k] {
			return fmt.Errorf("%s: op %s given twice (a where names each field's operator once; use in or not_in for several values)", p.Field, p.Op)
		}
		seen[k] = true
	}
	return nil
}
