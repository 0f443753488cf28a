package serve

import (
	"encoding/json"
	"unsafe"

	"github.com/legoenv/legoenv/internal/fastjson"
)

// scanStep reads a step body in one pass, as decodeJSON reads it, where
// the body is as clients write it: {"tool_calls": [...]} with at least
// one call, each call's fields named exactly (no case folding), once
// each, none null, the strings without escapes. Anything else it leaves
// to readStep's other readers (ok false), whose values and errors are
// encoding/json's.
//
// It reads the body's bytes in place, which the caller reuses for the
// next body: every string of the request it gives (a call's id, type and
// names, copied by detach) and its arguments are copied out of them,
// sized to what they hold, and nothing else of the body is kept.
func scanStep(b []byte) (req StepRequest, ok bool) {
	sc := stepScanner{Scanner: fastjson.Scanner{Text: unsafe.String(unsafe.SliceData(b), len(b))}}
	if sc.Next() != '{' {
		return req, false
	}
	sc.Pos++
	if k, ok := sc.key(); !ok || k != "tool_calls" || sc.Next() != '[' {
		return req, false
	}
	calls, ok := sc.calls()
	if !ok || sc.Next() != '}' {
		return req, false
	}
	sc.Pos++
	if !sc.End() {
		return req, false
	}
	return StepRequest{ToolCalls: calls}, true
}

// stepScanner reads a step body.
type stepScanner struct{ fastjson.Scanner }

// key reads an object's key and its colon.
func (sc *stepScanner) key() (string, bool) {
	if sc.Next() != '"' {
		return "", false
	}
	k, ok := sc.Str()
	if !ok || sc.Next() != ':' {
		return "", false
	}
	sc.Pos++
	return k, true
}

// calls reads the list of calls whose '[' is at Pos: one call at least.
func (sc *stepScanner) calls() ([]WireCall, bool) {
	sc.Pos++
	calls := make([]WireCall, 0, 2)
	for {
		var c WireCall
		if !sc.fields(func(k string) (int, bool) { return sc.callField(&c, k) }) {
			return nil, false
		}
		detach(&c)
		calls = append(calls, c)
		switch sc.Next() {
		case ',':
			sc.Pos++
		case ']':
			sc.Pos++
			return calls, true
		default:
			return nil, false
		}
	}
}

// Fields of an object, each read at most once.
const (
	fieldID = 1 << iota
	fieldType
	fieldName
	fieldArguments
	fieldFunction
)

// fields reads an object whose '{' is at Pos, one field at least, with
// read: it reads the value of key k, and answers which field that is (0
// for none it takes) and whether the value is one it takes.
func (sc *stepScanner) fields(read func(k string) (int, bool)) bool {
	if sc.Next() != '{' {
		return false
	}
	sc.Pos++
	seen := 0
	for {
		k, ok := sc.key()
		if !ok {
			return false
		}
		f, ok := read(k)
		if f == 0 || !ok || seen&f != 0 {
			return false
		}
		seen |= f
		switch sc.Next() {
		case ',':
			sc.Pos++
		case '}':
			sc.Pos++
			return true
		default:
			return false
		}
	}
}

// callField reads the value of a call's field k into c.
func (sc *stepScanner) callField(c *WireCall, k string) (int, bool) {
	switch k {
	case "id":
		return fieldID, sc.text(&c.ID)
	case "type":
		return fieldType, sc.text(&c.Type)
	case "name":
		return fieldName, sc.text(&c.Name)
	case "arguments":
		return fieldArguments, sc.arguments(&c.Arguments)
	case "function":
		fn := &wireFunction{}
		c.Function = fn
		return fieldFunction, sc.fields(func(k string) (int, bool) {
			switch k {
			case "name":
				return fieldName, sc.text(&fn.Name)
			case "arguments":
				return fieldArguments, sc.arguments(&fn.Arguments)
			}
			return 0, false
		})
	}
	return 0, false
}

// wireFunction is the OpenAI form's {"name", "arguments"} of a call.
type wireFunction = struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments,omitempty"`
}

// text reads a string value into *to.
func (sc *stepScanner) text(to *string) bool {
	if sc.Next() != '"' {
		return false
	}
	s, ok := sc.Str()
	*to = s
	return ok
}

// arguments reads any value but null, its text as it is, into *to: a
// slice of the body until detach copies it.
func (sc *stepScanner) arguments(to *json.RawMessage) bool {
	start, ok := sc.Skip(0)
	if !ok || sc.Text[start:sc.Pos] == "null" {
		return false
	}
	text := sc.Text[start:sc.Pos]
	*to = unsafe.Slice(unsafe.StringData(text), len(text))
	return true
}

// detach copies what a call holds of the body, its strings and its
// arguments, into one allocation of its own. The arguments are sliced
// to their length, so that appending to them copies them first.
func detach(c *WireCall) {
	texts := [...]*string{&c.ID, &c.Type, &c.Name, nil}
	args := [...]*json.RawMessage{&c.Arguments, nil}
	if c.Function != nil {
		texts[3], args[1] = &c.Function.Name, &c.Function.Arguments
	}
	n := 0
	for _, f := range texts {
		if f != nil {
			n += len(*f)
		}
	}
	for _, a := range args {
		if a != nil {
			n += len(*a)
		}
	}
	buf := make([]byte, 0, n)
	for _, a := range args {
		if a != nil && *a != nil {
			start := len(buf)
			buf = append(buf, *a...)
			*a = buf[start:len(buf):len(buf)]
		}
	}
	for _, f := range texts {
		if f != nil && *f != "" {
			start := len(buf)
			buf = append(buf, *f...)
			// buf is never written again past the arguments'.
			*f = unsafe.String(&buf[start], len(*f))
		}
	}
}
