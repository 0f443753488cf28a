package plan

import (
	"maps"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/satisfy"
)

// Nested fields. A goal may read a field inside an object field
// ("cells.Status" of a sheet row, "fields.Name" of a table record, "cells.*"
// for any cell). No argument writes such a field by that name; the
// argument that writes the object does, given an object holding it.

// nestedArg returns the argument of t that writes the object a dotted field
// lies in, and the path inside that object.
func nestedArg(t *episode.Tool, ci *facts.Coll, argOf map[string]string, f string) (string, []string, bool) {
	head, tail, dotted := strings.Cut(f, ".")
	if !dotted || tail == "" {
		return "", nil, false
	}
	arg, ok := argOf[head]
	if !ok {
		return "", nil, false
	}
	st, _ := facts.ArgSchema(t, arg)["type"].(string)
	ft := ci.Def.Fields[head].Type
	if st != "object" && !(st == "" && (ft == "object" || ft == "")) {
		return "", nil, false
	}
	return arg, strings.Split(tail, "."), true
}

// nestedValue is a value of a field inside an object that satisfies the
// predicates on it.
func nestedValue(fp []assert.Predicate) (any, bool) {
	if satisfy.IsListPreds(fp) {
		add, ok := satisfy.List(fp, nil)
		return add, ok
	}
	return satisfy.Scalar(fp, atom.Field{})
}

// objects collects the objects the nested fields of one call write, each
// started from the record's current object (an update keeps the other
// cells) and written at the arguments once complete.
type objects struct {
	rec  map[string]any // the record updated, nil for a create
	sib  map[string]any // a record like the one created
	ci   *facts.Coll
	args map[string]map[string]any
	head map[string]string // argument -> the field it writes
}

func newObjects(ci *facts.Coll, rec, sib map[string]any) *objects {
	return &objects{rec: rec, sib: sib, ci: ci, args: map[string]map[string]any{}, head: map[string]string{}}
}

// set writes v at path inside the object argument arg writes (field head).
func (o *objects) set(arg, head string, path []string, v any) {
	obj, ok := o.args[arg]
	if !ok {
		obj = map[string]any{}
		if cur, isMap := o.rec[head].(map[string]any); isMap {
			for k, x := range cur {
				obj[k] = x
			}
		}
		o.args[arg] = obj
		o.head[arg] = head
	}
	satisfy.SetPath(obj, path, v, func() string { return o.column(head, v) })
}

// column picks the key an "any key" path writes: a key of the object in a
// record like this one (the updated record, else a sibling, else any
// record), preferring one whose values look like v (a shared beginning),
// else the first in order; "value" when no record has one.
func (o *objects) column(head string, v any) string {
	var cands []map[string]any
	for _, r := range []map[string]any{o.rec, o.sib} {
		if m, ok := r[head].(map[string]any); ok && len(m) > 0 {
			cands = append(cands, m)
		}
	}
	if len(cands) == 0 {
		return "value"
	}
	want := strings.ToLower(state.Text(v))
	for _, m := range cands {
		for _, k := range satisfy.KeysOf(m) {
			have := strings.ToLower(state.Text(m[k]))
			if len(want) >= 3 && len(have) >= 3 && want[:3] == have[:3] {
				return k
			}
		}
	}
	return satisfy.KeysOf(cands[0])[0]
}

// write puts the objects into the call's arguments.
func (o *objects) write(t *episode.Tool, args map[string]any) {
	for arg, obj := range o.args {
		args[arg] = satisfy.FitArg(obj, facts.ArgSchema(t, arg))
	}
}

