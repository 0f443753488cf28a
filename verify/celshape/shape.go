package celshape

import (
	"strings"

	"github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/operators"
	"github.com/google/cel-go/common/types"
	celref "github.com/google/cel-go/common/types/ref"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/verify/satisfy"
)

// Shape is what an expression reads as, whatever the environment: some
// record of Target ("app.collection") passes Where (or, Negative, none
// does); Lists names the fields the expression reads as lists.
type Shape struct {
	Target   string
	Negative bool
	Where    []assert.Predicate // shared: never changed once read
	Lists    map[string]bool
}

// Parse reads a cel expression as a Shape, or nil when it is not of the
// common shape.
func Parse(expr string) *Shape {
	e, ok := parseExpr(expr)
	if !ok {
		return nil
	}
	negative := false
	if c, ok := callOf(e, operators.LogicalNot); ok {
		negative, e = true, c.Args()[0]
	}
	target, r, body, ok := existsOver(e)
	if !ok {
		return nil
	}
	rd := celReader{vars: map[string]celVar{r: {}}, lists: map[string]bool{}}
	var where []assert.Predicate
	if !rd.tests(body, r, &where) || len(where) == 0 {
		return nil
	}
	return &Shape{Target: target, Negative: negative, Where: where, Lists: rd.lists}
}

// parseExpr parses a CEL expression of the assertion language.
func parseExpr(expr string) (ast.Expr, bool) {
	env, err := assert.Env()
	if err != nil {
		return nil, false
	}
	parsed, iss := env.Parse(expr)
	if iss.Err() != nil {
		return nil, false
	}
	return parsed.NativeRep().Expr(), true
}

// celVar is what a comprehension variable stands for: an element of a list
// (path "" under its own name), or a key of the object at path under root.
type celVar struct {
	keyOf string // for a key variable: the object's path
	root  string
}

type celReader struct {
	vars  map[string]celVar
	lists map[string]bool // paths a test reads as lists (r.to.exists(e, ...))
}

func callOf(e ast.Expr, fn string) (ast.CallExpr, bool) {
	if e.Kind() != ast.CallKind {
		return nil, false
	}
	c := e.AsCall()
	return c, c.FunctionName() == fn
}

// existsOver reads range.exists(v, body) as the macro expands it: a
// comprehension whose step ors the body into a result that starts false.
func existsOver(e ast.Expr) (target, v string, body ast.Expr, ok bool) {
	if e.Kind() != ast.ComprehensionKind {
		return "", "", nil, false
	}
	c := e.AsComprehension()
	if c.HasIterVar2() {
		return "", "", nil, false
	}
	init := c.AccuInit()
	if init.Kind() != ast.LiteralKind || init.AsLiteral() != types.False {
		return "", "", nil, false
	}
	step, isOr := callOf(c.LoopStep(), operators.LogicalOr)
	if !isOr || len(step.Args()) != 2 {
		return "", "", nil, false
	}
	segs, ok := selectPath(c.IterRange(), "state")
	if !ok || len(segs) != 2 {
		return "", "", nil, false
	}
	return segs[0] + "." + segs[1], c.IterVar(), step.Args()[1], true
}

// selectPath reads root.a.b or root["a"]["b"] as [a b].
func selectPath(e ast.Expr, root string) ([]string, bool) {
	switch e.Kind() {
	case ast.IdentKind:
		return nil, e.AsIdent() == root
	case ast.SelectKind:
		s := e.AsSelect()
		if s.IsTestOnly() {
			return nil, false
		}
		segs, ok := selectPath(s.Operand(), root)
		return append(segs, s.FieldName()), ok
	case ast.CallKind:
		c := e.AsCall()
		if c.FunctionName() != operators.Index || len(c.Args()) != 2 {
			return nil, false
		}
		k, ok := literalOf(c.Args()[1])
		ks, isStr := k.(string)
		if !ok || !isStr {
			return nil, false
		}
		segs, ok := selectPath(c.Args()[0], root)
		return append(segs, ks), ok
	}
	return nil, false
}

// literalOf converts a literal (or a list of literals) to a record value.
func literalOf(e ast.Expr) (any, bool) {
	switch e.Kind() {
	case ast.LiteralKind:
		return refValue(e.AsLiteral())
	case ast.ListKind:
		var out []any
		for _, x := range e.AsList().Elements() {
			v, ok := literalOf(x)
			if !ok {
				return nil, false
			}
			out = append(out, v)
		}
		return out, true
	}
	return nil, false
}

func refValue(v celref.Val) (any, bool) {
	switch x := v.(type) {
	case types.String:
		return string(x), true
	case types.Double:
		return float64(x), true
	case types.Int:
		return float64(x), true
	case types.Uint:
		return float64(x), true
	case types.Bool:
		return bool(x), true
	case types.Null:
		return nil, true
	}
	return nil, false
}

