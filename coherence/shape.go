package coherence

import (
	"slices"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/memo"
)

// A collection's shape is what the checks derive from its definition
// alone: its declared fields in order, and each field's words and role.
// Every record of a collection asks the same questions of it (a world holds
// hundreds of records, and synthesis checks each record it draws), so the
// answers are worked out once per definition. Atom values are never edited
// in place (a change is a new version, a new value), so a definition's
// address names its content; the cache holds the definitions it keys on, so
// an address is not reused while it is cached.
type shape struct {
	names  []string // the declared fields, sorted
	fields map[string]fieldShape
}

// fieldShape is what one declared field's name and definition say.
type fieldShape struct {
	words     []string // atom.Words of the name
	role, ref string   // atom.RoleOf
	states    []string // stateWord of each enum value, in order
}

type shapeKey struct {
	s   *atom.Server
	def *atom.Collection
}

// maxShapes bounds the cache; past it, it starts afresh.
const maxShapes = 1 << 12

var shapes = memo.New[shapeKey, *shape](maxShapes)

// shapeOf returns the shape of collection def of server s.
func shapeOf(s *atom.Server, def *atom.Collection) *shape {
	return shapes.Get(shapeKey{s, def}, func() *shape {
		sh := &shape{fields: make(map[string]fieldShape, len(def.Fields))}
		for f := range def.Fields {
			sh.names = append(sh.names, f)
			role, ref := atom.RoleOf(s, def, f)
			fs := fieldShape{words: slices.Clip(atom.Words(f)), role: role, ref: ref}
			for _, e := range def.Fields[f].Enum {
				fs.states = append(fs.states, stateWord(e))
			}
			sh.fields[f] = fs
		}
		slices.Sort(sh.names)
		return sh
	})
}

// declared returns the declared fields rec has (set or null), sorted.
func (sh *shape) declared(rec map[string]any) []string {
	out := make([]string, 0, len(sh.names))
	for _, f := range sh.names {
		if _, ok := rec[f]; ok {
			out = append(out, f)
		}
	}
	return out
}