// sibling returns a record of the collection that shares the references
// the predicates pin (the rows of the same spreadsheet), or nil: it lends a
// new record the references the goal leaves open (the worksheet of a new
// row) and the columns of an "any cell" field.
func (p *Planner) sibling(ci *facts.Coll, preds []assert.Predicate, s *episode.Session) map[string]any {
	var refs []assert.Predicate
	for _, pr := range preds {
		if strings.Contains(pr.Field, ".") || !(strings.HasSuffix(pr.Field, "_id")) {
			continue
		}
		switch pr.Op {
		case assert.OpEquals, assert.OpIEquals, assert.OpIn:
			refs = append(refs, pr)
		}
	}
	return p.withKindRefs(ci, p.pinnedSibling(ci, refs, s), refs, preds, s)
}

// withKindRefs lends a sibling the references by kind it lacks (a GitLab
// note's noteable_type and noteable_iid) from a record of one of the
// kinds' collections, one that shares the references pinned where there
// is one (an issue of the note's project): a new record's pair then names
// a record, where a default kind beside a made-up number names none. A
// reference unique only within a scope (ref_per) lends its record's scope
// too, and where the goal pins the reference (noteable_iid 3) the record
// is the one it names: the note is in that project. The sibling
// is copied, never changed; nil stays nil where nothing is lent.
func (p *Planner) withKindRefs(ci *facts.Coll, sib map[string]any, refs, preds []assert.Predicate, s *episode.Session) map[string]any {
	if ci.Def == nil {
		return sib
	}
	out := sib
	for _, f := range slices.Sorted(maps.Keys(ci.Def.Fields)) {
		fd := ci.Def.Fields[f]
		if fd.RefBy == "" || fd.Ref != "" || fd.Type == "array" || atom.IsSet(sib[f]) && atom.IsSet(sib[fd.RefBy]) {
			continue
		}
		kind, r, ok := p.kindRecord(ci, fd, scopedRefs(f, fd, sib, refs, preds), s)
		if !ok {
			continue
		}
		out = maps.Clone(out)
		if out == nil {
			out = map[string]any{}
		}
		out[fd.RefBy], out[f] = kind, r[fd.RefKey(p.info.Colls[ci.App+"."+fd.Refs[kind]].Def)]
		if fd.RefPer != "" {
			out[fd.RefPer] = r[fd.RefPer]
		}
	}
	return out
}

// scopedRefs are the predicates a record of the kinds of fd, field f,
// keeps to be the one a new record's reference names: the references
// pinned, the sibling's scope where fd is unique only within one
// (ref_per), and the value the goal pins on f, held by the kinds' field
// fd names.
func scopedRefs(f string, fd atom.Field, sib map[string]any, refs, preds []assert.Predicate) []assert.Predicate {
	out := refs
	if fd.RefPer == "" {
		return out
	}
	if atom.IsSet(sib[fd.RefPer]) {
		out = append(slices.Clone(out), assert.Predicate{Field: fd.RefPer, Op: assert.OpEquals, Value: sib[fd.RefPer]})
	}
	for _, pr := range preds {
		if pr.Field == f && pr.Op == assert.OpEquals && fd.RefField != "" {
			out = append(slices.Clone(out), assert.Predicate{Field: fd.RefField, Op: assert.OpEquals, Value: pr.Value})
		}
	}
	return out
}

// kindRecord is the kind and the record of the kinds' collections, in
// the order of the kinds, that reference fd would name (one holding the
// referenced field): one that shares the pinned references where any
// does. A reference unique only within a scope (ref_per: a GitLab note's
// noteable_iid within its project) takes only a record of the pinned
// scope, where one is pinned: another project's iid names nothing.
func (p *Planner) kindRecord(ci *facts.Coll, fd atom.Field, refs []assert.Predicate, s *episode.Session) (string, map[string]any, bool) {
	var kind string
	var rec map[string]any
	scoped := fd.RefPer != "" && slices.ContainsFunc(refs, func(pr assert.Predicate) bool { return pr.Field == fd.RefPer || pr.Field == fd.RefField })
	for _, k := range slices.Sorted(maps.Keys(fd.Refs)) {
		tc := p.info.Colls[ci.App+"."+fd.Refs[k]]
		if tc == nil || tc.Def == nil {
			continue
		}
		var own []assert.Predicate
		for _, pr := range refs {
			if _, ok := tc.Def.Fields[pr.Field]; ok {
				own = append(own, pr)
			}
		}
		by := fd.RefKey(tc.Def)
		for _, r := range s.State().Records(tc.Name) {
			if !atom.IsSet(r[by]) {
				continue
			}
			if len(own) > 0 && satisfy.AllHold(r, own) {
				return k, r, true
			}
			if rec == nil && !scoped {
				kind, rec = k, r
			}
		}
	}
	return kind, rec, rec != nil
}

