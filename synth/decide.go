package synth

import (
	"slices"

	"github.com/legoenv/legoenv/atom"
)

// Deciding on a figure. A task whose change depends on a record's amount
// (route it one way over a limit, hold it for approval over the policy's)
// leaves the amount out of the instruction: a person reads the record
// first, then changes it, then closes the loop. The planner, which knows
// the goal, would skip the read, and the demos would teach an agent to
// guess; the draft carries that expert's plan as its reference plan
// instead, and the branch not taken as the change that must lose reward.

// readFirst gives d, whose changes act on cm's record in slot, the plan
// that reads the record before writing: a get by its key when the
// instruction quotes the key, else a search by the name it gives; then
// each write of d in order. other is the change of the branch not taken
// (field to value). It reports whether every call could be written; d is
// unchanged when not.
func readFirst(d *draft, cm *collModel, slot string, other map[string]any) bool {
	read, ok := readCall(cm, slot)
	if !ok {
		return false
	}
	plan := []atom.PlanCall{read}
	for _, w := range d.writes {
		c, ok := writeOn(cm, slot, w)
		if !ok {
			return false
		}
		plan = append(plan, c)
	}
	alt, ok := writeCall(cm, "update", other, slot)
	if !ok {
		return false
	}
	d.in.Plan, d.in.OtherBranch = plan, []atom.PlanCall{alt}
	return true
}

// readCall reads cm's record in slot the way the instruction lets a
// person find it: a search by the name it gives when a search finds
// records by name, else a get by the key it quotes (ident names such a
// record by id); failing both, a listing of the collection.
func readCall(cm *collModel, slot string) (atom.PlanCall, bool) {
	if cm.display != "" && cm.findable() {
		if c, ok := listCall(cm, cm.display, slotRef(slot, cm.display)); ok {
			return c, true
		}
		return listCall(cm, "", nil)
	}
	for _, t := range cm.toolsFor("get") {
		k, v := keyArg(t, cm, slot)
		if !atom.InputProperties(t.Input)[k] {
			continue
		}
		if slices.ContainsFunc(requiredArgs(t), func(r string) bool { return r != k }) {
			continue
		}
		return atom.PlanCall{Tool: t.Name, Args: map[string]any{k: v}}, true
	}
	return listCall(cm, "", nil)
}

// writeOn is the call that makes w, a change to cm's record in slot (a
// state, a flag, a tag) or a note created on it; ok is false for any
// other write (a post to the team, which names a channel the plan would
// have to find).
func writeOn(cm *collModel, slot string, w write) (atom.PlanCall, bool) {
	if w.cm == cm {
		if v, ok := w.value.(string); ok && slices.Contains(cm.lists, w.field) {
			return stepRef{cm: cm, field: w.field, value: v, tag: true}.call(slot)
		}
		return writeCall(cm, "update", map[string]any{w.field: w.value}, slot)
	}
	child, ref, field, ok := noteTarget(cm)
	if !ok || w.cm != child || w.field != field || w.effect != "create" {
		return atom.PlanCall{}, false
	}
	return writeCall(child, "create", map[string]any{ref.name: ref.slot(slot), field: w.value}, "")
}
