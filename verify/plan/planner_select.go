package plan

import (
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/satisfy"
)

// heldSelection picks the predicates that say which existing record a goal
// is about when an update could write every field it names (the lead whose
// email is lee@acme.example gets status Hot, and the update tool takes an
// email too): the predicates (equal to, containing or one of values) some record
// of the collection already satisfies, where that record does not yet
// satisfy them all. With none, nothing selects a record and a create is
// the way.
//
// Among the records that hold some, the one whose held predicates identify
// it most is chosen (selectWeight), then the one that needs the fewest
// scalar fields rewritten: "the ticket whose subject contains Billing B
// has the tag" selects the Billing B ticket, which lacks only the tag, not
// a ticket an earlier step tagged whose subject it would rename. A value
// an earlier step wrote identifies nothing: the opportunity named "Brook
// renewal" is the one to close, not the one an earlier step closed.
func (p *Planner) heldSelection(ci *facts.Coll, preds []assert.Predicate, s *episode.Session) []assert.Predicate {
	var sel []assert.Predicate
	for _, pr := range preds {
		switch pr.Op {
		case assert.OpEquals, assert.OpIEquals, assert.OpContains, assert.OpIContains, assert.OpIn:
			sel = append(sel, pr)
		}
	}
	if len(sel) == 0 {
		return nil
	}
	var best []assert.Predicate
	bestWeight, bestRewrites := 0, 0
	kf := ci.Def.KeyField()
	for _, r := range s.State().Records(ci.Name) {
		if satisfy.AllHold(r, preds) {
			continue
		}
		start, existed := s.Initial().Get(ci.Name, state.Text(r[kf]))
		var held []assert.Predicate
		weight := 0
		for _, pr := range sel {
			if satisfy.PredHolds(r, pr) {
				held = append(held, pr)
				if !existed || satisfy.PredHolds(start, pr) {
					weight += selectWeight(ci, pr)
				}
			}
		}
		rewrites := 0
		for _, pr := range preds {
			if !satisfy.IsList(ci.Def, pr.Field) && !satisfy.PredHolds(r, pr) {
				rewrites++
			}
		}
		if len(held) > 0 && (best == nil || weight > bestWeight || weight == bestWeight && rewrites < bestRewrites) {
			best, bestWeight, bestRewrites = held, weight, rewrites
		}
	}
	return best
}

// selectWeight says how much a predicate a record holds identifies it: a
// list's member, an enumerated or boolean field is a state many records
// share and a plan adds (1); a value of a free field (a name, a subject,
// an email) picks the record out (2).
func selectWeight(ci *facts.Coll, pr assert.Predicate) int {
	head, _, _ := strings.Cut(pr.Field, ".")
	fd := ci.Def.Fields[head]
	if fd.Type == "array" || fd.Type == "boolean" || len(fd.Enum) > 0 {
		return 1
	}
	return 2
}

// starlarkFinders are the ways to find, with a Starlark read of the app,
// the records the selection picks when no declarative search of the
// collection filters by it (Salesforce's find-records over any object
// type): each a call that, run now, returns the record's key, followed by
// the updates. The call's result judges; the arguments are only proposed
// from the selection (a field's value, the collection as the object type,
// the values as filters).
func (p *Planner) starlarkFinders(task facts.Check, ci *facts.Coll, preds, selection []assert.Predicate, updates, appends []*episode.Tool, s *episode.Session) []alternative {
	var alts []alternative
	kf := ci.Def.KeyField()
	for _, rec := range s.State().Records(ci.Name) {
		if len(alts) == starlarkTargets {
			break
		}
		if !satisfy.AllHold(rec, selection) {
			continue
		}
		key := state.Text(rec[kf])
		for _, t := range p.usable(p.env.Tools()) {
			if t.Effect.Kind != "starlark" || t.App != ci.App {
				continue
			}
			args := finderArgs(t, ci, selection)
			if len(args) == 0 || !p.finds(t, args, key, s) {
				continue
			}
			c, r := p.call(t.Name, args), rec
			alts = append(alts, func(s *episode.Session) ([]episode.ToolCall, *Reason) {
				s.Call(c)
				made, reason := p.updateCalls(task, ci, preds, r, updates, appends, s)
				return append([]episode.ToolCall{c}, made...), reason
			})
			break
		}
	}
	return alts
}

// finderArgs proposes a read's arguments from the selection.
func finderArgs(t *episode.Tool, ci *facts.Coll, selection []assert.Predicate) map[string]any {
	props := atom.InputProperties(t.Input)
	args := map[string]any{}
	filters := map[string]any{}
	for _, pr := range selection {
		if pr.Op != assert.OpEquals && pr.Op != assert.OpIEquals {
			continue
		}
		filters[pr.Field] = pr.Value
		if a := ownArg(props, ci, pr.Field); a != "" {
			args[a] = satisfy.FitArg(pr.Value, facts.ArgSchema(t, a))
		}
	}
	objectTypeArg(t, ci, args)
	if props["filters"] && len(filters) > 0 {
		args["filters"] = filters
	}
	return args
}

// finds reports whether calling t with args now returns the record keyed
// key, in a scratch session.
func (p *Planner) finds(t *episode.Tool, args map[string]any, key string, s *episode.Session) bool {
	return p.shows(p.call(t.Name, args), key, s)
}

// shows reports whether making c now shows key in its observation, in a
// scratch session.
func (p *Planner) shows(c episode.ToolCall, key string, s *episode.Session) bool {
	if p.nodes >= MaxNodes || key == "" {
		return false
	}
	p.nodes++
	scratch, err := p.replay(s)
	if err != nil {
		return false
	}
	obs := scratch.Call(c)
	return !obs.IsError && showsKey(obs.Content, key)
}
