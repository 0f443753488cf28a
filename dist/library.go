package dist

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/corpus"
)

// LoadLibrary loads a library reference: BuiltinExample, or a directory.
// A library with error diagnostics is refused, as the CLI refuses it.
func LoadLibrary(ref string) (*atom.Library, error) {
	var (
		lib *atom.Library
		ds  atom.Diagnostics
		err error
	)
	switch {
	case ref == BuiltinExample:
		lib, ds, err = atom.Load(corpus.Example())
	case strings.HasPrefix(ref, "builtin:"):
		return nil, fmt.Errorf("library %q: unknown built-in library (only %q)", ref, BuiltinExample)
	case !filepath.IsAbs(ref):
		// Workers run in other directories than the coordinator.
		return nil, fmt.Errorf("library %q: a directory reference must be an absolute path", ref)
	default:
		lib, ds, err = atom.LoadDir(ref)
	}
	if err != nil {
		return nil, err
	}
	if ds.HasErrors() {
		return nil, fmt.Errorf("library %q has errors: %w", ref, ds.Err())
	}
	return lib, nil
}

// libraryCache loads each reference once. Failures are not kept, so that a
// share mounted late is found on the next job.
type libraryCache struct {
	load func(string) (*atom.Library, error)
	mu   sync.Mutex
	libs map[string]*atom.Library
}

func (c *libraryCache) get(ref string) (*atom.Library, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if lib, ok := c.libs[ref]; ok {
		return lib, nil
	}
	lib, err := c.load(ref)
	if err != nil {
		return nil, err
	}
	if c.libs == nil {
		c.libs = map[string]*atom.Library{}
	}
	c.libs[ref] = lib
	return lib, nil
}
