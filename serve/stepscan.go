package serve

import (
	"encoding/json"

	"github.com/legoenv/legoenv/internal/fastjson"
)

// scanStep reads a step body in one pass, as decodeJSON reads it, where
// the body is as clients write it: {"tool_calls": [...]} with at least
// one call, each call's fields named exactly (no case folding), once
// each, none null, the strings without escapes. Its strings are slices of
// one copy of the body and the calls' arguments of another. Anything else
// it leaves to readStep's other readers (ok false), whose values and
// errors are encoding/json's.
func scanStep(b []byte) (req StepRequest, ok bool) {
	sc := stepScanner{Scanner: fastjson.Scanner{Text: string(b)}, raw: b}
	if sc.Next() != '{' {
		return req, false
	}
	sc.Pos++
	if !sc.name("tool_calls") || sc.Next() != '[' {
		return req, false
	}
	sc.Pos++
	req.ToolCalls = make([]WireCall, 0, 2)
	for {
		c, ok := sc.call()
		if !ok {
			return StepRequest{}, false
		}
		req.ToolCalls = append(req.ToolCalls, c)
		switch sc.Next() {
		case ',':
			sc.Pos++
			continue
		case ']':
			sc.Pos++
		default:
			return StepRequest{}, false
		}
		break
	}
	if sc.Next() != '}' {
		return StepRequest{}, false
	}
	sc.Pos++
	if !sc.End() {
		return StepRequest{}, false
	}
	return req, true
}

// stepScanner reads a step body.
type stepScanner struct {
	fastjson.Scanner
	raw  []byte // the body, for arguments: copied once, when the first is read
	args []byte
}

// name reads the key k, exactly, and its colon.
func (sc *stepScanner) name(k string) bool {
	got, ok := sc.key()
	return ok && got == k
}

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

// Fields of a call, each read at most once.
const (
	fieldID = 1 << iota
	fieldType
	fieldName
	fieldArguments
	fieldFunction
)

// call reads one call's object.
func (sc *stepScanner) call() (c WireCall, ok bool) {
	if sc.Next() != '{' {
		return c, false
	}
	sc.Pos++
	seen := 0
	for {
		k, ok := sc.key()
		if !ok {
			return c, false
		}
		var f int
		switch k {
		case "id":
			f, ok = fieldID, sc.text(&c.ID)
		case "type":
			f, ok = fieldType, sc.text(&c.Type)
		case "name":
			f, ok = fieldName, sc.text(&c.Name)
		case "arguments":
			f, ok = fieldArguments, sc.arguments(&c.Arguments)
		case "function":
			f, ok = fieldFunction, sc.function(&c)
		}
		if f == 0 || !ok || seen&f != 0 {
			return c, false
		}
		seen |= f
		switch sc.Next() {
		case ',':
			sc.Pos++
		case '}':
			sc.Pos++
			return c, true
		default:
			return c, false
		}
	}
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

// arguments reads any value but null, its text as it is, into *to.
func (sc *stepScanner) arguments(to *json.RawMessage) bool {
	start, ok := sc.Skip(0)
	if !ok || sc.Text[start:sc.Pos] == "null" {
		return false
	}
	if sc.args == nil {
		sc.args = append([]byte(nil), sc.raw...)
	}
	*to = sc.args[start:sc.Pos:sc.Pos]
	return true
}

// function reads the OpenAI form's {"name", "arguments"} of a call.
func (sc *stepScanner) function(c *WireCall) bool {
	if sc.Next() != '{' {
		return false
	}
	sc.Pos++
	fn := &struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments,omitempty"`
	}{}
	seen := 0
	for {
		k, ok := sc.key()
		if !ok {
			return false
		}
		var f int
		switch k {
		case "name":
			f, ok = fieldName, sc.text(&fn.Name)
		case "arguments":
			f, ok = fieldArguments, sc.arguments(&fn.Arguments)
		}
		if f == 0 || !ok || seen&f != 0 {
			return false
		}
		seen |= f
		switch sc.Next() {
		case ',':
			sc.Pos++
		case '}':
			sc.Pos++
			c.Function = fn
			return true
		default:
			return false
		}
	}
}
