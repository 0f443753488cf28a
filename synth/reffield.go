package synth

import (
	"maps"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// A reference may hold another field of the record it names than its key
// (ref_field: a Jira comment's issue_key is the key, "ISS-2278",
// not its id). Records are drawn naming their references by key; once
// every record is there, each such reference takes the field it holds.

// refBy is the field of target a value of reference f holds, or "" where
// it holds target's key.
func refBy(f atom.Field, target *collModel) string {
	if f.RefField == "" || f.RefField == target.key {
		return ""
	}
	return f.RefField
}

// slot is the template that fills reference rf with the record in slot s:
// the record's key, or the field rf holds.
func (rf refField) slot(s string) string { return slotRef(s, rf.by) }

// chSlot is the template that names the summary's channel, in slot "ch",
// as its post's reference holds it.
func (nt *notifyTarget) chSlot() string { return slotRef("ch", nt.by) }

// refsByField turns every reference drawn by key into the field it holds
// where the server declares one; a key that names no record of the target,
// or one without the field, is dropped, as a reference that cannot
// resolve is.
func (db *dataBuilder) refsByField(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			for _, rf := range cm.refs {
				if rf.by != "" {
					db.refByField(m, cm, rf)
				}
			}
		}
	}
}

func (db *dataBuilder) refByField(m *appModel, cm *collModel, rf refField) {
	held := map[string]any{}
	byKey := map[string]any{}
	for _, r := range db.d.Records[m.app][rf.target.name] {
		if v, ok := r[rf.by]; ok && atom.IsSet(v) {
			byKey[state.Text(r[rf.target.key])] = v
			held[state.Text(v)] = v
		}
	}
	// as is the value a drawn key stands for: the field it holds (or the
	// value itself where it is that field already); ok is false for
	// neither.
	as := func(x any) (any, bool) {
		k := state.Text(x)
		if v, ok := byKey[k]; ok {
			return v, true
		}
		v, ok := held[k]
		return v, ok
	}
	for _, rec := range db.d.Records[m.app][cm.name] {
		x, ok := rec[rf.name]
		if !ok || x == nil {
			continue
		}
		if l, isList := x.([]any); isList {
			out := make([]any, 0, len(l))
			for _, e := range l {
				if v, ok := as(e); ok {
					out = append(out, v)
				}
			}
			rec[rf.name] = out
			continue
		}
		if v, ok := as(x); ok {
			rec[rf.name] = v
		} else {
			delete(rec, rf.name)
		}
	}
}

// requiredRefs makes every reference its server marks required name a
// record (a JMAP email's mailboxIds, a Workable candidate's job), and one
// a set_when rule asks for in the states it names (a Zulip stream
// message's stream): one drawn empty, because no record a task names is
// of the collection it points at, takes a background record of that
// collection (a record a task names where there is none, never one a task
// keeps to itself). A value a task sets stays. The draw is the record's
// own (textRand), so no other value moves.
func (db *dataBuilder) requiredRefs(apps []*appModel) {
	companies := worldCompanies(apps, db.d)
	for _, m := range apps {
		for _, cm := range m.colls {
			for _, rf := range cm.refs {
				if cm.field(rf.name).Required {
					db.requiredRef(m, cm, rf, companies, nil)
				}
				for _, inv := range cm.c.Invariants {
					if inv.Rule == "set_when" && inv.Fields[0] == rf.name {
						db.requiredRef(m, cm, rf, companies, func(rec map[string]any) bool { return cm.c.Needs(inv, rec) })
					}
				}
			}
		}
	}
}

// requiredRef fills reference rf on the records of cm that need it: all,
// or those need reports.
func (db *dataBuilder) requiredRef(m *appModel, cm *collModel, rf refField, companies []string, need func(map[string]any) bool) {
	ks := db.unnamedKeys(m, rf.target)
	if len(ks) == 0 {
		for role, k := range db.keys[rf.target] {
			if !db.p.private[rf.target][role] {
				ks = append(ks, k)
			}
		}
		slices.Sort(ks)
	}
	if len(ks) == 0 {
		return
	}
	pinned := db.pinnedKeys(cm, rf.name)
	for _, rec := range db.d.Records[m.app][cm.name] {
		self := state.Text(rec[cm.key])
		if coherence.HoldsValue(rec[rf.name]) || pinned[self] || need != nil && !need(rec) {
			continue
		}
		k := pick(db.val.textRand(cm, rec, rf.name), ks)
		if k == self {
			continue // a record does not name itself
		}
		if !rf.list {
			k = db.titledParent(m, cm, rf, rec, ks, k, companies)
		}
		if rf.list {
			rec[rf.name] = []any{k}
		} else {
			rec[rf.name] = k
		}
	}
}

// titledParent is the record among ks of the company a title of rec names
// (a lead form titled for Umbrella Industries is on Umbrella's ad
// account), or k. Where no record of ks is that company's, the title
// names the company of k instead: a record does not name one company
// while it belongs to another.
func (db *dataBuilder) titledParent(m *appModel, cm *collModel, rf refField, rec map[string]any, ks []string, k string, companies []string) string {
	tc := rf.target
	name := tc.company
	if name == "" && tc.roles[tc.display] == atom.RoleCompany {
		name = tc.display
	}
	titles := cm.withRole(atom.RoleTitle)
	if name == "" || len(titles) == 0 {
		return k
	}
	companyOf := func(key string) string { return db.valueOf(m, tc, key, name) }
	for _, c := range ks {
		n := companyOf(c)
		if len(n) <= 2 {
			continue
		}
		for _, f := range titles {
			if strings.Contains(state.Text(rec[f]), n) {
				return c
			}
		}
	}
	if want := companyOf(k); len(want) > 2 {
		for _, f := range titles {
			if t, ok := rec[f].(string); ok {
				// The companies the world's records name, and any other
				// the title names that the generator draws.
				rec[f] = renameCompanies(t, want, append(slices.Clone(companies), gen.CompaniesNamed(t)...))
			}
		}
	}
	return k
}

// worldCompanies are the names every field of role company holds in the
// data atom.
func worldCompanies(apps []*appModel, d *atom.Data) []string {
	seen := map[string]bool{}
	for _, m := range apps {
		for _, cm := range m.colls {
			for _, f := range cm.withRole(atom.RoleCompany) {
				for _, r := range d.Records[m.app][cm.name] {
					if n := state.Text(r[f]); len(n) > 2 {
						seen[n] = true
					}
				}
			}
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// renameCompanies writes want for every other company of names that text
// holds (none that is part of want's own name).
func renameCompanies(text, want string, names []string) string {
	for _, n := range names {
		if n != want && !strings.Contains(want, n) && strings.Contains(text, n) {
			text = strings.ReplaceAll(text, n, want)
		}
	}
	return text
}
