package episode

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/fold"
	"github.com/legoenv/legoenv/internal/inflect"
	"github.com/legoenv/legoenv/state"
)

// Context is what an effect acts on.
type Context struct {
	State  *state.State
	Clock  time.Time
	Limits Limits
	App    string
	Gate   *Gate // bounds the Starlark calls running at once; nil: no bound

	quote bool // results are also written quoted (SessionOptions.Quoted)

	native NativeDB // what a native tool of the call reads and writes
}

// Effect applies a tool call. It returns the observation value (encoded as
// JSON for the agent) or an error the agent sees; on error the state must be
// as before the call.
type Effect interface {
	Apply(cx *Context, args map[string]any) (any, error)
}

// EffectFunc adapts a function to Effect.
type EffectFunc func(cx *Context, args map[string]any) (any, error)

// Apply calls f.
func (f EffectFunc) Apply(cx *Context, args map[string]any) (any, error) { return f(cx, args) }

// EffectFactory builds an effect for one tool of a server.
type EffectFactory func(s *atom.Server, t *atom.Tool) (Effect, error)

// effectImpls binds each effect kind of atom's registry to its
// implementation. Written only from init, by RegisterEffect and implement.
var effectImpls = map[string]EffectFactory{}

// RegisterEffect adds an effect kind: the loader accepts it (it is
// registered with atom.RegisterEffectKind) and tools of that kind are built
// with f. Call it from init; it panics on a kind registered twice, as
// database/sql.Register does.
func RegisterEffect(kind, doc string, f EffectFactory) {
	if f == nil {
		panic(fmt.Sprintf("episode: RegisterEffect: kind %q without an implementation", kind))
	}
	atom.RegisterEffectKind(kind, doc)
	effectImpls[kind] = f
}

// implement binds a kind of the atom format (registered, with its doc, by
// package atom) to its implementation.
func implement(kind string, f EffectFactory) {
	if _, ok := atom.EffectKindDoc(kind); !ok {
		panic(fmt.Sprintf("episode: implement: atom has no effect kind %q", kind))
	}
	if effectImpls[kind] != nil {
		panic(fmt.Sprintf("episode: implement: kind %q implemented twice", kind))
	}
	effectImpls[kind] = f
}

func init() {
	implement("search", newSearch)
	implement("get", newGet)
	implement("create", newCreate)
	implement("update", newUpdate)
	implement("delete", newDelete)
	implement("append", newAppend)
	implement("remove", newRemove)
	implement("starlark", newStarlark)
	implement("unresolved", func(s *atom.Server, t *atom.Tool) (Effect, error) {
		return EffectFunc(func(*Context, map[string]any) (any, error) {
			return nil, fmt.Errorf("tool %s is not available in this environment", t.Name)
		}), nil
	})
	// A kind the loader accepts but nothing implements would pass lint and
	// fail every composition: refuse to start instead.
	for _, k := range atom.EffectKindNames() {
		if effectImpls[k] == nil {
			panic(fmt.Sprintf("episode: effect kind %q has no implementation", k))
		}
	}
}

func buildEffect(s *atom.Server, t *atom.Tool) (Effect, error) {
	f := effectImpls[t.Effect.Kind]
	if f == nil {
		return nil, fmt.Errorf("unknown effect kind %q", t.Effect.Kind)
	}
	return f(s, t)
}

// target resolves the tool's collection.
type target struct {
	name  string // app.collection
	coll  *atom.Collection
	key   string // the argument naming the record
	match string // the field that argument is compared with
}

func newTarget(s *atom.Server, t *atom.Tool) (*target, error) {
	c := s.Collection(t.Effect.Collection)
	if c == nil {
		return nil, fmt.Errorf("no collection %q", t.Effect.Collection)
	}
	tg := &target{name: s.AppName() + "." + c.Name, coll: c, key: t.Effect.Key, match: c.KeyField()}
	if tg.key == "" {
		tg.key = c.KeyField()
	}
	if f, ok := t.Effect.Fields[tg.key]; ok {
		tg.match = f
	} else if tg.key != c.KeyField() {
		if _, isField := c.Fields[tg.key]; isField {
			tg.match = tg.key
		}
	}
	return tg, nil
}

