package episode

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

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
// server's own and are not checked.
func checkRefs(cx *Context, app string, coll *atom.Collection, written map[string]any, required map[string]bool) error {
	if !resolving(coll, written) {
		return nil
	}
	for _, f := range slices.Sorted(maps.Keys(written)) {
		fd := coll.Fields[f]
		if fd.Resolve == "" {
			continue
		}
		vals, ok := written[f].([]any)
		if !ok {
			vals = []any{written[f]}
		}
		for _, v := range vals {
			if v == nil || v == "" {
				if required[f] {
					return fmt.Errorf("%s", strings.ReplaceAll(fd.Resolve, "{value}", state.Text(v)))
				}
				continue
			}
			if !resolves(cx.State, app, fd, state.Text(v)) {
				return fmt.Errorf("%s", strings.ReplaceAll(fd.Resolve, "{value}", state.Text(v)))
			}
		}
	}
	return nil
}

// resolving reports whether a written field must resolve to a record:
// most writes have none, and need not sort their fields to find out.
func resolving(coll *atom.Collection, written map[string]any) bool {
	for f := range written {
		if coll.Fields[f].Resolve != "" {
			return true
		}
	}
	return false
}

// resolves reports whether k names a record of the field's referenced
// collection or one of its alternatives: its key, or the field RefField
// names. A product that keeps a reference by another field takes the key
// too (Jira's issueIdOrKey: an issue's id or its key "ISS-2278").
func resolves(st *state.State, app string, fd atom.Field, k string) bool {
	for _, c := range append([]string{fd.Ref}, fd.RefAlso...) {
		name := app + "." + c
		if _, ok := st.Get(name, k); ok {
			return true
		}
		if fd.RefField != "" && fd.RefField != st.KeyField(name) && st.HoldsText(name, fd.RefField, k) {
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
// keeps its timestamps: old is the record before the call (nil on
// create), rec after it, given the fields the call wrote (arguments and
// constants). A move into a state stamps its timestamp with the clock
// unless the call wrote one; a move out of it clears the timestamp.
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
	now := cx.Clock.UTC().Format(time.RFC3339)
	for _, st := range lc.Stamps {
		switch {
		case given[st.Field]:
		case slices.Contains(st.States, to):
			if rec[st.Field] == nil || rec[st.Field] == "" {
				rec[st.Field] = now
			}
		default:
			delete(rec, st.Field)
		}
	}
	return nil
}
