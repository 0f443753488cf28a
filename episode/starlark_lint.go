package episode

import (
	"fmt"

	"github.com/legoenv/legoenv/atom"
)

// CheckStarlark runs the top level of every Starlark tool of lib's
// servers as composing an environment does, under the same limits, and
// reports each that fails at its code: a top level that builds a huge
// value or runs past its time passes the loader's checks (they only
// compile it) and would fail every composition that uses its server.
// Tools whose code does not compile are left to the loader's diagnostics.
func CheckStarlark(lib *atom.Library) atom.Diagnostics {
	var ds atom.Diagnostics
	for _, e := range lib.Heads(atom.KindServer) {
		s := e.MustServer()
		for i := range s.Tools {
			t := &s.Tools[i]
			if t.Effect.Kind != "starlark" {
				continue
			}
			c, err := compileStarlark(t)
			if err != nil {
				continue
			}
			if _, err := initStarlark(s, t, c); err != nil {
				ds = append(ds, e.Diag(atom.Error, fmt.Sprintf("tools[%d].effect.code", i), "%v", err))
			}
		}
	}
	return ds
}
