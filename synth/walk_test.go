package synth

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// eachRecord synthesises worlds of apps (variants each) over the
// built-in servers and calls visit with every record drawn, its data
// atom, app and collection.
func eachRecord(t *testing.T, variants int, apps []string, visit func(d *atom.Data, app string, coll *atom.Collection, rec map[string]any)) {
	t.Helper()
	c := synthApps(t, variants, apps...)
	src := builtinServers(t)
	for _, app := range apps {
		s := src.ServerFor(app).MustServer()
		for i := range s.Collections {
			coll := &s.Collections[i]
			for _, d := range c.Data {
				for _, rec := range d.Records[app][coll.Name] {
					visit(d, app, coll, rec)
				}
			}
		}
	}
}