// find returns the record the key argument names.
func (tg *target) find(st *state.State, args map[string]any) (string, state.Record, error) {
	v, ok := args[tg.key]
	if !ok || v == nil {
		return "", nil, fmt.Errorf("missing argument %q", tg.key)
	}
	want := state.Text(v)
	if tg.match == st.KeyField(tg.name) {
		if r, ok := st.Get(tg.name, want); ok {
			return want, r, nil
		}
	} else {
		for _, r := range st.Records(tg.name) {
			if state.Text(r[tg.match]) == want {
				k, _ := state.KeyOf(r, st.KeyField(tg.name))
				return k, r, nil
			}
		}
	}
	if tg.coll.NotFound != "" {
		return "", nil, fmt.Errorf("%s", strings.ReplaceAll(tg.coll.NotFound, "{value}", want))
	}
	_, coll := state.Split(tg.name)
	return "", nil, fmt.Errorf("no %s with %s %q", inflect.Singular(coll), tg.match, want)
}

// --- search ---

type filter struct {
	arg, field, op string
}

type searchEffect struct {
	tg       *target
	filters  []filter
	limit    int
	limitArg string
}

func newSearch(s *atom.Server, t *atom.Tool) (Effect, error) {
	tg, err := newTarget(s, t)
	if err != nil {
		return nil, err
	}
	e := &searchEffect{tg: tg, limit: t.Effect.Limit, limitArg: t.Effect.LimitArg}
	if e.limitArg == "" {
		if atom.InputProperties(t.Input)["limit"] {
			e.limitArg = "limit"
		}
	}
	for _, f := range t.Effect.Filters {
		ff := filter{arg: f.Arg, field: f.Field, op: f.Op}
		if ff.field == "" {
			ff.field = f.Arg
		}
		if ff.op == "" {
			ff.op = "equals"
		}
		e.filters = append(e.filters, ff)
	}
	if len(t.Effect.Filters) == 0 {
		// Default: every argument that names a field; text matches loosely.
		props := atom.InputProperties(t.Input)
		names := slices.Sorted(maps.Keys(props))
		for _, p := range names {
			if p == e.limitArg {
				continue
			}
			field := p
			if m, ok := t.Effect.Fields[p]; ok {
				field = m
			}
			fd, isField := tg.coll.Fields[field]
			if !isField && field != tg.coll.KeyField() {
				continue
			}
			op := "equals"
			if fd.Type == "string" && fd.Format == "" && len(fd.Enum) == 0 && field != tg.coll.KeyField() && !strings.HasSuffix(field, "_id") {
				op = "icontains"
			}
			e.filters = append(e.filters, filter{arg: p, field: field, op: op})
		}
	}
	return e, nil
}

func (e *searchEffect) Apply(cx *Context, args map[string]any) (any, error) {
	limit := e.limit
	if limit <= 0 {
		limit = cx.Limits.SearchLimit
	}
	if e.limitArg != "" {
		if v, ok := args[e.limitArg].(float64); ok && v > 0 {
			limit = int(v)
		}
	}
	var fs []activeFilter
	for _, f := range e.filters {
		if v, ok := args[f.arg]; ok && v != nil && v != "" {
			fs = append(fs, activeFilter{f, v})
		}
	}
	if res, ok := e.unfiltered(cx.State, fs, limit, cx.quote); ok {
		return res, nil
	}
	if res, ok := e.encoded(cx.State, fs, limit, cx.quote); ok {
		return res, nil
	}
	return e.listed(cx.State, fs, limit), nil
}

// unfiltered is the encoded result of a search without filters of a
// collection the session has not written: the same for every session of
// the world, so written once for each limit (and form) and kept beside
// the base collection. ok is false for any other search, and for one
// encoded cannot write.
func (e *searchEffect) unfiltered(st *state.State, fs []activeFilter, limit int, quote bool) (any, bool) {
	if len(fs) > 0 || !st.Untouched(e.tg.name) {
		return nil, false
	}
	base := st.Base().Collection(e.tg.name)
	if base == nil {
		return nil, false
	}
	// Every limit from the collection's size up gives the same result.
	key := min(limit, len(base.Records)) * 2
	if quote {
		key++
	}
	res := base.MemoWhole(key, func() any {
		res, _ := e.encoded(st, nil, limit, quote)
		return res
	})
	return res, res != nil
}

