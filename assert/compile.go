package assert

import (
	"fmt"
	"sync"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"github.com/google/cel-go/ext"
	"github.com/google/cel-go/interpreter"

	"github.com/legoenv/legoenv/state"
)

// Call is one tool call of a trajectory, as assertions see it.
type Call struct {
	Name  string         `json:"name"`
	Args  map[string]any `json:"arguments"`
	Error bool           `json:"error,omitempty"`
}

// Input is what an assertion reads: the state and the calls made so far.
type Input struct {
	State *state.State
	Calls []Call
	// Reference is the state the environment's reference plan produces
	// from the same initial state (for MatchesPlan); nil when there is none.
	Reference *state.State
	// Memo, when set, remembers record matches across the inputs that
	// share it (the forks of one session).
	Memo *Memo
}

var (
	envOnce sync.Once
	celEnv  *cel.Env
	envErr  error
)

// Env is the CEL environment assertions compile in. Variables: r (a record),
// p (the predicate parameters), state (app -> collection -> records), calls
// (the trajectory: name, arguments, error) and now (the environment clock).
func Env() (*cel.Env, error) {
	envOnce.Do(func() {
		celEnv, envErr = cel.NewEnv(
			cel.Variable("r", cel.MapType(cel.StringType, cel.DynType)),
			cel.Variable("p", cel.ListType(cel.DynType)),
			cel.Variable("state", cel.MapType(cel.StringType, cel.DynType)),
			cel.Variable("calls", cel.ListType(cel.DynType)),
			cel.Variable("now", cel.TimestampType),
			ext.Strings(),
			ext.Bindings(),
		)
	})
	return celEnv, envErr
}

// Program is a compiled assertion. It is safe for concurrent use.
type Program struct {
	Assertion Assertion
	Source    string // the CEL the assertion compiled to

	prg    cel.Program
	params []any
	// scope matches the records an Unchanged covers (its Where); nil when
	// it covers the whole collection.
	scope *Program
	// fence holds a Fence's freedoms (NewFence); nil for other types.
	fence *fence

	mu    sync.Mutex
	bases []baseEntry // small cache of per-world base matches

	textOnce sync.Once
	text     string
}

// String is the assertion as scores report it, rendered once per program:
// Score names every check on every evaluation.
func (p *Program) String() string {
	p.textOnce.Do(func() { p.text = p.Assertion.String() })
	return p.text
}

type baseEntry struct {
	world *state.World
	keys  []string // keys of base records that match
}

const maxBaseCache = 8

// CompileError is an assertion that does not compile.
type CompileError struct {
	Assertion Assertion
	Msg       string
}

func (e *CompileError) Error() string { return fmt.Sprintf("%s: %s", e.Assertion, e.Msg) }

// Compile turns an assertion into a program. It checks the shape of the
// assertion and type-checks the CEL; it does not check that the target
// collection exists (that is the composer's job, which knows the servers).
func Compile(a Assertion) (*Program, error) {
	env, err := Env()
	if err != nil {
		return nil, err
	}
	a.Normalize()
	for _, p := range a.Where {
		if err := checkOp(p.Op, p.Value); err != nil {
			return nil, &CompileError{a, fmt.Sprintf("%s: %v", p.Field, err)}
		}
	}
	if err := repeatedOp(a.Where); err != nil {
		return nil, &CompileError{a, err.Error()}
	}
	p := &Program{Assertion: a}
	switch a.Type {
	case Exists, NotExists, Count:
		if a.Target == "" {
			return nil, &CompileError{a, "needs a target collection (app.collection)"}
		}
		if app, coll := state.Split(a.Target); app == "" || coll == "" {
			return nil, &CompileError{a, fmt.Sprintf("target %q must be app.collection", a.Target)}
		}
		p.Source, p.params = whereCEL("r", a.Where)
	case Called, NotCalled:
		if a.Target == "" {
			return nil, &CompileError{a, "needs a target tool name"}
		}
		p.Source, p.params = whereCEL("r", a.Where)
	case Unchanged:
		if app, coll := state.Split(a.Target); app == "" || coll == "" {
			return nil, &CompileError{a, fmt.Sprintf("target %q must be app.collection", a.Target)}
		}
		for _, alt := range a.Exceptions() {
			for _, pr := range alt {
				if err := checkOp(pr.Op, pr.Value); err != nil {
					return nil, &CompileError{a, fmt.Sprintf("except %s: %v", pr.Field, err)}
				}
			}
		}
		p.Source, p.params = exceptCEL("r", a.Exceptions())
		if p.scope, err = compileScope(a, Compile); err != nil {
			return nil, err
		}
	case CEL:
		if a.Expr == "" {
			return nil, &CompileError{a, "empty CEL expression"}
		}
		p.Source = a.Expr
	case MatchesPlan:
		return compileMatchesPlan(a)
	default:
		return nil, &CompileError{a, fmt.Sprintf("unknown assertion type %q", a.Type)}
	}
	ast, iss := env.Compile(p.Source)
	if iss.Err() != nil {
		return nil, &CompileError{a, "CEL: " + iss.Err().Error()}
	}
	if a.Type == CEL && ast.OutputType() != cel.BoolType && ast.OutputType() != cel.DynType {
		return nil, &CompileError{a, fmt.Sprintf("CEL expression must be a bool, not %s", ast.OutputType())}
	}
	p.prg, err = env.Program(ast, cel.EvalOptions(cel.OptOptimize))
	if err != nil {
		return nil, &CompileError{a, "CEL: " + err.Error()}
	}
	return p, nil
}

