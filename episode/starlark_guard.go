package episode

import (
	"fmt"
	"reflect"
	"strings"
	"time"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Starlark bounds steps, not memory: one step can build a string or list
// of a gigabyte ("x" * n, [0] * n, list(range(n))), and a few dozen steps
// can double a string up to hundreds of megabytes. The interpreter offers
// no allocation hook, so a tool's code is rewritten before it is compiled:
// every +, * and % (and +=, *=, %=) becomes a call of a guard builtin, and
// every call goes through __call, so that what a script builds is charged
// to a budget (Limits.StarlarkBytes) before it is built where its size is
// known in advance, and right after otherwise. Values the host hands in
// (search results) and out (the return value, records written) are charged
// to the same budget. A wall-clock timer (Limits.StarlarkTime) cancels the
// thread; print goes to a small buffer shown with a failure, never to the
// server's stderr.

// Names of the guard builtins the rewrite calls.
const (
	guardAdd  = "__add"
	guardIAdd = "__iadd"
	guardMul  = "__mul"
	guardMod  = "__mod"
	guardCall = "__call"
)

var (
	exprType = reflect.TypeFor[syntax.Expr]()
	nodeType = reflect.TypeFor[syntax.Node]()
)

// guardFile rewrites a parsed file in place (see above).
func guardFile(f *syntax.File) { rewriteNode(reflect.ValueOf(f)) }

// rewriteNode walks the syntax tree by reflection, so that no node type is
// forgotten, and replaces guarded operators in every Expr-typed field.
func rewriteNode(v reflect.Value) {
	if v.Kind() == reflect.Interface {
		v = v.Elem()
	}
	if !v.IsValid() || v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return
	}
	switch n := v.Interface().(type) {
	case *syntax.AssignStmt:
		rewriteAssign(n)
	case *syntax.DictEntry:
		n.Key = guardCallExpr(guardKey, n.Colon, n.Key)
	case *syntax.IndexExpr:
		n.Y = guardCallExpr(guardKey, n.Lbrack, n.Y)
	}
	s := v.Elem()
	for i := 0; i < s.NumField(); i++ {
		f := s.Field(i)
		if !f.CanSet() {
			continue
		}
		switch {
		case f.Kind() == reflect.Slice && f.Type().Elem().Implements(nodeType):
			for j := 0; j < f.Len(); j++ {
				rewriteField(f.Index(j))
			}
		case f.Type().Implements(nodeType) || f.Type() == exprType:
			rewriteField(f)
		}
	}
}

// rewriteField rewrites inside the node f holds, then f itself when it is
// an Expr slot holding a guarded operator.
func rewriteField(f reflect.Value) {
	if f.Kind() == reflect.Interface && f.IsNil() {
		return
	}
	rewriteNode(f)
	if f.Type() != exprType {
		return
	}
	if sl, ok := f.Interface().(*syntax.SliceExpr); ok {
		name := guardSlice
		if sl.Step != nil {
			name = guardSliceStep
		}
		sl.X = guardCallExpr(name, sl.Lbrack, sl.X)
		return
	}
	b, ok := f.Interface().(*syntax.BinaryExpr)
	if !ok {
		return
	}
	if name := binaryGuard(b.Op); name != "" {
		f.Set(reflect.ValueOf(guardCallExpr(name, b.OpPos, b.X, b.Y)))
	}
}

func binaryGuard(op syntax.Token) string {
	switch op {
	case syntax.PLUS:
		return guardAdd
	case syntax.STAR:
		return guardMul
	case syntax.PERCENT:
		return guardMod
	case syntax.LTLT:
		return guardShl
	}
	return comparisons[op]
}

// rewriteAssign turns x op= y into x = guard(x, y). An index or field on
// the left is evaluated twice, which only matters for side effects inside
// the subscript.
func rewriteAssign(a *syntax.AssignStmt) {
	name := ""
	switch a.Op {
	case syntax.PLUS_EQ:
		name = guardIAdd
	case syntax.STAR_EQ:
		name = guardMul
	case syntax.PERCENT_EQ:
		name = guardMod
	case syntax.LTLT_EQ:
		name = guardShl
	default:
		return
	}
	a.RHS = guardCallExpr(name, a.OpPos, a.LHS, a.RHS)
	a.Op = syntax.EQ
}

func guardCallExpr(name string, at syntax.Position, args ...syntax.Expr) *syntax.CallExpr {
	return &syntax.CallExpr{Fn: &syntax.Ident{NamePos: at, Name: name}, Lparen: at, Args: args, Rparen: at}
}

