package synth

import (
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// reportsTo draws the references a collection of people makes to itself
// (an employee's supervisor, a manager): the people form one tree, each
// reporting to one drawn before them who is still there (whose end, the
// later date of a before rule such as a termination date, has not come)
// and who keeps the collection's since rules (started no later than them),
// the first to no one, as a company has one head. A value a task sets stays, and a record never names
// itself. The draw is the record's own (textRand), so no other value
// moves.
func (db *dataBuilder) reportsTo(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			if !ofPeople(cm) {
				continue
			}
			for _, f := range cm.fieldNames {
				fd := cm.c.Fields[f]
				if cm.roles[f] == atom.RoleRef && fd.Ref == cm.name && fd.Type != "array" {
					db.reportTo(cm, f, db.d.Records[m.app][cm.name])
				}
			}
		}
	}
}

func (db *dataBuilder) reportTo(cm *collModel, f string, recs []map[string]any) {
	pinned := db.pinnedKeys(cm, f)
	var all []string
	names := map[string]string{}
	byKey := map[string]map[string]any{}
	for _, rec := range recs {
		self := state.Text(rec[cm.key])
		if !pinned[self] {
			delete(rec, f)
			heads := startedHeads(cm, f, rec, all, byKey)
			if k, ok := namedHead(cm, rec, heads, names); ok && k != "" {
				rec[f] = k
			} else if !ok && len(heads) > 0 {
				rec[f] = pick(db.val.textRand(cm, rec, f), heads)
			}
		}
		if !db.over(cm, rec) && !slices.Contains(all, self) {
			all = append(all, self)
			names[self] = fullName(cm, rec)
			byKey[self] = rec
		}
	}
}

// startedHeads are the heads rec may report to through f: those that
// keep the collection's since rules over f (a manager who started no
// later than the report).
func startedHeads(cm *collModel, f string, rec map[string]any, heads []string, byKey map[string]map[string]any) []string {
	var out []string
	for _, k := range heads {
		kept := true
		for _, inv := range cm.c.Invariants {
			if inv.Rule != "since" || inv.Fields[1] != f {
				continue
			}
			if _, bad := inv.OutsideParent(rec, byKey[k]); bad {
				kept = false
			}
		}
		if kept {
			out = append(out, k)
		}
	}
	return out
}

// namedHead is the head among heads whose name rec's text gives as its
// owner or manager, "" where the text names one who is none of them; ok
// is false where no text names one.
func namedHead(cm *collModel, rec map[string]any, heads []string, names map[string]string) (string, bool) {
	named := false
	for _, tf := range cm.withRole(atom.RoleText) {
		text := state.Text(rec[tf])
		for _, at := range coherence.OwnerNamed(text) {
			named = true
			for _, k := range heads {
				if n := names[k]; n != "" && strings.HasPrefix(text[at:], n) {
					return k, true
				}
			}
		}
	}
	return "", named
}

// fullName is the name of the person rec is: its person's name, or its
// first and last names.
func fullName(cm *collModel, rec map[string]any) string {
	if n := ownPersonName(cm, rec); n != "" {
		return n
	}
	return strings.TrimSpace(state.Text(rec[cm.first]) + " " + state.Text(rec[cm.last]))
}

// ofPeople reports whether cm's records are people: a field names the
// record's person.
func ofPeople(cm *collModel) bool {
	return cm.first != "" || cm.last != "" || len(cm.withRole(atom.RolePersonName)) > 0
}

// over reports whether rec's time is over at the world's clock: the later
// date of one of its collection's before rules has come (an employee's
// termination date).
func (db *dataBuilder) over(cm *collModel, rec map[string]any) bool {
	for _, inv := range cm.c.Invariants {
		if !inv.Orders(rec) {
			continue
		}
		if end, ok := atom.Time(rec[inv.Fields[1]]); ok && !end.After(db.val.clock) {
			return true
		}
	}
	return false
}
