package episode

import (
	"strconv"
	"unicode/utf8"
)

// Every call decodes its arguments, and encoding/json reaches a
// map[string]any through reflection and a scanner that looks at each byte
// twice: about a tenth of a native tool step went there. decodeObject
// reads the arguments agents send (an object of strings, numbers, bools,
// nulls, lists and objects, strings without escapes) directly, into the
// values json.Unmarshal gives; anything else (an escape, text that is not
// UTF-8, a number strconv does not take, deep nesting, bad JSON) it leaves
// to json.Unmarshal, so the values and every error stay the same.

// maxFastDepth is how deep decodeObject goes before it leaves the
// arguments to json.Unmarshal.
const maxFastDepth = 32

// argReader reads one JSON text; ok turns false at the first byte it does
// not take.
type argReader struct {
	b   []byte
	src string // b as a string: the strings read are its substrings
	i   int
	ok  bool
}

// decodeObject reads b, a JSON object alone, as json.Unmarshal into a
// map[string]any reads it; ok is false where it leaves b to json.Unmarshal.
func decodeObject(b []byte) (map[string]any, bool) {
	r := argReader{b: b, src: string(b), ok: true}
	r.space()
	if !r.byte('{') {
		return nil, false
	}
	m := r.object(0)
	r.space()
	if !r.ok || r.i != len(b) {
		return nil, false
	}
	return m, true
}

func (r *argReader) space() {
	for r.i < len(r.b) {
		switch r.b[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

// byte reads c, after any space.
func (r *argReader) byte(c byte) bool {
	r.space()
	if r.i < len(r.b) && r.b[r.i] == c {
		r.i++
		return true
	}
	r.ok = false
	return false
}

// object reads an object's members after its '{'.
func (r *argReader) object(depth int) map[string]any {
	m := make(map[string]any, 4)
	r.space()
	if r.i < len(r.b) && r.b[r.i] == '}' {
		r.i++
		return m
	}
	for r.ok {
		r.space()
		k := r.text()
		if !r.byte(':') {
			return nil
		}
		v := r.value(depth)
		if !r.ok {
			return nil
		}
		m[k] = v
		r.space()
		if r.i < len(r.b) && r.b[r.i] == '}' {
			r.i++
			return m
		}
		r.byte(',')
	}
	return nil
}

// list reads an array's elements after its '['.
func (r *argReader) list(depth int) []any {
	l := []any{}
	r.space()
	if r.i < len(r.b) && r.b[r.i] == ']' {
		r.i++
		return l
	}
	for r.ok {
		v := r.value(depth)
		if !r.ok {
			return nil
		}
		l = append(l, v)
		r.space()
		if r.i < len(r.b) && r.b[r.i] == ']' {
			r.i++
			return l
		}
		r.byte(',')
	}
	return nil
}

// value reads any value.
func (r *argReader) value(depth int) any {
	r.space()
	if r.i >= len(r.b) || depth >= maxFastDepth {
		r.ok = false
		return nil
	}
	switch c := r.b[r.i]; {
	case c == '"':
		return r.text()
	case c == '{':
		r.i++
		return r.object(depth + 1)
	case c == '[':
		r.i++
		return r.list(depth + 1)
	case c == '-' || c >= '0' && c <= '9':
		return r.number()
	}
	for _, w := range [...]struct {
		lit string
		v   any
	}{{"true", true}, {"false", false}, {"null", nil}} {
		if len(r.b)-r.i >= len(w.lit) && string(r.b[r.i:r.i+len(w.lit)]) == w.lit {
			r.i += len(w.lit)
			return w.v
		}
	}
	r.ok = false
	return nil
}

// text reads a string without escapes or control characters, of valid
// UTF-8.
func (r *argReader) text() string {
	if r.i >= len(r.b) || r.b[r.i] != '"' {
		r.ok = false
		return ""
	}
	start := r.i + 1
	ascii := true
	for j := start; j < len(r.b); j++ {
		c := r.b[j]
		switch {
		case c == '"':
			s := r.b[start:j]
			if !ascii && !utf8.Valid(s) {
				r.ok = false
				return ""
			}
			r.i = j + 1
			return r.src[start:j]
		case c == '\\' || c < 0x20:
			r.ok = false
			return ""
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	r.ok = false
	return ""
}

// number reads a number of JSON's grammar as a float64.
func (r *argReader) number() any {
	start := r.i
	j := r.i
	if j < len(r.b) && r.b[j] == '-' {
		j++
	}
	switch {
	case j < len(r.b) && r.b[j] == '0':
		j++
	case j < len(r.b) && r.b[j] >= '1' && r.b[j] <= '9':
		j = digits(r.b, j)
	default:
		r.ok = false
		return nil
	}
	if j < len(r.b) && r.b[j] == '.' {
		if k := digits(r.b, j+1); k > j+1 {
			j = k
		} else {
			r.ok = false
			return nil
		}
	}
	if j < len(r.b) && (r.b[j] == 'e' || r.b[j] == 'E') {
		j++
		if j < len(r.b) && (r.b[j] == '+' || r.b[j] == '-') {
			j++
		}
		if k := digits(r.b, j); k > j {
			j = k
		} else {
			r.ok = false
			return nil
		}
	}
	f, err := strconv.ParseFloat(string(r.b[start:j]), 64)
	if err != nil {
		r.ok = false
		return nil
	}
	r.i = j
	return f
}

// digits returns the end of the run of digits at j.
func digits(b []byte, j int) int {
	for j < len(b) && b[j] >= '0' && b[j] <= '9' {
		j++
	}
	return j
}
