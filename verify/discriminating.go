package verify

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
)

// Probe kinds: the wrong plans a discriminating goal must reject.
const (
	ProbeEmpty       = "empty"        // nothing at all
	ProbeDrop        = "drop"         // the plan without one state-changing step
	ProbePerturb     = "perturb"      // one written argument wrong (a pinned value, a record, a recipient)
	ProbeFreeValue   = "free_value"   // a value the planner chose freely made empty or wrong
	ProbeSibling     = "sibling"      // the plan plus the same write on a look-alike record
	ProbeUnnamed     = "unnamed"      // the plan plus the same write on a record the goal does not name
	ProbeOtherBranch = "other_branch" // the plan plus the action of a branch not taken
)

// ProbeKinds lists the kinds in the order the check tries them.
var ProbeKinds = []string{ProbeEmpty, ProbeDrop, ProbePerturb, ProbeFreeValue, ProbeSibling, ProbeUnnamed, ProbeOtherBranch}

// Probe is one wrong plan the discriminating check ran, and its score. A
// discriminating goal gives every probe a reward below 1.
type Probe struct {
	Kind   string             `json:"kind"`
	What   string             `json:"what"`
	Plan   []episode.ToolCall `json:"plan"`
	Reward float64            `json:"reward"`
	Passed bool               `json:"passed"`
}

// IsOverAction reports whether the probe does more than the task (rather
// than less or wrong).
func (p Probe) IsOverAction() bool {
	return p.Kind == ProbeSibling || p.Kind == ProbeUnnamed || p.Kind == ProbeOtherBranch
}

// Probe budgets per environment.
const (
	maxPerturbations = 12
	maxOverActions   = 8
)

// runDiscriminating runs the probes in order and fails on the first that
// keeps full reward. A plan that changes the state but yields no probe
// beside dropping steps is not a pass: nothing tested that the goal tells
// a right write from a wrong one.
func runDiscriminating(p *Job) []Diagnostic {
	if p.empty != nil {
		p.Probes = append(p.Probes, Probe{Kind: ProbeEmpty, What: "no call at all", Reward: p.empty.result.Reward, Passed: p.empty.result.Passed})
		if p.empty.result.Passed {
			return []Diagnostic{fail(RootCause{Code: VerifierNotDiscriminating, Atom: ref(p.Env.Intent), Evidence: Evidence{Message: "the empty trajectory passes"}})}
		}
	}
	if p.solved == nil {
		return nil
	}
	changing := p.solved.changingSteps()
	for _, i := range changing {
		calls := append(append([]episode.ToolCall(nil), p.Plan[:i]...), p.Plan[i+1:]...)
		if pr, ok := p.probe(ProbeDrop, fmt.Sprintf("without step %d (%s)", i+1, p.Plan[i].Name), calls); ok && pr.Passed {
			return []Diagnostic{fail(p.info.dropCause(p.Plan, i))}
		}
	}
	for _, gen := range []func([]int) []Diagnostic{p.perturbProbes, p.overActionProbes} {
		if ds := gen(changing); ds != nil {
			return ds
		}
	}
	n := 0
	for _, pr := range p.Probes {
		if pr.Kind != ProbeEmpty && pr.Kind != ProbeDrop {
			n++
		}
	}
	if n == 0 && len(changing) > 0 && p.Ctx.Err() == nil {
		msg := fmt.Sprintf("no wrong variant of the plan %s could be made (no record, recipient or pinned value to change, no sibling to write): nothing shows the goal tells a right write from a wrong one", planText(p.Plan))
		return []Diagnostic{fail(RootCause{Code: VerifierNotDiscriminating, Atom: ref(p.Env.Intent), Evidence: Evidence{Message: msg}})}
	}
	return []Diagnostic{note(fmt.Sprintf("%d probes (%s) all lose reward", len(p.Probes), probeCounts(p.Probes)))}
}

// probe replays calls and records the outcome; ok is false when the
// replay could not run or the context ended.
func (p *Job) probe(kind, what string, calls []episode.ToolCall) (Probe, bool) {
	if p.Ctx.Err() != nil {
		return Probe{}, false
	}
	r, err := p.replayProbe(calls, false)
	if err != nil {
		return Probe{}, false
	}
	return p.record(kind, what, r), true
}

