package synth

import (
	"math/rand/v2"
	"slices"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// ownedTexts describe a record that is one person's own (a Confluence
// personal space): what its owner keeps there, never a customer's or a
// team's matter.
var ownedTexts = []string{
	"{first}'s own notes and drafts.", "Where {person} keeps drafts before sharing them with the team.",
	"{first}'s working notes, meeting notes and drafts.", "{person}, {title}: notes and drafts.",
	"Drafts and to-dos {first} is working on.", "{first}'s notes, kept since {since}.",
	"Work in progress by {person}; nothing here is final.", "{person}'s scratch pages and reading notes.",
}

// roleForm gives rec, a record of cm, in each field that takes another
// role on records of its kind (role_when: a Confluence personal space is
// named by its owner) a value of that role where it holds none. Where the
// role is a person's name and no task pins the field, the record becomes
// p's own: it is named by them and its texts say what they keep there.
// Where it is a department's and no task names the record (p is
// someone), the record is named for the department it serves (a
// RingCentral department extension is "Support"). Otherwise the record keeps the value (a name a task gives it) and
// becomes of a kind the role does not hold on, where no task pins its kind
// and the field telling it has one (a space named for a customer's
// project is a global space).
func (v *valuer) roleForm(cm *collModel, rec map[string]any, p gen.Person, pinned map[string]any) {
	for _, f := range cm.fieldNames {
		rw := cm.field(f).RoleWhen
		if !rw.Holds(rec) || coherence.FitsRole(rw.Role, rec[f]) {
			continue
		}
		_, set := pinned[f]
		if !set && rw.Role == atom.RolePersonName && p.First != "" && p.Last != "" {
			v.ownedBy(cm, f, rec, p, pinned)
			continue
		}
		if !set && rw.Role == atom.RoleDepartment && p.First != "" {
			rec[f] = departmentOf(cm, rec, v.rng)
			continue
		}
		if _, set := pinned[rw.Field]; !set {
			if k, ok := otherKind(cm.field(rw.Field), rw.In); ok {
				rec[rw.Field] = k
			}
		}
	}
}

// ownedBy names rec, a record of cm, by p in its field f and writes its
// texts no task pins as p's.
func (v *valuer) ownedBy(cm *collModel, f string, rec map[string]any, p gen.Person, pinned map[string]any) {
	rec[f] = p.First + " " + p.Last
	for _, tf := range cm.fieldNames {
		fd := cm.field(tf)
		if _, set := pinned[tf]; set || tf == f || cm.roles[tf] != atom.RoleText || fd.Type != "string" || len(fd.Enum) > 0 || !atom.IsSet(rec[tf]) {
			continue
		}
		rng := v.textRand(cm, rec, tf)
		since := v.clock.AddDate(0, 0, -30-rng.IntN(700)).Format("2 January 2006")
		rec[tf] = fill(pick(rng, ownedTexts), map[string]string{
			"first": p.First, "person": p.First + " " + p.Last, "title": p.Title, "since": since,
		})
	}
}

// roleForms keeps roleForm on every record once the world's rules have
// settled, a record a rule moved onto a kind since it was drawn among
// them: one no task names is given to one of the company's people.
func (db *dataBuilder) roleForms(apps []*appModel) {
	for _, m := range apps {
		named := namedKeys(m, db.d)
		for _, cm := range m.colls {
			if !slices.ContainsFunc(cm.fieldNames, func(f string) bool { return cm.field(f).RoleWhen != nil }) {
				continue
			}
			for _, rec := range db.d.Records[m.app][cm.name] {
				var p gen.Person
				if !named[cm.name][state.Text(rec[cm.key])] {
					p = db.val.src.Person()
				}
				db.val.roleForm(cm, rec, p, nil)
			}
		}
	}
}

// ownerOfKind is p where a task pins the kind of a record of cm on which
// a field takes a person's name (a personal space a task lists): the
// record is then p's own. A record a task names otherwise keeps the name
// the task reads it by and changes kind instead: no one.
func ownerOfKind(cm *collModel, p gen.Person, pinned map[string]any) gen.Person {
	for _, f := range cm.fieldNames {
		if rw := cm.field(f).RoleWhen; rw != nil {
			if _, set := pinned[rw.Field]; set {
				return p
			}
		}
	}
	return gen.Person{}
}

// otherKind is a value of fd, the field telling a record's kind, outside
// in: the first of its enum.
func otherKind(fd atom.Field, in []string) (string, bool) {
	for _, v := range fd.Enum {
		if s := state.Text(v); !slices.Contains(in, s) {
			return s, true
		}
	}
	return "", false
}

// departmentOf is what a record of cm serving a department is called: the
// department another field of it names, else one drawn.
func departmentOf(cm *collModel, rec map[string]any, rng *rand.Rand) string {
	for _, f := range cm.fieldNames {
		if d := state.Text(rec[f]); cm.roles[f] == atom.RoleDepartment && cm.field(f).RoleWhen == nil && coherence.FitsRole(atom.RoleDepartment, d) && d != "" {
			return d
		}
	}
	return pick(rng, departments)
}
