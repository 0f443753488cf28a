package verify

import (
	"sort"

	"github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/operators"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/satisfy"
)

// Joins. A positive cel check may name a record of another collection by
// what it holds rather than by its id: "some deal named X lists the id of
// the contact whose email is Y", for a contact the plan itself creates
// (state[...].exists(t, t["id"] == r.field && t.email == Y), as the
// importer writes a reference no initial record answers). No id can be
// written in the goal; the planner reads the check as its other tests
// plus a join, and resolves the join against the state its plan has made
// when it comes to the task: the ids of the records that pass the join's
// tests then, which an earlier step's observation showed (the create that
// made the contact returned it). The program stays the judge.

// celJoin is one join of a check: field of the record holds the key of a
// record of target that passes where.
type celJoin struct {
	field  string
	target string
	key    string
	where  []assert.Predicate
}

// readJoinCEL reads a positive check of the common shape with joins: the
// assertion without them and the joins, or nil.
func (in *envInfo) readJoinCEL(prog *assert.Program) (*assert.Assertion, []celJoin) {
	a := prog.Assertion
	if a.Negative {
		return nil, nil
	}
	env, err := assert.Env()
	if err != nil {
		return nil, nil
	}
	parsed, iss := env.Parse(a.Expr)
	if iss.Err() != nil {
		return nil, nil
	}
	target, r, body, ok := existsOver(parsed.NativeRep().Expr())
	if !ok || in.colls[target] == nil {
		return nil, nil
	}
	rd := celReader{vars: map[string]celVar{r: {}}, lists: map[string]bool{}}
	var where []assert.Predicate
	var joins []celJoin
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
			return nil, nil
		}
		where = append(where, p)
	}
	if len(joins) == 0 {
		return nil, nil
	}
	return &assert.Assertion{Type: assert.Exists, Target: target, Where: where, Label: a.Label}, joins
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
func (rd *celReader) joinTest(e ast.Expr, r string) (celJoin, bool) {
	c, ok := callOf(e, operators.Conditional)
	if !ok || len(c.Args()) != 3 || !rd.guard(c.Args()[0]) {
		return celJoin{}, false
	}
	target, t, body, ok := existsOver(c.Args()[2])
	if !ok {
		return celJoin{}, false
	}
	inner := celReader{vars: map[string]celVar{r: {}, t: {}}, lists: map[string]bool{}}
	j := celJoin{target: target}
	for _, conj := range conjuncts(body) {
		if inner.guard(conj) {
			continue
		}
		if eq, ok := callOf(conj, operators.Equals); ok && len(eq.Args()) == 2 {
			kr, kp, _, ok1 := inner.operand(eq.Args()[0])
			fr, fp, _, ok2 := inner.operand(eq.Args()[1])
			if ok1 && ok2 && kr == t && fr == r {
				j.key, j.field = kp, fp
				continue
			}
		}
		p, root, ok := inner.test(conj)
		if !ok || root != t {
			return celJoin{}, false
		}
		j.where = append(j.where, p)
	}
	return j, j.key != "" && j.field != "" && len(j.where) > 0
}

// resolveJoins gives a task with joins the predicates they come to in
// s's state: the field holds the key of a record that passes the join's
// tests now (the first by key when several do). A join no record passes
// yet is left out: the program will say the task does not hold.
func (p *planner) resolveJoins(task checkInfo, s *episode.Session) checkInfo {
	if len(task.joins) == 0 || task.want == nil {
		return task
	}
	want := *task.want
	want.Where = append([]assert.Predicate(nil), want.Where...)
	st := s.State()
	for _, j := range task.joins {
		var keys []string
		for _, rec := range st.Records(j.target) {
			if satisfy.AllHold(rec, j.where) {
				keys = append(keys, state.Text(rec[j.key]))
			}
		}
		if len(keys) == 0 {
			continue
		}
		sort.Strings(keys)
		want.Where = append(want.Where, assert.Predicate{Field: j.field, Op: assert.OpEquals, Value: keys[0]})
	}
	task.want = &want
	return task
}
