package assert

import (
	"github.com/google/cel-go/cel"

	"github.com/legoenv/legoenv/internal/memo"
	"github.com/legoenv/legoenv/state"
)

// The CEL an assertion compiles to depends on its type, fields and
// operators, not on its values (they are parameters). Environments of one
// intent, and intents of one template, compile the same sources again and
// again; parsing and type-checking them is most of the cost of composing an
// environment. A Compiler keeps one checked program per source, as a
// cel.Env owns what it has checked.

// maxProgCache bounds a Compiler's programs; past it they start afresh.
const maxProgCache = 4096

// Compiler compiles assertions, sharing the CEL program between assertions
// of the same source. The zero Compiler is not usable: create one with
// NewCompiler. It is safe for concurrent use.
type Compiler struct {
	progs *memo.Map[string, cel.Program]
}

// NewCompiler returns a Compiler with an empty cache.
func NewCompiler() *Compiler {
	return &Compiler{progs: memo.New[string, cel.Program](maxProgCache)}
}

// Compile is the package's Compile with the CEL program shared between
// assertions of the same source. It returns the same result as Compile (a
// Program of its own, with its own per-world cache).
func (c *Compiler) Compile(a Assertion) (*Program, error) {
	a.Normalize()
	key, src, params, ok := cacheKey(a)
	if !ok || repeatedOp(a.Where) != nil {
		return Compile(a)
	}
	if prg, ok := c.progs.Load(key); ok {
		p := &Program{Assertion: a, Source: src, prg: prg, params: params}
		var err error
		if a.Type == Unchanged {
			if p.scope, err = compileScope(a, c.Compile); err != nil {
				return nil, err
			}
		}
		return p, nil
	}
	p, err := Compile(a)
	if err != nil {
		return nil, err
	}
	c.progs.Store(key, p.prg)
	return p, nil
}

// cacheKey renders what Compile would compile, after the same shape checks;
// ok is false when Compile would fail (it then reports why).
func cacheKey(a Assertion) (key, src string, params []any, ok bool) {
	for _, p := range a.Where {
		if checkOp(p.Op, p.Value) != nil {
			return "", "", nil, false
		}
	}
	switch a.Type {
	case Exists, NotExists, Count:
		if app, coll := state.Split(a.Target); a.Target == "" || app == "" || coll == "" {
			return "", "", nil, false
		}
		src, params = whereCEL("r", a.Where)
		return "where\x00" + src, src, params, true
	case Called, NotCalled:
		if a.Target == "" {
			return "", "", nil, false
		}
		src, params = whereCEL("r", a.Where)
		return "where\x00" + src, src, params, true
	case Unchanged:
		for _, alt := range a.Exceptions() {
			for _, p := range alt {
				if checkOp(p.Op, p.Value) != nil {
					return "", "", nil, false
				}
			}
		}
		if app, coll := state.Split(a.Target); app == "" || coll == "" {
			return "", "", nil, false
		}
		src, params = exceptCEL("r", a.Exceptions())
		return "where\x00" + src, src, params, true
	case CEL:
		if a.Expr == "" {
			return "", "", nil, false
		}
		return "cel\x00" + a.Expr, a.Expr, nil, true
	}
	return "", "", nil, false
}
