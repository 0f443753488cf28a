package episode

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// The behaviour a server atom declares on its collections (set fields,
// references that must resolve, status machines), enforced by the
// declarative effects as the product enforces it.

// checkRefs returns the product's error when a value an argument wrote
// into a field that must resolve names no record of the field's
// collections. An empty value is let through where the argument is
// optional (no reference given) but refused where the tool requires it:
// a channel created in team "" is in no team. required names the fields
// written from required arguments. Constants of the effect are the
// server's own and are not checked. A reference whose collection another
// field names (ref_by: a GitLab note's noteable_iid beside its
// noteable_type) resolves by both, read from rec, the record as the call
// leaves it: a kind that names no collection, or a value no record of
// the kind's collection holds, is the product's error, as is a write of
// the kind alone that leaves the value naming nothing.
func checkRefs(cx *Context, app string, coll *atom.Collection, rec map[string]any, written map[string]any, required map[string]bool) error {
	if !resolving(coll, written) {
		return nil
	}
	for _, f := range slices.Sorted(maps.Keys(coll.Fields)) {
		fd := coll.Fields[f]
		if fd.Resolve == "" {
			continue
		}
		v, wrote := written[f]
		_, wroteKind := written[fd.RefBy]
		if fd.RefBy != "" && !wrote && wroteKind && atom.IsSet(rec[f]) {
			v, wrote = rec[f], true
		}
		if !wrote {
			continue
		}
		vals, ok := v.([]any)
		if !ok {
			vals = []any{v}
		}
		for _, v := range vals {
			if v == nil || v == "" {
				if required[f] {
					return fmt.Errorf("%s", strings.ReplaceAll(fd.Resolve, "{value}", state.Text(v)))
				}
				continue
			}
			if !resolves(cx.State, app, fd, rec, state.Text(v)) {
				return fmt.Errorf("%s", strings.ReplaceAll(fd.Resolve, "{value}", state.Text(v)))
			}
		}
	}
	return nil
}

// resolving reports whether a written field must resolve to a record, or
// names the collection of one that must: most writes have none, and need
// not sort their fields to find out.
func resolving(coll *atom.Collection, written map[string]any) bool {
	for f, fd := range coll.Fields {
		if fd.Resolve == "" {
			continue
		}
		if _, ok := written[f]; ok {
			return true
		}
		if _, ok := written[fd.RefBy]; ok && fd.RefBy != "" {
			return true
		}
	}
	return false
}

// resolves reports whether k names a record of the field's referenced
// collection or one of its alternatives: its key, or the field RefField
// names. A product that keeps a reference by another field takes the key
// too (Jira's issueIdOrKey: an issue's id or its key "ISS-2278"). A
// reference whose collection rec's kind field names resolves in that
// collection alone, and not at all where the kind names none.
func resolves(st *state.State, app string, fd atom.Field, rec map[string]any, k string) bool {
	colls := append([]string{fd.Ref}, fd.RefAlso...)
	if fd.RefBy != "" {
		c, ok := fd.RefOf(rec)
		if !ok {
			return false
		}
		colls = []string{c}
	}
	for _, c := range colls {
		name := app + "." + c
		byField := fd.RefField != "" && fd.RefField != st.KeyField(name)
		if _, ok := st.Get(name, k); ok && (fd.RefBy == "" || !byField) {
			return true
		}
		if byField && fd.RefPer != "" {
			if holdsWithin(st, name, fd, rec, k) {
				return true
			}
			continue
		}
		if byField && st.HoldsText(name, fd.RefField, k) {
			return true
		}
	}
	return false
}