// record keeps the outcome of a probe already replayed.
func (p *Job) record(kind, what string, r *run) Probe {
	pr := Probe{Kind: kind, What: what, Plan: r.calls, Reward: r.result.Reward, Passed: r.result.Passed}
	p.Probes = append(p.Probes, pr)
	return pr
}

// changingSteps lists the steps that changed the state without an error.
func (r *run) changingSteps() []int {
	var out []int
	var prev uint64
	for i, d := range r.digests {
		if d != prev && !r.obs[i].IsError {
			out = append(out, i)
		}
		prev = d
	}
	return out
}

// perturbProbes changes one argument of a state-changing step: the values
// the goal pins, the record acted on, links and recipients. Values the
// planner chose freely are probed too when they name a record or a person
// (a wrong id, an empty recipient): a goal that accepts any of them does
// not say who the action was for.
func (p *Job) perturbProbes(changing []int) []Diagnostic {
	n := 0
	for _, i := range changing {
		for _, pt := range p.info.perturbations(p.Plan[i]) {
			kind := ProbePerturb
			if p.fillers[fillerKey(p.Plan[i].Name, pt.arg, pt.right)] {
				if !identityField(pt.field) {
					continue // free text the goal need not care about
				}
				kind = ProbeFreeValue
			}
			if n >= maxPerturbations {
				return nil
			}
			n++
			calls := append([]episode.ToolCall(nil), p.Plan...)
			calls[i] = pt.call
			pr, ok := p.probe(kind, fmt.Sprintf("step %d (%s) with %s=%s instead of %s", i+1, pt.call.Name, pt.arg, jsonText(pt.value), jsonText(pt.right)), calls)
			if ok && pr.Passed {
				return []Diagnostic{fail(freeValueCause(p.info.perturbCause(p.Plan[i], i, pt), kind))}
			}
		}
		for _, pt := range p.info.emptyIdentities(p.Plan[i]) {
			if n >= maxPerturbations {
				return nil
			}
			n++
			calls := append([]episode.ToolCall(nil), p.Plan...)
			calls[i] = pt.call
			pr, ok := p.probe(ProbeFreeValue, fmt.Sprintf("step %d (%s) with %s empty", i+1, pt.call.Name, pt.arg), calls)
			if ok && pr.Passed && !p.errorAt(calls, i) {
				return []Diagnostic{fail(freeValueCause(p.info.perturbCause(p.Plan[i], i, pt), ProbeFreeValue))}
			}
		}
	}
	return nil
}

// freeValueCause drops the fix a free-value failure would suggest: the
// value is one the planner made up, so pinning it would make the goal ask
// for something no one told the agent (grounding then refuses it). Which
// record or person the task means is for the intent's author to say.
func freeValueCause(c RootCause, kind string) RootCause {
	if kind == ProbeFreeValue {
		c.SuggestedFix = nil
		c.Evidence.Message += "; the goal does not say which record or person this names (the value was the planner's own choice)"
	}
	return c
}

// errorAt reports whether step i of calls fails (an empty recipient a tool
// refuses is no wrong write).
func (p *Job) errorAt(calls []episode.ToolCall, i int) bool {
	r, err := p.replayProbe(calls[:i+1], false)
	return err != nil || r.obs[i].IsError
}

// identityField reports whether a field names a record or a person: a key,
// a link, an address.
func identityField(f string) bool {
	if i := strings.LastIndex(f, "."); i >= 0 {
		f = f[i+1:]
	}
	camelID := strings.HasSuffix(f, "Id") || strings.HasSuffix(f, "ID")
	f = strings.ToLower(f)
	return f == "id" || strings.HasSuffix(f, "_id") || camelID ||
		isRecipient(f) || isEmailField(f) || f == "channel" || f == "assignee" || f == "owner"
}

