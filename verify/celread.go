package verify

import (
	"time"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/memo"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/satisfy"
)

// Reading cel checks. A cel check of the common shape, "some record of one
// collection passes these tests" (state["app"]["coll"].exists(r, ...)), or
// its negation, is read as an exists (or not_exists) with predicates the
// planner can satisfy: equality (ignoring case or not), contains, in, order
// and matches on a field; an element of a list (r.to.exists(e, e == x)); a
// record of a list (r.notes.exists(n, n.body.contains(x))), as an opElem
// predicate; any value of an object (r.cells.exists(k, r.cells[k]...)), as
// an anyKey path. Guards on presence and type are implied by the tests and
// skipped. The reading is checked before it is used: a record built to
// satisfy it must make the real program hold (or, negated, fail) on a state
// holding that record alone. The program stays the judge of every plan.

// Readings are kept by expression among the library's derived values
// (episode.Env.Derived): environments of one intent or rule share their
// cel, and parsing it is most of the cost of reading it (about half a
// millisecond an expression).
type shapeCacheKey struct{}

// maxShapes bounds the cache: it starts over past this many expressions.
const maxShapes = 4096

// shapeOf reads expr as a shape, once for env's library; nil when it does
// not read as one.
func shapeOf(env *episode.Env, expr string) *celShape {
	shapes := env.Derived(shapeCacheKey{}, func() any { return memo.New[string, *celShape](maxShapes) }).(*memo.Map[string, *celShape])
	return shapes.Get(expr, func() *celShape { return parseShape(expr) })
}

// readCEL returns the assertion a cel check reads as, or nil.
func (in *envInfo) readCEL(prog *assert.Program) *assert.Assertion {
	a := prog.Assertion
	sh := shapeOf(in.env, a.Expr)
	if sh == nil || sh.negative != a.Negative {
		return nil
	}
	ci := in.colls[sh.target]
	if ci == nil {
		return nil
	}
	target, where := sh.target, sh.where
	out := &assert.Assertion{Type: assert.Exists, Target: target, Where: where, Label: a.Label}
	if sh.negative {
		out.Type = assert.NotExists
	}
	negative := sh.negative
	// The check: a record built from the reading passes the program.
	rec, ok := satisfy.RecordFor(where, ci.def, sh.lists)
	if !ok {
		return nil
	}
	key := ci.def.KeyField()
	if _, has := rec[key]; !has {
		rec[key] = "probe"
	}
	w := state.NewWorld(time.Time{}, state.NewCollection(target, key, []state.Record{rec}))
	if prog.Eval(assert.Input{State: state.New(w)}).Holds == negative {
		return nil
	}
	return out
}
