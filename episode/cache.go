package episode

import (
	"encoding/json"
	"sort"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/internal/memo"
	"github.com/legoenv/legoenv/state"
)

// libCache is what composition derives from a library's atoms alone: every
// composition of every environment used to compile the same tool schemas,
// parse the same generator specs, find the same slots and check the same
// CEL again. The library owns it (atom.Library.Derived), so it lives as
// long as the library and its clones, and no longer. A nil *libCache
// caches nothing.
type libCache struct {
	// Tools by toolKey: their server's version and their name. A version
	// is the hash of the server's content, made when the library takes
	// the atom (a changed server is put again, as a new version), so the
	// key names what the parts were built from, not where it lies.
	tools *memo.Map[string, *toolParts]
	// Generator specs by text (a Spec is a value generators only read).
	specs *memo.Map[string, specEntry]
	// Slots an intent uses, by "id@version" (the hash of its content): an
	// address would be reused by a later intent once the first is collected
	// (a workflow's expanded intent lives for one composition).
	slots *memo.Map[string, []string]
	// CEL programs by source.
	progs *assert.Compiler
	// World collections that hold a data atom's records alone, by the
	// atom's "kind/id@version", the collection and its key field (see
	// composer.collection).
	colls *memo.Map[string, *state.Collection]
	// What packages above episode derive from the library's atoms alone,
	// by their keys (Env.Derived).
	derived sync.Map
}

// Bounds of the caches; past one, that cache starts afresh.
const (
	maxToolCache = 1 << 14
	maxSpecCache = 1 << 14
	maxSlotCache = 1 << 14
	maxCollCache = 1 << 10
)

// cacheKey is the key of a library's libCache among its derived values.
type cacheKey struct{}

// cacheOf returns the library's composition cache.
func cacheOf(lib *atom.Library) *libCache {
	return lib.Derived(cacheKey{}, func() any { return newLibCache() }).(*libCache)
}

func newLibCache() *libCache {
	return &libCache{
		tools: memo.New[string, *toolParts](maxToolCache),
		specs: memo.New[string, specEntry](maxSpecCache),
		slots: memo.New[string, []string](maxSlotCache),
		progs: assert.NewCompiler(),
		colls: memo.New[string, *state.Collection](maxCollCache),
	}
}

// Derived returns the value kept under key for the library e was composed
// from, made by mk on the first call: what a package above episode derives
// from the library's atoms alone (as atom.Library.Derived), reached from
// one of its environments, so that it lives as long as the library and no
// longer. key should be a value of an unexported type of the calling
// package. An environment not made by Compose keeps nothing: mk runs every
// time.
func (e *Env) Derived(key any, mk func() any) any {
	if e == nil || e.cache == nil {
		return mk()
	}
	if v, ok := e.cache.derived.Load(key); ok {
		return v
	}
	v, _ := e.cache.derived.LoadOrStore(key, mk())
	return v
}

// toolParts are the parts of a Tool that depend on its atom alone.
type toolParts struct {
	schema *jsonschema.Schema
	impl   Effect
	raw    json.RawMessage
	takes  map[string]bool // nil when the schema accepts any argument
	simple *simpleSchema
	err    error
}

// tool is newTool with the schema and the effect built once per tool atom;
// the Tool itself is new, so that it points at this composition's server
// entry.
func (lc *libCache) tool(s *atom.Server, se *atom.Entry, t *atom.Tool) (*Tool, error) {
	key := toolKey(se, t)
	if lc == nil || key == "" {
		return newTool(s, se, t)
	}
	parts, ok := lc.tools.Load(key)
	if !ok {
		tool, err := newTool(s, se, t)
		parts = &toolParts{err: err}
		if err == nil {
			parts.schema, parts.impl, parts.raw, parts.takes, parts.simple = tool.schema, tool.impl, tool.raw, tool.takes, tool.simple
		}
		lc.tools.Store(key, parts)
		if err != nil {
			return nil, err
		}
		return tool, nil
	}
	if parts.err != nil {
		return nil, parts.err
	}
	return &Tool{Name: t.Name, Description: t.Description, App: s.AppName(), Input: t.Input, Effect: t.Effect, Server: se,
		schema: parts.schema, impl: parts.impl, raw: parts.raw, takes: parts.takes, simple: parts.simple, invalid: s.InvalidArguments}, nil
}

// toolKey is the key of tool t of server entry se: the entry's
// "kind/id@version" and the tool's name (a server's tool names are
// distinct: composition refuses a second one before it asks the cache).
// It is "" for an entry without a version, which is not cached.
func toolKey(se *atom.Entry, t *atom.Tool) string {
	if se == nil || se.Version == "" {
		return ""
	}
	return se.Ref() + "#" + t.Name
}

type specEntry struct {
	spec gen.Spec
	err  error
}

// parseSpec is gen.Parse, cached.
func (lc *libCache) parseSpec(s string) (gen.Spec, error) {
	if lc == nil {
		return gen.Parse(s)
	}
	e := lc.specs.Get(s, func() specEntry {
		sp, err := gen.Parse(s)
		return specEntry{sp, err}
	})
	return e.spec, e.err
}

// compile is assert.Compile with the CEL program shared between assertions
// of one source.
func (lc *libCache) compile(a assert.Assertion) (*assert.Program, error) {
	if lc == nil {
		return assert.Compile(a)
	}
	return lc.progs.Compile(a)
}

// usedSlots returns the slot names an intent's instruction, goal and plan
// use, sorted. key is the atom's "id@version", or "" for an intent made
// during composition (not cached).
func (lc *libCache) usedSlots(key string, in *atom.Intent) []string {
	if lc == nil || key == "" {
		return slotsOf(in)
	}
	return lc.slots.Get(key, func() []string { return slotsOf(in) })
}

// slotsOf finds the slots an intent uses.
func slotsOf(in *atom.Intent) []string {
	used := map[string]bool{}
	collect := func(s string) {
		for _, p := range atom.Placeholders(s) {
			used[p.Slot] = true
		}
	}
	collect(in.Instruction)
	b, _ := json.Marshal(in.Goal)
	collect(string(b))
	b, _ = json.Marshal(in.Plan)
	collect(string(b))
	b, _ = json.Marshal(in.OtherBranch)
	collect(string(b))
	names := make([]string, 0, len(used))
	for n := range used {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