// rewriteCalls wraps every call f(args) as __call(f, args); it runs after
// the operator rewrite so the guards' own calls are left alone.
func rewriteCalls(f *syntax.File) {
	syntax.Walk(f, func(n syntax.Node) bool {
		c, ok := n.(*syntax.CallExpr)
		if !ok {
			return true
		}
		if id, ok := c.Fn.(*syntax.Ident); ok && strings.HasPrefix(id.Name, "__") {
			return true
		}
		c.Args = append([]syntax.Expr{c.Fn}, c.Args...)
		c.Fn = &syntax.Ident{NamePos: c.Lparen, Name: guardCall}
		return true
	})
}

// guard is the budget of one Starlark call (or of a module's top level).
type guard struct {
	th     *starlark.Thread
	limit  int // Limits.StarlarkBytes
	left   int
	opTime time.Duration   // the estimated time one operation may take
	out    strings.Builder // what print wrote, bounded
}

const maxPrintBytes = 4 << 10

// newGuard makes a thread for a tool's code with every limit applied, the
// thread cancelled after left (the time limit less any wait for a slot);
// stop must be called when the call returns.
func newGuard(name string, lim Limits, left time.Duration) (g *guard, stop func()) {
	g = &guard{limit: lim.StarlarkBytes, left: lim.StarlarkBytes, opTime: workLimit(lim)}
	g.th = &starlark.Thread{
		Name: name,
		Load: func(*starlark.Thread, string) (starlark.StringDict, error) {
			return nil, fmt.Errorf("load is not allowed")
		},
		Print: func(_ *starlark.Thread, msg string) {
			if g.out.Len() < maxPrintBytes {
				g.out.WriteString(msg[:min(len(msg), maxPrintBytes-g.out.Len())])
				g.out.WriteByte('\n')
			}
		},
	}
	steps := lim.StarlarkSteps
	g.th.SetMaxExecutionSteps(uint64(steps))
	g.th.OnMaxSteps = func(th *starlark.Thread) {
		th.Cancel(fmt.Sprintf("too many steps (limit of %d, starlark_steps)", steps))
	}
	g.th.SetLocal(threadKey, g)
	d := time.Duration(lim.StarlarkTimeMS) * time.Millisecond
	t := time.AfterFunc(max(left, time.Millisecond), func() {
		g.th.Cancel(fmt.Sprintf("ran longer than %s (starlark_time_ms)", d))
	})
	return g, func() { t.Stop() }
}

// printed returns what the script printed, for an error message.
func (g *guard) printed() string {
	if g.out.Len() == 0 {
		return ""
	}
	return " (printed: " + strings.TrimSpace(g.out.String()) + ")"
}

// charge spends n bytes of the budget.
func (g *guard) charge(n int) error {
	g.left -= n
	if g.left < 0 {
		return fmt.Errorf("the code built more than %d bytes of values (starlark_bytes)", g.limit)
	}
	return nil
}

// check fails when n bytes would overrun what is left, without spending.
func (g *guard) check(n int, what string) error {
	if n > g.left {
		return fmt.Errorf("%s would build %d bytes, over what is left of the %d-byte limit (starlark_bytes)", what, n, g.limit)
	}
	return nil
}

// guardBuiltins are predeclared in every tool's module. The module is
// initialised once and its functions keep these, so each finds the guard
// of the call it runs in through the thread.
var guardBuiltins = starlark.StringDict{
	guardAdd:  guarded("+", (*guard).add),
	guardIAdd: guarded("+=", (*guard).iadd),
	guardMul:  guarded("*", (*guard).mul),
	guardMod:  guarded("%", (*guard).mod),
	guardCall: guarded("call", (*guard).call),
	"range":   guarded("range", (*guard).rangeFn),
}

type guardFunc func(g *guard, th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error)

const threadKey = "legoenv.guard"

func guarded(name string, f guardFunc) *starlark.Builtin {
	return starlark.NewBuiltin(name, func(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		g, ok := th.Local(threadKey).(*guard)
		if !ok {
			return nil, fmt.Errorf("%s: no guard on thread %s", name, th.Name)
		}
		return f(g, th, b, args, kwargs)
	})
}

