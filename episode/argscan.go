package episode

import (
	"strconv"

	"github.com/legoenv/legoenv/internal/fastjson"
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

// argScanner reads one arguments object.
type argScanner struct {
	fastjson.Scanner                   // over a copy of the input: strings are slices of it
	names            map[string]string // the tool's parameter names, to share as keys
}

// scanObject reads b, a JSON object alone, as json.Unmarshal into a
// map[string]any reads it; names, which may be nil, are the strings to
// use for keys equal to them. ok is false where it leaves b to the other
// readers.
func scanObject(b []byte, names map[string]string) (map[string]any, bool) {
	sc := argScanner{Scanner: fastjson.Scanner{Text: string(b)}, names: names}
	m, ok := sc.object(0)
	return m, ok && sc.End()
}

// object reads an object whose '{' is at Pos.
func (sc *argScanner) object(depth int) (map[string]any, bool) {
	if sc.Next() != '{' || depth >= fastjson.MaxDepth {
		return nil, false
	}
	sc.Pos++
	m := make(map[string]any, 4)
	if sc.Next() == '}' {
		sc.Pos++
		return m, true
	}
	for {
		if sc.Next() != '"' {
			return nil, false
		}
		k, ok := sc.Str()
		if !ok || sc.Next() != ':' {
			return nil, false
		}
		sc.Pos++
		if name, known := sc.names[k]; known {
			k = name
		}
		if m[k], ok = sc.value(depth); !ok {
			return nil, false
		}
		switch sc.Next() {
		case ',':
			sc.Pos++
		case '}':
			sc.Pos++
			return m, true
		default:
			return nil, false
		}
	}
}

// array reads a list whose '[' is at Pos.
func (sc *argScanner) array(depth int) ([]any, bool) {
	if depth >= fastjson.MaxDepth {
		return nil, false
	}
	sc.Pos++
	// Read into room on the stack, then copied into a list of its length:
	// one allocation a short list, where append grew one several times.
	var room [8]any
	items := room[:0]
	if sc.Next() == ']' {
		sc.Pos++
		return []any{}, true
	}
	for {
		v, ok := sc.value(depth)
		if !ok {
			return nil, false
		}
		items = append(items, v)
		switch sc.Next() {
		case ',':
			sc.Pos++
		case ']':
			sc.Pos++
			return append(make([]any, 0, len(items)), items...), true
		default:
			return nil, false
		}
	}
}

// value reads any value at Pos, within depth enclosing lists and objects.
func (sc *argScanner) value(depth int) (any, bool) {
	c := sc.Next()
	switch {
	case c == '"':
		return sc.Str()
	case c == '{':
		return sc.object(depth + 1)
	case c == '[':
		return sc.array(depth + 1)
	case c == '-' || c >= '0' && c <= '9':
		// encoding/json reads a number into an any with ParseFloat too;
		// one it refuses (out of range) is left to it, for its error.
		text, ok := sc.Number()
		if !ok {
			return nil, false
		}
		f, err := strconv.ParseFloat(text, 64)
		return f, err == nil
	case c == 't' && sc.Literal("true"):
		return true, true
	case c == 'f' && sc.Literal("false"):
		return false, true
	case c == 'n' && sc.Literal("null"):
		return nil, true
	}
	return nil, false
}
