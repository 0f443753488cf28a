package probe

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/ground"
	"github.com/legoenv/legoenv/verify/satisfy"
	"github.com/legoenv/legoenv/verify/verdict"
)

// Probe kinds: the wrong plans a discriminating goal must reject.
const (
	KindEmpty     = "empty"      // nothing at all
	KindDrop      = "drop"       // the plan without one state-changing step
	KindPerturb   = "perturb"    // one written argument wrong (a pinned value, a record, a recipient)
	KindFreeValue = "free_value" // a value the planner chose freely made empty or wrong
	KindSibling   = "sibling"    // the plan plus the same write on a look-alike record
	KindUnnamed   = "unnamed"    // the plan plus the same write on a record the goal does not name
	// KindAddedRecipient is the plan with a person the goal does not name
	// added to a step's list of recipients (a send, an invite).
	KindAddedRecipient = "added_recipient"
	KindOtherBranch    = "other_branch" // the plan plus the action of a branch not taken
)

// kinds lists the kinds in the order the probes are tried.
var kinds = []string{KindEmpty, KindDrop, KindPerturb, KindFreeValue, KindSibling, KindUnnamed, KindAddedRecipient, KindOtherBranch}

// Kinds lists the kinds of probe in the order they are tried, a copy.
func Kinds() []string { return slices.Clone(kinds) }

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
	return p.Kind == KindSibling || p.Kind == KindUnnamed || p.Kind == KindAddedRecipient || p.Kind == KindOtherBranch
}

// Probe budgets per environment.
const (
	maxPerturbations = 12
	maxOverActions   = 8
	// maxOverActionTries bounds the replays spent finding writes that
	// change the state.
	maxOverActionTries = 16
	// maxAddedRecipients bounds the added-recipient probes, counted apart
	// from the other over-actions so that they add to them.
	maxAddedRecipients = 4
)

// Discriminating runs the probes in order and fails on the first that
// keeps full reward. A plan that changes the state but yields no probe
// beside dropping steps is not a pass: nothing tested that the goal tells
// a right write from a wrong one. The probes tried are appended to
// p.Probes. A Job without an environment probes nothing.
func Discriminating(p *Job) []verdict.Diagnostic {
	if p.Env == nil {
		return []verdict.Diagnostic{verdict.Note("no environment to probe")}
	}
	p.start()
	if p.Empty != nil {
		p.Probes = append(p.Probes, Probe{Kind: KindEmpty, What: "no call at all", Reward: p.Empty.Result.Reward, Passed: p.Empty.Result.Passed})
		if p.Empty.Result.Passed {
			return []verdict.Diagnostic{verdict.Failing(verdict.RootCause{Code: verdict.VerifierNotDiscriminating, Atom: facts.Ref(p.Env.Intent), Evidence: verdict.Evidence{Message: "the empty trajectory passes"}})}
		}
	}
	if p.Solved == nil {
		return nil
	}
	changing := p.Solved.ChangingSteps()
	for _, i := range changing {
		calls := append(append([]episode.ToolCall(nil), p.Plan[:i]...), p.Plan[i+1:]...)
		if pr, ok := p.probe(KindDrop, fmt.Sprintf("without step %d (%s)", i+1, p.Plan[i].Name), calls); ok && pr.Passed {
			return []verdict.Diagnostic{verdict.Failing(p.info.dropCause(p.Plan, i))}
		}
	}
	if ds := p.perturbProbes(changing); ds != nil {
		// When the fix is a negative, the over-actions run too, so that it
		// forbids what they did as well and one round of evolution can
		// make the goal discriminating.
		if addAssertionOf(ds) == nil {
			return ds
		}
		return withMoreProtections(ds, p.overActionProbes(changing))
	}
	if ds := p.overActionProbes(changing); ds != nil {
		return ds
	}
	n := 0
	for _, pr := range p.Probes {
		if pr.Kind != KindEmpty && pr.Kind != KindDrop {
			n++
		}
	}
	if n == 0 && len(changing) > 0 && p.Ctx.Err() == nil {
		msg := fmt.Sprintf("no wrong variant of the plan %s could be made (no record, recipient or pinned value to change, no sibling to write): nothing shows the goal tells a right write from a wrong one", planText(p.Plan))
		return []verdict.Diagnostic{verdict.Failing(verdict.RootCause{Code: verdict.VerifierNotDiscriminating, Atom: facts.Ref(p.Env.Intent), Evidence: verdict.Evidence{Message: msg}})}
	}
	return []verdict.Diagnostic{verdict.Note(fmt.Sprintf("%d probes (%s) all lose reward", len(p.Probes), probeCounts(p.Probes)))}
}