// listed is the search's result as a {"results", "total"} map.
func (e *searchEffect) listed(st *state.State, fs []activeFilter, limit int) map[string]any {
	results := []any{}
	total, _ := e.found(st, fs, limit, func(v any, _ int) bool {
		results = append(results, v)
		return true
	})
	return map[string]any{"results": results, "total": total}
}

// found calls take with the result of each of the first limit records
// that pass fs (the record's stored JSON where the base holds it) and its
// position in the base (-1 for one the session wrote), and gives how many
// pass in all; ok is false where take refused one, and the count then
// stops there.
func (e *searchEffect) found(st *state.State, fs []activeFilter, limit int, take func(v any, pos int) bool) (total int, ok bool) {
	var base *state.Collection // found at the first base record
	for pos, r := range st.Placed(e.tg.name) {
		if !matchAll(r, fs) {
			continue
		}
		total++
		if total > limit {
			continue
		}
		var v any = r
		if pos >= 0 {
			if base == nil {
				base = st.Base().Collection(e.tg.name)
			}
			v = storedJSONIn(base, pos)
		}
		if !take(v, pos) {
			return total, false
		}
	}
	return total, true
}

// activeFilter is a search filter the call gives a value.
type activeFilter struct {
	filter
	val any
}

// matchAll reports whether r passes every filter.
func matchAll(r state.Record, fs []activeFilter) bool {
	for _, f := range fs {
		if v, _ := state.Path(r, f.field); !matchValue(v, f.op, f.val) {
			return false
		}
	}
	return true
}

// encoded is the search's result written as JSON in one pass, byte for
// byte what encoding the {"results", "total"} map gives, without the map,
// the list of results or a second pass over them: each result is its
// record's stored JSON, or the record written. ok is false where a record
// does not write as JSON (the map is then built, and its encoding falls
// back as it did). With quote, the result also comes quoted (quotedJSON).
func (e *searchEffect) encoded(st *state.State, fs []activeFilter, limit int, quote bool) (any, bool) {
	p := jsonBuffers.Get().(*[]byte)
	b := append((*p)[:0], `{"results":[`...)
	var q quoteBuilder
	if quote {
		q = newQuoteBuilder(st, e.tg.name)
		defer q.release()
	}
	n := 0
	total, ok := e.found(st, fs, limit, func(v any, pos int) bool {
		if n > 0 {
			b = append(b, ',')
		}
		start := len(b)
		var wrote bool
		b, wrote = appendJSON(b, v, 2)
		if quote && wrote {
			q.add(v, pos, b[start:])
		}
		n++
		return wrote
	})
	var out any
	if ok {
		b = strconv.AppendInt(append(b, `],"total":`...), int64(total), 10)
		text := Encoded(append(b, '}'))
		out = text
		if quote {
			out = q.end(text, total)
		}
	}
	putJSONBuffer(p, b)
	return out, ok
}

// matchValue applies a search filter; on a list field, some element must match.
func matchValue(v any, op string, want any) bool {
	if list, ok := v.([]any); ok {
		for _, e := range list {
			if matchValue(e, op, want) {
				return true
			}
		}
		return false
	}
	if v == nil {
		return false
	}
	switch op {
	case "equals":
		if wl, ok := want.([]any); ok {
			for _, w := range wl {
				if scalarEqual(v, w) {
					return true
				}
			}
			return false
		}
		return scalarEqual(v, want)
	case "iequals":
		return strings.EqualFold(state.Text(v), state.Text(want))
	case "contains":
		return strings.Contains(state.Text(v), state.Text(want))
	case "icontains":
		return fold.Contains(state.Text(v), state.Text(want))
	case "in":
		wl, _ := want.([]any)
		for _, w := range wl {
			if scalarEqual(v, w) {
				return true
			}
		}
		return false
	case "gt", "gte", "lt", "lte":
		c, ok := compare(v, want)
		if !ok {
			return false
		}
		switch op {
		case "gt":
			return c > 0
		case "gte":
			return c >= 0
		case "lt":
			return c < 0
		default:
			return c <= 0
		}
	}
	return false
}

