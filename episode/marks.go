package episode

import (
	"maps"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// boundMark is a create's mark (atom.Mark) with the full names of the
// collection it creates in and of the collection its reference names, and
// that collection, whose lifecycle the mark keeps.
type boundMark struct {
	atom.Mark
	created, target string
	coll            *atom.Collection
}

// newMarks binds an effect's marks to the server's collections; a mark
// whose reference names no collection (lint reports it) is left out.
func newMarks(s *atom.Server, c *atom.Collection, ef atom.Effect) []boundMark {
	var out []boundMark
	for _, m := range ef.Marks {
		if t := s.Collection(c.Fields[m.Ref].Ref); t != nil {
			out = append(out, boundMark{Mark: m, created: s.AppName() + "." + c.Name, target: s.AppName() + "." + t.Name, coll: t})
		}
	}
	return out
}

// markWrite is a mark's write: the record named by key of the mark's
// target collection, as the mark leaves it.
type markWrite struct {
	m   boundMark
	key string
	rec state.Record
}

// marked is what the marks write to the records rec, not yet placed,
// names as it is created (an order a fulfillment ships becomes
// fulfilled); a mark with Fill first gives rec what its record has left.
// The named record's lifecycle holds as for an update: a move it forbids
// is the product's error, and nothing is written (a payment on a void
// invoice is refused, not recorded). A reference naming no record leaves
// nothing to write.
func marked(cx *Context, marks []boundMark, rec state.Record) ([]markWrite, error) {
	var out []markWrite
	for _, m := range marks {
		k := state.Text(rec[m.Ref])
		target, ok := cx.State.Get(m.target, k)
		if rec[m.Ref] == nil || !ok {
			continue
		}
		before := m.sum(cx.State, k)
		if _, given := rec[m.Sum]; m.Fill && !given {
			if rest, ok := m.Rest(target, before); ok {
				rec[m.Sum] = max(rest, 0)
			}
		}
		own, _ := state.Number(rec[m.Sum])
		set := m.Marked(target, before, own)
		if len(set) == 0 {
			continue
		}
		next := maps.Clone(target)
		maps.Copy(next, set)
		given := map[string]bool{}
		for f := range set {
			given[f] = true
		}
		if err := transition(cx, m.coll, target, next, given); err != nil {
			return nil, err
		}
		out = append(out, markWrite{m: m, key: k, rec: next})
	}
	return out, nil
}

// sum is the total of the mark's Sum field over the created collection's
// records placed naming k; 0 for a mark that holds no whole against it.
func (m boundMark) sum(st *state.State, k string) float64 {
	if m.Sum == "" || m.Of == "" {
		return 0
	}
	recs, ok := st.Holding(m.created, m.Ref, k)
	if !ok {
		recs = st.Placed(m.created)
	}
	total := 0.0
	for _, r := range recs {
		if holdsKey(r[m.Ref], k) {
			if n, ok := state.Number(r[m.Sum]); ok {
				total += n
			}
		}
	}
	return total
}

// fenceMarks are the marks of t's effect as the fence reads them.
func fenceMarks(t *Tool) []assert.FenceMark {
	if t.Server == nil || len(t.Effect.Marks) == 0 {
		return nil
	}
	s := t.Server.MustServer()
	c := s.Collection(t.Effect.Collection)
	if c == nil {
		return nil
	}
	fields := s.MarkedFields(t.Effect)
	var out []assert.FenceMark
	for _, m := range t.Effect.Marks {
		target := c.Fields[m.Ref].Ref
		out = append(out, assert.FenceMark{Created: t.App + "." + c.Name, Ref: m.Ref, Target: t.App + "." + target, Fields: fields[target]})
	}
	return out
}
