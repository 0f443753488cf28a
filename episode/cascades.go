package episode

import (
	"maps"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// boundCascade is an update's cascade (atom.Cascade) with the full name
// of the collection whose records name the written one, and that
// collection, whose lifecycle the cascade keeps.
type boundCascade struct {
	atom.Cascade
	name string
	coll *atom.Collection
}

// newCascades binds an effect's cascades to the server's collections; a
// cascade naming no collection (lint reports it) is left out.
func newCascades(s *atom.Server, ef atom.Effect) []boundCascade {
	var out []boundCascade
	for _, c := range ef.Cascades {
		if coll := s.Collection(c.Collection); coll != nil {
			out = append(out, boundCascade{Cascade: c, name: s.AppName() + "." + coll.Name, coll: coll})
		}
	}
	return out
}

// cascadeWrite is a cascade's write: the record named by key of the
// cascade's collection, as the cascade leaves it.
type cascadeWrite struct {
	name, key string
	rec       state.Record
}

// cascaded is what the cascades write to the records naming k, the
// record an update takes from old to rec (cancelling a Calendly event
// cancels its invitees). Each record's lifecycle holds as for an update:
// a move it forbids is the product's error, and nothing is written.
func cascaded(cx *Context, cs []boundCascade, k string, old, rec state.Record) ([]cascadeWrite, error) {
	var out []cascadeWrite
	for _, c := range cs {
		if !c.Starts(old, rec) {
			continue
		}
		recs, ok := cx.State.Holding(c.name, c.Ref, k)
		if !ok {
			recs = cx.State.Placed(c.name)
		}
		for _, r := range recs {
			if !holdsKey(r[c.Ref], k) || c.Holds(r) || !c.Reaches(r) {
				continue
			}
			next := maps.Clone(r)
			given := map[string]bool{}
			for f, v := range c.Set {
				if s, ok := v.(string); ok && s == "$now" {
					v = c.coll.Fields[f].Now(cx.Clock)
				}
				next[f], given[f] = v, true
			}
			if err := transition(cx, c.coll, r, next, given); err != nil {
				return nil, err
			}
			out = append(out, cascadeWrite{name: c.name, key: state.Text(r[c.coll.KeyField()]), rec: next})
		}
	}
	return out, nil
}

// fenceCascades are the cascades of t's effect as the fence reads them.
func fenceCascades(t *Tool) []assert.FenceCascade {
	if t.Server == nil || len(t.Effect.Cascades) == 0 {
		return nil
	}
	s := t.Server.MustServer()
	fields := s.CascadedFields(t.Effect)
	var out []assert.FenceCascade
	for _, c := range t.Effect.Cascades {
		out = append(out, assert.FenceCascade{Target: t.App + "." + t.Effect.Collection, When: c.When, Referrer: t.App + "." + c.Collection, Ref: c.Ref, Only: c.Only, Fields: fields[c.Collection]})
	}
	return out
}