func scalarEqual(a, b any) bool {
	if af, ok := state.Number(a); ok {
		if bf, ok := state.Number(b); ok {
			return af == bf
		}
	}
	return state.Text(a) == state.Text(b)
}

func compare(a, b any) (int, bool) {
	af, aok := state.Number(a)
	bf, bok := state.Number(b)
	if !aok {
		if s, ok := a.(string); ok {
			if f, err := strconv.ParseFloat(s, 64); err == nil {
				af, aok = f, true
			}
		}
	}
	if !bok {
		if s, ok := b.(string); ok {
			if f, err := strconv.ParseFloat(s, 64); err == nil {
				bf, bok = f, true
			}
		}
	}
	if aok && bok {
		switch {
		case af < bf:
			return -1, true
		case af > bf:
			return 1, true
		}
		return 0, true
	}
	return strings.Compare(state.Text(a), state.Text(b)), true
}

// --- get ---

func newGet(s *atom.Server, t *atom.Tool) (Effect, error) {
	tg, err := newTarget(s, t)
	if err != nil {
		return nil, err
	}
	return EffectFunc(func(cx *Context, args map[string]any) (any, error) {
		k, r, err := tg.find(cx.State, args)
		if err != nil {
			return nil, err
		}
		if got, pos, ok := cx.State.Locate(tg.name, k); ok && pos >= 0 && sameValue(got, r) {
			return withQuoted(cx, tg.name, pos, storedJSON(cx.State, tg.name, pos)), nil
		}
		return r, nil
	}), nil
}

// memoPlainJSON is the slot of a record's JSON (as appendJSON writes it)
// among the forms a collection keeps (state.Collection.MemoIn).
const memoPlainJSON = 2

// storedJSON is the base record at pos of a collection as a result holds
// it: its JSON, written once for every session of the world, or the
// record itself where it does not write as JSON (the observation then
// falls back as it would for the record).
func storedJSON(st *state.State, full string, pos int) any {
	return storedJSONIn(st.Base().Collection(full), pos)
}

// storedJSONIn is storedJSON in c, the base collection: the value the
// collection keeps is returned as it is, so that no call boxes it again.
func storedJSONIn(c *state.Collection, pos int) any {
	v := c.MemoIn(memoPlainJSON, pos, func(r state.Record) any {
		if b, ok := appendJSON(nil, r, 1); ok {
			return Encoded(b)
		}
		return nil
	})
	if _, ok := v.(Encoded); ok {
		return v
	}
	return c.Records[pos]
}

// --- create / update ---

type writeEffect struct {
	tg     *target
	fields map[string]string // arg -> field
	set    map[string]any
	update bool
	open   bool   // the collection declares no fields: every argument is written
	app    string // the app, for references that must resolve
	// required names the fields written from arguments the tool requires:
	// an empty reference there is refused.
	required map[string]bool
	unique   []atom.UniqueRule // the unique rules the collection's records keep
	marks    []boundMark       // a create's writes to the records the new one names
	cascades []boundCascade    // an update's writes to the records naming the one it writes
}

func newWrite(s *atom.Server, t *atom.Tool, update bool) (Effect, error) {
	tg, err := newTarget(s, t)
	if err != nil {
		return nil, err
	}
	w := &writeEffect{tg: tg, fields: map[string]string{}, set: t.Effect.Set, update: update, open: len(tg.coll.Fields) == 0, app: s.AppName(), required: map[string]bool{}}
	for arg := range atom.InputProperties(t.Input) {
		if update && arg == tg.key {
			continue
		}
		if f, ok := t.Effect.Fields[arg]; ok {
			w.fields[arg] = f
			continue
		}
		if _, isField := tg.coll.Fields[arg]; isField || w.open || arg == tg.coll.KeyField() {
			w.fields[arg] = arg
		}
	}
	for arg := range atom.InputRequired(t.Input) {
		if f, ok := w.fields[arg]; ok {
			w.required[f] = true
		}
	}
	w.unique = s.UniqueRules(tg.coll.Name)
	if !update {
		w.marks = newMarks(s, tg.coll, t.Effect)
	} else {
		w.cascades = newCascades(s, t.Effect)
	}
	return w, nil
}

