package celshape

import (
	"github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/operators"

	"github.com/legoenv/legoenv/assert"
)

// Join is one join of a check: Field of the record holds the key (Key) of
// a record of Target that passes Where.
type Join struct {
	Field  string
	Target string
	Key    string
	Where  []assert.Predicate
}

// ParseJoins reads a check of the common shape with joins: the collection
// its record is of, that record's tests other than the joins, and the
// joins; ok is false when the expression does not read so.
func ParseJoins(expr string) (target string, where []assert.Predicate, joins []Join, ok bool) {
	e, ok := parseExpr(expr)
	if !ok {
		return "", nil, nil, false
	}
	target, r, body, ok := existsOver(e)
	if !ok {
		return "", nil, nil, false
	}
	rd := celReader{vars: map[string]celVar{r: {}}, lists: map[string]bool{}}
	for _, conj := range conjuncts(body) {
		if rd.guard(conj) {
			continue
		}
		if j, ok := rd.joinTest(conj, r); ok {
			joins = append(joins, j)
			continue
		}
		p, root, ok := rd.test(conj)
		if !ok || root != r {
			return "", nil, nil, false
		}
		where = append(where, p)
	}
	return target, where, joins, true
}

// conjuncts flattens a && b && ... into its terms.
func conjuncts(e ast.Expr) []ast.Expr {
	if c, ok := callOf(e, operators.LogicalAnd); ok {
		var out []ast.Expr
		for _, a := range c.Args() {
			out = append(out, conjuncts(a)...)
		}
		return out
	}
	return []ast.Expr{e}
}

// joinTest reads (type(x) == list ? x.exists(i, named(i)) : named(x)),
// where named(v) is state["app"]["coll"].exists(t, t["key"] == v && tests
// of t), x a path under r.
func (rd *celReader) joinTest(e ast.Expr, r string) (Join, bool) {
	c, ok := callOf(e, operators.Conditional)
	if !ok || len(c.Args()) != 3 || !rd.guard(c.Args()[0]) {
		return Join{}, false
	}
	target, t, body, ok := existsOver(c.Args()[2])
	if !ok {
		return Join{}, false
	}
	inner := celReader{vars: map[string]celVar{r: {}, t: {}}, lists: map[string]bool{}}
	j := Join{Target: target}
	for _, conj := range conjuncts(body) {
		if inner.guard(conj) {
			continue
		}
		if eq, ok := callOf(conj, operators.Equals); ok && len(eq.Args()) == 2 {
			kr, kp, _, ok1 := inner.operand(eq.Args()[0])
			fr, fp, _, ok2 := inner.operand(eq.Args()[1])
			if ok1 && ok2 && kr == t && fr == r {
				j.Key, j.Field = kp, fp
				continue
			}
		}
		p, root, ok := inner.test(conj)
		if !ok || root != t {
			return Join{}, false
		}
		j.Where = append(j.Where, p)
	}
	return j, j.Key != "" && j.Field != "" && len(j.Where) > 0
}
