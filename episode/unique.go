package episode

import (
	"fmt"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// A write keeps what the product keeps unique (atom.UniqueRule): a record
// created without a number that is unique in its scope takes the next one
// of its scope's counter (GitHub numbers a repository's issues and pull
// requests from one counter), and a write that repeats a value another
// record of the scope holds is refused with the product's error where the
// rule gives one (Confluence refuses a second page of one title in a
// space).

// keepUnique keeps the unique rules of collection coll of app on rec,
// written by a call that gave the fields given: on a create (old nil) it
// numbers what the call left unnumbered, then refuses a repeat.
func keepUnique(st *state.State, app string, coll *atom.Collection, rules []atom.UniqueRule, old, rec state.Record, given map[string]bool) error {
	if len(rules) == 0 {
		return nil
	}
	u := &uniqueWrites{app: app, coll: coll, rules: rules}
	self := ""
	if old == nil {
		u.number(st, rec, given)
	} else {
		self, _ = state.KeyOf(old, coll.KeyField())
	}
	return u.refuse(st, self, rec, given)
}

// uniqueWrites are the unique rules a write to a collection keeps.
type uniqueWrites struct {
	app   string
	coll  *atom.Collection
	rules []atom.UniqueRule
}

// number gives rec, a record being created, the next number of each
// unique counter the call left unset: one more than the highest any
// record of its scope holds, in every collection sharing the counter.
func (u *uniqueWrites) number(st *state.State, rec state.Record, given map[string]bool) {
	for _, r := range u.rules {
		f := r.Inv.Fields[0]
		if len(r.Inv.Fields) != 1 || given[f] || atom.IsSet(rec[f]) || u.coll.Fields[f].Type != "integer" {
			continue
		}
		scope := ""
		if r.Inv.Per != "" {
			if scope = state.Text(rec[r.Inv.Per]); scope == "" {
				continue // in no scope: no counter to draw from
			}
		}
		top := 0.0
		for _, c := range r.Colls {
			for _, o := range st.Records(u.app + "." + c) {
				if r.Inv.Per != "" && state.Text(o[r.Inv.Per]) != scope {
					continue
				}
				if x, ok := state.Number(o[f]); ok && x > top {
					top = x
				}
			}
		}
		rec[f] = top + 1
	}
}

// refuse returns the product's error where rec, written by a call that
// gave the fields given, repeats a value another record of its scope
// holds under a rule that gives one; self is rec's key on an update, ""
// on a create.
func (u *uniqueWrites) refuse(st *state.State, self string, rec state.Record, given map[string]bool) error {
	for _, r := range u.rules {
		if r.Inv.Error == "" || !givesAny(given, r.Inv) {
			continue
		}
		v, ok := atom.UniqueKey(r.Inv, rec)
		if !ok {
			continue
		}
		for _, c := range r.Colls {
			name := u.app + "." + c
			key := st.KeyField(name)
			for _, o := range st.Records(name) {
				if k, _ := state.KeyOf(o, key); c == u.coll.Name && k == self {
					continue
				}
				if w, ok := atom.UniqueKey(r.Inv, o); ok && w == v {
					return fmt.Errorf("%s", strings.ReplaceAll(r.Inv.Error, "{value}", state.Text(rec[r.Inv.Fields[len(r.Inv.Fields)-1]])))
				}
			}
		}
	}
	return nil
}

// givesAny reports whether a call wrote one of a unique rule's fields or
// its scope: a write that touches none of them repeats nothing new.
func givesAny(given map[string]bool, inv atom.Invariant) bool {
	if inv.Per != "" && given[inv.Per] {
		return true
	}
	for _, f := range inv.Fields {
		if given[f] {
			return true
		}
	}
	return false
}
