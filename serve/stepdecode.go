package serve

import (
	"encoding/json"
	"unicode/utf8"
)

// Every step decodes its body, and encoding/json's strict decoder (unknown
// fields refused) reaches StepRequest through reflection: a sixth of a
// step's CPU. readStep reads the body clients send ({"tool_calls": [{"id",
// "type", "name", "arguments"}]}, keys as spelt here, each once, strings
// without escapes) directly; any other body (the OpenAI "function" form,
// an escape, a key in other case, null arguments, bad JSON) it leaves to
// decodeJSON, so every request decodes to the same value and every error
// reads the same.

// readStep reads a step body of the common shape; ok is false for any
// other, which decodeJSON reads.
func readStep(b []byte) (req StepRequest, ok bool) {
	if !json.Valid(b) {
		return req, false
	}
	r := stepReader{b: b}
	r.space()
	if !r.take('{') {
		return req, false
	}
	r.space()
	if r.text() != "tool_calls" || !r.colon() || !r.take('[') {
		return req, false
	}
	req.ToolCalls = []WireCall{}
	r.space()
	if r.take(']') {
		return req, r.end()
	}
	for {
		c, ok := r.call()
		if !ok {
			return req, false
		}
		req.ToolCalls = append(req.ToolCalls, c)
		r.space()
		if r.take(']') {
			return req, r.end()
		}
		if !r.take(',') {
			return req, false
		}
	}
}

// stepReader walks a body json.Valid has taken.
type stepReader struct {
	b []byte
	i int
}

func (r *stepReader) space() {
	for r.i < len(r.b) && (r.b[r.i] == ' ' || r.b[r.i] == '\t' || r.b[r.i] == '\n' || r.b[r.i] == '\r') {
		r.i++
	}
}

// take reads c, after any space.
func (r *stepReader) take(c byte) bool {
	r.space()
	if r.i < len(r.b) && r.b[r.i] == c {
		r.i++
		return true
	}
	return false
}

func (r *stepReader) colon() bool { return r.take(':') }

// end reads the object's '}' and nothing after it.
func (r *stepReader) end() bool {
	if !r.take('}') {
		return false
	}
	r.space()
	return r.i == len(r.b)
}

// text reads a string without escapes, of valid UTF-8; "\x00" (no key
// or field reads so) for any other.
func (r *stepReader) text() string {
	r.space()
	if r.i >= len(r.b) || r.b[r.i] != '"' {
		return "\x00"
	}
	for j := r.i + 1; j < len(r.b); j++ {
		switch r.b[j] {
		case '"':
			s := r.b[r.i+1 : j]
			r.i = j + 1
			if !utf8.Valid(s) {
				return "\x00"
			}
			return string(s)
		case '\\':
			return "\x00"
		}
	}
	return "\x00"
}

// call reads one tool call of the flat form.
func (r *stepReader) call() (WireCall, bool) {
	var c WireCall
	if !r.take('{') {
		return c, false
	}
	r.space()
	if r.take('}') {
		return c, true
	}
	var seen [4]bool // id, type, name, arguments
	for {
		k := r.text()
		if !r.colon() {
			return c, false
		}
		var dst *string
		var i int
		switch k {
		case "id":
			dst, i = &c.ID, 0
		case "type":
			dst, i = &c.Type, 1
		case "name":
			dst, i = &c.Name, 2
		case "arguments":
			i = 3
		default:
			return c, false
		}
		if seen[i] {
			return c, false
		}
		seen[i] = true
		if dst != nil {
			if *dst = r.text(); *dst == "\x00" {
				return c, false
			}
		} else if c.Arguments, seen[3] = r.value(); !seen[3] {
			return c, false
		}
		if r.take('}') {
			return c, true
		}
		if !r.take(',') {
			return c, false
		}
	}
}

// value reads the arguments' value as encoding/json keeps a
// json.RawMessage: a copy of its bytes. A null is left to decodeJSON.
func (r *stepReader) value() (json.RawMessage, bool) {
	r.space()
	start := r.i
	depth := 0
	for r.i < len(r.b) {
		switch c := r.b[r.i]; c {
		case '"':
			r.i = skipString(r.b, r.i)
		case '{', '[':
			depth++
			r.i++
		case '}', ']':
			if depth == 0 {
				return r.raw(start)
			}
			depth--
			r.i++
		case ',':
			if depth == 0 {
				return r.raw(start)
			}
			r.i++
		default:
			r.i++
		}
		if depth == 0 && r.i > start && (r.b[r.i-1] == '"' || r.b[r.i-1] == '}' || r.b[r.i-1] == ']') {
			return r.raw(start)
		}
	}
	return nil, false
}

// raw is the value from start to here, less trailing space.
func (r *stepReader) raw(start int) (json.RawMessage, bool) {
	end := r.i
	for end > start && (r.b[end-1] == ' ' || r.b[end-1] == '\t' || r.b[end-1] == '\n' || r.b[end-1] == '\r') {
		end--
	}
	v := r.b[start:end]
	if len(v) == 0 || string(v) == "null" {
		return nil, false
	}
	return append(json.RawMessage(nil), v...), true
}

// skipString returns the index after the string that starts at i.
func skipString(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(b)
}
