package atom

import (
	"fmt"
	"maps"
	"slices"
	"sync"
)

// The registry of effect kinds a server atom may use, each with a doc line.
// The kinds of the atom format register below; a plug-in kind registers
// through episode.RegisterEffect, which registers it here and binds its
// implementation in the same call, so the loader and the composer cannot
// disagree on what a kind is. Written only from init.
var effectKinds = struct {
	sync.RWMutex
	m map[string]string
}{m: map[string]string{}}

func init() {
	for _, k := range []struct{ name, doc string }{
		{"search", "find records whose fields match the arguments (filters), up to a limit"},
		{"get", "return the record whose key is the key argument"},
		{"create", "insert a record built from the arguments and constants; the key is generated"},
		{"update", "set fields of the record named by the key argument"},
		{"delete", "remove the record named by the key argument"},
		{"append", "append the value argument to a list field of the record named by the key argument"},
		{"remove", "take the value argument out of a list field of the record named by the key argument"},
		{"starlark", "run a Starlark function run(args, db) in a sandbox"},
		{"unresolved", "a tool whose effect is not known yet; calling it is an error"},
	} {
		RegisterEffectKind(k.name, k.doc)
	}
}

// RegisterEffectKind adds an effect kind to those the loader accepts. Call
// it from init (episode.RegisterEffect does, with the kind's
// implementation). Like database/sql.Register it panics when the name is
// empty or already registered: two plug-ins claiming one kind is a
// programming error, found when the program starts.
func RegisterEffectKind(name, doc string) {
	effectKinds.Lock()
	defer effectKinds.Unlock()
	if name == "" {
		panic("atom: RegisterEffectKind: empty kind")
	}
	if _, dup := effectKinds.m[name]; dup {
		panic(fmt.Sprintf("atom: RegisterEffectKind: kind %q registered twice", name))
	}
	effectKinds.m[name] = doc
}

// EffectKindDoc returns the doc line of a registered effect kind, and
// whether it is registered.
func EffectKindDoc(name string) (string, bool) {
	effectKinds.RLock()
	defer effectKinds.RUnlock()
	doc, ok := effectKinds.m[name]
	return doc, ok
}

// EffectKindNames returns the registered effect kinds, sorted.
func EffectKindNames() []string {
	effectKinds.RLock()
	defer effectKinds.RUnlock()
	return slices.Sorted(maps.Keys(effectKinds.m))
}