// compileScope compiles the Where of an Unchanged, the records it covers,
// as the Exists over them (nil when it has none).
func compileScope(a Assertion, compile func(Assertion) (*Program, error)) (*Program, error) {
	if len(a.Where) == 0 {
		return nil, nil
	}
	sp, err := compile(Assertion{Type: Exists, Target: a.Target, Where: a.Where})
	if err != nil {
		return nil, &CompileError{a, fmt.Sprintf("where: %v", err)}
	}
	return sp, nil
}

// inScope reports whether an Unchanged covers r.
func (p *Program) inScope(r map[string]any) bool {
	return p.scope == nil || p.scope.MatchRecord(r)
}

// MatchRecord reports whether r satisfies the assertion's Where. An
// evaluation error (a field of an unexpected type) is a non-match.
// For Unchanged it matches the records that may change (Except or an
// alternative of ExceptAlso), and no exception matches none.
func (p *Program) MatchRecord(r map[string]any) bool {
	if p.Assertion.Type == Unchanged && len(p.Assertion.Except) == 0 {
		return false
	}
	if len(p.Assertion.Where) == 0 && p.Assertion.Type != Unchanged {
		return true
	}
	if p.Assertion.Type != Unchanged && ruledOut(p.Assertion.Where, r) {
		return false
	}
	return p.evalRecord(r)
}

// evalRecord is MatchRecord's answer from CEL alone.
func (p *Program) evalRecord(r map[string]any) bool {
	out, _, err := p.prg.Eval(&recordVars{r: r, p: p.params})
	if err != nil {
		return false
	}
	b, ok := out.(types.Bool)
	return ok && bool(b)
}

// recordVars is the activation a predicate is evaluated in: the record as r
// and the predicate's parameters as p. A map built for every record was a
// large share of what evaluation allocated.
type recordVars struct {
	r map[string]any
	p []any
}

// ResolveName implements interpreter.Activation.
func (v *recordVars) ResolveName(name string) (any, bool) {
	switch name {
	case "r":
		return v.r, true
	case "p":
		return v.p, true
	}
	return nil, false
}

// Parent implements interpreter.Activation.
func (v *recordVars) Parent() interpreter.Activation { return nil }

// baseKeys returns the keys of the base records of w that match, computing
// them once per world.
func (p *Program) baseKeys(w *state.World) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range p.bases {
		if e.world == w {
			return e.keys
		}
	}
	var keys []string
	c := w.Collection(p.Assertion.Target)
	if k, pinned := p.pinnedKey(c); pinned {
		// The predicate names one key: look it up instead of scanning.
		if r, ok := c.Lookup(k); ok && p.MatchRecord(r) {
			keys = []string{k}
		}
	} else if c != nil {
		for _, r := range c.Records {
			if p.MatchRecord(r) {
				k, _ := state.KeyOf(r, c.Key)
				keys = append(keys, k)
			}
		}
	}
	if len(p.bases) >= maxBaseCache {
		p.bases = p.bases[1:]
	}
	p.bases = append(p.bases, baseEntry{world: w, keys: keys})
	return keys
}

// pinnedKey returns the key value an equality predicate on the
// collection's key field names, if there is one.
func (p *Program) pinnedKey(c *state.Collection) (string, bool) {
	if c == nil {
		return "", false
	}
	for _, pr := range p.Assertion.Where {
		if pr.Field != c.Key || pr.Op != OpEquals {
			continue
		}
		switch pr.Value.(type) {
		case string, float64:
			return state.KeyOf(map[string]any{"k": pr.Value}, "k")
		}
	}
	return "", false
}