// probe replays calls and records the outcome; ok is false when the
// replay could not run or the context ended.
func (p *Job) probe(kind, what string, calls []episode.ToolCall) (Probe, bool) {
	pr, _, ok := p.probeRun(kind, what, calls)
	return pr, ok
}

// probeRun is probe that also returns the run, for the fix that compares
// its final state with the plan's.
func (p *Job) probeRun(kind, what string, calls []episode.ToolCall) (Probe, *facts.Run, bool) {
	if p.Ctx.Err() != nil {
		return Probe{}, nil, false
	}
	r, err := p.replayProbe(calls, false)
	if err != nil {
		return Probe{}, nil, false
	}
	return p.record(kind, what, r), r, true
}

// record keeps the outcome of a probe already replayed.
func (p *Job) record(kind, what string, r *facts.Run) Probe {
	pr := Probe{Kind: kind, What: what, Plan: r.Calls, Reward: r.Result.Reward, Passed: r.Result.Passed}
	p.Probes = append(p.Probes, pr)
	return pr
}

// perturbProbes changes one argument of a state-changing step: the values
// the goal pins, the record acted on, links and recipients. Values the
// planner chose freely are probed too when they name a record or a person
// (a wrong id, an empty recipient): a goal that accepts any of them does
// not say who the action was for.
func (p *Job) perturbProbes(changing []int) []verdict.Diagnostic {
	var b probeBudget
	for _, i := range changing {
		t := p.Env.Tool(p.Plan[i].Name)
		for _, pt := range p.info.perturbations(p.Plan[i]) {
			kind := KindPerturb
			list := !identityField(pt.field) && p.info.recipientList(t, pt.arg)
			if p.free(p.Plan[i].Name, pt.arg, pt.right) {
				if !identityField(pt.field) && !list || p.info.keepsNoRecordOf(t, pt.arg, pt.right) {
					continue // free text the goal need not care about, or no record's id
				}
				kind = KindFreeValue
			}
			what := fmt.Sprintf("step %d (%s) with %s=%s instead of %s", i+1, pt.call.Name, pt.arg, facts.JSONText(pt.value), facts.JSONText(pt.right))
			if d, stop := p.perturbOne(&b, i, pt, list, kind, what, false); stop {
				return d
			}
		}
		for _, pt := range p.info.emptyIdentities(p.Plan[i]) {
			if p.free(p.Plan[i].Name, pt.arg, pt.right) && p.info.keepsNoRecordOf(t, pt.arg, pt.right) {
				continue
			}
			_, list := pt.right.([]any)
			what := fmt.Sprintf("step %d (%s) with %s empty", i+1, pt.call.Name, pt.arg)
			if d, stop := p.perturbOne(&b, i, pt, list, KindFreeValue, what, true); stop {
				return d
			}
		}
	}
	return nil
}

// perturbOne runs one perturbation of step i within the budget. It stops
// the probing when the budget for its sort is spent (a list's running out
// only skips it) or when the goal still passes: the failure, unless an
// emptied value is one the tool refused.
func (p *Job) perturbOne(b *probeBudget, i int, pt perturbation, list bool, kind, what string, emptied bool) ([]verdict.Diagnostic, bool) {
	if !b.take(list) {
		return nil, !list
	}
	calls := append([]episode.ToolCall(nil), p.Plan...)
	calls[i] = pt.call
	pr, r, ok := p.probeRun(kind, what, calls)
	if ok && pr.Passed && !(emptied && p.errorAt(calls, i)) {
		return []verdict.Diagnostic{verdict.Failing(p.perturbFailure(i, pt, kind, r))}, true
	}
	return nil, false
}

// probeBudget counts an environment's perturbation probes, those a list
// of recipients adds (a list emptied, a list only its role names, such as
// to_list or attendees, changed) apart: they add to the others rather than
// take their place.
type probeBudget struct{ n, lists int }

// take reports whether one more probe fits the budget.
func (b *probeBudget) take(list bool) bool {
	c := &b.n
	if list {
		c = &b.lists
	}
	if *c >= maxPerturbations {
		return false
	}
	*c++
	return true
}

// freeValueCause drops the fix a free-value failure would suggest: the
// value is one the planner made up, so pinning it would make the goal ask
// for something no one told the agent (grounding then refuses it). Which
// record or person the task means is for the intent's author to say.
func freeValueCause(c verdict.RootCause, kind string) verdict.RootCause {
	if kind == KindFreeValue {
		c.SuggestedFix = nil
		c.Evidence.Message += "; the goal does not say which record or person this names (the value was the planner's own choice)"
	}
	return c
}

