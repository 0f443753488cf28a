package episode

import (
	"fmt"
	"math/bits"
	"strings"
	"time"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// The time limit is a timer that cancels the thread, and a thread only
// sees the cancellation between steps: one builtin that runs for a minute
// (sorted of a long list, a comparison of lists that share one big list
// many times, a multiplication of huge integers) holds the thread, and a
// core, for that minute. So every operation whose work can grow faster
// than what it allocates is estimated before it runs, and refused when the
// estimate is over a quarter of Limits.StarlarkTimeMS; integers are kept
// small enough that no arithmetic on them is slow.

// maxIntBits bounds an integer a script builds: tools count and add money,
// and every operation on integers of this size takes microseconds.
const maxIntBits = 1 << 16

// Nanoseconds per value visited, measured on a slow core and rounded up:
// comparing or hashing one element, writing one element out, and one
// comparison of a sort (which also pays for the sort's own bookkeeping).
const (
	visitNS   = 100
	writeNS   = 250
	compareNS = 400
)

// workLimit is the estimated time one operation may take.
func workLimit(lim Limits) time.Duration {
	return time.Duration(lim.StarlarkTimeMS) * time.Millisecond / 4
}

// work refuses an operation whose estimated time, visits values at ns
// each, is over the limit for one operation.
func (g *guard) work(what string, visits, ns int) error {
	if visits > int(g.opTime)/ns {
		return fmt.Errorf("%s would take about %s (visiting %d values), over a quarter of the %s limit (starlark_time_ms)",
			what, time.Duration(visits)*time.Duration(ns), visits, 4*g.opTime)
	}
	return nil
}

// visitCap is how many visits count before work is sure to refuse.
func (g *guard) visitCap(ns int) int { return int(g.opTime)/ns + 1 }

// comparisons are the operators rewritten into guard calls so that a
// comparison of deep values is estimated first (see above).
var comparisons = map[syntax.Token]string{
	syntax.EQL: "__eq", syntax.NEQ: "__ne", syntax.LT: "__lt", syntax.LE: "__le",
	syntax.GT: "__gt", syntax.GE: "__ge", syntax.IN: "__in", syntax.NOT_IN: "__notin",
}

// Further guard builtins: x << n, and the operand of a slice (one with a
// step copies strings too).
const (
	guardShl       = "__shl"
	guardSlice     = "__slice"
	guardSliceStep = "__slicestep"
	guardKey       = "__key"
)

func init() {
	for op, name := range comparisons {
		guardBuiltins[name] = guarded(op.String(), compareGuard(op))
	}
	guardBuiltins[guardShl] = guarded("<<", (*guard).shl)
	guardBuiltins[guardSlice] = guarded("slice", sliceGuard(false))
	guardBuiltins[guardSliceStep] = guarded("slice", sliceGuard(true))
	guardBuiltins[guardKey] = guarded("key", (*guard).key)
}

// container reports whether comparing or hashing v can visit more than v.
func container(v starlark.Value) bool {
	switch v.(type) {
	case *starlark.List, starlark.Tuple, *starlark.Dict, *starlark.Set:
		return true
	}
	return false
}

func compareGuard(op syntax.Token) guardFunc {
	return func(g *guard, _ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		x, y, err := two(b, args, kwargs)
		if err != nil {
			return nil, err
		}
		if container(x) || container(y) {
			n := 0
			switch y.(type) {
			case *starlark.Dict, *starlark.Set:
				if op == syntax.IN || op == syntax.NOT_IN {
					n = 2 * visits(g.visitCap(visitNS), x) // a hash and a comparison
				}
			}
			if n == 0 {
				n = visits(g.visitCap(visitNS), x, y)
			}
			if err := g.work(fmt.Sprintf("%s of a %s and a %s", op, x.Type(), y.Type()), n, visitNS); err != nil {
				return nil, err
			}
		}
		if op == syntax.IN || op == syntax.NOT_IN {
			return starlark.Binary(op, x, y)
		}
		ok, err := starlark.Compare(op, x, y)
		return starlark.Bool(ok), err
	}
}

// sliceGuard charges the copy a slice of x makes, at most x's own size,
// before it is made. A string sliced without a step shares its bytes.
func sliceGuard(step bool) guardFunc {
	return func(g *guard, _ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		if len(args) != 1 || len(kwargs) != 0 {
			return nil, fmt.Errorf("%s: want 1 operand", b.Name())
		}
		x := args[0]
		switch x.(type) {
		case starlark.String, starlark.Bytes:
			if !step {
				return x, nil
			}
		}
		return x, g.charge(shallow(x))
	}
}

// key estimates the hash of a dict key or an index before it is used: a
// tuple that holds the same tuple many times over hashes for minutes.
func (g *guard) key(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	if len(args) != 1 || len(kwargs) != 0 {
		return nil, fmt.Errorf("%s: want 1 operand", b.Name())
	}
	if container(args[0]) {
		if err := g.work("hashing a "+args[0].Type(), visits(g.visitCap(visitNS), args[0]), visitNS); err != nil {
			return nil, err
		}
	}
	return args[0], nil
}

// intBits is the size of x in bits, 0 when it is not an integer.
func intBits(x starlark.Value) int {
	if i, ok := x.(starlark.Int); ok {
		if v, small := i.Int64(); small {
			if v < 0 {
				v = -(v + 1) // |MinInt64| does not fit
			}
			return max(1, bits.Len64(uint64(v)))
		}
		return i.BigInt().BitLen()
	}
	return 0
}

// absBits is the bit length of |x|, as big.Int's BitLen gives it, without
// making a big.Int of a small integer (shallow runs on every call's result).
func absBits(x starlark.Int) int {
	v, small := x.Int64()
	if !small {
		return x.BigInt().BitLen()
	}
	u := uint64(v)
	if v < 0 {
		u = -u
	}
	return bits.Len64(u)
}

// checkInt refuses an integer result of about n bits.
func checkInt(n int) error {
	if n > maxIntBits {
		return fmt.Errorf("integer of about %d bits is over the limit of %d bits", n, maxIntBits)
	}
	return nil
}

func (g *guard) shl(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	x, y, err := two(b, args, kwargs)
	if err != nil {
		return nil, err
	}
	if n, ok := y.(starlark.Int); ok && intBits(x) > 0 {
		if s, ok := n.Int64(); ok && s > 0 && s < 1<<20 {
			if err := checkInt(intBits(x) + int(s)); err != nil {
				return nil, err
			}
		}
	}
	return starlark.Binary(syntax.LTLT, x, y)
}

// maxIntDigits bounds the text int() parses: parsing is quadratic in it.
const maxIntDigits = maxIntBits / 3

// log2 is the number of rounds a sort of n values makes, at least 1.
func log2(n int) int { return max(1, bits.Len(uint(n))) }

// workPrecheck estimates the builtins whose time is not bounded by what
// they allocate.
func (g *guard) workPrecheck(b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) error {
	name := b.Name()
	switch name {
	case "sorted", "min", "max":
		all := args
		if r := b.Receiver(); r != nil {
			all = starlark.Tuple{r}
		}
		n := 0
		if len(all) > 0 {
			if s, ok := all[0].(starlark.Sequence); ok {
				n = s.Len()
			}
		}
		v := visits(g.visitCap(compareNS), all...)
		return g.work(name, satMul(v, log2(n), g.visitCap(compareNS)), compareNS)
	case "index", "count", "remove", "set", "dict", "union", "difference", "intersection",
		"symmetric_difference", "issubset", "issuperset", "update":
		// They compare or hash every element, as deep as it goes.
		all := args
		if r := b.Receiver(); r != nil {
			all = append(starlark.Tuple{r}, args...)
		}
		for _, kv := range kwargs {
			all = append(all, kv[1])
		}
		return g.work(name, visits(g.visitCap(visitNS), all...), visitNS)
	case "int":
		if len(args) > 0 {
			if s, ok := args[0].(starlark.String); ok && len(s) > maxIntDigits {
				return fmt.Errorf("int() of a %d-character string is over the limit of %d characters", len(s), maxIntDigits)
			}
		}
	}
	return nil
}

// textSize is the worst-case size of what a text builder writes: every
// value written out in full, and, for format and join, whatever a
// replacement field or separator repeats counted once per use.
func (g *guard) textSize(b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) int {
	limit := g.left + 1
	recv, _ := b.Receiver().(starlark.String)
	switch b.Name() {
	case "format":
		// Each field may write any argument, the largest one as well.
		fields := strings.Count(string(recv), "{")
		largest := 0
		for _, a := range args {
			largest = max(largest, expanded(limit, a))
		}
		for _, kv := range kwargs {
			largest = max(largest, expanded(limit, kv[1]))
		}
		return satAdd(len(recv), satMul(fields, largest, limit), limit)
	case "join":
		if len(args) == 1 {
			n := 0
			if s, ok := args[0].(starlark.Sequence); ok {
				n = s.Len()
			}
			return satAdd(expanded(limit, args[0]), satMul(n, len(recv), limit), limit)
		}
	}
	all := starlark.Tuple{}
	if r := b.Receiver(); r != nil {
		all = append(all, r)
	}
	all = append(all, args...)
	for _, kv := range kwargs {
		all = append(all, kv[1])
	}
	return expanded(limit, all...)
}

// interpolationSize is the worst-case size of format % args: a tuple's
// elements are each written once, anything else (a dict, one value) may
// be written by every conversion.
func interpolationSize(limit int, format, args starlark.Value) int {
	f, ok := format.(starlark.String)
	if !ok {
		return expanded(limit, format, args)
	}
	if t, ok := args.(starlark.Tuple); ok {
		return satAdd(len(f), expanded(limit, t), limit)
	}
	largest := expanded(limit, args)
	if d, ok := args.(*starlark.Dict); ok {
		largest = 0
		for _, kv := range d.Items() {
			largest = max(largest, expanded(limit, kv[1]))
		}
	}
	return satAdd(len(f), satMul(strings.Count(string(f), "%"), largest, limit), limit)
}

// satAdd and satMul add and multiply non-negative sizes, saturating at limit.
func satAdd(a, b, limit int) int {
	if a >= limit || b >= limit || a+b >= limit {
		return limit
	}
	return a + b
}

func satMul(a, b, limit int) int {
	if a == 0 || b == 0 {
		return 0
	}
	if a >= limit || b >= limit || a > limit/b {
		return limit
	}
	return min(a*b, limit)
}
