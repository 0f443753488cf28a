package episode

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"
)

// Every tool call encodes its result as the observation, and encoding/json
// reaches JSON-like values through reflection and sorts each map's keys in
// a fresh slice: about a tenth of verification's CPU time went there.
// marshalJSON writes the JSON-like values effects return (nil, bool,
// string, float64, int, int64, []any, map[string]any) directly, byte for
// byte as json.Marshal does, and hands anything else to json.Marshal.
func marshalJSON(v any) ([]byte, error) {
	s, err := marshalJSONString(v)
	return []byte(s), err
}

// jsonBuffers hold the encoding of an observation until it is copied into
// its string: a result of a few hundred kilobytes (a search of a large
// collection) would otherwise grow a fresh slice from 256 bytes each call.
var jsonBuffers = sync.Pool{New: func() any { return new([]byte) }}

// maxPooledJSON is the largest buffer put back, so that one huge result
// does not stay in the pool.
const maxPooledJSON = 1 << 20

// marshalJSONString is marshalJSON as a string. A result already
// encoded is the observation as it is.
func marshalJSONString(v any) (string, error) {
	switch x := v.(type) {
	case Encoded:
		return string(x), nil
	case *quotedJSON:
		return string(x.text), nil
	case json.RawMessage:
		return string(x), nil
	}
	p := jsonBuffers.Get().(*[]byte)
	b, ok := appendJSON((*p)[:0], v, 0)
	if !ok {
		jsonBuffers.Put(p)
		m, err := json.Marshal(v)
		return string(m), err
	}
	s := string(b)
	putJSONBuffer(p, b)
	return s, nil
}

// putJSONBuffer keeps b, the buffer p held, for the next encoding, unless
// it grew past maxPooledJSON.
func putJSONBuffer(p *[]byte, b []byte) {
	if cap(b) <= maxPooledJSON {
		*p = b
		jsonBuffers.Put(p)
	}
}

// maxJSONDepth is where appendJSON gives up and leaves the value to
// json.Marshal, which detects cycles.
const maxJSONDepth = 100

// appendJSON appends v to b; ok is false for a value it does not handle.
func appendJSON(b []byte, v any, depth int) ([]byte, bool) { return appendJSONWith(b, v, depth, false) }

// appendJSONWith is appendJSON; star writes numbers as a Starlark script
// returns them (see StarJSON).
func appendJSONWith(b []byte, v any, depth int, star bool) ([]byte, bool) {
	if depth > maxJSONDepth {
		return b, false
	}
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), true
	case bool:
		return strconv.AppendBool(b, x), true
	case string:
		return appendJSONString(b, x), true
	case float64:
		if star && x == 0 {
			x = 0 // -0 is the int 0 in Starlark
		}
		return appendJSONFloat(b, x)
	case json.RawMessage: // already encoded (a Starlark tool's result)
		return append(b, x...), true
	case Encoded: // already encoded (a native tool's result)
		return append(b, x...), true
	case *quotedJSON:
		return append(b, x.text...), true
	case int:
		if star {
			return appendJSONFloat(b, float64(x))
		}
		return strconv.AppendInt(b, int64(x), 10), true
	case int64:
		if star {
			return appendJSONFloat(b, float64(x))
		}
		return strconv.AppendInt(b, x, 10), true
	case []any:
		if x == nil {
			return append(b, "null"...), true
		}
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			var ok bool
			if b, ok = appendJSONWith(b, e, depth+1, star); !ok {
				return b, false
			}
		}
		return append(b, ']'), true
	case map[string]any:
		if x == nil {
			return append(b, "null"...), true
		}
		var buf [16]string
		keys := buf[:0]
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, k)
			b = append(b, ':')
			var ok bool
			if b, ok = appendJSONWith(b, x[k], depth+1, star); !ok {
				return b, false
			}
		}
		return append(b, '}'), true
	}
	return b, false
}

// appendJSONFloat formats like json.Marshal: ES6 number formatting, and
// no encoding at all for NaN and infinities (json.Marshal reports those).
func appendJSONFloat(b []byte, f float64) ([]byte, bool) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return b, false
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-09 becomes e-9, as in json.Marshal.
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, true
}

const hexDigits = "0123456789abcdef"

// appendJSONString quotes s as json.Marshal does: HTML characters, control
// characters, U+2028 and U+2029 escaped, invalid UTF-8 replaced. Room for s
// and some escapes is made first, so that a long one (an observation that
// is itself JSON, in a reply) is not copied again as the buffer grows; the
// characters are then appended one by one, which costs less than copying
// the short runs between the quotes of a JSON text in pieces.
func appendJSONString(b []byte, s string) []byte {
	b = slices.Grow(b, len(s)+len(s)/8+2)
	return append(appendJSONEscaped(append(b, '"'), s), '"')
}

// appendJSONEscaped is appendJSONString without the quotes around.
func appendJSONEscaped(b []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case jsonPlain[c]:
			b = append(b, c)
			i++
			continue
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
			i++
			continue
		case c < utf8.RuneSelf:
			b = appendJSONEscape(b, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return b
}

// jsonPlain tells the bytes json.Marshal writes as they are without
// looking further: ASCII but for the characters it escapes (the bytes of
// a multi-byte character are looked at together).
var jsonPlain = func() (t [256]bool) {
	for c := byte(0x20); c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// appendJSONEscape writes the escape of c, an ASCII character that
// json.Marshal escapes.
func appendJSONEscape(b []byte, c byte) []byte {
	switch c {
	case '\\', '"':
		return append(b, '\\', c)
	case '\b':
		return append(b, '\\', 'b')
	case '\f':
		return append(b, '\\', 'f')
	case '\n':
		return append(b, '\\', 'n')
	case '\r':
		return append(b, '\\', 'r')
	case '\t':
		return append(b, '\\', 't')
	}
	return append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
}

// AppendJSON appends o as json.Marshal writes it, without reflection: a
// server writes one per call.
func (o Observation) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	if o.ToolCallID != "" {
		b = append(appendJSONString(append(b, `"tool_call_id":`...), o.ToolCallID), ',')
	}
	if o.quoted != nil {
		b = append(o.quoted.appendQuoted(append(b, `"content":"`...)), '"')
	} else {
		b = appendJSONString(append(b, `"content":`...), o.Content)
	}
	b = strconv.AppendBool(append(b, `,"is_error":`...), o.IsError)
	return append(b, '}')
}
