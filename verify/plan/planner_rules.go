package plan

import (
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/ground"
	"github.com/legoenv/legoenv/verify/satisfy"
)

// withinRules returns a value for a field of coll that the planner fills
// freely, changed, where v would break a rule's negative check (mail to an
// outside address where mail stays inside), to a value of the world that
// keeps every such check: the planner fills free values within the rules
// before it blames a rule for the way to the goal.
func (p *Planner) withinRules(coll, field string, v any) any {
	for _, c := range p.info.Checks {
		a := c.Prog.Assertion
		if c.Goal || c.Fence || a.Target != coll || (a.Type != assert.NotExists) {
			continue
		}
		var ps []assert.Predicate
		for _, pr := range a.Where {
			if pr.Field == field {
				ps = append(ps, pr)
			}
		}
		if len(ps) == 0 || !satisfy.HoldsOn(v, ps) {
			continue
		}
		if alt, ok := p.allowedValue(field, v, ps); ok {
			v = alt
		}
	}
	return v
}

// allowedValue finds a value of the same field name in the world (else
// any value of its kind: an address for an address) that the forbidding
// predicates do not hold on. A list value is answered as a list of one.
func (p *Planner) allowedValue(field string, v any, forbid []assert.Predicate) (any, bool) {
	w, err := p.env.World(p.env.Recipe.Seed)
	if err != nil {
		return nil, false
	}
	_, isList := v.([]any)
	email := strings.Contains(state.Text(v), "@")
	for _, pr := range forbid {
		email = email || strings.Contains(state.Text(pr.Value), "@")
	}
	var fallback any
	for _, name := range w.Names() {
		for _, r := range w.Collection(name).Records {
			for k, x := range r {
				s, ok := x.(string)
				if !ok || s == "" || strings.Contains(s, "@") != email {
					continue
				}
				cand := any(s)
				if isList {
					cand = []any{s}
				}
				if satisfy.HoldsOn(cand, forbid) {
					continue
				}
				if ground.LastPart(k) == ground.LastPart(field) {
					return cand, true
				}
				if fallback == nil && email {
					fallback = cand
				}
			}
		}
	}
	return fallback, fallback != nil
}
