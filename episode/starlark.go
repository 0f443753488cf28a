package episode

import (
	"errors"
	"fmt"
	"iter"
	"maps"
	"math"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// starlarkEffect runs run(args, db) from a tool's code. The module is
// executed once and frozen; each call gets a fresh thread with a step
// budget, no load(), no I/O and no clock but the environment's.
//
// The records a script reads are shared, frozen, until a call of the tool
// changes one (see Apply); from then on, or from the start for code that
// can create records, every read is the script's own copy.
type starlarkEffect struct {
	app    string
	name   string
	run    *starlark.Function
	server *atom.Server // whose collections' declared behaviour the writes keep
	copies atomic.Bool  // reads are copied
}

var starlarkOpts = &syntax.FileOptions{While: true, Recursion: false, TopLevelControl: true, GlobalReassign: false}

func newStarlark(s *atom.Server, t *atom.Tool) (Effect, error) {
	c, err := compileStarlark(t)
	if err != nil {
		return nil, err
	}
	return initStarlark(s, t, c)
}

// compiledStarlark is a tool's compiled code.
type compiledStarlark struct {
	prog *starlark.Program
	// creates: the code may call db.create, whose key counter a call
	// rolled back does not take back, so its calls are never run twice.
	creates bool
}

// compileStarlark parses a tool's code, rewrites it under the guard (see
// starlark_guard.go) and compiles it.
func compileStarlark(t *atom.Tool) (*compiledStarlark, error) {
	f, err := starlarkOpts.Parse(t.Name+".star", t.Effect.Code, 0)
	if err != nil {
		return nil, fmt.Errorf("starlark: %v", err)
	}
	c := &compiledStarlark{creates: mayCreate(f)}
	guardFile(f)
	rewriteCalls(f)
	c.prog, err = starlark.FileProgram(f, guardBuiltins.Has)
	if err != nil {
		return nil, fmt.Errorf("starlark: %v", err)
	}
	return c, nil
}

// mayCreate reports whether code can reach db.create: it names an
// attribute create, or uses getattr, the one way to name one otherwise.
func mayCreate(f *syntax.File) bool {
	found := false
	syntax.Walk(f, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.DotExpr:
			found = found || x.Name.Name == "create"
		case *syntax.Ident:
			found = found || x.Name == "getattr"
		}
		return !found
	})
	return found
}

// initStarlark runs a compiled module's top level and finds run.
func initStarlark(s *atom.Server, t *atom.Tool, c *compiledStarlark) (Effect, error) {
	// The top level runs under the default limits: it is the atom's code,
	// run when an environment is composed.
	g, stop := newGuard(t.Name, defaultLimits, time.Duration(defaultLimits.StarlarkTimeMS)*time.Millisecond)
	globals, err := c.prog.Init(g.th, guardBuiltins)
	stop()
	if err != nil {
		return nil, fmt.Errorf("starlark: %v", err)
	}
	globals.Freeze()
	run, ok := globals["run"].(*starlark.Function)
	if !ok {
		return nil, fmt.Errorf("starlark: code must define run(args, db)")
	}
	e := &starlarkEffect{app: s.AppName(), name: t.Name, run: run, server: s}
	e.copies.Store(c.creates)
	return e, nil
}

// Apply runs the script on shared records while the tool has never
// changed one. A script that tries fails on a frozen value before it
// could see any difference; its writes are rolled back and it runs again
// from the start on copies, as the tool's calls do from then on. A tool
// pays for that second run once per environment, not once per call.
func (e *starlarkEffect) Apply(cx *Context, args map[string]any) (any, error) {
	lim := cx.Limits
	left, leave, err := cx.Gate.enter(time.Duration(lim.StarlarkTimeMS)*time.Millisecond, int64(lim.StarlarkBytes))
	if err != nil {
		return nil, err
	}
	defer leave()
	shared := !e.copies.Load()
	res, err := e.call(cx, args, left, shared)
	if shared && err != nil && strings.Contains(err.Error(), "frozen") {
		e.copies.Store(true)
		res, err = e.call(cx, args, left, false)
	}
	return res, err
}

