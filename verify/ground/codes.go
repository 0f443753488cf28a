package ground

import (
	"maps"
	"strconv"
	"strings"

	"github.com/legoenv/legoenv/verify/satisfy"
)

// Codes are the names a product's documentation gives the values of the
// fields it stores as codes, as its tools show them to the agent: field
// -> code as text -> name (a Freshdesk ticket's priority "4" is
// "Urgent"). A record whose field holds a code is read as also holding
// its name, so the tickets "flagged urgent" are those whose priority is
// 4, and a code is named where its name is.
type Codes map[string]map[string]string

// Add keeps the names of field's codes; a field that two collections code
// differently names no code.
func (c Codes) Add(field string, names map[string]string) {
	if len(names) == 0 {
		return
	}
	if old, seen := c[field]; seen && !maps.Equal(old, names) {
		c[field] = nil
		return
	}
	c[field] = names
}

// name is the name of the code v at path (its last segment the field).
func (c Codes) name(path string, v float64) (string, bool) {
	field := path[strings.LastIndexByte(path, '.')+1:]
	names := c[field]
	if names == nil {
		return "", false
	}
	n, ok := names[strconv.FormatFloat(v, 'f', -1, 64)]
	return n, ok && strings.TrimSpace(n) != ""
}

// FindCode names the first document that asks for the code v of field by
// the name its documentation gives it, as FindState asks for a state by
// its word: priority 4 where a message says "urgent". "" when the code
// has no name or nothing names it.
func (ctx *Visible) FindCode(field string, v any) string {
	f, ok := NumberOf(v)
	if !ok {
		return ""
	}
	name, ok := ctx.Codes.name(field, f)
	if !ok {
		return ""
	}
	w := satisfy.Loose(name)
	for _, d := range ctx.Docs {
		if isWord(w) && hasWords(d.prose, []string{w}) || strings.Contains(d.prose, " "+w+" ") {
			return d.Name + " (code " + codeText(f) + " is " + strconv.Quote(name) + ")"
		}
	}
	return ""
}

func codeText(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