// operand reads the field side of a test: a path under a variable,
// possibly lower-cased or converted to text. It returns the variable the
// path starts from, the path, and whether case is ignored.
func (rd *celReader) operand(e ast.Expr) (root, path string, fold, ok bool) {
	switch e.Kind() {
	case ast.IdentKind:
		name := e.AsIdent()
		if v, known := rd.vars[name]; known && v.keyOf == "" {
			return name, "", false, true
		}
		return "", "", false, false
	case ast.SelectKind:
		s := e.AsSelect()
		if s.IsTestOnly() {
			return "", "", false, false
		}
		root, path, fold, ok = rd.operand(s.Operand())
		if !ok || fold {
			return "", "", false, false
		}
		return root, joinPath(path, s.FieldName()), false, true
	case ast.CallKind:
		c := e.AsCall()
		switch c.FunctionName() {
		case operators.Index:
			if len(c.Args()) != 2 {
				return "", "", false, false
			}
			root, path, fold, ok = rd.operand(c.Args()[0])
			if !ok || fold {
				return "", "", false, false
			}
			idx := c.Args()[1]
			if idx.Kind() == ast.IdentKind {
				if v, known := rd.vars[idx.AsIdent()]; known && v.keyOf == path && v.root == root {
					return root, joinPath(path, satisfy.AnyKey), false, true
				}
				return "", "", false, false
			}
			k, isLit := literalOf(idx)
			ks, isStr := k.(string)
			if !isLit || !isStr {
				return "", "", false, false
			}
			return root, joinPath(path, ks), false, true
		case "lowerAscii", "upperAscii":
			if !c.IsMemberFunction() || len(c.Args()) != 0 {
				return "", "", false, false
			}
			root, path, _, ok = rd.operand(c.Target())
			return root, path, true, ok
		case "string", "trim":
			if c.IsMemberFunction() && c.FunctionName() == "trim" {
				return rd.operand(c.Target())
			}
			if len(c.Args()) == 1 && !c.IsMemberFunction() {
				return rd.operand(c.Args()[0])
			}
		case operators.Conditional:
			// (type(x) == string ? x : ...): the branch that reads a path.
			for _, b := range c.Args()[1:] {
				if root, path, fold, ok = rd.operand(b); ok {
					return root, path, fold, true
				}
			}
		}
	}
	return "", "", false, false
}

func joinPath(a, b string) string {
	if a == "" {
		return b
	}
	return a + "." + b
}

// guard reports the tests a field's value implies: its type, its presence,
// that it is not null.
func (rd *celReader) guard(e ast.Expr) bool {
	if e.Kind() != ast.CallKind {
		return false
	}
	c := e.AsCall()
	args := c.Args()
	switch c.FunctionName() {
	case operators.Equals, operators.NotEquals:
		if len(args) != 2 {
			return false
		}
		if t, ok := callOf(args[0], "type"); ok && len(t.Args()) == 1 {
			return c.FunctionName() == operators.Equals
		}
		if c.FunctionName() == operators.NotEquals {
			if v, ok := literalOf(args[1]); ok && v == nil {
				_, _, _, isPath := rd.operand(args[0])
				return isPath
			}
		}
	case operators.In:
		if len(args) != 2 {
			return false
		}
		if v, ok := literalOf(args[0]); ok {
			if _, isStr := v.(string); isStr {
				_, _, _, isPath := rd.operand(args[1])
				return isPath
			}
		}
	case operators.LogicalOr:
		// type(x) == double || type(x) == int
		for _, a := range args {
			if !rd.guard(a) {
				return false
			}
		}
		return true
	}
	return false
}

// tests reads a conjunction of tests over variable v into predicates on
// paths under v; tests of an outer variable's object keys (any cell of a
// row) are added to out as they read.
func (rd *celReader) tests(e ast.Expr, v string, out *[]assert.Predicate) bool {
	if c, ok := callOf(e, operators.LogicalAnd); ok {
		for _, a := range c.Args() {
			if !rd.tests(a, v, out) {
				return false
			}
		}
		return true
	}
	if rd.guard(e) {
		return true
	}
	p, root, ok := rd.test(e)
	if !ok || root != v {
		return false
	}
	*out = append(*out, p)
	return true
}

// test reads one test as a predicate and the variable its path starts from.
func (rd *celReader) test(e ast.Expr) (assert.Predicate, string, bool) {
	switch e.Kind() {
	case ast.ComprehensionKind:
		return rd.listTest(e)
	case ast.CallKind:
	default:
		return assert.Predicate{}, "", false
	}
	c := e.AsCall()
	args := c.Args()
	switch fn := c.FunctionName(); fn {
	case operators.Conditional:
		// (type(x) == list ? x.exists(e, e == v) : x == v): the scalar branch.
		if !rd.guard(args[0]) {
			return assert.Predicate{}, "", false
		}
		if p, root, ok := rd.test(args[2]); ok {
			return p, root, true
		}
		return rd.test(args[1])
	case operators.LogicalNot:
		return rd.negated(args[0])
	case operators.Equals, operators.Less, operators.LessEquals, operators.Greater, operators.GreaterEquals, operators.In:
		return rd.comparison(fn, args)
	case "contains", "startsWith", "endsWith", "matches":
		return rd.textTest(fn, c)
	}
	return assert.Predicate{}, "", false
}