// errorAt reports whether step i of calls fails (an empty recipient a tool
// refuses is no wrong write).
func (p *Job) errorAt(calls []episode.ToolCall, i int) bool {
	r, err := p.replayProbe(calls[:i+1], false)
	return err != nil || r.Obs[i].IsError
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
// a link, a list of recipients) emptied.
func (in *envInfo) emptyIdentities(c episode.ToolCall) []perturbation {
	var args map[string]any
	if json.Unmarshal(c.Args, &args) != nil {
		return nil
	}
	t := in.Env.Tool(c.Name)
	var out []perturbation
	for _, arg := range slices.Sorted(maps.Keys(args)) {
		var empty any
		switch v := args[arg].(type) {
		case string:
			if v == "" || !identityField(arg) {
				continue
			}
			empty = ""
		case []any:
			if len(v) == 0 || !in.recipientList(t, arg) {
				continue
			}
			empty = []any{}
		default:
			continue
		}
		na := maps.Clone(args)
		na[arg] = empty
		raw, _ := json.Marshal(na)
		out = append(out, perturbation{call: episode.ToolCall{ID: c.ID, Name: c.Name, Args: raw}, arg: arg, field: arg, value: empty, right: args[arg]})
	}
	return out
}

// overActionProbes add to the plan what a careless agent adds: the same
// write on a look-alike of the record acted on, the same write on a record
// the goal does not name, a person the goal does not name among a step's
// recipients, and the actions of the branches not taken. Each step offers
// a few candidates per kind; the first whose write changes the state is
// the probe of that kind. The first over-action that keeps full reward is
// the failure; the probes go on, so that its fix can protect every
// collection an over-action reached, not one a round.
func (p *Job) overActionProbes(changing []int) []verdict.Diagnostic {
	var slipped []overAction
	writes := overActionBudget{maxProbes: maxOverActions, maxTries: maxOverActionTries}
	added := overActionBudget{maxProbes: maxAddedRecipients, maxTries: maxAddedRecipients * overActionCandidates}
	for _, i := range changing {
		done := map[string]bool{}
		cands := append(p.info.extraWrites(p.Plan[i], p.written(), p.Plan), p.info.addedRecipients(p.Plan[i])...)
		for _, x := range cands {
			b := &writes
			if x.kind == KindAddedRecipient {
				b = &added
			}
			if b.full() || done[x.kind] {
				continue
			}
			if p.Ctx.Err() != nil {
				return nil
			}
			b.tries++
			r, ok := p.overActs(i, x)
			if !ok {
				continue // refused, or already so: no over-action
			}
			done[x.kind] = true
			b.probes++
			what := "the plan plus " + x.what
			if x.replace {
				what = fmt.Sprintf("the plan with %s at step %d (%s)", x.what, i+1, x.call.Name)
			}
			if pr := p.record(x.kind, what, r); pr.Passed {
				slipped = append(slipped, overAction{pr, x, r.Session.State()})
			}
		}
	}
	if branch := p.Env.OtherBranchCalls(); len(branch) > 0 {
		calls := append(append([]episode.ToolCall(nil), p.Plan...), branch...)
		pr, r, ok := p.probeRun(KindOtherBranch, "the plan plus the branch not taken", calls)
		if ok && pr.Passed {
			x := extraWrite{kind: KindOtherBranch, what: "the branch not taken", call: branch[0]}
			if t := p.Env.Tool(branch[0].Name); t != nil {
				x.coll = t.App + "." + t.Effect.Collection
			}
			slipped = append(slipped, overAction{pr, x, r.Session.State()})
		}
	}
	if len(slipped) == 0 {
		return nil
	}
	return []verdict.Diagnostic{verdict.Failing(p.info.overActionCause(p, slipped))}
}

// overActionBudget counts one kind of over-action probes (the same write
// on other records, or a person added to the recipients) and the replays
// spent finding writes that change the state.
type overActionBudget struct{ probes, tries, maxProbes, maxTries int }

func (b *overActionBudget) full() bool { return b.probes >= b.maxProbes || b.tries >= b.maxTries }

// overAction is an over-action probe that kept full reward, the write it
// added and the final state it left.
type overAction struct {
	probe Probe
	write extraWrite
	wrong *state.State
}

// written reports whether the solving plan wrote a record.
func (p *Job) written() func(coll, key string) bool {
	return func(coll, key string) bool {
		if p.Solved == nil || p.Solved.Session == nil {
			return false
		}
		_, ok := p.Solved.Session.State().Dirty(coll)[key]
		return ok
	}
}

// overActs replays the plan with x, in place of step i or after the
// plan's last step, and reports whether x is an over-action: its call
// succeeds, and an added call changes the state.
func (p *Job) overActs(i int, x extraWrite) (*facts.Run, bool) {
	calls := append([]episode.ToolCall(nil), p.Plan...)
	if !x.replace {
		return p.lastChanges(append(calls, x.call))
	}
	calls[i] = x.call
	r, err := p.replayProbe(calls, false)
	if err != nil || r.Obs[i].IsError {
		return nil, false
	}
	return r, true
}

// lastChanges replays calls and reports whether the last one succeeds and
// changes the state: a write its tool refuses, or one that leaves a record
// as it was, is no over-action. The run is the probe's.
func (p *Job) lastChanges(calls []episode.ToolCall) (*facts.Run, bool) {
	r, err := p.replayProbe(calls, true)
	n := len(calls)
	if err != nil || r.Obs[n-1].IsError {
		return nil, false
	}
	return r, n == 1 || r.Digests[n-1] != r.Digests[n-2]
}

// extraWrite is one call added to the plan by an over-action probe, or
// one that replaces a step of it.
type extraWrite struct {
	kind, what string
	call       episode.ToolCall
	coll       string // the collection written
	replace    bool   // call replaces the step it was made from
	field      string // for an added recipient: the list it adds to
}

// extraWrites lists the over-actions of one step, a few candidates per
// kind, best first: for a write on a record, the same write on look-alikes
// and on unrelated records; for a create, the same create for another
// person or record it links to, or for another record whose name or key
// the created values carry.
func (in *envInfo) extraWrites(c episode.ToolCall, written func(coll, key string) bool, plan []episode.ToolCall) []extraWrite {
	t := in.Env.Tool(c.Name)
	if t == nil {
		return nil
	}
	ci := in.Colls[t.App+"."+t.Effect.Collection]
	var args map[string]any
	if ci == nil || json.Unmarshal(c.Args, &args) != nil {
		return nil
	}
	w, err := in.Env.World(in.Env.Recipe.Seed)
	if err != nil {
		return nil
	}
	withArgs := func(na map[string]any) extraWrite {
		for k, v := range na {
			na[k] = satisfy.FitArg(v, facts.ArgSchema(t, k))
		}
		raw, _ := json.Marshal(na)
		return extraWrite{what: c.Name, call: episode.ToolCall{Name: c.Name, Args: raw}, coll: ci.Name}
	}
	with := func(arg string, v any) extraWrite {
		na := maps.Clone(args)
		na[arg] = v
		return withArgs(na)
	}
	switch t.Effect.Kind {
	case "update", "append", "delete":
		return recordWrites(w, t, ci, args, written, with)
	case "create":
		if src, ok := in.sourceOf(w, args); ok {
			if out := swapWrites(w, src, args, skipSources(written, plan, c.Name), withArgs); len(out) > 0 {
				return out
			}
		}
		return in.linkWrites(w, t, args, with, plan)
	}
	return nil
}

// holdsAlready reports whether an update's values (its arguments and the
// constants its effect sets) are already those of r: the same write there
// changes nothing and probes nothing.
func holdsAlready(t *episode.Tool, r state.Record, args map[string]any, keyArg string) bool {
	if t.Effect.Kind != "update" {
		return false
	}
	want := map[string]any{}
	for arg, v := range args {
		if arg == keyArg {
			continue
		}
		want[t.Effect.FieldOf(arg)] = v
	}
	for field, v := range t.Effect.Set {
		if s, ok := v.(string); !ok || !strings.HasPrefix(s, "$") {
			want[field] = v
		}
	}
	for field, v := range want {
		if !satisfy.ValueEqual(r[field], v) && state.Text(r[field]) != state.Text(v) {
			return false
		}
	}
	return len(want) > 0
}

// recordWrites is the same write on other records of the collection, keyed
// as the step keys its record.
func recordWrites(w *state.World, t *episode.Tool, ci *facts.Coll, args map[string]any, written func(coll, key string) bool, with func(string, any) extraWrite) []extraWrite {
	keyArg, match := facts.KeyArgOf(t, ci.Def)
	cur, ok := args[keyArg]
	if !ok {
		return nil
	}
	c := w.Collection(ci.Name)
	skip := func(r state.Record) bool {
		key, _ := state.KeyOf(r, c.Key)
		return written(ci.Name, key) || holdsAlready(t, r, args, keyArg)
	}
	alike, other := rankedSiblings(c, match, cur, skip, overActionCandidates)
	var out []extraWrite
	for _, r := range alike {
		x := with(keyArg, r[match])
		x.kind, x.what = KindSibling, fmt.Sprintf("%s on the look-alike %s %s", x.what, match, state.Text(r[match]))
		out = append(out, x)
	}
	for _, r := range other {
		x := with(keyArg, r[match])
		x.kind, x.what = KindUnnamed, fmt.Sprintf("%s on %s %s, which the goal does not name", x.what, match, state.Text(r[match]))
		out = append(out, x)
	}
	return out
}

// linkWrites is the create again for another person or record: the first
// identity argument (a recipient, a list of them, a link) that has others
// to take. A person the plan's own calls of the tool already give the
// argument is not another one: the create again for them is a duplicate
// (a second mail to a recipient the plan mails), not the task done for
// someone the task leaves out.
func (in *envInfo) linkWrites(w *state.World, t *episode.Tool, args map[string]any, with func(string, any) extraWrite, plan []episode.ToolCall) []extraWrite {
	for _, arg := range slices.Sorted(maps.Keys(args)) {
		cur := args[arg]
		list := in.recipientList(t, arg)
		if !identityField(arg) && !list || ground.EmptyValue(cur) {
			continue
		}
		var vs []any
		if isRecipient(arg) || isEmailField(arg) || list {
			vs = in.siblingEmails(w, cur, overActionCandidates)
		} else if s, ok := cur.(string); ok {
			if v := in.otherKey(w, t.App, s); v != nil {
				vs = []any{v}
			}
		}
		var out []extraWrite
		used := planValues(plan, t.Name, arg)
		for _, v := range vs {
			if used[strings.ToLower(firstAddress(v))] {
				continue
			}
			x := with(arg, v)
			x.kind, x.what = KindSibling, fmt.Sprintf("another %s with %s=%s", x.what, arg, facts.JSONText(v))
			out = append(out, x)
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// planValues collects, lower-cased, the values the plan's calls of a tool
// give an argument (each element of a list).
func planValues(plan []episode.ToolCall, tool, arg string) map[string]bool {
	out := map[string]bool{}
	for _, c := range plan {
		var args map[string]any
		if c.Name != tool || json.Unmarshal(c.Args, &args) != nil {
			continue
		}
		vs, ok := args[arg].([]any)
		if !ok {
			vs = []any{args[arg]}
		}
		for _, v := range vs {
			if v != nil {
				out[strings.ToLower(firstAddress(v))] = true
			}
		}
	}
	return out
}

// textWords collects the words of a record's text fields, but its key.
func textWords(r state.Record, skip string) map[string]bool {
	out := map[string]bool{}
	for f, v := range r {
		s, ok := v.(string)
		if !ok || f == skip {
			continue
		}
		for _, w := range strings.Fields(satisfy.Loose(s)) {
			if len(w) > 2 {
				out[w] = true
			}
		}
	}
	return out
}

// overActionCause blames the intent for a goal that lets an agent do more
// than asked (the first over-action that kept full reward is the
// evidence), and suggests an unchanged assertion over the collection each
// such over-action reached, excepting the records the plan writes.
func (in *envInfo) overActionCause(p *Job, slipped []overAction) verdict.RootCause {
	first := slipped[0]
	iref := facts.Ref(in.Env.Intent)
	msg := fmt.Sprintf("over-action keeps full reward: %s still passes (plan %s)", first.probe.What, planText(first.probe.Plan))
	cause := verdict.RootCause{Code: verdict.VerifierNotDiscriminating, Atom: iref,
		Evidence: verdict.Evidence{Tool: first.write.call.Name, Collection: first.write.coll, Message: msg}}
	a := in.overActionProtection(p, first.write, first.wrong)
	if a == nil {
		return cause
	}
	made := []assert.Assertion{*a}
	for n, o := range slipped[1:] {
		if rejects(made, o.wrong) {
			continue // an assertion already suggested makes this one lose too
		}
		if in.pinIn(p, made, o.write, slipped[:n+2]) {
			continue
		}
		b := in.overActionProtection(p, o.write, o.wrong)
		if b == nil {
			continue
		}
		// Two exceptions for one part of a collection: evolution would take
		// neither. The new one replaces the old when it makes every wrong
		// plan lose that the old one did.
		if j := slices.IndexFunc(made, func(m assert.Assertion) bool { return sameScope([]assert.Assertion{m}, *b) }); j >= 0 {
			if keepsRejecting(made[j], *b, slipped[:n+2]) {
				made[j] = *b
			}
			continue
		}
		made = append(made, *b)
	}
	cause.SuggestedFix = in.addFix(made[0], made[1:]...)
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