// holdsWithin reports whether a record of collection name holds k in the
// field fd.RefField and rec's value in fd.RefPer, the scope the field is
// unique within: a GitLab note's noteable_iid names an issue of the
// note's own project, and another project's iid is "404 Not found"
// (https://docs.gitlab.com/ee/api/notes.html#create-new-issue-note).
func holdsWithin(st *state.State, name string, fd atom.Field, rec map[string]any, k string) bool {
	recs, ok := st.Holding(name, fd.RefField, k)
	if !ok {
		recs = st.Placed(name)
	}
	per := state.Text(rec[fd.RefPer])
	for _, r := range recs {
		if state.Text(r[fd.RefField]) == k && state.Text(r[fd.RefPer]) == per {
			return true
		}
	}
	return false
}

// asSet drops repeated values from a set field's list, keeping the first
// of each, so adding a value the set holds changes nothing.
func asSet(list []any) []any {
	out := make([]any, 0, len(list))
	seen := map[string]bool{}
	for _, v := range list {
		k := state.HashValue(v)
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, v)
	}
	return out
}

// setFields makes every set field of rec that the call wrote a set.
func setFields(coll *atom.Collection, rec state.Record, written map[string]any) {
	for f := range written {
		if !coll.Fields[f].Set {
			continue
		}
		if list, ok := rec[f].([]any); ok {
			rec[f] = asSet(list)
		}
	}
}

// keepGates refuses a write that leaves rec holding a value an only_when
// rule with an error keeps off the state rec is now in, where the record
// before the call kept it (Shopify refuses to cancel a fulfilled order);
// a record drawn that way before the call is left as it is.
func keepGates(coll *atom.Collection, old, rec state.Record) error {
	for _, inv := range coll.Invariants {
		if inv.Rule != "only_when" || inv.Error == "" || !coll.Denies(inv, rec) {
			continue
		}
		if old == nil || !coll.Denies(inv, old) {
			return fmt.Errorf("%s", inv.Error)
		}
	}
	return nil
}

// transition checks a write against the collection's status machine and
// keeps its timestamps and effects: old is the record before the call
// (nil on create), rec after it, given the fields the call wrote
// (arguments and constants). A move into a state stamps its timestamp
// with the clock unless the call wrote one; a move out of it clears the
// timestamp; a move a declared effect follows moves its field too (a
// cancelled order's authorised payment is voided) unless the call wrote
// it.
func transition(cx *Context, coll *atom.Collection, old, rec state.Record, given map[string]bool) error {
	lc := coll.Lifecycle
	if lc == nil || !given[lc.Field] {
		return nil
	}
	fd := coll.Fields[lc.Field]
	from, to := lc.StateOf(fd, old[lc.Field]), lc.StateOf(fd, rec[lc.Field])
	if err := lc.Check(from, to); err != nil {
		return err
	}
	if from == to && old != nil {
		return nil
	}
	for _, ef := range lc.Effects {
		if given[ef.Field] {
			continue
		}
		if v, ok := lc.Moves(ef.Field, to, rec[ef.Field]); ok {
			rec[ef.Field] = v
		}
	}
	for _, st := range lc.Stamps {
		switch {
		case given[st.Field]:
		case slices.Contains(st.States, to):
			if rec[st.Field] == nil || rec[st.Field] == "" {
				rec[st.Field] = coll.Fields[st.Field].Now(cx.Clock)
			}
		default:
			delete(rec, st.Field)
		}
	}
	return nil
}

// derives reports whether coll declares a derived rule.
func derives(coll *atom.Collection) bool {
	return slices.ContainsFunc(coll.Invariants, func(inv atom.Invariant) bool { return inv.Rule == "derived" })
}

