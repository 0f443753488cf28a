// Package corpus holds legoenv's built-in atom libraries, embedded in the
// binary so that every command works with no files at hand.
package corpus

import (
	"embed"
	"io/fs"
)

//go:embed example
var exampleFS embed.FS

// Example is the small example library: three apps, two data atoms, two
// rules and five intents, one of them spanning two apps.
func Example() fs.FS { return embedded(exampleFS, "example") }

// embedded is the folder dir of an embedded tree.
func embedded(tree embed.FS, dir string) fs.FS {
	sub, err := fs.Sub(tree, dir)
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	return sub
}
