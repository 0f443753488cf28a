package coherence

import (
	"iter"
	"slices"

	"github.com/legoenv/legoenv/atom"
)

// Shape is what the checks derive from one collection's definition alone:
// its declared fields in order, and each field's words and role. Every
// record of a collection asks the same questions of it (a world holds
// hundreds of records, and synthesis checks each record it draws), so a
// caller that checks many records of one collection derives its shape
// once (ShapeOf) and asks the shape; the functions that take a server and
// a definition derive it afresh on each call. A shape reads the definition
// as it was when it was derived: derive it again after editing the
// definition.
type Shape struct {
	server *atom.Server
	def    *atom.Collection
	names  []string // the declared fields, sorted
	fields map[string]fieldShape
}

// fieldShape is what one declared field's name and definition say.
type fieldShape struct {
	words     []string // atom.Words of the name
	role, ref string   // atom.RoleOf
	states    []string // stateWord of each enum value, in order
}

// ShapeOf derives the shape of collection def of server s.
func ShapeOf(s *atom.Server, def *atom.Collection) *Shape {
	sh := &Shape{server: s, def: def, fields: make(map[string]fieldShape, len(def.Fields))}
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
}

// declared yields the declared fields rec has (set or null), sorted,
// without making a list: every check of every drawn record asks it.
func (sh *Shape) declared(rec map[string]any) iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, f := range sh.names {
			if _, ok := rec[f]; ok && !yield(f) {
				return
			}
		}
	}
}

// withRole yields the declared fields of role, sorted.
func (sh *Shape) withRole(role string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, f := range sh.names {
			if sh.fields[f].role == role && !yield(f) {
				return
			}
		}
	}
}
