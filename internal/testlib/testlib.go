// Package testlib holds what the module's tests share: the built-in
// example library, loaded and checked the one way.
package testlib

import (
	"fmt"
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

// Builtin loads the built-in server atoms and the catalogues of their
// operations beside them for a test, which it fails on an error or a
// content error.
func Builtin(tb testing.TB) *atom.Library {
	tb.Helper()
	lib, ds, err := atom.Load(corpus.Builtin())
	if err != nil {
		tb.Fatal(err)
	}
	if ds.HasErrors() {
		tb.Fatalf("built-in servers: %v", ds.Err())
	}
	return lib
}
