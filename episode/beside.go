package episode

import (
	"cmp"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// A goal that a text mention a record ({content: {icontains:
// "{{t.name}}"}}) is not met by a mention of another record whose name
// holds that one: a comment naming the look-alike file "Q3 pricing sheet
// 2" does not name "Q3 pricing sheet". The composer gives such a
// predicate the longer values of the same field that the world's records
// hold (assert.Predicate.Beside), and the check counts the name only
// outside them. A text naming the record beside its look-alike still
// names it, and a negative goal (the summary leaves out x) is no longer
// broken by a record whose name holds x's.

// besideLonger sets Beside on the predicates of filled, the rendering of
// orig, whose contains or icontains value is one bound record's field
// ({{slot.field}}): every longer value of that field, in any collection
// of the world, that holds it (case aside for icontains), longest first.
func (c *composer) besideLonger(env *Env, orig, filled []assert.Predicate) {
	if c.world == nil {
		return
	}
	st := state.New(c.world)
	for i, p := range orig {
		if p.Op != assert.OpContains && p.Op != assert.OpIContains {
			continue
		}
		s, _ := p.Value.(string)
		ph, ok := atom.WholePlaceholder(s)
		field := strings.TrimSpace(ph.Field)
		if !ok || field == "" || env.Bindings[ph.Slot].Handle == "" {
			continue
		}
		name, _ := filled[i].Value.(string)
		if strings.TrimSpace(name) == "" {
			continue
		}
		filled[i].Beside = longerHolding(st, field, name, p.Op == assert.OpIContains)
	}
}

// longerHolding are the distinct values of field over the world's
// records that hold name and are longer, longest first.
func longerHolding(st *state.State, field, name string, fold bool) []string {
	// Case folds as the check's lowerAscii does.
	norm := func(s string) string {
		if !fold {
			return s
		}
		return strings.Map(func(r rune) rune {
			if 'A' <= r && r <= 'Z' {
				return r + 'a' - 'A'
			}
			return r
		}, s)
	}
	want := norm(name)
	seen := map[string]bool{}
	var out []string
	for _, coll := range st.Base().Names() {
		for _, rec := range st.Records(coll) {
			v, ok := rec[field].(string)
			if !ok || len(v) <= len(name) || seen[v] || !strings.Contains(norm(v), want) {
				continue
			}
			seen[v] = true
			out = append(out, v)
		}
	}
	slices.SortStableFunc(out, func(a, b string) int { return cmp.Or(len(b)-len(a), strings.Compare(a, b)) })
	return out
}
