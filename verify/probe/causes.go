package probe

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/verdict"
)

// goalIndexOn returns the first positive goal assertion on a collection
// (or, for a tool with no collection, the first positive one); -1 if none.
func (in *envInfo) goalIndexOn(name string) (int, []assert.Predicate) {
	first := -1
	var firstW []assert.Predicate
	for _, c := range in.GoalChecks() {
		a := c.Prog.Assertion
		if a.IsNegative() {
			continue
		}
		if a.Target == name {
			return c.Index, a.Where
		}
		if first < 0 {
			first, firstW = c.Index, a.Where
		}
	}
	return first, firstW
}

func (in *envInfo) dropCause(plan []episode.ToolCall, i int) verdict.RootCause {
	c := plan[i]
	t := in.Env.Tool(c.Name)
	var args map[string]any
	_ = json.Unmarshal(c.Args, &args)
	name := ""
	var wf map[string]string
	if t != nil {
		name = t.App + "." + t.Effect.Collection
		if ci := in.Colls[name]; ci != nil && (t.Effect.Kind == "create" || t.Effect.Kind == "update") {
			wf = facts.WriteFields(t, ci.Def)
		}
	}
	index, where := in.goalIndexOn(name)
	constrained := map[string]bool{}
	for _, pr := range where {
		constrained[pr.Field] = true
	}
	field, value := "", any(nil)
	for _, arg := range slices.Sorted(maps.Keys(args)) {
		f := arg
		if wf != nil {
			if m, ok := wf[arg]; ok {
				f = m
			} else {
				continue
			}
		}
		if !constrained[f] {
			field, value = f, args[arg]
			break
		}
	}
	if t != nil && t.Effect.Kind == "append" {
		field, value = t.Effect.Field, args[t.Effect.Value]
	}
	iref := facts.Ref(in.Env.Intent)
	msg := fmt.Sprintf("the plan without step %d (%s) still passes: the goal does not check what that step does", i+1, c.Name)
	return verdict.RootCause{Code: verdict.VerifierNotDiscriminating, Atom: iref, Evidence: verdict.Evidence{Tool: c.Name, Collection: name, Field: field, Message: msg}}.Suggest(&verdict.TightenAssertion{Index: index, Field: field, Value: value}, "make goal[%d] check %s", index, field)
}

func (in *envInfo) perturbCause(orig episode.ToolCall, i int, pt perturbation) verdict.RootCause {
	t := in.Env.Tool(orig.Name)
	name := ""
	if t != nil {
		name = t.App + "." + t.Effect.Collection
	}
	index, _ := in.goalIndexOn(name)
	iref := facts.Ref(in.Env.Intent)
	msg := fmt.Sprintf("the plan with step %d (%s) given %s=%v instead of %v still passes", i+1, orig.Name, pt.arg, facts.JSONText(pt.value), facts.JSONText(pt.right))
	return verdict.RootCause{Code: verdict.VerifierNotDiscriminating, Atom: iref, Evidence: verdict.Evidence{Tool: orig.Name, Collection: name, Field: pt.field, Message: msg}}.Suggest(&verdict.TightenAssertion{Index: index, Field: pt.field, Value: pt.right}, "make goal[%d] require %s = %v", index, pt.field, facts.JSONText(pt.right))
}