// call runs the script once under a fresh guard.
func (e *starlarkEffect) call(cx *Context, args map[string]any, left time.Duration, shared bool) (any, error) {
	g, stop := newGuard(e.name, cx.Limits, left)
	defer stop()
	db := &starDB{cx: cx, app: e.app, g: g, server: e.server, shared: shared}
	// Writes go through a scratch state so a failing script changes nothing.
	argv, err := db.toStarlark(args)
	if err != nil {
		return nil, err
	}
	out, err := starlark.Call(g.th, e.run, starlark.Tuple{argv, db}, nil)
	if err != nil {
		db.rollback()
		var ee *starlark.EvalError
		if errors.As(err, &ee) {
			return nil, fmt.Errorf("%s%s", strings.TrimPrefix(ee.Msg, "fail: "), g.printed())
		}
		return nil, fmt.Errorf("%v%s", err, g.printed())
	}
	res, err := db.encode(out)
	if err != nil {
		db.rollback()
		return nil, err
	}
	return res, nil
}

// starDB is the db argument of run(args, db).
type starDB struct {
	cx     *Context
	app    string
	g      *guard
	undo   []func()
	server *atom.Server
	shared bool // base records are handed out frozen, not copied
}

// keep holds a script's write to the behaviour its server declares for
// the collection, as a declarative effect's write is held: references
// resolve, set fields hold no value twice, the status moves only as its
// machine allows, what the product keeps unique stays so. A collection of
// another app, or of none the server declares, is the script's alone.
func (d *starDB) keep(full string, old, rec state.Record, written map[string]any) error {
	app, name := state.Split(full)
	if d.server == nil || app != d.app {
		return nil
	}
	coll := d.server.Collection(name)
	if coll == nil {
		return nil
	}
	if err := checkRefs(d.cx, app, coll, rec, written, nil); err != nil {
		return err
	}
	setFields(coll, rec, written)
	if err := keepGates(coll, old, rec); err != nil {
		return err
	}
	if err := keepFollowing(d.cx.State, app, coll, rec, written); err != nil {
		return err
	}
	unique := d.server.UniqueRules(name)
	if coll.Lifecycle == nil && len(unique) == 0 && !derives(coll) {
		return nil // nothing else to keep: the usual write spends no more
	}
	given := make(map[string]bool, len(written))
	for f := range written {
		given[f] = true
	}
	deriveFields(coll, old, rec, given)
	if coll.Lifecycle != nil { // transition keeps nothing without one
		if err := transition(d.cx, coll, old, rec, given); err != nil {
			return err
		}
	}
	return keepUnique(d.cx.State, app, coll, unique, old, rec, given)
}

// fromStarlark converts a script's value, charging it to the call's budget.
func (d *starDB) fromStarlark(v starlark.Value) (any, error) {
	r := valueReader{left: d.g.left, max: d.g.limit, open: map[starlark.Value]bool{}}
	out, err := r.read(v, 0)
	d.g.left = r.left
	return out, err
}

// toStarlark converts host values for the script, charging them to the
// call's budget: a loop of searches over a large collection would
// otherwise copy it again and again.
func (d *starDB) toStarlark(v any) (starlark.Value, error) {
	sv, err := toStarlark(v)
	if err != nil {
		return nil, err
	}
	return sv, d.g.charge(expanded(d.g.left+1, sv))
}

func (d *starDB) String() string        { return "db" }
func (d *starDB) Type() string          { return "db" }
func (d *starDB) Freeze()               {}
func (d *starDB) Truth() starlark.Bool  { return true }
func (d *starDB) Hash() (uint32, error) { return 0, errors.New("db is not hashable") }
func (d *starDB) AttrNames() []string {
	return []string{"create", "delete", "get", "now", "search", "update"}
}

// Attr returns db's methods, bound to db so that the guard knows them for
// db's own (they charge what they convert themselves).
func (d *starDB) Attr(name string) (starlark.Value, error) {
	var f func(*starlark.Thread, *starlark.Builtin, starlark.Tuple, []starlark.Tuple) (starlark.Value, error)
	switch name {
	case "search":
		f = d.search
	case "get":
		f = d.get
	case "create":
		f = d.create
	case "update":
		f = d.update
	case "delete":
		f = d.delete
	case "now":
		f = func(*starlark.Thread, *starlark.Builtin, starlark.Tuple, []starlark.Tuple) (starlark.Value, error) {
			return starlark.String(d.cx.Clock.UTC().Format(time.RFC3339)), nil
		}
	default:
		return nil, nil
	}
	return starlark.NewBuiltin(name, f).BindReceiver(d), nil
}