// emptyIdentities lists the step with one identity argument (a recipient,
// a link) emptied.
func (in *envInfo) emptyIdentities(c episode.ToolCall) []perturbation {
	var args map[string]any
	if json.Unmarshal(c.Args, &args) != nil {
		return nil
	}
	var out []perturbation
	for _, arg := range sortedKeys(args) {
		s, ok := args[arg].(string)
		if !ok || s == "" || !identityField(arg) {
			continue
		}
		na := make(map[string]any, len(args))
		for k, v := range args {
			na[k] = v
		}
		na[arg] = ""
		raw, _ := json.Marshal(na)
		out = append(out, perturbation{call: episode.ToolCall{ID: c.ID, Name: c.Name, Args: raw}, arg: arg, field: arg, value: "", right: s})
	}
	return out
}

// overActionProbes add to the plan what a careless agent adds: the same
// write on a look-alike of the record acted on, the same write on a record
// the goal does not name, and the actions of the branches not taken.
func (p *Job) overActionProbes(changing []int) []Diagnostic {
	n := 0
	for _, i := range changing {
		for _, x := range p.info.extraWrites(p.Plan[i], p.written()) {
			if n >= maxOverActions {
				break
			}
			n++
			if p.Ctx.Err() != nil {
				return nil
			}
			calls := append(append([]episode.ToolCall(nil), p.Plan...), x.call)
			r, ok := p.lastChanges(calls)
			if !ok {
				continue // refused, or already so: no over-action
			}
			if pr := p.record(x.kind, fmt.Sprintf("the plan plus %s", x.what), r); pr.Passed {
				return []Diagnostic{fail(p.info.overActionCause(p, pr, x))}
			}
		}
	}
	if branch := p.Env.OtherBranchCalls(); len(branch) > 0 {
		calls := append(append([]episode.ToolCall(nil), p.Plan...), branch...)
		pr, ok := p.probe(ProbeOtherBranch, "the plan plus the branch not taken", calls)
		if ok && pr.Passed {
			x := extraWrite{kind: ProbeOtherBranch, what: "the branch not taken", call: branch[0]}
			if t := p.Env.Tool(branch[0].Name); t != nil {
				x.coll = t.App + "." + t.Effect.Collection
			}
			return []Diagnostic{fail(p.info.overActionCause(p, pr, x))}
		}
	}
	return nil
}

// written reports whether the solving plan wrote a record.
func (p *Job) written() func(coll, key string) bool {
	return func(coll, key string) bool {
		if p.solved == nil || p.solved.sess == nil {
			return false
		}
		_, ok := p.solved.sess.State().Dirty(coll)[key]
		return ok
	}
}

// lastChanges replays calls and reports whether the last one succeeds and
// changes the state: a write its tool refuses, or one that leaves a record
// as it was, is no over-action. The run is the probe's.
func (p *Job) lastChanges(calls []episode.ToolCall) (*run, bool) {
	r, err := p.replayProbe(calls, true)
	n := len(calls)
	if err != nil || r.obs[n-1].IsError {
		return nil, false
	}
	return r, n == 1 || r.digests[n-1] != r.digests[n-2]
}

// extraWrite is one call added to the plan by an over-action probe.
type extraWrite struct {
	kind, what string
	call       episode.ToolCall
	coll       string // the collection written
}

