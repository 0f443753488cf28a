package episode

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"go.starlark.net/starlark"
)

// A script's result becomes the step's observation. Converting it to Go
// values and encoding those built every map and list twice; write encodes
// the Starlark value directly, byte for byte as marshalJSON encodes the
// converted value, with the same checks and charges as read, in the same
// order, so that a refused value fails with the same error.

// errNotJSON is a number JSON cannot write (NaN, an infinity): encode then
// leaves the value to the conversion, whose encoder reports it.
var errNotJSON = errors.New("not a JSON number")

// encode writes a script's result as JSON, charging it to the call's
// budget as fromStarlark does.
func (d *starDB) encode(v starlark.Value) (any, error) {
	left := d.g.left
	r := valueReader{left: left, max: d.g.limit, open: map[starlark.Value]bool{}}
	b, err := r.write(make([]byte, 0, 256), v, 0)
	if errors.Is(err, errNotJSON) {
		d.g.left = left
		return d.fromStarlark(v)
	}
	d.g.left = r.left
	if err != nil {
		return nil, err
	}
	return json.RawMessage(b), nil
}

// write appends v's JSON to b (see above).
func (r *valueReader) write(b []byte, v starlark.Value, depth int) ([]byte, error) {
	if depth > maxValueDepth {
		return b, fmt.Errorf("value nested deeper than %d levels", maxValueDepth)
	}
	if err := r.spend(16); err != nil {
		return b, err
	}
	switch x := v.(type) {
	case starlark.NoneType:
		return append(b, "null"...), nil
	case starlark.Bool:
		if x {
			return append(b, "true"...), nil
		}
		return append(b, "false"...), nil
	case starlark.String:
		return appendJSONString(b, string(x)), r.spend(len(x))
	case starlark.Int:
		i, ok := x.Int64()
		if !ok {
			return b, errors.New("integer out of range")
		}
		b, _ = appendJSONFloat(b, float64(i))
		return b, nil
	case starlark.Float:
		b, ok := appendJSONFloat(b, float64(x))
		if !ok {
			return b, errNotJSON
		}
		return b, nil
	case *starlark.List:
		if err := r.enter(x, "list"); err != nil {
			return b, err
		}
		defer delete(r.open, x)
		return r.writeList(b, x.Elements(), depth)
	case starlark.Tuple:
		return r.writeList(b, x.Elements(), depth)
	case *starlark.Dict:
		if err := r.enter(x, "dict"); err != nil {
			return b, err
		}
		defer delete(r.open, x)
		return r.writeDict(b, x, depth)
	}
	return b, fmt.Errorf("cannot return a starlark %s", v.Type())
}

func (r *valueReader) writeList(b []byte, elems func(func(starlark.Value) bool), depth int) ([]byte, error) {
	b = append(b, '[')
	var err error
	first := true
	for e := range elems {
		if !first {
			b = append(b, ',')
		}
		first = false
		if b, err = r.write(b, e, depth+1); err != nil {
			return b, err
		}
	}
	return append(b, ']'), nil
}

// writeDict writes the entries in the dict's order, as read checks them,
// and lays them out again with their keys sorted, as a Go map is encoded,
// unless they came sorted (a record read from the state does).
func (r *valueReader) writeDict(b []byte, x *starlark.Dict, depth int) ([]byte, error) {
	type entry struct {
		key        string
		start, end int // of "key":value in b
	}
	var buf [16]entry
	entries := buf[:0]
	b = append(b, '{')
	base := len(b)
	var err error
	for k, e := range x.Entries() {
		ks, ok := k.(starlark.String)
		if !ok {
			return b, fmt.Errorf("dict keys must be strings, not %s", k.Type())
		}
		if err := r.spend(len(ks)); err != nil {
			return b, err
		}
		if len(entries) > 0 {
			b = append(b, ',')
		}
		start := len(b)
		b = append(appendJSONString(b, string(ks)), ':')
		if b, err = r.write(b, e, depth+1); err != nil {
			return b, err
		}
		entries = append(entries, entry{string(ks), start, len(b)})
	}
	byKey := func(p, q entry) int { return strings.Compare(p.key, q.key) }
	if !slices.IsSortedFunc(entries, byKey) {
		written := slices.Clone(b[base:])
		slices.SortFunc(entries, byKey)
		b = b[:base]
		for i, e := range entries {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, written[e.start-base:e.end-base]...)
		}
	}
	return append(b, '}'), nil
}
