package verify

import (
	"fmt"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/ground"
)

// The instruction-ablation self-check: the instruction is cut to the
// names it mentions (its slots' values) and the solving plan's values are
// traced again. When every value the goal checks is still grounded, what
// the instruction asks made no difference to grounding: the verifier
// cannot tell here a value the task asks for from one the agent merely
// sees. The verdict stays; the environment is counted as a verifier
// defect (Verdict.Unasked), so that the share of such environments is
// known.

// namesOnly returns the instruction cut to the values of its slots, one
// per line; false when the instruction has no slot (an imported task
// names its records in prose, which this check cannot cut).
func (in *envInfo) namesOnly() (string, bool) {
	it, ok := in.Env.Intent.Atom.(*atom.Intent)
	if !ok {
		return "", false
	}
	ms := atom.SlotPattern().FindAllStringSubmatch(it.Instruction, -1)
	if len(ms) == 0 {
		return "", false
	}
	w, err := in.Env.World(in.Env.Recipe.Seed)
	if err != nil {
		return "", false
	}
	var names []string
	for _, m := range ms {
		b, ok := in.Env.Bindings[m[1]]
		if !ok {
			continue
		}
		v := b.Value
		if m[2] != "" {
			v = nil
			if c := w.Collection(b.App + "." + b.Coll); c != nil {
				if rec, ok := c.Lookup(b.Key); ok {
					v = rec[m[2]]
				}
			}
		}
		if v != nil {
			names = append(names, state.Text(v))
		}
	}
	return strings.Join(names, "\n"), true
}

// unaskedGrounding reports whether the plan's run grounds every checked
// value even when the instruction is cut to its names, and the names.
func (in *envInfo) unaskedGrounding(r *run) (string, bool) {
	names, ok := in.namesOnly()
	if !ok {
		return "", false
	}
	full := in.messageContext()
	cut := &ground.Visible{Clock: full.Clock}
	for _, d := range full.Docs {
		if d.Name == "the instruction" {
			d = ground.NewDoc("the instruction", names)
		}
		cut.Docs = append(cut.Docs, d)
	}
	cutInfo := *in.Info
	cutInfo.Messages = cut
	ablated := envInfo{&cutInfo}
	gs := ablated.traceGrounding(r)
	if len(gs) == 0 {
		return names, false
	}
	if _, bad := ground.Ungrounded(gs); bad {
		return names, false
	}
	// The cut instruction fails when it asks for none of the plan's writes.
	_, _, notAsked := in.unaskedWrite(r, askTextOf(r.Session.State().Base(), names, ""))
	return names, !notAsked
}

// unaskedNote is the note the solvable check adds for such a plan.
func unaskedNote(names string) string {
	return fmt.Sprintf("self-check: the instruction cut to its names (%q) still grounds every value the goal checks; the verifier cannot tell asked from visible here", strings.ReplaceAll(names, "\n", "; "))
}
