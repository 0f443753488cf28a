package episode

import (
	"encoding/json"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/legoenv/legoenv/atom"
)

// Compiling a tool's JSON Schema and building its effect depend on the tool
// atom alone, yet every composition of every environment did both again.
// Atom values are shared and never edited in place (a change is a new
// version, a new value), so a tool's compiled parts are cached by the
// address of its atom.
type toolParts struct {
	schema *jsonschema.Schema
	impl   Effect
	raw    json.RawMessage
	err    error
}

var toolCache = struct {
	sync.Mutex
	m map[*atom.Tool]*toolParts
}{m: map[*atom.Tool]*toolParts{}}

// maxToolCache bounds the cache; past it the cache starts afresh.
const maxToolCache = 1 << 14

// cachedTool is newTool with the schema and the effect built once per tool
// atom; the Tool itself is new, so that it points at this composition's
// server entry.
func cachedTool(s *atom.Server, se *atom.Entry, t *atom.Tool) (*Tool, error) {
	toolCache.Lock()
	parts := toolCache.m[t]
	toolCache.Unlock()
	if parts == nil {
		tool, err := newTool(s, se, t)
		parts = &toolParts{err: err}
		if err == nil {
			parts.schema, parts.impl, parts.raw = tool.schema, tool.impl, tool.raw
		}
		toolCache.Lock()
		if len(toolCache.m) >= maxToolCache {
			toolCache.m = map[*atom.Tool]*toolParts{}
		}
		toolCache.m[t] = parts
		toolCache.Unlock()
		if err != nil {
			return nil, err
		}
		return tool, nil
	}
	if parts.err != nil {
		return nil, parts.err
	}
	return &Tool{Name: t.Name, Description: t.Description, App: s.AppName(), Input: t.Input, Effect: t.Effect, Server: se,
		schema: parts.schema, impl: parts.impl, raw: parts.raw}, nil
}