// deriveFields keeps the derived rules of coll on rec, written by a call
// that gave the fields given (old is the record before it, nil on
// create), as the product keeps them:
//   - a preview is the product's own: wherever it no longer begins its
//     body (the call wrote the body, or a preview of its own), it is made
//     anew (a sent mail's snippet);
//   - a join or a text is made anew where the call wrote one of its
//     sources and left the field to the product (a contact's full name of
//     a new first name);
//   - a slug is made once, with its record, where the call gave none (a
//     retitled product keeps its handle);
//   - a text that contains others is the writer's own (a campaign's
//     subject need not follow its renaming), as is a name stating a
//     length (the product keeps an event type's name as written).
func deriveFields(coll *atom.Collection, old, rec state.Record, given map[string]bool) {
	for _, inv := range coll.Invariants {
		if inv.Rule != "derived" || inv.By == atom.DeriveContains || inv.By == atom.DeriveLength {
			continue
		}
		f := inv.Fields[0]
		sourced := old == nil || slices.ContainsFunc(inv.Fields[1:], func(s string) bool { return given[s] })
		switch {
		case inv.By == atom.DerivePreview:
			if !sourced && !given[f] {
				continue
			}
		case inv.By == atom.DeriveSlug:
			if old != nil || given[f] {
				continue
			}
		case !sourced || given[f]:
			continue
		}
		if got, _ := rec[f].(string); got != "" && inv.Agrees(rec) {
			continue
		}
		if v, ok := inv.Derive(rec); ok {
			rec[f] = v
		}
	}
}

// takeAgreed gives a created record, for each agrees rule by taken
// (atom.AgreeTaken), the value of the record its reference names where
// the call left the field empty: a Buffer post queued on a channel is
// filed under the channel's organization. A reference that names no
// record, or a parent the rule does not bind, gives nothing.
func takeAgreed(st *state.State, app string, coll *atom.Collection, rec state.Record, given map[string]bool) {
	for _, inv := range coll.Invariants {
		if !inv.Taken() || len(inv.Fields) < 3 || !inv.AgreesOn(rec) {
			continue
		}
		f, ref, theirs := inv.Fields[0], inv.Fields[1], inv.Fields[2]
		fd := coll.Fields[ref]
		k := state.Text(rec[ref])
		if given[f] || state.Text(rec[f]) != "" || fd.Ref == "" || k == "" {
			continue
		}
		parent, ok := st.Get(app+"."+fd.Ref, k)
		if !ok || !inv.Binds(parent) {
			continue
		}
		if v := parent[theirs]; state.Text(v) != "" {
			rec[f] = v
		}
	}
}

// keepWritable refuses a change to a record kept under one that does not
// let the user write (a field's write_when): an event on a calendar the
// user only reads. Each record is judged, the one before the call and
// the one it would leave, so an event is neither changed on such a
// calendar nor moved onto one.
func keepWritable(st *state.State, app string, coll *atom.Collection, recs ...state.Record) error {
	var gated []string
	for f, fd := range coll.Fields {
		if fd.WriteWhen != nil {
			gated = append(gated, f)
		}
	}
	slices.Sort(gated)
	for _, f := range gated {
		fd := coll.Fields[f]
		for _, rec := range recs {
			if rec == nil || !atom.IsSet(rec[f]) {
				continue
			}
			if t, ok := st.Get(app+"."+fd.Ref, state.Text(rec[f])); ok && !fd.WriteWhen.Writable(t) {
				return fmt.Errorf("%s", fd.WriteWhen.Error)
			}
		}
	}
	return nil
}

// keepFollowing refuses a write of a value that a refers_to rule by
// follows keeps to the kinds of the record its reference names, where
// rec would hold one that kind does not allow: Linear refuses an
// estimate off its team's estimate scale (https://linear.app/docs/estimates).
// A write that leaves the value as it was drawn is not judged.
func keepFollowing(st *state.State, app string, coll *atom.Collection, rec state.Record, written map[string]any) error {
	for _, inv := range coll.Invariants {
		if !inv.Follows() || inv.Error == "" {
			continue
		}
		fd := coll.Fields[inv.Fields[0]]
		t, ok := st.Get(app+"."+fd.Ref, state.Text(rec[inv.Fields[0]]))
		if !ok {
			continue
		}
		if msg := inv.FollowRefused(rec, t, written); msg != "" {
			return fmt.Errorf("%s", msg)
		}
	}
	return nil
}