// extraWrites lists the over-actions of one step: for a write on a record,
// the same write on a look-alike and on an unrelated record; for a create
// that links to a record or a person, the same create for another one.
func (in *envInfo) extraWrites(c episode.ToolCall, written func(coll, key string) bool) []extraWrite {
	t := in.env.Tool(c.Name)
	if t == nil {
		return nil
	}
	ci := in.colls[t.App+"."+t.Effect.Collection]
	var args map[string]any
	if ci == nil || json.Unmarshal(c.Args, &args) != nil {
		return nil
	}
	w, err := in.env.World(in.env.Recipe.Seed)
	if err != nil {
		return nil
	}
	with := func(arg string, v any) episode.ToolCall {
		na := make(map[string]any, len(args))
		for k, x := range args {
			na[k] = x
		}
		na[arg] = fitArg(v, argSchema(t, arg))
		raw, _ := json.Marshal(na)
		return episode.ToolCall{Name: c.Name, Args: raw}
	}
	var out []extraWrite
	switch t.Effect.Kind {
	case "update", "append", "delete":
		keyArg, match := keyArgOf(t, ci.def)
		cur, ok := args[keyArg]
		if !ok {
			return nil
		}
		alike, other := siblings(w.Collection(ci.name), match, cur, func(k string) bool { return written(ci.name, k) })
		if alike != nil {
			out = append(out, extraWrite{ProbeSibling, fmt.Sprintf("%s on the look-alike %s %s", c.Name, match, state.Text(alike)), with(keyArg, alike), ci.name})
		}
		if other != nil {
			out = append(out, extraWrite{ProbeUnnamed, fmt.Sprintf("%s on %s %s, which the goal does not name", c.Name, match, state.Text(other)), with(keyArg, other), ci.name})
		}
	case "create":
		for _, arg := range sortedKeys(args) {
			cur := args[arg]
			if !identityField(arg) || emptyValue(cur) {
				continue
			}
			var v any
			if isRecipient(arg) || isEmailField(arg) {
				v = in.siblingEmail(w, cur)
			} else if s, ok := cur.(string); ok {
				v = in.otherKey(w, t.App, s)
			}
			if v == nil {
				continue
			}
			out = append(out, extraWrite{ProbeSibling, fmt.Sprintf("another %s with %s=%s", c.Name, arg, jsonText(v)), with(arg, v), ci.name})
			break
		}
	}
	return out
}

// siblings picks two other records of a collection: the one that most
// resembles the record whose match field is cur (shares the most words
// in its text fields: a namesake, a record of the same customer), and one
// that shares the fewest.
func siblings(c *state.Collection, match string, cur any, skip func(key string) bool) (alike, other any) {
	if c == nil {
		return nil, nil
	}
	var target state.Record
	for _, r := range c.Records {
		if valueEqual(r[match], cur) || state.Text(r[match]) == state.Text(cur) {
			target = r
			break
		}
	}
	if target == nil {
		return nil, nil
	}
	words := textWords(target, match)
	best, worst := -1, 1<<30
	for _, r := range c.Records {
		v, ok := r[match]
		if !ok || v == nil || state.Text(v) == state.Text(cur) {
			continue
		}
		if k, _ := state.KeyOf(r, c.Key); skip(k) {
			continue // the plan writes it too: no sibling of the task's records
		}
		n := 0
		for w := range textWords(r, match) {
			if words[w] {
				n++
			}
		}
		if n > best {
			best, alike = n, v
		}
		if n < worst {
			worst, other = n, v
		}
	}
	if state.Text(alike) == state.Text(other) {
		other = nil
	}
	return alike, other
}

// textWords collects the words of a record's text fields, but its key.
func textWords(r state.Record, skip string) map[string]bool {
	out := map[string]bool{}
	for f, v := range r {
		s, ok := v.(string)
		if !ok || f == skip {
			continue
		}
		for _, w := range strings.Fields(loose(s)) {
			if len(w) > 2 {
				out[w] = true
			}
		}
	}
	return out
}

// overActionCause blames the intent for a goal that lets an agent do more
// than asked, and suggests an unchanged assertion over the collection the
// extra write reached, excepting the records the plan writes.
func (in *envInfo) overActionCause(p *Job, pr Probe, x extraWrite) RootCause {
	iref := ref(in.env.Intent)
	msg := fmt.Sprintf("over-action keeps full reward: %s still passes (plan %s)", pr.What, planText(pr.Plan))
	cause := RootCause{Code: VerifierNotDiscriminating, Atom: iref,
		Evidence: Evidence{Tool: x.call.Name, Collection: x.coll, Message: msg}}
	if fix := in.protectFix(p, x.coll); fix != nil {
		cause.SuggestedFix = fix
	}
	return cause
}

// planText renders calls compactly for evidence: name {args}; ...
func planText(calls []episode.ToolCall) string {
	parts := make([]string, len(calls))
	for i, c := range calls {
		parts[i] = c.Name + " " + string(c.Args)
	}
	return "[" + strings.Join(parts, "; ") + "]"
}
