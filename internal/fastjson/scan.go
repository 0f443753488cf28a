package fastjson

import "unicode/utf8"

// Scanner reads JSON text token by token, for the one-pass readers of
// what every step sends (episode's arguments, serve's step bodies). It
// takes only text whose meaning is beyond doubt: a string it reads has no
// escapes or control characters and is valid UTF-8, a value it skips is
// valid JSON in valid UTF-8. A reader gives up where a method reports
// false and leaves the text to Decode and encoding/json, so that every
// value and every error stays encoding/json's.
type Scanner struct {
	Text string // the JSON text
	Pos  int    // the next byte to read
}

// MaxDepth is the deepest nesting Skip goes (encoding/json's own limit is
// 10,000); deeper, it gives up.
const MaxDepth = 64

// Space skips JSON's whitespace.
func (sc *Scanner) Space() {
	for sc.Pos < len(sc.Text) {
		switch sc.Text[sc.Pos] {
		case ' ', '\t', '\n', '\r':
			sc.Pos++
		default:
			return
		}
	}
}

// Next is the byte at Pos after whitespace, or 0 at the end.
func (sc *Scanner) Next() byte {
	sc.Space()
	if sc.Pos == len(sc.Text) {
		return 0
	}
	return sc.Text[sc.Pos]
}

// End reports whether only whitespace is left.
func (sc *Scanner) End() bool { return sc.Next() == 0 && sc.Pos == len(sc.Text) }

// Literal reads text at Pos, if it is there.
func (sc *Scanner) Literal(text string) bool {
	end := sc.Pos + len(text)
	if end > len(sc.Text) || sc.Text[sc.Pos:end] != text {
		return false
	}
	sc.Pos = end
	return true
}

// Str reads a string whose '"' is at Pos: one without escapes or control
// characters, in valid UTF-8. It answers the string's contents, a slice
// of Text.
func (sc *Scanner) Str() (string, bool) {
	start, end, ok := sc.stringEnd(false)
	if !ok {
		return "", false
	}
	sc.Pos = end + 1
	return sc.Text[start:end], true
}

// stringEnd finds the closing quote of the string whose '"' is at Pos:
// its contents are Text[start:end]. With escapes, valid ones are stepped
// over; without, a backslash gives up.
func (sc *Scanner) stringEnd(escapes bool) (start, end int, ok bool) {
	start = sc.Pos + 1
	ascii := true
	for i := start; i < len(sc.Text); i++ {
		switch c := sc.Text[i]; {
		case c == '"':
			if !ascii && !utf8.ValidString(sc.Text[start:i]) {
				return 0, 0, false
			}
			return start, i, true
		case c == '\\':
			n := escapeLen(sc.Text[i:])
			if !escapes || n == 0 {
				return 0, 0, false
			}
			i += n - 1
		case c < 0x20:
			return 0, 0, false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return 0, 0, false
}

// escapeLen is the length of the valid escape s starts with, or 0.
func escapeLen(s string) int {
	if len(s) < 2 {
		return 0
	}
	switch s[1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2
	case 'u':
		if len(s) < 6 {
			return 0
		}
		for _, c := range []byte(s[2:6]) {
			if !isHex(c) {
				return 0
			}
		}
		return 6
	}
	return 0
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// Number reads a number at Pos as JSON writes one and answers its text.
func (sc *Scanner) Number() (string, bool) {
	start, i := sc.Pos, sc.Pos
	if i < len(sc.Text) && sc.Text[i] == '-' {
		i++
	}
	switch {
	case i < len(sc.Text) && sc.Text[i] == '0':
		i++
	case i < len(sc.Text) && sc.Text[i] >= '1' && sc.Text[i] <= '9':
		i = sc.digits(i)
	default:
		return "", false
	}
	if i < len(sc.Text) && sc.Text[i] == '.' {
		at := i + 1
		if i = sc.digits(at); i == at {
			return "", false
		}
	}
	if i < len(sc.Text) && (sc.Text[i] == 'e' || sc.Text[i] == 'E') {
		i++
		if i < len(sc.Text) && (sc.Text[i] == '+' || sc.Text[i] == '-') {
			i++
		}
		at := i
		if i = sc.digits(i); i == at {
			return "", false
		}
	}
	sc.Pos = i
	return sc.Text[start:i], true
}

// digits is the position after the digits from i on.
func (sc *Scanner) digits(i int) int {
	for i < len(sc.Text) && sc.Text[i] >= '0' && sc.Text[i] <= '9' {
		i++
	}
	return i
}

// Skip steps over the value at Pos (after whitespace), within depth
// enclosing lists and objects; its text is Text[start:Pos].
func (sc *Scanner) Skip(depth int) (start int, ok bool) {
	c := sc.Next()
	start = sc.Pos
	switch {
	case c == '"':
		_, end, ok := sc.stringEnd(true)
		if !ok {
			return start, false
		}
		sc.Pos = end + 1
		return start, true
	case c == '{' || c == '[':
		return start, sc.skipList(depth+1, c)
	case c == '-' || c >= '0' && c <= '9':
		_, ok := sc.Number()
		return start, ok
	}
	return start, sc.Literal("true") || sc.Literal("false") || sc.Literal("null")
}

// skipList steps over the object or list whose open ('{' or '[') is at
// Pos.
func (sc *Scanner) skipList(depth int, open byte) bool {
	if depth > MaxDepth {
		return false
	}
	end := byte(']')
	if open == '{' {
		end = '}'
	}
	sc.Pos++
	if sc.Next() == end {
		sc.Pos++
		return true
	}
	for {
		if open == '{' && !sc.key() {
			return false
		}
		if _, ok := sc.Skip(depth); !ok {
			return false
		}
		switch sc.Next() {
		case ',':
			sc.Pos++
		case end:
			sc.Pos++
			return true
		default:
			return false
		}
	}
}

// key steps over an object's key, escapes allowed, and its colon.
func (sc *Scanner) key() bool {
	if sc.Next() != '"' {
		return false
	}
	_, end, ok := sc.stringEnd(true)
	if !ok {
		return false
	}
	sc.Pos = end + 1
	if sc.Next() != ':' {
		return false
	}
	sc.Pos++
	return true
}
