package episode

import (
	"strconv"
	"unicode/utf8"
)

// A tool's arguments are a small object of strings, numbers and lists of
// them, and go-json decoding them into a map cost a sixth of a native
// tool step, most of it in allocations: every key and every string a copy
// of its own, and a scan before the decode. scanObject reads such an
// object in one pass with one copy of the text: its strings are slices of
// that copy and its keys, where they name a parameter of the tool, the
// tool's own strings. It takes only JSON whose value is beyond doubt
// (strings without escapes, valid UTF-8, numbers strconv reads as
// encoding/json does) and leaves anything else to decodeObject's other
// readers, so every value and every error stays encoding/json's.

// maxScanDepth is the deepest nesting scanObject reads; deeper is left to
// the other readers (encoding/json's own limit is 10,000).
const maxScanDepth = 64

// argScanner reads one arguments object.
type argScanner struct {
	text  string            // a copy of the input: strings are slices of it
	pos   int               // the next byte to read
	names map[string]string // the tool's parameter names, to share as keys
}

// scanObject reads b, a JSON object alone, as json.Unmarshal into a
// map[string]any reads it; names, which may be nil, are the strings to
// use for keys equal to them. ok is false where it leaves b to the other
// readers.
func scanObject(b []byte, names map[string]string) (map[string]any, bool) {
	sc := argScanner{text: string(b), names: names}
	sc.space()
	m, ok := sc.object(0)
	if !ok {
		return nil, false
	}
	sc.space()
	return m, sc.pos == len(sc.text)
}

// space skips JSON's whitespace.
func (sc *argScanner) space() {
	for sc.pos < len(sc.text) {
		switch sc.text[sc.pos] {
		case ' ', '\t', '\n', '\r':
			sc.pos++
		default:
			return
		}
	}
}

// next is the byte at pos after whitespace, or 0 at the end.
func (sc *argScanner) next() byte {
	sc.space()
	if sc.pos == len(sc.text) {
		return 0
	}
	return sc.text[sc.pos]
}

// object reads an object whose '{' is at pos.
func (sc *argScanner) object(depth int) (map[string]any, bool) {
	if sc.next() != '{' || depth >= maxScanDepth {
		return nil, false
	}
	sc.pos++
	m := make(map[string]any, 4)
	if sc.next() == '}' {
		sc.pos++
		return m, true
	}
	for {
		if sc.next() != '"' {
			return nil, false
		}
		k, ok := sc.str()
		if !ok || sc.next() != ':' {
			return nil, false
		}
		sc.pos++
		if name, known := sc.names[k]; known {
			k = name
		}
		if m[k], ok = sc.value(depth); !ok {
			return nil, false
		}
		switch sc.next() {
		case ',':
			sc.pos++
		case '}':
			sc.pos++
			return m, true
		default:
			return nil, false
		}
	}
}

// array reads a list whose '[' is at pos.
func (sc *argScanner) array(depth int) ([]any, bool) {
	if depth >= maxScanDepth {
		return nil, false
	}
	sc.pos++
	// Read into room on the stack, then copied into a list of its length:
	// one allocation a short list, where append grew one several times.
	var room [8]any
	items := room[:0]
	if sc.next() == ']' {
		sc.pos++
		return []any{}, true
	}
	for {
		v, ok := sc.value(depth)
		if !ok {
			return nil, false
		}
		items = append(items, v)
		switch sc.next() {
		case ',':
			sc.pos++
		case ']':
			sc.pos++
			return append(make([]any, 0, len(items)), items...), true
		default:
			return nil, false
		}
	}
}

// value reads any value at pos, within depth enclosing lists and objects.
func (sc *argScanner) value(depth int) (any, bool) {
	c := sc.next()
	switch {
	case c == '"':
		return sc.str()
	case c == '{':
		return sc.object(depth + 1)
	case c == '[':
		return sc.array(depth + 1)
	case c == '-' || c >= '0' && c <= '9':
		return sc.number()
	case c == 't' && sc.literal("true"):
		return true, true
	case c == 'f' && sc.literal("false"):
		return false, true
	case c == 'n' && sc.literal("null"):
		return nil, true
	}
	return nil, false
}

// literal reads text at pos, if it is there.
func (sc *argScanner) literal(text string) bool {
	end := sc.pos + len(text)
	if end > len(sc.text) || sc.text[sc.pos:end] != text {
		return false
	}
	sc.pos = end
	return true
}

// str reads a string whose '"' is at pos: one without escapes or control
// characters, in valid UTF-8.
func (sc *argScanner) str() (string, bool) {
	start := sc.pos + 1
	ascii := true
	for i := start; i < len(sc.text); i++ {
		switch c := sc.text[i]; {
		case c == '"':
			s := sc.text[start:i]
			if !ascii && !utf8.ValidString(s) {
				return "", false
			}
			sc.pos = i + 1
			return s, true
		case c == '\\' || c < 0x20:
			return "", false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return "", false
}

// number reads a number at pos as JSON writes one, as a float64.
func (sc *argScanner) number() (any, bool) {
	start, i := sc.pos, sc.pos
	if sc.text[i] == '-' {
		i++
	}
	switch {
	case i < len(sc.text) && sc.text[i] == '0':
		i++
	case i < len(sc.text) && sc.text[i] >= '1' && sc.text[i] <= '9':
		i = sc.digits(i)
	default:
		return nil, false
	}
	if i < len(sc.text) && sc.text[i] == '.' {
		if i = sc.digits(i + 1); sc.text[i-1] == '.' {
			return nil, false
		}
	}
	if i < len(sc.text) && (sc.text[i] == 'e' || sc.text[i] == 'E') {
		i++
		if i < len(sc.text) && (sc.text[i] == '+' || sc.text[i] == '-') {
			i++
		}
		at := i
		if i = sc.digits(i); i == at {
			return nil, false
		}
	}
	f, err := strconv.ParseFloat(sc.text[start:i], 64)
	if err != nil {
		return nil, false
	}
	sc.pos = i
	return f, true
}

// digits is the position after the digits from i on.
func (sc *argScanner) digits(i int) int {
	for i < len(sc.text) && sc.text[i] >= '0' && sc.text[i] <= '9' {
		i++
	}
	return i
}
