package episode

import (
	"maps"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// boundMark is a create's mark (atom.Mark) with the full names of the
// collection it creates in and of the collection its reference names.
type boundMark struct {
	atom.Mark
	created, target string
}

// newMarks binds an effect's marks to the server's collections; a mark
// whose reference names no collection (lint reports it) is left out.
func newMarks(s *atom.Server, c *atom.Collection, ef atom.Effect) []boundMark {
	var out []boundMark
	for _, m := range ef.Marks {
		if t := s.Collection(c.Fields[m.Ref].Ref); t != nil {
			out = append(out, boundMark{Mark: m, created: s.AppName() + "." + c.Name, target: s.AppName() + "." + t.Name})
		}
	}
	return out
}

// mark writes to the record rec's reference names what the product does
// to it as rec is created (an order a fulfillment ships becomes
// fulfilled). A reference naming no record leaves nothing to write.
func (m boundMark) mark(st *state.State, rec state.Record) error {
	k := state.Text(rec[m.Ref])
	target, ok := st.Get(m.target, k)
	if rec[m.Ref] == nil || !ok {
		return nil
	}
	own, _ := state.Number(rec[m.Sum])
	set := m.Marked(target, m.sum(st, k), own)
	if len(set) == 0 {
		return nil
	}
	out := maps.Clone(target)
	maps.Copy(out, set)
	return st.Replace(m.target, k, out)
}

// sum is the total of the mark's Sum field over the created collection's
// records naming k; 0 for a mark that holds no whole against it.
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
