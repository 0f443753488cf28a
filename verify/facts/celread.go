package facts

import (
	"time"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/memo"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/celshape"
	"github.com/legoenv/legoenv/verify/satisfy"
)

// Reading cel checks against an environment: the reading of the
// expression alone is celshape's (see its package doc). The reading is
// checked before it is used: a record built to satisfy it must make the
// real program hold (or, negated, fail) on a state holding that record
// alone. The program stays the judge of every plan.

// Readings are kept by expression among the library's derived values
// (episode.Env.Derived): environments of one intent or rule share their
// cel, and parsing it is most of the cost of reading it (about half a
// millisecond an expression).
type shapeCacheKey struct{}

// maxShapes bounds the cache: it starts over past this many expressions.
const maxShapes = 4096

// ShapeOf reads expr as a shape, once for env's library; nil when it does
// not read as one.
func ShapeOf(env *episode.Env, expr string) *celshape.Shape {
	shapes := env.Derived(shapeCacheKey{}, func() any { return memo.New[string, *celshape.Shape](maxShapes) }).(*memo.Map[string, *celshape.Shape])
	return shapes.Get(expr, func() *celshape.Shape { return celshape.Parse(expr) })
}

// ReadCEL returns the assertion a cel check reads as, or nil.
func (in *Info) ReadCEL(prog *assert.Program) *assert.Assertion {
	a := prog.Assertion
	sh := ShapeOf(in.Env, a.Expr)
	if sh == nil || sh.Negative != a.Negative {
		return nil
	}
	ci := in.Colls[sh.Target]
	if ci == nil {
		return nil
	}
	target, where := sh.Target, sh.Where
	out := &assert.Assertion{Type: assert.Exists, Target: target, Where: where, Label: a.Label}
	if sh.Negative {
		out.Type = assert.NotExists
	}
	// The check: a record built from the reading passes the program. The
	// assertion keeps the predicates but not which fields the expression
	// iterates as lists, so a record built without that knowledge (from
	// the collection's own types) must pass too: r.tags.exists(t, t ==
	// "vip") over a field the collection does not type as a list reads as
	// nothing, since tags = "vip" would satisfy the assertion and not the
	// program.
	if !agrees(prog, ci.Def, target, where, sh.Lists, sh.Negative) || !agrees(prog, ci.Def, target, where, nil, sh.Negative) {
		return nil
	}
	return out
}

// agrees reports whether a record built to satisfy where (with the fields
// in lists built as lists) makes prog hold, or fail when negative, on a
// state holding that record alone.
func agrees(prog *assert.Program, c *atom.Collection, target string, where []assert.Predicate, lists map[string]bool, negative bool) bool {
	rec, ok := satisfy.RecordFor(where, c, lists)
	if !ok {
		return false
	}
	key := c.KeyField()
	if _, has := rec[key]; !has {
		rec[key] = "probe"
	}
	w := state.NewWorld(time.Time{}, state.NewCollection(target, key, []state.Record{rec}))
	return prog.Eval(assert.Input{State: state.New(w)}).Holds != negative
}

// ReadJoinCEL reads a positive check of the common shape with joins: the
// assertion without them and the joins, or nil.
func (in *Info) ReadJoinCEL(prog *assert.Program) (*assert.Assertion, []celshape.Join) {
	a := prog.Assertion
	if a.Negative {
		return nil, nil
	}
	target, where, joins, ok := celshape.ParseJoins(a.Expr)
	if !ok || in.Colls[target] == nil || len(joins) == 0 {
		return nil, nil
	}
	return &assert.Assertion{Type: assert.Exists, Target: target, Where: where, Label: a.Label}, joins
}
