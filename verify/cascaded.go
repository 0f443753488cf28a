package verify

import (
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/state"
)

// cascadedKeys are, by collection, the records the plan's run changed only
// in fields an update's cascade writes (atom.Cascade), each naming by the
// cascade's reference a record the run wrote: the session moved them with
// the record the plan wrote (cancelling a Calendly event cancels its
// invitees), so the goal did not choose them.
func (p *Job) cascadedKeys() map[string]map[string]bool {
	st := p.solved.Session.State()
	w := st.Base()
	out := map[string]map[string]bool{}
	for _, t := range p.Env.Tools() {
		if t.Server == nil || len(t.Effect.Cascades) == 0 {
			continue
		}
		app := t.Server.MustServer().AppName()
		for _, c := range t.Effect.Cascades {
			name, target := app+"."+c.Collection, app+"."+t.Effect.Collection
			base, moved := w.Collection(name), st.Dirty(target)
			if base == nil {
				continue
			}
			for k := range st.Dirty(name) {
				before, had := base.Lookup(k)
				after, ok := st.Get(name, k)
				_, wrote := moved[state.Text(after[c.Ref])]
				if !had || !ok || !wrote || !onlyIn(before, after, c.Set) {
					continue
				}
				if out[name] == nil {
					out[name] = map[string]bool{}
				}
				out[name][k] = true
			}
		}
	}
	return out
}

// keptKeys adds to moved, by collection, the records the plan's run
// changed only in fields the session keeps by rule after each call (a
// referred_by rule's field, a field a record rule computes): the session
// moved them as the records they follow changed (a Fastmail mailbox's
// counts as a sent email is filed in it), so the goal did not choose them.
func (p *Job) keptKeys(moved map[string]map[string]bool) map[string]map[string]bool {
	st := p.solved.Session.State()
	w := st.Base()
	for _, se := range p.Env.Servers {
		s := se.MustServer()
		for i := range s.Collections {
			c := &s.Collections[i]
			kept := map[string]any{}
			for _, inv := range c.Invariants {
				if inv.Rule == "referred_by" || inv.Computed() {
					kept[inv.Fields[0]] = true
				}
			}
			name := s.AppName() + "." + c.Name
			if base := w.Collection(name); base != nil && len(kept) > 0 {
				markKept(moved, name, base, st, kept)
			}
		}
	}
	return moved
}

// markKept adds to moved the records of collection name the state changed
// only in the fields kept names.
func markKept(moved map[string]map[string]bool, name string, base *state.Collection, st *state.State, kept map[string]any) {
	for k := range st.Dirty(name) {
		before, had := base.Lookup(k)
		after, ok := st.Get(name, k)
		if !had || !ok || !onlyIn(before, after, kept) {
			continue
		}
		if moved[name] == nil {
			moved[name] = map[string]bool{}
		}
		moved[name][k] = true
	}
}

// onlyIn reports whether after differs from before only in fields set
// names.
func onlyIn(before, after state.Record, set map[string]any) bool {
	for _, path := range assert.ChangedPaths(before, after) {
		if _, ok := set[strings.SplitN(path, ".", 2)[0]]; !ok {
			return false
		}
	}
	return true
}