func newCreate(s *atom.Server, t *atom.Tool) (Effect, error) { return newWrite(s, t, false) }
func newUpdate(s *atom.Server, t *atom.Tool) (Effect, error) { return newWrite(s, t, true) }

// write sets rec's fields from the arguments and constants, then keeps
// the collection's declared behaviour: references resolve, set fields hold
// no value twice, the status moves only as its machine allows, and what
// the product keeps unique stays so (a created issue takes its
// repository's next number; a title taken in the space is refused). old
// is the record before the call, nil on create.
func (w *writeEffect) write(cx *Context, old, rec state.Record, args map[string]any) error {
	written := map[string]any{}
	given := map[string]bool{}
	for arg, field := range w.fields {
		v, ok := args[arg]
		if !ok {
			continue
		}
		rec[field] = coerce(v, w.tg.coll.Fields[field])
		written[field], given[field] = rec[field], true
	}
	for k, v := range w.set {
		if s, ok := v.(string); ok && s == "$now" {
			v = w.tg.coll.Fields[k].Now(cx.Clock)
		}
		v = heldKeys(cx.State, w.app, w.tg.coll.Fields[k], v)
		if f, ok := atom.SettingRef(v); ok {
			if v, ok = setting(cx.State, w.app, f); !ok {
				continue // the state names no such setting: left unset
			}
		}
		rec[k] = v
		given[k] = true
	}
	if err := checkRefs(cx, w.app, w.tg.coll, rec, written, w.required); err != nil {
		return err
	}
	if old == nil {
		takeAgreed(cx.State, w.app, w.tg.coll, rec, given)
	}
	setFields(w.tg.coll, rec, written)
	deriveFields(w.tg.coll, old, rec, given)
	if err := transition(cx, w.tg.coll, old, rec, given); err != nil {
		return err
	}
	if err := keepGates(w.tg.coll, old, rec); err != nil {
		return err
	}
	if err := keepFollowing(cx.State, w.app, w.tg.coll, rec, written); err != nil {
		return err
	}
	if err := keepWritable(cx.State, w.app, w.tg.coll, old, rec); err != nil {
		return err
	}
	return keepUnique(cx.State, w.app, w.tg.coll, w.unique, old, rec, given)
}

// heldKeys is constant v with each "$held:field=value" in it (atom.HeldRef)
// replaced by the key of the record of f's referenced collection that
// holds that value: the Sent mailbox a sent mail is filed in, by its role.
// One the state holds no such record for stays as written.
func heldKeys(st *state.State, app string, f atom.Field, v any) any {
	if vs, ok := v.([]any); ok {
		out := make([]any, len(vs))
		for i, x := range vs {
			out[i] = heldKeys(st, app, f, x)
		}
		return out
	}
	field, value, ok := atom.HeldRef(v)
	if !ok || f.Ref == "" {
		return v
	}
	name := app + "." + f.Ref
	for _, r := range st.Records(name) {
		if state.Text(r[field]) == value {
			return r[st.KeyField(name)]
		}
	}
	return v
}

// setting is the value of field f of app's settings record in st.
func setting(st *state.State, app, f string) (any, bool) {
	r, ok := st.Get(app+"."+atom.SettingsCollection, atom.SettingsKey)
	if !ok || r[f] == nil {
		return nil, false
	}
	return r[f], true
}

func (w *writeEffect) Apply(cx *Context, args map[string]any) (any, error) {
	st := cx.State
	if w.update {
		k, old, err := w.tg.find(st, args)
		if err != nil {
			return nil, err
		}
		rec := make(state.Record, len(old)+len(args))
		for f, v := range old {
			rec[f] = v
		}
		if err := w.write(cx, old, rec, args); err != nil {
			return nil, err
		}
		writes, err := cascaded(cx, w.cascades, k, old, rec)
		if err != nil {
			return nil, err
		}
		if err := st.Replace(w.tg.name, k, rec); err != nil {
			return nil, err
		}
		for _, cw := range writes {
			if err := st.Replace(cw.name, cw.key, cw.rec); err != nil {
				return nil, err
			}
		}
		return rec, nil
	}
	rec := state.Record{}
	for name, fd := range w.tg.coll.Fields {
		if fd.Default != nil {
			rec[name] = fd.Default
		}
	}
	if err := w.write(cx, nil, rec, args); err != nil {
		return nil, err
	}
	key := w.tg.coll.KeyField()
	if _, ok := rec[key]; !ok {
		rec[key] = st.NextKey(w.tg.name, w.tg.coll.PrefixOf(rec))
	}
	writes, err := marked(cx, w.marks, rec)
	if err != nil {
		return nil, err
	}
	if err := st.Insert(w.tg.name, rec); err != nil {
		return nil, err
	}
	for _, mw := range writes {
		if err := st.Replace(mw.m.target, mw.key, mw.rec); err != nil {
			return nil, err
		}
	}
	return rec, nil
}