func (d *starDB) coll(name string) (string, error) {
	full := name
	if !strings.Contains(name, ".") {
		full = d.app + "." + name
	}
	if !d.cx.State.Has(full) {
		return "", fmt.Errorf("no collection %q", name)
	}
	return full, nil
}

func (d *starDB) rollback() {
	for i := len(d.undo) - 1; i >= 0; i-- {
		d.undo[i]()
	}
	d.undo = nil
}

func (d *starDB) search(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var name string
	if err := starlark.UnpackPositionalArgs(b.Name(), args, nil, 1, &name); err != nil {
		return nil, err
	}
	full, err := d.coll(name)
	if err != nil {
		return nil, err
	}
	// A slice, not a map: it is read once per record.
	where := make([]fieldValue, 0, len(kwargs))
	for _, kv := range kwargs {
		v, err := d.fromStarlark(kv[1])
		if err != nil {
			return nil, err
		}
		where = setField(where, string(kv[0].(starlark.String)), v)
	}
	var out []starlark.Value
	for pos, r := range matching(d.cx.State, full, where) {
		sv, err := d.record(full, pos, r)
		if err != nil {
			return nil, err
		}
		out = append(out, sv)
	}
	return starlark.NewList(out), nil
}

// matching yields the records of collection full that meet every
// condition, in order, each with its base position (see State.Placed).
func matching(st *state.State, full string, where []fieldValue) iter.Seq2[int, state.Record] {
	return func(yield func(int, state.Record) bool) {
		for pos, r := range candidates(st, full, where) {
			ok := true
			for _, w := range where {
				if got, _ := state.Path(r, w.field); !matchValue(got, "equals", w.value) {
					ok = false
					break
				}
			}
			if ok && !yield(pos, r) {
				return
			}
		}
	}
}

// fieldValue is one condition of a search: the field's path and the value
// it must equal.
type fieldValue struct {
	field string
	value any
}

// candidates are the records a search checks: those the state's index
// gives for a condition on a text (a record equals a text only where its
// field, or an element of it, reads as that text), or all of them.
func candidates(st *state.State, full string, where []fieldValue) iter.Seq2[int, state.Record] {
	for _, w := range where {
		if text, ok := w.value.(string); ok {
			if recs, ok := st.Holding(full, w.field, text); ok {
				return recs
			}
			break
		}
	}
	return st.Placed(full)
}

// setField sets a field's condition; a field named twice (a keyword and
// the same key after **) keeps the last value, as a map would.
func setField(where []fieldValue, field string, v any) []fieldValue {
	for i := range where {
		if where[i].field == field {
			where[i].value = v
			return where
		}
	}
	return append(where, fieldValue{field, v})
}

// starForm is a base record's Starlark form, frozen, with the size
// expanded gives it, or the error converting it gave.
type starForm struct {
	v    starlark.Value
	size int
	err  error
}

// record gives the script a record of collection full, charged to the
// call's budget as toStarlark charges it. A base record (pos >= 0) is
// converted once for every session of the world, and handed out as that
// frozen form when the call shares records (see starlarkEffect), copied
// from it otherwise; a record the session wrote (pos -1) is converted anew.
func (d *starDB) record(full string, pos int, r state.Record) (starlark.Value, error) {
	if pos < 0 {
		return d.toStarlark(r)
	}
	f := d.cx.State.Base().Collection(full).Memo(pos, func(r state.Record) any {
		v, err := toStarlark(r)
		if err != nil {
			return starForm{err: err}
		}
		v.Freeze()
		return starForm{v: v, size: expanded(math.MaxInt, v)}
	}).(starForm)
	if f.err != nil {
		return nil, f.err
	}
	if err := d.g.charge(min(f.size, d.g.left+1)); err != nil {
		return nil, err
	}
	if d.shared {
		return f.v, nil
	}
	return thaw(f.v), nil
}

