package automationbench

import (
	"encoding/json"
	"fmt"
	"github.com/legoenv/legoenv/state"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/legoenv/legoenv/assert"
)

// condKind says what a condition tests.
type condKind int

const (
	condField condKind = iota // the value at path satisfies op
	condElem                  // some element of the list at path satisfies every sub-condition
	condCell                  // some value of the object at path satisfies op
	condNot                   // not every sub-condition holds
	condRef                   // the record of another collection the id (or some id of the list) at path names satisfies every sub-condition
	condSize                  // the list at path holds exactly value (an int) elements satisfying every sub-condition
)

// cond is one test on a record, the intermediate form between an
// AutomationBench assertion and legoenv's vocabulary: plain field tests
// become a Where, the rest (a test on an element of a list of records, on
// any cell of a row, several tests of one kind on one field, a negation)
// becomes CEL.
type cond struct {
	kind  condKind
	path  []string
	op    string
	value any
	sub   []cond
	ftype string // the field's declared type, where known: CEL can then be plainer
}

// query is a check over one collection: some record matches (or none, or
// exactly count).
type query struct {
	app, coll string
	conds     []cond
	negative  bool
	count     *int
	label     string
}

func fieldCond(op string, value any, path ...string) cond {
	return cond{kind: condField, path: path, op: op, value: value}
}

func (q *query) target() string { return q.app + "." + q.coll }

// assertion renders the query in legoenv's vocabulary.
func (q *query) assertion() (assert.Assertion, error) {
	a := assert.Assertion{Label: q.label}
	if where, ok := q.where(); ok {
		a.Target = q.target()
		a.Where = where
		switch {
		case q.count != nil:
			a.Type = assert.Count
			n := *q.count
			a.Bound = assert.Bound{Equals: &n}
		case q.negative:
			a.Type = assert.NotExists
		default:
			a.Type = assert.Exists
		}
		a.Normalize()
	} else {
		coll := fmt.Sprintf("state[%s][%s]", strconv.Quote(q.app), strconv.Quote(q.coll))
		body := condsCEL("r", q.conds, 1)
		a.Type = assert.CEL
		switch {
		case q.count != nil:
			a.Expr = fmt.Sprintf("size(%s.filter(r, %s)) == %d", coll, body, *q.count)
		case q.negative:
			a.Expr = fmt.Sprintf("!%s.exists(r, %s)", coll, body)
			a.Negative = true
		default:
			a.Expr = fmt.Sprintf("%s.exists(r, %s)", coll, body)
		}
	}
	if _, err := assert.Compile(a); err != nil {
		return a, fmt.Errorf("internal: mapped assertion does not compile: %w", err)
	}
	return a, nil
}

// where returns the conditions as field predicates when they can be one.
func (q *query) where() ([]assert.Predicate, bool) {
	seen := map[string]bool{}
	var out []assert.Predicate
	for _, c := range q.conds {
		if c.kind != condField || c.op == opSame {
			return nil, false
		}
		for _, s := range c.path {
			if strings.Contains(s, ".") || s == "" {
				return nil, false
			}
		}
		switch c.value.(type) {
		case map[string]any:
			return nil, false
		case []any:
			if c.op != assert.OpIn {
				return nil, false
			}
		}
		if c.value == nil && c.op != assert.OpEquals {
			return nil, false
		}
		field := strings.Join(c.path, ".")
		k := field + "\x00" + c.op
		if seen[k] {
			return nil, false
		}
		seen[k] = true
		out = append(out, assert.Predicate{Field: field, Op: c.op, Value: c.value})
	}
	return out, true
}

func condsCEL(v string, conds []cond, depth int) string {
	if len(conds) == 0 {
		return "true"
	}
	parts := make([]string, len(conds))
	for i, c := range conds {
		parts[i] = condCEL(v, c, depth)
	}
	return strings.Join(parts, " && ")
}

