package episode

import (
	"fmt"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
)

// expandSteps returns the workflow intent with its steps folded in: each
// step intent's goal, tools and apps are added (its plan too, when the
// workflow has none), its slots renamed by the step's Bind. The step
// versions used are recorded as the recipe's step pins, and the atom each
// goal assertion comes from is returned beside them. An intent without
// steps is returned as it is.
func (c *composer) expandSteps(ie *atom.Entry, in *atom.Intent) (*atom.Intent, []atom.Pin, []GoalSource) {
	from := make([]GoalSource, len(in.Goal))
	for i := range from {
		from[i] = GoalSource{Entry: ie, Index: i}
	}
	if len(in.Steps) == 0 {
		return in, nil, from
	}
	out := *in
	out.Steps = nil
	out.Slots = map[string]atom.Slot{}
	for k, v := range in.Slots {
		out.Slots[k] = v
	}
	out.Goal = append([]assert.Assertion(nil), in.Goal...)
	out.Apps = append([]string(nil), in.Apps...)
	out.Tools = append([]string(nil), in.Tools...)
	hasApp, hasTool := set(out.Apps), set(out.Tools)
	ownPlan := len(in.Plan) > 0
	var pins []atom.Pin
	for i, st := range in.Steps {
		se, err := stepEntry(c.lib, c.r, st)
		if err != nil {
			c.add(IssueMissingAtom, ie, "", "", fmt.Sprintf("steps[%d].intent", i), "%v", err)
			continue
		}
		step := se.MustIntent()
		if len(step.Steps) > 0 {
			c.add(IssueMissingAtom, ie, "", "", fmt.Sprintf("steps[%d].intent", i), "step intent %s has steps of its own; steps do not nest", se.ID)
			continue
		}
		pins = append(pins, se.Pin())
		rename := func(slot string) string {
			if to, ok := st.Bind[slot]; ok {
				return to
			}
			return fmt.Sprintf("%s_%d", slot, i)
		}
		for name, sl := range step.Slots {
			if _, bound := st.Bind[name]; !bound {
				out.Slots[rename(name)] = sl
			}
		}
		for j, a := range step.Goal {
			out.Goal = append(out.Goal, renameAssertion(a, rename))
			from = append(from, GoalSource{Entry: se, Index: j})
		}
		for _, app := range step.Apps {
			if !hasApp[app] {
				hasApp[app] = true
				out.Apps = append(out.Apps, app)
			}
		}
		// A curated workflow surface gains the tools its steps list; a
		// workflow without a list offers every tool of its apps already.
		for _, t := range step.Tools {
			if len(in.Tools) > 0 && !hasTool[t] {
				hasTool[t] = true
				out.Tools = append(out.Tools, t)
			}
		}
		if !ownPlan {
			for _, pc := range step.Plan {
				args, _ := renameValue(map[string]any(pc.Args), rename).(map[string]any)
				out.Plan = append(out.Plan, atom.PlanCall{Tool: pc.Tool, Args: args})
			}
		}
	}
	out.Goal, from = mergeUnchanged(out.Goal, from, ie)
	return &out, pins, from
}

// mergeUnchanged joins the steps' unchanged assertions on one collection.
// Each step says "nothing else in C changes" about its own record; side by
// side in a workflow they would contradict each other (each forbids the
// others' records), so they become one that lets every step's record
// change: except {key: {in: [...]}}. Steps whose except lists are not one
// equality on the same field cannot be joined that way and are left out
// (the workflow's own negatives say what the whole task must not touch).
func mergeUnchanged(goal []assert.Assertion, from []GoalSource, workflow *atom.Entry) ([]assert.Assertion, []GoalSource) {
	type group struct {
		first  int
		n      int
		field  string
		values []any
		ok     bool
	}
	groups := map[string]*group{}
	var order []string
	for i, a := range goal {
		if a.Type != assert.Unchanged || i >= len(from) || from[i].Entry == workflow {
			continue
		}
		g := groups[a.Target]
		if g == nil {
			g = &group{first: i, ok: true}
			groups[a.Target] = g
			order = append(order, a.Target)
		}
		g.n++
		if len(a.Except) != 1 || len(a.ExceptAlso) > 0 || len(a.Where) > 0 || (g.field != "" && a.Except[0].Field != g.field) {
			g.ok = false
			continue
		}
		p := a.Except[0]
		g.field = p.Field
		switch p.Op {
		case assert.OpEquals:
			g.values = append(g.values, p.Value)
		case assert.OpIn:
			l, _ := p.Value.([]any)
			g.values = append(g.values, l...)
		default:
			g.ok = false
		}
	}
	if len(order) == 0 {
		return goal, from
	}
	var outG []assert.Assertion
	var outF []GoalSource
	for i, a := range goal {
		g := groups[a.Target]
		if a.Type != assert.Unchanged || g == nil || i >= len(from) || from[i].Entry == workflow {
			outG = append(outG, a)
			outF = append(outF, from[i])
			continue
		}
		if g.n == 1 {
			outG = append(outG, a) // one step's own: nothing to join
			outF = append(outF, from[i])
			continue
		}
		if i != g.first || !g.ok {
			continue
		}
		if len(g.values) > 1 {
			a.Except = []assert.Predicate{{Field: g.field, Op: assert.OpIn, Value: g.values}}
		}
		outG = append(outG, a)
		outF = append(outF, from[i])
	}
	return outG, outF
}

// stepEntry resolves a workflow's step: the version the recipe pins for
// that intent, else the library's head. Compose and Pin both use it, so a
// recipe's id is the same whichever computes it.
func stepEntry(lib *atom.Library, r atom.Recipe, st atom.Step) (*atom.Entry, error) {
	p := atom.Pin{ID: st.Intent}
	for _, q := range r.Steps {
		if q.ID == st.Intent {
			p = q
			break
		}
	}
	return lib.Get(atom.KindIntent, p)
}

// GoalSource is where a composed goal assertion comes from: the intent
// atom (the workflow's own, or a step's) and its index in that atom's goal.
type GoalSource struct {
	Entry *atom.Entry
	Index int
}

func set(xs []string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// renameSlots rewrites {{slot}} and {{slot.field}} in s.
func renameSlots(s string, rename func(string) string) string {
	if !strings.Contains(s, "{{") {
		return s
	}
	return atom.ReplacePlaceholders(s, func(p atom.Placeholder) string {
		if p.Field != "" {
			return "{{" + rename(p.Slot) + "." + p.Field + "}}"
		}
		return "{{" + rename(p.Slot) + "}}"
	})
}

func renameValue(v any, rename func(string) string) any {
	switch x := v.(type) {
	case string:
		return renameSlots(x, rename)
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = renameValue(e, rename)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = renameValue(e, rename)
		}
		return out
	}
	return v
}

func renameAssertion(a assert.Assertion, rename func(string) string) assert.Assertion {
	a.Target = renameSlots(a.Target, rename)
	a.Expr = renameSlots(a.Expr, rename)
	a.Label = renameSlots(a.Label, rename)
	a.Where = renamePredicates(a.Where, rename)
	if a.Except != nil {
		a.Except = renamePredicates(a.Except, rename)
	}
	return a
}

func renamePredicates(ps []assert.Predicate, rename func(string) string) assert.Where {
	w := make(assert.Where, len(ps))
	for i, p := range ps {
		p.Value = renameValue(p.Value, rename)
		w[i] = p
	}
	return w
}