// shallow estimates the bytes a value adds beside what it refers to.
func shallow(v starlark.Value) int {
	switch x := v.(type) {
	case starlark.String:
		return 16 + len(x)
	case starlark.Bytes:
		return 16 + len(x)
	case starlark.Int:
		return 16 + absBits(x)/8
	case *starlark.List:
		return 24 + 16*x.Len()
	case starlark.Tuple:
		return 24 + 16*len(x)
	case *starlark.Dict:
		return 48 + 64*x.Len()
	case *starlark.Set:
		return 48 + 48*x.Len()
	}
	return 16
}

func two(b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, starlark.Value, error) {
	if len(args) != 2 || len(kwargs) != 0 {
		return nil, nil, fmt.Errorf("%s: want 2 operands", b.Name())
	}
	return args[0], args[1], nil
}

func (g *guard) add(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	x, y, err := two(b, args, kwargs)
	if err != nil {
		return nil, err
	}
	size := shallow(x) + shallow(y)
	if intBits(x) > 0 && intBits(y) > 0 {
		bits := max(intBits(x), intBits(y)) + 1
		if err := checkInt(bits); err != nil {
			return nil, err
		}
		size = 0 // small integers are not allocated
		if bits > 64 {
			size = 16 + bits/8
		}
	}
	if err := g.charge(size); err != nil {
		return nil, err
	}
	return starlark.Binary(syntax.PLUS, x, y)
}

// iadd is +=, which extends a list in place (other lists that share it see
// the change) and adds otherwise.
func (g *guard) iadd(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	x, y, err := two(b, args, kwargs)
	if err != nil {
		return nil, err
	}
	l, ok := x.(*starlark.List)
	if !ok {
		return g.add(th, b, args, kwargs)
	}
	if err := g.charge(shallow(y)); err != nil {
		return nil, err
	}
	iter := starlark.Iterate(y)
	if iter == nil {
		return nil, fmt.Errorf("unknown binary op: list += %s", y.Type())
	}
	// Read y whole first: it may be l itself.
	var elems []starlark.Value
	var e starlark.Value
	for iter.Next(&e) {
		elems = append(elems, e)
	}
	iter.Done()
	for _, e := range elems {
		if err := l.Append(e); err != nil {
			return nil, err
		}
	}
	return l, nil
}

func (g *guard) mul(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	x, y, err := two(b, args, kwargs)
	if err != nil {
		return nil, err
	}
	if intBits(x) > 0 && intBits(y) > 0 {
		if err := checkInt(intBits(x) + intBits(y)); err != nil {
			return nil, err
		}
	}
	if size, ok := productSize(x, y); ok {
		if err := g.check(size, "repetition"); err != nil {
			return nil, err
		}
		if err := g.charge(size); err != nil {
			return nil, err
		}
	}
	return starlark.Binary(syntax.STAR, x, y)
}

// productSize is the size of x * y when one side repeats the other or
// both are integers.
func productSize(x, y starlark.Value) (int, bool) {
	n, seq := y, x
	if _, ok := x.(starlark.Int); ok {
		if _, ok := y.(starlark.Int); ok {
			bits := intBits(x) + intBits(y)
			if bits <= 128 {
				return 0, true // small integers are not allocated
			}
			return 16 + bits/8, true
		}
		n, seq = x, y
	}
	i, ok := n.(starlark.Int)
	if !ok {
		return 0, false
	}
	count, ok := i.Int64()
	if !ok || count > 1<<40 {
		count = 1 << 40
	}
	if count < 0 {
		count = 0
	}
	var per int64
	switch q := seq.(type) {
	case starlark.String:
		per = int64(len(q))
	case starlark.Bytes:
		per = int64(len(q))
	case *starlark.List:
		per = 16 * int64(q.Len())
	case starlark.Tuple:
		per = 16 * int64(len(q))
	}
	if per <= 0 {
		return 16, true
	}
	if count > (1<<50)/per {
		return 1 << 50, true
	}
	return int(count * per), true
}

func (g *guard) mod(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	x, y, err := two(b, args, kwargs)
	if err != nil {
		return nil, err
	}
	switch x.(type) {
	case starlark.String, starlark.Bytes:
		if err := g.check(interpolationSize(g.left+1, x, y), "formatting"); err != nil {
			return nil, err
		}
	}
	res, err := starlark.Binary(syntax.PERCENT, x, y)
	if err != nil {
		return nil, err
	}
	return res, g.charge(shallow(res))
}

// textBuilders are the builtins whose result can be as large as their
// arguments written out in full (a list that holds one big string a
// thousand times is small, its str is not).
var textBuilders = map[string]bool{"str": true, "repr": true, "format": true, "join": true, "print": true}