// condCEL renders one condition over the record variable v. Every access is
// guarded, so that a missing field or a value of another type is a
// non-match rather than an evaluation error (which would also fail a
// negated check).
func condCEL(v string, c cond, depth int) string {
	if c.kind == condNot {
		return "!(" + condsCEL(v, c.sub, depth) + ")"
	}
	x, guard := celAccess(v, c.path)
	switch c.kind {
	case condElem:
		e := fmt.Sprintf("e%d", depth)
		return fmt.Sprintf("(%s && type(%s) == list && %s.exists(%s, type(%s) == map && %s))", guard, x, x, e, e, condsCEL(e, c.sub, depth+1))
	case condRef:
		return refCEL(x, guard, c, depth)
	case condSize:
		if len(c.sub) == 0 {
			return fmt.Sprintf("(%s && type(%s) == list && size(%s) == %d)", guard, x, x, c.value)
		}
		e := fmt.Sprintf("e%d", depth)
		return fmt.Sprintf("(%s && type(%s) == list && size(%s.filter(%s, type(%s) == map && %s)) == %d)", guard, x, x, e, e, condsCEL(e, c.sub, depth+1), c.value)
	case condCell:
		k := fmt.Sprintf("k%d", depth)
		return fmt.Sprintf("(%s && type(%s) == map && %s.exists(%s, %s))", guard, x, x, k, opCEL(x+"["+k+"]", c.op, c.value))
	}
	if c.op == opSame {
		return fmt.Sprintf("(%s && %s == %s)", guard, x, celLiteral(c.value))
	}
	if c.op == assert.OpPresent {
		if b, _ := c.value.(bool); b {
			return "(" + guard + ")"
		}
		return "!(" + guard + ")"
	}
	if c.op == assert.OpNotContains || c.op == assert.OpNotEquals {
		pos := map[string]string{assert.OpNotContains: assert.OpIContains, assert.OpNotEquals: assert.OpEquals}[c.op]
		return fmt.Sprintf("!(%s && %s)", guard, typedTest(x, c.ftype, pos, c.value))
	}
	if c.value == nil && c.op == assert.OpEquals {
		return fmt.Sprintf("!(%s)", guard)
	}
	return fmt.Sprintf("(%s && %s)", guard, typedTest(x, c.ftype, c.op, c.value))
}

// refCEL renders a condRef: the id at x, or some id of the list at x,
// is the key of a record of the target collection, in the state the check
// reads, that satisfies the sub-conditions.
func refCEL(x, guard string, c cond, depth int) string {
	to := c.value.(refTo)
	t, el := fmt.Sprintf("t%d", depth), fmt.Sprintf("id%d", depth)
	key := fmt.Sprintf("%s[%s]", t, strconv.Quote(to.key))
	named := func(id string) string {
		return fmt.Sprintf("state[%s][%s].exists(%s, type(%s) == map && %s in %s && type(%s) == type(%s) && %s == %s && %s)",
			strconv.Quote(to.app), strconv.Quote(to.coll), t, t, strconv.Quote(to.key), t, key, id, key, id, condsCEL(t, c.sub, depth+1))
	}
	return fmt.Sprintf("(%s && (type(%s) == list ? %s.exists(%s, %s) : %s))", guard, x, x, el, named(el), named(x))
}

// typedTest applies op to x as its declared type allows: a text field is
// tested as text, a list element by element, anything else either way.
func typedTest(x, ftype, op string, val any) string {
	_, isText := val.(string)
	switch {
	case ftype == "string" && isText:
		return fmt.Sprintf("type(%s) == string && %s", x, opCELText(x, op, val))
	case ftype == "array" && isText:
		return fmt.Sprintf("type(%s) == list && %s.exists(el, type(el) == string && %s)", x, x, opCELText("el", op, val))
	}
	return anyElem(x, op, val)
}

// opCELText is opCEL for an x known to be text.
func opCELText(x, op string, val any) string {
	switch op {
	case assert.OpIEquals:
		return fmt.Sprintf("%s.lowerAscii() == %s", x, celLiteral(strings.ToLower(state.Text(val))))
	case assert.OpContains:
		return fmt.Sprintf("%s.contains(%s)", x, celLiteral(state.Text(val)))
	case assert.OpIContains:
		return fmt.Sprintf("%s.lowerAscii().contains(%s)", x, celLiteral(strings.ToLower(state.Text(val))))
	case assert.OpMatches:
		return fmt.Sprintf("%s.matches(%s)", x, celLiteral(state.Text(val)))
	}
	return opCEL(x, op, val)
}

// anyElem applies op to x, or to some element of x when x is a list (the
// meaning legoenv's field predicates give lists).
func anyElem(x, op string, val any) string {
	return fmt.Sprintf("(type(%s) == list ? %s.exists(el, %s) : %s)", x, x, opCEL("el", op, val), opCEL(x, op, val))
}

