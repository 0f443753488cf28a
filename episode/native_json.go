package episode

import (
	"reflect"
	"slices"

	"github.com/legoenv/legoenv/state"
)

// A native read answers a whole record, and a native write the whole
// record it wrote: written afresh, a record of a few kilobytes cost more
// than the rest of the call. A record of the world is written once, for
// every session (Collection.MemoIn), with where each field's value lies
// in the text; a write on it answers from that text, writing anew only the
// fields it changed.

// recordJSON is a record as StarJSON writes it, with its keys in order,
// the span of each one's value in the text and, for a list, the spans of
// its elements (a write that appends to a list, or changes one element,
// keeps the others).
type recordJSON struct {
	text  Encoded
	keys  []string
	spans []span
	elems [][]span // by key; nil for a value that is not a list
}

// span is where a value lies in a recordJSON's text.
type span [2]int32

// memoJSON is the slot of a record's recordJSON among the forms a
// collection keeps (state.Collection.MemoIn); the Starlark form is slot 0.
const memoJSON = 1

// baseJSON is the recordJSON of the base record at pos of a collection,
// or nil when the record does not write as JSON.
func (d *NativeDB) baseJSON(full string, pos int) *recordJSON {
	v := d.cx.State.Base().Collection(full).MemoIn(memoJSON, pos, func(r state.Record) any {
		if rj := newRecordJSON(r); rj != nil {
			return rj
		}
		return nil
	})
	rj, _ := v.(*recordJSON)
	return rj
}

// newRecordJSON writes r as StarJSON does, noting each value's span; nil
// when r does not write as JSON.
func newRecordJSON(r state.Record) *recordJSON {
	rj := &recordJSON{keys: sortedKeys(r, nil), spans: make([]span, len(r)), elems: make([][]span, len(r))}
	b := make([]byte, 0, 512)
	b = append(b, '{')
	for i, k := range rj.keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(appendJSONString(b, k), ':')
		start := len(b)
		var ok bool
		if l, isList := r[k].([]any); isList && l != nil {
			b, rj.elems[i], ok = appendListSpans(b, l)
		} else {
			b, ok = appendJSONWith(b, r[k], 1, true)
		}
		if !ok {
			return nil
		}
		rj.spans[i] = span{int32(start), int32(len(b))}
	}
	rj.text = Encoded(append(b, '}'))
	return rj
}

// appendListSpans writes a record's list as StarJSON does, noting the span
// of each element.
func appendListSpans(b []byte, l []any) ([]byte, []span, bool) {
	spans := make([]span, len(l))
	b = append(b, '[')
	for j, e := range l {
		if j > 0 {
			b = append(b, ',')
		}
		start := len(b)
		var ok bool
		if b, ok = appendJSONWith(b, e, 2, true); !ok {
			return b, nil, false
		}
		spans[j] = span{int32(start), int32(len(b))}
	}
	return append(b, ']'), spans, true
}

// sortedKeys appends the keys of r to buf, sorted.
func sortedKeys(r state.Record, buf []string) []string {
	for k := range r {
		buf = append(buf, k)
	}
	slices.Sort(buf)
	return buf
}

// with writes rec, a write's result on old (the record rj was written
// from), as StarJSON would: a value rec shares with old, or an element of
// a list that it shares at the same place, is copied from rj's text; any
// other is written anew. ok is false when one does not write as JSON.
func (rj *recordJSON) with(old, rec state.Record) (Encoded, bool) {
	p := jsonBuffers.Get().(*[]byte)
	b, same, ok := rj.withSameKeys(append((*p)[:0], '{'), old, rec)
	if !same {
		b, ok = rj.withKeys(b, old, rec)
	}
	if !ok {
		putJSONBuffer(p, b)
		return "", false
	}
	b = append(b, '}')
	s := Encoded(b)
	putJSONBuffer(p, b)
	return s, true
}

// withSameKeys writes rec's fields after b when rec has the keys of rj,
// as most writes leave them: each key's text is copied from rj's, and no
// key is sorted. same is false, and b as it was, when the keys differ.
func (rj *recordJSON) withSameKeys(b []byte, old, rec state.Record) (out []byte, same, ok bool) {
	if len(rec) != len(rj.keys) {
		return b, false, true
	}
	start := len(b)
	from := int32(1) // the text of key i (after a comma but the first) starts here
	for i, k := range rj.keys {
		v, in := rec[k]
		if !in {
			return b[:start], false, true
		}
		sp := rj.spans[i]
		b = append(b, rj.text[from:sp[0]]...)
		if b, ok = rj.appendValue(b, i, old[k], v); !ok {
			return b, true, false
		}
		from = sp[1]
	}
	return b, true, true
}

// withKeys writes rec's fields after b, its keys sorted anew.
func (rj *recordJSON) withKeys(b []byte, old, rec state.Record) ([]byte, bool) {
	var buf [32]string
	keys := sortedKeys(rec, buf[:0])
	at := 0 // keys of rj before at are before the current key
	ok := true
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(appendJSONString(b, k), ':')
		for at < len(rj.keys) && rj.keys[at] < k {
			at++
		}
		if at < len(rj.keys) && rj.keys[at] == k {
			b, ok = rj.appendValue(b, at, old[k], rec[k])
		} else {
			b, ok = appendJSONWith(b, rec[k], 1, true)
		}
		if !ok {
			return b, false
		}
	}
	return b, true
}

// appendValue writes v, the new value of rj's i-th key, whose old value
// was was.
func (rj *recordJSON) appendValue(b []byte, i int, was, v any) ([]byte, bool) {
	if sameValue(was, v) {
		sp := rj.spans[i]
		return append(b, rj.text[sp[0]:sp[1]]...), true
	}
	l, isList := v.([]any)
	prev, wasList := was.([]any)
	if !isList || !wasList || l == nil || rj.elems[i] == nil {
		return appendJSONWith(b, v, 1, true)
	}
	b = append(b, '[')
	for j, e := range l {
		if j > 0 {
			b = append(b, ',')
		}
		if j < len(prev) && sameValue(prev[j], e) {
			sp := rj.elems[i][j]
			b = append(b, rj.text[sp[0]:sp[1]]...)
			continue
		}
		var ok bool
		if b, ok = appendJSONWith(b, e, 2, true); !ok {
			return b, false
		}
	}
	return append(b, ']'), true
}

// sameValue reports whether a and b are one value: equal scalars, or the
// same map or list.
func sameValue(a, b any) bool {
	switch x := a.(type) {
	case nil, bool, string, float64, int, int64:
		return a == b
	case map[string]any, []any:
		if reflect.TypeOf(a) != reflect.TypeOf(b) {
			return false
		}
		va, vb := reflect.ValueOf(x), reflect.ValueOf(b)
		return va.Pointer() == vb.Pointer() && va.Len() == vb.Len()
	}
	return false
}
