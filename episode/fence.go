package episode

import (
	"github.com/legoenv/legoenv/assert"
)

// FenceSource is the Source of the whole-world fence among an
// environment's checks.
const FenceSource = "fence"

// fenceCheck is the whole-world fence of an environment whose goal checks
// are compiled: the goal's freedoms, the servers' volatile fields and the
// fields the session keeps from other records, and the collection each
// tool writes.
func fenceCheck(env *Env) assert.Check {
	var goal []*assert.Program
	for _, c := range env.Checks {
		if c.Source == "goal" {
			goal = append(goal, c.Program)
		}
	}
	spec := assert.FenceSpec{Volatile: map[string][]string{}, ToolWrites: map[string]string{}, Stamps: map[string]map[string][]string{}}
	for _, e := range env.Servers {
		s := e.MustServer()
		for _, c := range s.Collections {
			name := s.AppName() + "." + c.Name
			// A field the session makes of other records (referred_by)
			// moves with them: the fence judges those records, not it.
			spec.Volatile[name] = append(s.VolatileFields(c.Name), s.KeptFields(c.Name)...)
			spec.Stamps[name] = s.ClockStamps(c.Name)
		}
	}
	spec.Logs = map[string]assert.ToolLog{}
	for _, t := range env.tools {
		if t.Effect.Collection != "" {
			spec.ToolWrites[t.Name] = t.App + "." + t.Effect.Collection
		}
		// A create's marks move the records it names (an order a
		// fulfillment ships): the fields they write may change on a
		// record a created one names.
		spec.Marks = append(spec.Marks, fenceMarks(t)...)
		// An update's cascades move the records naming the one it writes
		// (the invitees of a Calendly event it cancels).
		spec.Cascades = append(spec.Cascades, fenceCascades(t)...)
		if l := t.Effect.Log; l != nil {
			spec.Logs[t.Name] = assert.ToolLog{Collection: t.App + "." + l.Collection, Set: l.Set}
		}
	}
	return assert.Check{Program: assert.NewFence(goal, spec), Source: FenceSource}
}

// Fenced reports whether the environment's checks end with the
// whole-world fence.
func (e *Env) Fenced() bool {
	return len(e.Checks) > 0 && e.Checks[len(e.Checks)-1].Source == FenceSource
}