// opCEL tests the value expression x against a literal.
func opCEL(x, op string, val any) string {
	text := fmt.Sprintf("(type(%s) == string ? %s : (type(%s) == double || type(%s) == int ? string(%s) : \"\"))", x, x, x, x, x)
	switch op {
	case assert.OpEquals:
		if list, ok := val.([]any); ok {
			return fmt.Sprintf("%s in %s", x, celLiteral(list))
		}
		return fmt.Sprintf("%s == %s", x, celLiteral(val))
	case assert.OpIEquals:
		return fmt.Sprintf("%s.lowerAscii() == %s", text, celLiteral(strings.ToLower(state.Text(val))))
	case assert.OpContains:
		return fmt.Sprintf("%s.contains(%s)", text, celLiteral(state.Text(val)))
	case assert.OpIContains:
		return fmt.Sprintf("%s.lowerAscii().contains(%s)", text, celLiteral(strings.ToLower(state.Text(val))))
	case assert.OpMatches:
		return fmt.Sprintf("%s.matches(%s)", text, celLiteral(state.Text(val)))
	case assert.OpIn:
		return fmt.Sprintf("%s in %s", x, celLiteral(val))
	case assert.OpGT, assert.OpGTE, assert.OpLT, assert.OpLTE:
		sym := map[string]string{assert.OpGT: ">", assert.OpGTE: ">=", assert.OpLT: "<", assert.OpLTE: "<="}[op]
		if f, ok := val.(float64); ok {
			return fmt.Sprintf("((type(%s) == double || type(%s) == int) && double(%s) %s %s)", x, x, x, sym, celLiteral(f))
		}
		return fmt.Sprintf("(type(%s) == string && %s %s %s)", x, x, sym, celLiteral(state.Text(val)))
	}
	return "false"
}

var celIdent = func(s string) bool {
	if s == "" || celReserved[s] {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

var celReserved = map[string]bool{
	"in": true, "as": true, "break": true, "const": true, "continue": true, "else": true,
	"for": true, "function": true, "if": true, "import": true, "let": true, "loop": true,
	"package": true, "namespace": true, "return": true, "var": true, "void": true, "while": true,
	"true": true, "false": true, "null": true,
}

// celAccess renders v.path with a guard that every step exists, is a map
// where it needs to be, and the value is not null.
func celAccess(v string, path []string) (string, string) {
	x := v
	var guards []string
	for _, s := range path {
		guards = append(guards, fmt.Sprintf("type(%s) == map && %s in %s", x, strconv.Quote(s), x))
		if celIdent(s) {
			x += "." + s
		} else {
			x += "[" + strconv.Quote(s) + "]"
		}
	}
	guards = append(guards, x+" != null")
	return x, strings.Join(guards, " && ")
}

// celLiteral renders a JSON-like value as a CEL literal.
func celLiteral(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(x)
	case string:
		return strconv.Quote(x)
	case float64:
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return "0.0"
		}
		s := strconv.FormatFloat(x, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eE") {
			s += ".0"
		}
		return s
	case int:
		return celLiteral(float64(x))
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = celLiteral(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		keys := slices.Sorted(maps.Keys(x))
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = strconv.Quote(k) + ": " + celLiteral(x[k])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	b, _ := json.Marshal(v)
	return strconv.Quote(string(b))
}

// initialMatches returns the task's initial records of q's collection that
// satisfy q's conditions (used to resolve a parent by its email, or to
// capture a record's initial values).
func (m *mapper) initialMatches(q *query) ([]map[string]any, error) {
	d := m.data[q.app]
	if d == nil {
		return nil, nil
	}
	env, err := assert.Env()
	if err != nil {
		return nil, err
	}
	ast, iss := env.Compile(condsCEL("r", q.conds, 1))
	if iss.Err() != nil {
		return nil, fmt.Errorf("internal: %v", iss.Err())
	}
	prg, err := env.Program(ast)
	if err != nil {
		return nil, fmt.Errorf("internal: %v", err)
	}
	var out []map[string]any
	for _, r := range d.records[q.coll] {
		v, _, err := prg.Eval(map[string]any{"r": r, "p": []any{}})
		if err != nil {
			continue
		}
		if b, ok := v.Value().(bool); ok && b {
			out = append(out, r)
		}
	}
	return out, nil
}
