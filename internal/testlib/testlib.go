// Package testlib holds what the module's tests share: the built-in
// example library, loaded and checked the one way.
package testlib

import (
	"fmt"
	"sync"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/corpus"
)

// LoadExample loads the built-in example library; a content error in it
// is an error too.
func LoadExample() (*atom.Library, error) {
	lib, ds, err := atom.Load(corpus.Example())
	if err != nil {
		return nil, fmt.Errorf("example library: %w", err)
	}
	if ds.HasErrors() {
		return nil, fmt.Errorf("example library: %w", ds.Err())
	}
	return lib, nil
}

// Example is LoadExample for a test, which it fails on an error. Each call
// loads the library anew, so a test may change what it gets.
func Example(tb testing.TB) *atom.Library {
	tb.Helper()
	lib, err := LoadExample()
	if err != nil {
		tb.Fatal(err)
	}
	return lib
}

// builtin loads the built-in server atoms and their catalogues once for
// the whole test binary: loading and checking 152 servers takes a second
// or more, and the synthesis tests ask for them a few hundred times.
var builtin = sync.OnceValues(func() (*atom.Library, error) {
	lib, ds, err := atom.Load(corpus.Builtin())
	if err != nil {
		return nil, err
	}
	if ds.HasErrors() {
		return nil, fmt.Errorf("built-in servers: %w", ds.Err())
	}
	return lib, nil
})

// Builtin gives a test the built-in server atoms and the catalogues of
// their operations beside them, which it fails on an error or a content
// error. Each call gets a clone of one load (atom.Library.Clone): a test
// may put atoms and recipes into it without changing what another gets,
// and, as everywhere, changes an atom by putting a changed copy.
func Builtin(tb testing.TB) *atom.Library {
	tb.Helper()
	lib, err := builtin()
	if err != nil {
		tb.Fatal(err)
	}
	return lib.Clone()
}