// growers are the methods that grow their receiver by their arguments.
var growers = map[string]bool{"extend": true, "update": true, "union": true}

// call runs fn(args): builtins that write their arguments out are checked
// first, replace by its worst case, and every result is charged.
func (g *guard) call(th *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("call: no function")
	}
	fn, rest := args[0], args[1:]
	if b, ok := fn.(*starlark.Builtin); ok && !isDB(b) {
		if err := g.precheck(b, rest, kwargs); err != nil {
			return nil, err
		}
	}
	res, err := starlark.Call(th, fn, rest, kwargs)
	if err != nil {
		return nil, err
	}
	if _, ok := fn.(*starlark.Function); ok {
		return res, nil // what it built was charged inside
	}
	return res, g.charge(shallow(res))
}

// isDB reports whether b is a method of db, which charges what it converts
// itself.
func isDB(b *starlark.Builtin) bool {
	_, ok := b.Receiver().(*starDB)
	return ok
}

func (g *guard) precheck(b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) error {
	var all []starlark.Value
	if r := b.Receiver(); r != nil {
		all = append(all, r)
	}
	all = append(all, args...)
	for _, kv := range kwargs {
		all = append(all, kv[1])
	}
	switch {
	case growers[b.Name()]:
		for _, a := range args {
			if err := g.charge(shallow(a)); err != nil {
				return err
			}
		}
	case b.Name() == "replace" && len(args) >= 2:
		s, _ := b.Receiver().(starlark.String)
		old, _ := args[0].(starlark.String)
		nw, _ := args[1].(starlark.String)
		n := strings.Count(string(s), string(old))
		if n > 0 && len(nw) > len(old) && n > (g.left+1)/(len(nw)-len(old)) {
			return g.check(g.left+1, "replace")
		}
		return g.check(len(s)+n*max(0, len(nw)-len(old)), "replace")
	case textBuilders[b.Name()]:
		if err := g.check(g.textSize(b, args, kwargs), b.Name()); err != nil {
			return err
		}
		return g.work(b.Name(), visits(g.visitCap(writeNS), all...), writeNS)
	}
	return g.workPrecheck(b, args, kwargs)
}

// expanded is the size of values written out in full, shared parts once
// per use, counted up to cap.
func expanded(cap int, vs ...starlark.Value) int {
	w := walker{cap: cap, size: shallow}
	for _, v := range vs {
		w.walk(v, 0)
	}
	return min(w.total, cap)
}

// visits is the number of values a deep comparison, hash or write of vs
// visits, shared parts once per use, counted up to cap.
func visits(cap int, vs ...starlark.Value) int {
	w := walker{cap: cap, size: func(starlark.Value) int { return 1 }}
	for _, v := range vs {
		w.walk(v, 0)
	}
	return min(w.total, cap)
}

// walker sums size over a value and everything it holds, stopping at cap.
type walker struct {
	cap, total int
	size       func(starlark.Value) int
}

func (w *walker) walk(v starlark.Value, depth int) {
	if w.total >= w.cap || depth > maxValueDepth {
		w.total = w.cap
		return
	}
	w.total += w.size(v)
	switch x := v.(type) {
	case *starlark.List:
		for i := 0; i < x.Len() && w.total < w.cap; i++ {
			w.walk(x.Index(i), depth+1)
		}
	case starlark.Tuple:
		for i := 0; i < len(x) && w.total < w.cap; i++ {
			w.walk(x[i], depth+1)
		}
	case *starlark.Dict, *starlark.Set:
		it := starlark.Iterate(x)
		defer it.Done()
		var k starlark.Value
		for w.total < w.cap && it.Next(&k) {
			w.walk(k, depth+1)
			if d, ok := x.(*starlark.Dict); ok {
				e, _, _ := d.Get(k)
				w.walk(e, depth+1)
			}
		}
	}
}

// rangeFn is range with its length bounded by the budget, so that
// list(range(n)) cannot ask for gigabytes in one step.
func (g *guard) rangeFn(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	r, err := starlark.Call(th, starlark.Universe["range"], args, kwargs)
	if err != nil {
		return nil, err
	}
	if n := r.(starlark.Sequence).Len(); n > g.left/16 {
		return nil, fmt.Errorf("range of %d elements is over the limit of %d bytes of values (starlark_bytes)", n, g.limit)
	}
	return r, nil
}