// pinnedSibling is a record of the collection that shares the references
// pinned, or one made of the records they name; nil where none is pinned.
func (p *Planner) pinnedSibling(ci *facts.Coll, refs []assert.Predicate, s *episode.Session) map[string]any {
	if len(refs) == 0 {
		return nil
	}
	for _, r := range s.State().Records(ci.Name) {
		if satisfy.AllHold(r, refs) {
			return r
		}
	}
	// No record like it yet (the first row of a sheet): the references it
	// would hold come from the records they name, found by the same pinned
	// references (the worksheet of that spreadsheet).
	sib := map[string]any{}
	for _, f := range slices.Sorted(maps.Keys(ci.Def.Fields)) {
		if !strings.HasSuffix(f, "_id") {
			continue
		}
		if k := p.parentKey(ci, f, refs, s); k != nil {
			sib[f] = k
		}
	}
	if len(sib) == 0 {
		return nil
	}
	return sib
}

// parentKey returns the key of the record a reference field names (field
// worksheet_id, collection worksheets of the same app) among the records
// that satisfy the references pinned, when that collection has all of
// their fields; nil when none or no such collection.
func (p *Planner) parentKey(ci *facts.Coll, field string, refs []assert.Predicate, s *episode.Session) any {
	stem := strings.TrimSuffix(field, "_id")
	for _, name := range []string{stem + "s", stem + "es", stem} {
		pc := p.info.Colls[ci.App+"."+name]
		if pc == nil || pc == ci {
			continue
		}
		var own []assert.Predicate
		for _, pr := range refs {
			if _, ok := pc.Def.Fields[pr.Field]; ok && pr.Field != field {
				own = append(own, pr)
			}
		}
		if len(own) != len(refs) {
			continue
		}
		for _, r := range s.State().Records(pc.Name) {
			if satisfy.AllHold(r, own) {
				return r[pc.Def.KeyField()]
			}
		}
	}
	return nil
}

// keyedBy returns the one record that the exact predicates (equals or
// iequals on top-level scalar fields other than the key) select, when
// their fields are a key of the collection: no two records of the current
// state that have them share their values. Nil otherwise.
func (p *Planner) keyedBy(ci *facts.Coll, preds []assert.Predicate, s *episode.Session) map[string]any {
	kf := ci.Def.KeyField()
	var exact []assert.Predicate
	for _, pr := range preds {
		if pr.Field == kf || strings.Contains(pr.Field, ".") || satisfy.IsList(ci.Def, pr.Field) {
			continue
		}
		if pr.Op != assert.OpEquals && pr.Op != assert.OpIEquals {
			continue
		}
		switch pr.Value.(type) {
		case string, float64, bool:
			exact = append(exact, pr)
		}
	}
	if len(exact) == 0 {
		return nil
	}
	recs := s.State().Records(ci.Name)
	seen := make(map[string]bool, len(recs))
	var found map[string]any
	for _, r := range recs {
		var b strings.Builder
		complete := true
		for _, pr := range exact {
			v, ok := state.Path(r, pr.Field)
			complete = complete && ok
			b.WriteString(strings.ToLower(state.Text(v)))
			b.WriteByte(0)
		}
		if !complete {
			continue // a record without these fields is not one they name
		}
		if k := b.String(); seen[k] {
			return nil
		} else {
			seen[k] = true
		}
		if satisfy.AllHold(r, exact) {
			found = r
		}
	}
	return found
}