// thaw copies a frozen value for a script that may change it: dicts and
// lists anew, in the same order, and the immutable rest shared.
func thaw(v starlark.Value) starlark.Value {
	switch x := v.(type) {
	case *starlark.Dict:
		d := starlark.NewDict(x.Len())
		for k, e := range x.Entries() {
			_ = d.SetKey(k, thaw(e)) // a new dict of string keys: SetKey cannot fail
		}
		return d
	case *starlark.List:
		out := make([]starlark.Value, x.Len())
		for i := range out {
			out[i] = thaw(x.Index(i))
		}
		return starlark.NewList(out)
	}
	return v
}

func (d *starDB) get(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	k, err := d.keyedArgs(b, args, kwargs)
	if err != nil {
		return nil, err
	}
	if !k.found {
		return starlark.None, nil
	}
	return d.record(k.full, k.pos, k.rec)
}

func (d *starDB) create(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var name string
	var rec *starlark.Dict
	if err := starlark.UnpackPositionalArgs(b.Name(), args, kwargs, 2, &name, &rec); err != nil {
		return nil, err
	}
	full, err := d.coll(name)
	if err != nil {
		return nil, err
	}
	v, err := d.fromStarlark(rec)
	if err != nil {
		return nil, err
	}
	r := v.(map[string]any)
	if err := d.keep(full, nil, r, maps.Clone(r)); err != nil {
		return nil, err
	}
	st := d.cx.State
	key := st.KeyField(full)
	if _, ok := r[key]; !ok {
		_, coll := state.Split(full)
		p := coll
		if len(p) > 3 {
			p = p[:3]
		}
		r[key] = st.NextKey(full, p+"_")
	}
	if err := st.Insert(full, r); err != nil {
		return nil, err
	}
	k, _ := state.KeyOf(r, key)
	d.undo = append(d.undo, func() { _ = st.Delete(full, k) })
	return d.toStarlark(r)
}

// keyed is the record that a builtin's (collection, key) arguments name.
type keyed struct {
	name, key string // the arguments
	full      string // the collection's full name
	rec       state.Record
	pos       int // in the base collection, -1 for a record the session wrote
	found     bool
}

// keyedArgs unpacks a builtin's (collection, key, more...) arguments and
// looks up the record they name.
func (d *starDB) keyedArgs(b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple, more ...any) (keyed, error) {
	var k keyed
	vars := append([]any{&k.name, &k.key}, more...)
	if err := starlark.UnpackPositionalArgs(b.Name(), args, kwargs, len(vars), vars...); err != nil {
		return k, err
	}
	full, err := d.coll(k.name)
	if err != nil {
		return k, err
	}
	k.full = full
	k.rec, k.pos, k.found = d.cx.State.Locate(full, k.key)
	return k, nil
}
func (d *starDB) update(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var fields *starlark.Dict
	k, err := d.keyedArgs(b, args, kwargs, &fields)
	if err != nil {
		return nil, err
	}
	if !k.found {
		return nil, fmt.Errorf("no record %q in %s", k.key, k.name)
	}
	st, full, key, old := d.cx.State, k.full, k.key, k.rec
	v, err := d.fromStarlark(fields)
	if err != nil {
		return nil, err
	}
	rec := make(state.Record, len(old))
	for f, x := range old {
		rec[f] = x
	}
	for f, x := range v.(map[string]any) {
		rec[f] = x
	}
	if err := d.keep(full, old, rec, v.(map[string]any)); err != nil {
		return nil, err
	}
	if err := st.Replace(full, key, rec); err != nil {
		return nil, err
	}
	d.undo = append(d.undo, func() { _ = st.Replace(full, key, old) })
	return d.toStarlark(rec)
}

func (d *starDB) delete(_ *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	k, err := d.keyedArgs(b, args, kwargs)
	if err != nil {
		return nil, err
	}
	if !k.found {
		return starlark.False, nil
	}
	st, full, key, old := d.cx.State, k.full, k.key, k.rec
	if err := st.Delete(full, key); err != nil {
		return nil, err
	}
	d.undo = append(d.undo, func() { _ = st.Insert(full, old) })
	return starlark.True, nil
}