// coerce fits an argument to a field's declared type where the intent is
// plain: "a@x, b@y" into a list, "42" into a number.
func coerce(v any, f atom.Field) any {
	switch f.Type {
	case "array":
		if s, ok := v.(string); ok {
			parts := strings.Split(s, ",")
			out := make([]any, 0, len(parts))
			for _, p := range parts {
				if p = strings.TrimSpace(p); p != "" {
					out = append(out, p)
				}
			}
			return out
		}
		if _, ok := v.([]any); !ok && v != nil {
			return []any{v}
		}
	case "number", "integer":
		if s, ok := v.(string); ok {
			if n, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err == nil {
				return n
			}
		}
	case "string":
		if n, ok := v.(float64); ok {
			return state.Text(n)
		}
	}
	return v
}

// --- delete ---

func newDelete(s *atom.Server, t *atom.Tool) (Effect, error) {
	tg, err := newTarget(s, t)
	if err != nil {
		return nil, err
	}
	return EffectFunc(func(cx *Context, args map[string]any) (any, error) {
		k, old, err := tg.find(cx.State, args)
		if err != nil {
			return nil, err
		}
		if err := keepWritable(cx.State, s.AppName(), tg.coll, old); err != nil {
			return nil, err
		}
		if err := cx.State.Delete(tg.name, k); err != nil {
			return nil, err
		}
		return map[string]any{"deleted": k}, nil
	}), nil
}

// --- append, remove ---

func newAppend(s *atom.Server, t *atom.Tool) (Effect, error) { return newListEdit(s, t, false) }
func newRemove(s *atom.Server, t *atom.Tool) (Effect, error) { return newListEdit(s, t, true) }

// newListEdit adds the value argument to a list field (append) or takes
// every occurrence of it out (remove). On a set field an add of a value
// the set holds, or a remove of one it lacks, leaves the record as it was;
// an added reference that must resolve is checked first.
func newListEdit(s *atom.Server, t *atom.Tool, remove bool) (Effect, error) {
	tg, err := newTarget(s, t)
	if err != nil {
		return nil, err
	}
	field, valueArg, app := t.Effect.Field, t.Effect.Value, s.AppName()
	return EffectFunc(func(cx *Context, args map[string]any) (any, error) {
		k, old, err := tg.find(cx.State, args)
		if err != nil {
			return nil, err
		}
		v, ok := args[valueArg]
		if !ok {
			return nil, fmt.Errorf("missing argument %q", valueArg)
		}
		vs, ok := v.([]any)
		if !ok {
			vs = []any{v}
		}
		prev, _ := old[field].([]any)
		var list []any
		if remove {
			list = without(prev, vs)
		} else {
			if err := checkRefs(cx, app, tg.coll, old, map[string]any{field: vs}, map[string]bool{field: true}); err != nil {
				return nil, err
			}
			list = append(append([]any(nil), prev...), vs...)
		}
		if tg.coll.Fields[field].Set {
			list = asSet(list)
		}
		rec := make(state.Record, len(old)+1)
		for f, x := range old {
			rec[f] = x
		}
		rec[field] = list
		if err := cx.State.Replace(tg.name, k, rec); err != nil {
			return nil, err
		}
		return rec, nil
	}), nil
}

// without is list less every element equal to one of drop.
func without(list, drop []any) []any {
	out := make([]any, 0, len(list))
	for _, x := range list {
		if !slices.ContainsFunc(drop, func(d any) bool { return scalarEqual(x, d) }) {
			out = append(out, x)
		}
	}
	return out
}