// negated reads !test: the negation of an equality or containment.
func (rd *celReader) negated(e ast.Expr) (assert.Predicate, string, bool) {
	p, root, ok := rd.test(e)
	if !ok {
		return assert.Predicate{}, "", false
	}
	switch p.Op {
	case assert.OpEquals:
		p.Op = assert.OpNotEquals
	case assert.OpContains, assert.OpIContains:
		p.Op = assert.OpNotContains
	default:
		return assert.Predicate{}, "", false
	}
	return p, root, true
}

// comparison reads path <op> literal; a case-folded path only compares by
// equality or membership.
func (rd *celReader) comparison(fn string, args []ast.Expr) (assert.Predicate, string, bool) {
	none := assert.Predicate{}
	if len(args) != 2 {
		return none, "", false
	}
	root, path, fold, ok := rd.operand(args[0])
	val, lit := literalOf(args[1])
	if !ok || !lit {
		return none, "", false
	}
	op := map[string]string{operators.Equals: assert.OpEquals, operators.Less: assert.OpLT, operators.LessEquals: assert.OpLTE,
		operators.Greater: assert.OpGT, operators.GreaterEquals: assert.OpGTE, operators.In: assert.OpIn}[fn]
	if fold {
		switch op {
		case assert.OpEquals:
			op = assert.OpIEquals
		case assert.OpIn:
		default:
			return none, "", false
		}
	}
	if _, isList := val.([]any); isList != (op == assert.OpIn) {
		return none, "", false
	}
	return assert.Predicate{Field: path, Op: op, Value: val}, root, true
}

// textTest reads path.contains/startsWith/endsWith/matches(literal).
func (rd *celReader) textTest(fn string, c ast.CallExpr) (assert.Predicate, string, bool) {
	none := assert.Predicate{}
	args := c.Args()
	if !c.IsMemberFunction() || len(args) != 1 {
		return none, "", false
	}
	root, path, fold, ok := rd.operand(c.Target())
	val, lit := literalOf(args[0])
	s, isStr := val.(string)
	if !ok || !lit || !isStr {
		return none, "", false
	}
	op := assert.OpContains
	switch {
	case fn == "matches":
		if fold {
			return none, "", false
		}
		op = assert.OpMatches
	case fold:
		op = assert.OpIContains
	}
	return assert.Predicate{Field: path, Op: op, Value: s}, root, true
}

// listTest reads x.exists(e, tests) over a list or an object x: tests of e
// itself are a predicate on x (some element passes); tests of fields of e
// make a satisfy.OpElem predicate; tests of x[e] read as x.* (any value).
func (rd *celReader) listTest(e ast.Expr) (assert.Predicate, string, bool) {
	none := assert.Predicate{}
	c := e.AsComprehension()
	init := c.AccuInit()
	step, isOr := callOf(c.LoopStep(), operators.LogicalOr)
	if c.HasIterVar2() || init.Kind() != ast.LiteralKind || init.AsLiteral() != types.False || !isOr || len(step.Args()) != 2 {
		return none, "", false
	}
	root, path, fold, ok := rd.operand(c.IterRange())
	if !ok || fold || path == "" {
		return none, "", false
	}
	v := c.IterVar()
	if _, clash := rd.vars[v]; clash {
		return none, "", false
	}
	// The variable is an element (e == "x", e.body...) or a key (x[e]);
	// the body says which.
	inner := celReader{vars: map[string]celVar{}, lists: map[string]bool{}}
	for k, x := range rd.vars {
		inner.vars[k] = x
	}
	inner.vars[v] = celVar{}
	var sub []assert.Predicate
	if inner.tests(step.Args()[1], v, &sub) && len(sub) > 0 {
		self := true
		for _, p := range sub {
			self = self && p.Field == ""
		}
		if self {
			if len(sub) != 1 {
				return none, "", false
			}
			p := sub[0]
			p.Field = path
			rd.lists[path] = true
			return p, root, true
		}
		for _, p := range sub {
			if p.Field == "" {
				return none, "", false
			}
		}
		return assert.Predicate{Field: path, Op: satisfy.OpElem, Value: sub}, root, true
	}
	inner.vars[v] = celVar{keyOf: path, root: root}
	var keyed []assert.Predicate
	if !inner.tests(step.Args()[1], root, &keyed) || len(keyed) != 1 || !strings.HasSuffix(keyed[0].Field, "."+satisfy.AnyKey) {
		return none, "", false
	}
	return keyed[0], root, true
}