// toStarlark converts JSON-like Go values; map keys are sorted so that
// iteration order in scripts is deterministic.
func toStarlark(v any) (starlark.Value, error) {
	switch x := v.(type) {
	case nil:
		return starlark.None, nil
	case bool:
		return starlark.Bool(x), nil
	case string:
		return starlark.String(x), nil
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
			return starlark.MakeInt64(int64(x)), nil
		}
		return starlark.Float(x), nil
	case int:
		return starlark.MakeInt(x), nil
	case int64:
		return starlark.MakeInt64(x), nil
	case []any:
		out := make([]starlark.Value, len(x))
		for i, e := range x {
			sv, err := toStarlark(e)
			if err != nil {
				return nil, err
			}
			out[i] = sv
		}
		return starlark.NewList(out), nil
	case map[string]any:
		keys := slices.Sorted(maps.Keys(x))
		d := starlark.NewDict(len(x))
		for _, k := range keys {
			sv, err := toStarlark(x[k])
			if err != nil {
				return nil, err
			}
			if err := d.SetKey(starlark.String(k), sv); err != nil {
				return nil, err
			}
		}
		return d, nil
	}
	return nil, fmt.Errorf("cannot pass %T to starlark", v)
}

// maxValueDepth bounds the nesting of a value a script hands back. A list
// or dict that contains itself would otherwise recurse until Go's stack
// overflows and takes the whole process down.
const maxValueDepth = 64

// starDB.fromStarlark converts a script's value back to JSON-like Go
// values. It refuses values that contain themselves, nest deeper than
// maxValueDepth, or would take more than the call's budget once converted
// (a value that shares one list many times over is small in Starlark and
// huge as JSON).

// valueReader carries the budget and the containers being read through one
// conversion.
type valueReader struct {
	left int                     // bytes still allowed
	open map[starlark.Value]bool // lists and dicts on the current path
	max  int                     // the budget at the start, for the error
}

// spend charges n bytes (an estimate of the Go value's size) to the budget.
func (r *valueReader) spend(n int) error {
	r.left -= n
	if r.left < 0 {
		return fmt.Errorf("value larger than the limit of %d bytes (starlark_bytes)", r.max)
	}
	return nil
}

func (r *valueReader) read(v starlark.Value, depth int) (any, error) {
	if depth > maxValueDepth {
		return nil, fmt.Errorf("value nested deeper than %d levels", maxValueDepth)
	}
	if err := r.spend(16); err != nil {
		return nil, err
	}
	switch x := v.(type) {
	case starlark.NoneType:
		return nil, nil
	case starlark.Bool:
		return bool(x), nil
	case starlark.String:
		return string(x), r.spend(len(x))
	case starlark.Int:
		i, ok := x.Int64()
		if !ok {
			return nil, errors.New("integer out of range")
		}
		return float64(i), nil
	case starlark.Float:
		return float64(x), nil
	case *starlark.List:
		if err := r.enter(x, "list"); err != nil {
			return nil, err
		}
		defer delete(r.open, x)
		out := make([]any, x.Len())
		for i := range out {
			e, err := r.read(x.Index(i), depth+1)
			if err != nil {
				return nil, err
			}
			out[i] = e
		}
		return out, nil
	case starlark.Tuple:
		out := make([]any, len(x))
		for i, e := range x {
			g, err := r.read(e, depth+1)
			if err != nil {
				return nil, err
			}
			out[i] = g
		}
		return out, nil
	case *starlark.Dict:
		if err := r.enter(x, "dict"); err != nil {
			return nil, err
		}
		defer delete(r.open, x)
		out := make(map[string]any, x.Len())
		for _, kv := range x.Items() {
			k, ok := kv[0].(starlark.String)
			if !ok {
				return nil, fmt.Errorf("dict keys must be strings, not %s", kv[0].Type())
			}
			if err := r.spend(len(k)); err != nil {
				return nil, err
			}
			e, err := r.read(kv[1], depth+1)
			if err != nil {
				return nil, err
			}
			out[string(k)] = e
		}
		return out, nil
	}
	return nil, fmt.Errorf("cannot return a starlark %s", v.Type())
}

// enter marks a container as being read, failing if it already is: the
// value contains itself.
func (r *valueReader) enter(c starlark.Value, what string) error {
	if r.open[c] {
		return fmt.Errorf("the %s contains itself; a value must be JSON-like (no cycles)", what)
	}
	r.open[c] = true
	return nil
}