// countMatches counts the records of the target that match, reading only
// the records the session changed: base matches come from the cache.
func (p *Program) countMatches(st *state.State, limit int, memo *Memo) int {
	name := p.Assertion.Target
	dirty := st.Dirty(name)
	n := 0
	for _, k := range p.baseKeys(st.Base()) {
		if _, changed := dirty[k]; !changed {
			n++
			if limit > 0 && n >= limit {
				return n
			}
		}
	}
	for k := range dirty {
		if r, ok := st.Get(name, k); ok && memo.match(p, r) {
			n++
			if limit > 0 && n >= limit {
				return n
			}
		}
	}
	return n
}

// Outcome is the result of evaluating one assertion.
type Outcome struct {
	Holds  bool
	Reason string
}

// Eval evaluates the assertion on in.
func (p *Program) Eval(in Input) Outcome {
	switch p.Assertion.Type {
	case Exists, NotExists:
		return p.evalExists(in.State, in.Memo)
	case Count:
		return p.evalCount(in.State, in.Memo)
	case Called, NotCalled:
		return p.evalCalled(in.Calls)
	case Unchanged:
		return p.evalUnchanged(in.State)
	case CEL:
		return p.evalCEL(in)
	case MatchesPlan:
		return evalMatchesPlan(p.Assertion, in)
	case Fence:
		return p.evalFence(in.State)
	}
	return Outcome{false, "unknown assertion type"}
}

// evalExists: some record of the collection matches (exists), or none
// does (not_exists).
func (p *Program) evalExists(st *state.State, memo *Memo) Outcome {
	a := p.Assertion
	if !st.Has(a.Target) {
		return Outcome{a.Type == NotExists, fmt.Sprintf("no collection %s", a.Target)}
	}
	n := p.countMatches(st, 1, memo)
	if a.Type == Exists {
		if n > 0 {
			return Outcome{true, "a matching record exists"}
		}
		return Outcome{false, fmt.Sprintf("no record of %d in %s matches", st.Len(a.Target), a.Target)}
	}
	if n > 0 {
		return Outcome{false, "a matching record exists"}
	}
	return Outcome{true, "no record matches"}
}

// evalCount: the number of matching records is within the bound.
func (p *Program) evalCount(st *state.State, memo *Memo) Outcome {
	a := p.Assertion
	n := 0
	if st.Has(a.Target) {
		n = p.countMatches(st, 0, memo)
	}
	ok := true
	b := a.Bound
	if b.Equals != nil && n != *b.Equals {
		ok = false
	}
	if b.Min != nil && n < *b.Min {
		ok = false
	}
	if b.Max != nil && n > *b.Max {
		ok = false
	}
	return Outcome{ok, fmt.Sprintf("%d matching records", n)}
}

// evalCalled: a successful call to the tool matches (called), or none
// does (not_called).
func (p *Program) evalCalled(calls []Call) Outcome {
	a := p.Assertion
	n := 0
	for _, c := range calls {
		if c.Error || c.Name != a.Target {
			continue
		}
		if p.MatchRecord(c.Args) {
			n++
		}
	}
	if a.Type == Called {
		if n > 0 {
			return Outcome{true, fmt.Sprintf("%d matching calls", n)}
		}
		return Outcome{false, fmt.Sprintf("no successful call to %s matches", a.Target)}
	}
	if n > 0 {
		return Outcome{false, fmt.Sprintf("%d matching calls to %s", n, a.Target)}
	}
	return Outcome{true, "no matching call"}
}

// evalCEL: the expression, given the state, the calls and the clock, is
// true.
func (p *Program) evalCEL(in Input) Outcome {
	vars := map[string]any{
		"state": in.State.Snapshot(),
		"calls": callsValue(in.Calls),
		"now":   types.Timestamp{Time: in.State.Base().Clock},
		"r":     map[string]any{},
		"p":     []any{},
	}
	out, _, err := p.prg.Eval(vars)
	if err != nil {
		return Outcome{false, "CEL error: " + err.Error()}
	}
	if b, ok := out.(types.Bool); ok {
		if bool(b) {
			return Outcome{true, "expression holds"}
		}
		return Outcome{false, "expression is false"}
	}
	return Outcome{false, "CEL result is not a bool: " + typeName(out)}
}

func typeName(v ref.Val) string { return fmt.Sprint(v.Type()) }

func callsValue(calls []Call) []any {
	out := make([]any, len(calls))
	for i, c := range calls {
		args := c.Args
		if args == nil {
			args = map[string]any{}
		}
		out[i] = map[string]any{"name": c.Name, "arguments": args, "error": c.Error}
	}
	return out
}
