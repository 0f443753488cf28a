package episode

import (
	"errors"
	"iter"
	"maps"
	"math"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// Native tools. Interpreting a Starlark tool costs tens of microseconds a
// call, most of it the interpreter and the conversion of records to and
// from Starlark values. A Native is a Go implementation of one script,
// registered under the script's source: a tool whose code is a registered
// script, byte for byte, runs the Go code, any other runs the Starlark.
// The Starlark stays the reference and the atom's file form; an edited
// script (an evolve fix, a hand edit) differs and falls back to the
// interpreter, so it stays correct.
//
// A Native must answer as the script does, byte for byte: the same
// observation, error text and writes. Where it meets what it was not
// written for (a record of another shape, an argument past the bounds
// within which the script's step and byte budget cannot run out), it
// returns ErrDecline before writing anything and the script runs instead.
// It runs only under limits at least the defaults (see nativeFits), the
// limits its bounds were checked against.

// NativeFunc is a Go implementation of a tool's script. It returns the
// observation (a JSON-like value, or Encoded) or the error the
// script fails with; ErrDecline hands the call to the script.
type NativeFunc func(db *NativeDB, args map[string]any) (any, error)

// ErrDecline is what a NativeFunc returns to have the script run instead.
var ErrDecline = errors.New("native tool declines the call")

// Natives is a set of native tools keyed by the script each implements.
// It is built once and only read; a nil *Natives has none. Every tool of
// every composed environment is looked up: by the source itself, which
// costs a map lookup, where a hash of it cost a copy of the source and
// the hash.
type Natives struct {
	bySource map[string]NativeFunc
}

// NewNatives registers each function under its script's source, exactly
// as the tool atom's effect code holds it.
func NewNatives(bySource map[string]NativeFunc) *Natives {
	return &Natives{bySource: maps.Clone(bySource)}
}

// Len is the number of registered scripts.
func (n *Natives) Len() int {
	if n == nil {
		return 0
	}
	return len(n.bySource)
}

// For returns the native implementation of a tool's effect, or nil when
// the effect is not Starlark or its code is not registered.
func (n *Natives) For(e atom.Effect) NativeFunc {
	if n == nil || e.Kind != "starlark" {
		return nil
	}
	return n.bySource[e.Code]
}

// nativeFits reports whether a call runs under limits at least the
// defaults: a native's bounds on its arguments keep the script's use of
// the step and byte budget far below the defaults (the differential test
// runs the scripts under a tenth of them), so within them a script cannot
// fail on a limit and the native answers as it would.
func nativeFits(l Limits) bool {
	d := defaultLimits
	return l.StarlarkSteps >= d.StarlarkSteps && l.StarlarkBytes >= d.StarlarkBytes && l.StarlarkTimeMS >= d.StarlarkTimeMS
}

// Native reports whether the tool has a native implementation.
func (t *Tool) Native() bool { return t.native != nil }

// apply runs a call: the native implementation when the tool has one and
// it takes the call, the effect otherwise.
func (t *Tool) apply(cx *Context, args map[string]any) (any, error) {
	if t.native != nil && nativeFits(cx.Limits) {
		db := &cx.native
		*db = NativeDB{cx: cx, app: t.App, server: t.server, undo: db.undo[:0]}
		res, err := t.native(db, args)
		if err == nil {
			return res, nil
		}
		db.rollback()
		if !errors.Is(err, ErrDecline) {
			return nil, err
		}
	}
	return t.impl.Apply(cx, args)
}

// NativeDB is what a native tool reads and writes: the db argument of the
// script, on the state's records as they are. Records it returns are the
// state's own and must not be changed; Update writes a new one.
type NativeDB struct {
	cx     *Context
	app    string
	server *atom.Server
	undo   []undoWrite
}

// full names a collection of the tool's app, or "" when the state has no
// such collection (a script would fail there; a native declines).
func (d *NativeDB) full(name string) string { return d.cx.State.Named(d.app, name) }

// Get is db.get: the record with the key, or false.
func (d *NativeDB) Get(coll, key string) (state.Record, bool, error) {
	full := d.full(coll)
	if full == "" {
		return nil, false, ErrDecline
	}
	r, ok := d.cx.State.Get(full, key)
	return r, ok, nil
}

// GetJSON is db.get written as the script returns the record (see
// StarJSON), or false. A record of the world, which every session shares
// unchanged, is written once; found is false when there is no such
// record, ok false when it does not write as JSON.
func (d *NativeDB) GetJSON(coll, key string) (b Encoded, found, ok bool, err error) {
	full := d.full(coll)
	if full == "" {
		return "", false, false, ErrDecline
	}
	r, pos, found := d.cx.State.Locate(full, key)
	if !found {
		return "", false, false, nil
	}
	if pos < 0 {
		b, ok = StarJSON(r)
		return b, true, ok, nil
	}
	if rj := d.baseJSON(full, pos); rj != nil {
		return rj.text, true, true, nil
	}
	return "", true, false, nil
}

// Len is the number of records of a collection.
func (d *NativeDB) Len(coll string) (int, error) {
	full := d.full(coll)
	if full == "" {
		return 0, ErrDecline
	}
	return d.cx.State.Len(full), nil
}

// All is db.search(coll): every record in order.
func (d *NativeDB) All(coll string) (iter.Seq2[int, state.Record], error) {
	full := d.full(coll)
	if full == "" {
		return nil, ErrDecline
	}
	return d.cx.State.Placed(full), nil
}

// Search is db.search(coll, **{path: text}): the records whose field at
// path equals text, in order, as the script's search finds them.
func (d *NativeDB) Search(coll, path, text string) (iter.Seq2[int, state.Record], error) {
	full := d.full(coll)
	if full == "" {
		return nil, ErrDecline
	}
	return matching(d.cx.State, full, []fieldValue{{path, text}}), nil
}

// Update is db.update(coll, key, fields): the record with fields set,
// held to the collection's declared behaviour as the script's update is,
// and undone if the call fails later. fields are the new values, JSON-like
// as a script's converted values are (see StarValue); the result is the
// new record.
func (d *NativeDB) Update(coll, key string, fields map[string]any) (state.Record, error) {
	w, err := d.update(coll, key, fields)
	return w.rec, err
}

// UpdateJSON is Update answering the new record as the script returns it
// (see StarJSON). The answer to a write on a record of the world is that
// record's stored text with the fields the write changed written anew.
func (d *NativeDB) UpdateJSON(coll, key string, fields map[string]any) (Encoded, error) {
	w, err := d.update(coll, key, fields)
	if err != nil {
		return "", err
	}
	if w.pos >= 0 {
		if rj := d.baseJSON(w.full, w.pos); rj != nil {
			if b, ok := rj.with(w.old, w.rec); ok {
				return b, nil
			}
		}
	}
	b, ok := StarJSON(w.rec)
	if !ok {
		return "", ErrDecline
	}
	return b, nil
}

// written is a record an update replaced: its collection, the record
// before and after, and the old one's base position (-1 for a record the
// session wrote).
type written struct {
	full     string
	old, rec state.Record
	pos      int
}

func (d *NativeDB) update(coll, key string, fields map[string]any) (written, error) {
	full := d.full(coll)
	if full == "" {
		return written{}, ErrDecline
	}
	st := d.cx.State
	old, pos, ok := st.Locate(full, key)
	if !ok {
		return written{}, ErrDecline
	}
	rec := withFields(old, fields)
	sd := starDB{cx: d.cx, app: d.app, server: d.server}
	// A refused write fails the script inside db.update, whose error text
	// the interpreter words: the script answers it.
	if err := sd.keep(full, old, rec, fields); err != nil {
		return written{}, ErrDecline
	}
	if err := st.Replace(full, key, rec); err != nil {
		return written{}, ErrDecline
	}
	d.undo = append(d.undo, undoWrite{full, key, old})
	return written{full: full, old: old, rec: rec, pos: pos}, nil
}

// withFields is a new record: old with fields set. Where every field is
// one old has, it is a clone of old (the map's tables copied as they are,
// no key hashed anew) with their values replaced; otherwise it is sized to
// what it holds, so that a record of eight fields or fewer fits in one
// group of the map, as the old one did.
func withFields(old state.Record, fields map[string]any) state.Record {
	n := len(old)
	for k := range fields {
		if _, had := old[k]; !had {
			n++
		}
	}
	var rec state.Record
	if n == len(old) {
		rec = maps.Clone(old)
	} else {
		rec = make(state.Record, n)
		maps.Copy(rec, old)
	}
	maps.Copy(rec, fields)
	return rec
}

// undoWrite puts back the record a write replaced.
type undoWrite struct {
	full, key string
	old       state.Record
}

func (d *NativeDB) rollback() {
	for i := len(d.undo) - 1; i >= 0; i-- {
		u := d.undo[i]
		_ = d.cx.State.Replace(u.full, u.key, u.old)
	}
	d.undo = nil
}

// StarJSON writes v as a script that was handed v returns it: numbers as
// the conversion to Starlark leaves them (an integral float below 2^53
// becomes an int, so -0 reads 0; an int goes through float64), maps with
// their keys sorted. ok is false for a value JSON cannot hold.
func StarJSON(v any) (Encoded, bool) {
	p := jsonBuffers.Get().(*[]byte)
	b, ok := appendJSONWith((*p)[:0], v, 0, true)
	s := Encoded(b)
	putJSONBuffer(p, b)
	return s, ok
}

// Encoded is a tool's result already written as JSON: the observation is
// these bytes as they are (as for a json.RawMessage), without a copy.
type Encoded string

// StarValue is v as a script's write stores it after converting it to
// Starlark and back: a new value, every number a float64 (see StarJSON),
// maps and lists copied. ok is false for a value a script cannot be given.
func StarValue(v any) (any, bool) {
	switch x := v.(type) {
	case nil, bool, string:
		return x, true
	case float64, int, int64:
		f, _ := state.Number(x)
		if f == 0 {
			f = 0 // -0 becomes the int 0 in Starlark
		}
		return f, true
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			var ok bool
			if out[i], ok = StarValue(e); !ok {
				return nil, false
			}
		}
		return out, true
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			var ok bool
			if out[k], ok = StarValue(e); !ok {
				return nil, false
			}
		}
		return out, true
	}
	return nil, false
}

// StarKept reports whether v is already what StarValue makes of it: only
// JSON-like values, every number a float64 other than -0. A native may
// then keep v itself where a script stores a converted copy (both write
// and hash the same), provided it never changes v.
func StarKept(v any) bool {
	switch x := v.(type) {
	case nil, bool, string:
		return true
	case float64:
		return x != 0 || !math.Signbit(x)
	case []any:
		for _, e := range x {
			if !StarKept(e) {
				return false
			}
		}
		return true
	case map[string]any:
		for _, e := range x {
			if !StarKept(e) {
				return false
			}
		}
		return true
	}
	return false
}
