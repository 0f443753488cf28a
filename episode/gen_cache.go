package episode

import (
	"sync"

	"github.com/legoenv/legoenv/gen"
)

// World building parses a generator spec for every field of every generated
// record; the specs of a data atom are few. Parsed specs are cached by text
// (a Spec is a value and generators only read it).
var specCache sync.Map // string -> specEntry

type specEntry struct {
	spec gen.Spec
	err  error
}

// maxSpecCache bounds the number of distinct specs kept.
const maxSpecCache = 1 << 14

var specCount struct {
	sync.Mutex
	n int
}

// parseSpec is gen.Parse, cached.
func parseSpec(s string) (gen.Spec, error) {
	if e, ok := specCache.Load(s); ok {
		se := e.(specEntry)
		return se.spec, se.err
	}
	sp, err := gen.Parse(s)
	specCount.Lock()
	if specCount.n >= maxSpecCache {
		specCache.Clear()
		specCount.n = 0
	}
	specCount.n++
	specCount.Unlock()
	specCache.Store(s, specEntry{sp, err})
	return sp, err
}
