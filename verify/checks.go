package verify

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/ground"
	"github.com/legoenv/legoenv/verify/plan"
	"github.com/legoenv/legoenv/verify/satisfy"
	"github.com/legoenv/legoenv/verify/verdict"
)

// --- nontrivial ---

func runNontrivial(p *Job) []Diagnostic {
	in := p.info
	r, err := facts.Replay(p.Env, nil, false)
	if err != nil {
		return []Diagnostic{fail(RootCause{Code: DataInconsistent, Atom: facts.Ref(p.Env.Data), Evidence: Evidence{Message: err.Error()}})}
	}
	p.empty = r
	var positives []int
	for i, c := range in.Checks {
		if c.Goal && !c.Prog.Assertion.IsNegative() {
			positives = append(positives, i)
		}
	}
	if len(positives) == 0 {
		msg := "the goal has no positive assertion: doing nothing earns reward 1"
		return []Diagnostic{fail(RootCause{Code: VerifierNotDiscriminating, Atom: facts.Ref(p.Env.Intent), Evidence: Evidence{Message: msg}})}
	}
	for _, i := range positives {
		if i >= len(r.Result.Components) || !r.Result.Components[i].Initial {
			return nil
		}
	}
	if !r.Result.Passed {
		// The positives hold already, but doing nothing fails a negative
		// one: the task's work is a removal (delete the event, take the
		// tag off), which the positives only keep from going too far.
		return nil
	}
	return []Diagnostic{fail(in.goalMetCause(in.Checks[positives[0]]))}
}

// goalMetCause blames a goal that already holds. The data is at fault
// when a record the intent names (through a slot) is what satisfies the
// assertion: the task's record starts in the goal's state, and changing it
// fixes every intent that uses the data. Otherwise the assertion holds
// whatever the task's records hold (another record satisfies it, or it
// reads no record at all): the intent does not pin what it is about.
func (in *envInfo) goalMetCause(c checkInfo) RootCause {
	a := c.Prog.Assertion
	dref := facts.Ref(in.Env.Data)
	msg := fmt.Sprintf("every positive goal assertion already holds in the initial state, e.g. goal[%d] (%s): doing nothing is rewarded", c.Index, a)
	cause := RootCause{Code: DataGoalAlreadyMet, Atom: dref, Evidence: Evidence{Assertion: a.String(), Collection: a.Target, Message: msg}}
	ci := in.Colls[a.Target]
	w, err := in.Env.World(in.Env.Recipe.Seed)
	var col *state.Collection
	if err == nil {
		col = w.Collection(a.Target)
	}
	if !a.IsState() || ci == nil || col == nil || !in.namedMatch(c, col) {
		iref := facts.Ref(in.Env.Intent)
		ev := Evidence{Assertion: a.String(), Collection: a.Target, Message: msg + "; no record the intent names is what makes it hold"}
		return verdict.Blame(IntentTrivialGoal, iref, ev).Suggest(&TightenAssertion{Index: c.Index}, "make goal[%d] name the record the task is about", c.Index)
	}
	for _, rec := range col.Records {
		if !c.Prog.MatchRecord(rec) {
			continue
		}
		key, _ := state.KeyOf(rec, col.Key)
		if !in.named(a.Target, key) {
			continue
		}
		field := ""
		for _, pr := range a.Where {
			if pr.Field == col.Key {
				continue
			}
			if field == "" || pr.Op == assert.OpEquals {
				field = pr.Field
				if pr.Op == assert.OpEquals {
					break
				}
			}
		}
		var avoid any
		if field != "" {
			avoid, _ = state.Path(rec, field)
		}
		cause.Evidence.Record, cause.Evidence.Field = key, field
		fix := &ChangeRecord{App: ci.App, Collection: ci.Coll, Key: key, Field: field, Avoid: avoid, Assertion: c.Index}
		cause = cause.Suggest(fix, "change %s of %s %s so that goal[%d] does not hold at the start", field, a.Target, key, c.Index)
		break
	}
	return cause
}

// named reports whether a slot of the environment binds the record.
func (in *envInfo) named(coll, key string) bool {
	for _, b := range in.Env.Bindings {
		if b.Handle != "" && b.App+"."+b.Coll == coll && b.Key == key {
			return true
		}
	}
	return false
}

// namedMatch reports whether a record a slot names satisfies the check.
func (in *envInfo) namedMatch(c checkInfo, col *state.Collection) bool {
	for _, b := range in.Env.Bindings {
		if b.Handle == "" || b.App+"."+b.Coll != col.Name {
			continue
		}
		if r, ok := col.Lookup(b.Key); ok && c.Prog.MatchRecord(r) {
			return true
		}
	}
	return false
}

// --- solvable ---

func runSolvable(p *Job) []Diagnostic {
	env := p.Env
	if len(env.Plan) == 0 {
		pl := plan.New(p.Ctx, env, p.info.Info, sight{p.info})
		calls, err := pl.Plan()
		if err != nil {
			return planFailure(err)
		}
		p.fillers = pl.Fillers
		r, err := facts.Replay(env, calls, true)
		if err != nil {
			return []Diagnostic{fail(RootCause{Code: DataInconsistent, Atom: facts.Ref(env.Data), Evidence: Evidence{Message: err.Error()}})}
		}
		if !r.Result.Passed {
			// The planner judged its plan on the same sessions; this is a bug
			// of the planner, reported as such rather than hidden.
			return []Diagnostic{fail(p.info.runCause(r, "planner"))}
		}
		p.Plan, p.PlanFrom, p.solved = calls, "planner", r
		if d, ok := p.checkGrounded(); !ok {
			return d
		}
		return []Diagnostic{note(fmt.Sprintf("the planner solved it in %d steps", len(calls)))}
	}
	calls := env.PlanCalls()
	r, err := facts.Replay(env, calls, true)
	if err != nil {
		return []Diagnostic{fail(RootCause{Code: DataInconsistent, Atom: facts.Ref(env.Data), Evidence: Evidence{Message: err.Error()}})}
	}
	if r.Result.Passed && r.FirstError() < 0 {
		p.Plan, p.PlanFrom, p.solved = calls, "reference", r
		if d, ok := p.checkGrounded(); !ok {
			if d[0].Cause != nil && d[0].Cause.Code == IntentNotAsked {
				return d // no plan makes the instruction ask
			}
			return p.groundedAlternative(d)
		}
		return []Diagnostic{note(fmt.Sprintf("the reference plan solves it in %d steps", len(calls)))}
	}
	cause := p.info.runCause(r, "reference")
	if cause.Code == IntentUnaskedChange {
		// The reference plan does what the instruction asks; a planner's
		// plan that leaves it out would pass only because the goal does
		// not say it.
		return []Diagnostic{fail(cause)}
	}
	// Is there another way? Then the reference plan is at fault, unless a
	// tool really is broken.
	planned, perr := plan.New(p.Ctx, env, p.info.Info, sight{p.info}).Plan()
	if perr == nil {
		if cause.Code == ServerToolError {
			return []Diagnostic{fail(cause), note("the planner found a way around the failing tool")}
		}
		msg := "the reference plan fails (" + cause.Evidence.Message + "), while the planner's plan solves the environment"
		return []Diagnostic{fail(replacePlanCause(env, planned, Evidence{Tool: cause.Evidence.Tool, Assertion: cause.Evidence.Assertion, Message: msg}))}
	}
	var pe *PlanError
	if cause.Code == IntentBadPlan && errors.As(perr, &pe) && len(pe.Reasons) > 0 && pe.Reasons[0].Kind != plan.ReasonBounds && pe.Reasons[0].Kind != plan.ReasonUnsupported {
		// The reference plan misses the goal and the planner says why no
		// plan can reach it: that reason is the root cause.
		return append(planFailure(perr), note("the reference plan fails: "+cause.Evidence.Message))
	}
	return []Diagnostic{fail(cause), note("the planner finds no other way: " + perr.Error())}
}

// checkGrounded traces the solving plan's checked values to what the agent
// sees; a plan that knows something only the goal says does not make the
// environment solvable.
// A plan that skips the reads an agent would make is first given them
// (revealReads); what the data does not hold stays ungrounded.
func (p *Job) checkGrounded() ([]Diagnostic, bool) {
	r, ok := p.revealReads(p.solved)
	if ok {
		p.solved, p.Plan = r, r.Calls
		p.Grounding = p.info.ground(r)
		// A frozen benchmark task may single its records out by judgement
		// over the data (a threshold kept in a sheet, a message in a
		// channel) that this rule does not follow yet: it is checked on
		// legoenv's own intents only.
		if coll, key, bad := p.unsingled(); bad && !atom.IsFrozen(p.Env.Intent.Atom) {
			return []Diagnostic{fail(p.unsingledCause(coll, key))}, false
		}
		if step, verbs, bad := p.info.unaskedWrite(r, p.info.askedText(r)); bad {
			return []Diagnostic{fail(p.notAskedCause(step, verbs))}, false
		}
		var names string
		if names, p.Unasked = p.info.unaskedGrounding(r); p.Unasked {
			return []Diagnostic{note(unaskedNote(names))}, true
		}
		return nil, true
	}
	p.Grounding = p.info.ground(r)
	g, _ := ground.Ungrounded(p.Grounding)
	return []Diagnostic{fail(p.info.groundingCause(g, p.PlanFrom))}, false
}

// groundedAlternative handles a reference plan that passes but writes
// what the agent could not know (an id it never looked up): when the
// planner finds a grounded plan, the reference plan is at fault; else the
// instruction is.
func (p *Job) groundedAlternative(failed []Diagnostic) []Diagnostic {
	planned, err := plan.New(p.Ctx, p.Env, p.info.Info, sight{p.info}).Plan()
	if err != nil {
		return failed
	}
	r, err := facts.Replay(p.Env, planned, true)
	if err != nil || !r.Result.Passed {
		return failed
	}
	if _, bad := ground.Ungrounded(p.info.ground(r)); bad {
		return failed
	}
	msg := "the reference plan writes what the agent has not seen (" + failed[0].Message + "), while the planner's plan reads it first"
	return []Diagnostic{fail(replacePlanCause(p.Env, planned, Evidence{Message: msg}))}
}

// replacePlanCause blames the reference plan and suggests another.
func replacePlanCause(env *episode.Env, planned []episode.ToolCall, ev Evidence) RootCause {
	iref := facts.Ref(env.Intent)
	steps := make([]PlanStep, len(planned))
	for i, c := range planned {
		var args map[string]any
		_ = json.Unmarshal(c.Args, &args)
		steps[i] = PlanStep{Tool: c.Name, Args: args}
	}
	return verdict.Blame(IntentBadPlan, iref, ev).Suggest(&ReplacePlan{Plan: steps}, "use the planner's plan as the reference plan")
}

func planFailure(err error) []Diagnostic {
	var pe *PlanError
	if !errors.As(err, &pe) || len(pe.Reasons) == 0 {
		return []Diagnostic{fail(RootCause{Code: IntentBadPlan, Evidence: Evidence{Message: err.Error()}})}
	}
	ds := []Diagnostic{fail(pe.Reasons[0].Cause)}
	for _, r := range pe.Reasons[1:] {
		ds = append(ds, note(r.Message))
	}
	return ds
}

// runCause says why a run of a plan does not pass: a failing call, a
// broken rule, or a goal it misses.
func (in *envInfo) runCause(r *run, from string) RootCause {
	env := in.Env
	if i := r.FirstError(); i >= 0 {
		c := r.Calls[i]
		msg := errorText(r.Obs[i].Content)
		t := env.Tool(c.Name)
		app := ""
		if t != nil {
			app = t.App
		}
		text := fmt.Sprintf("step %d of the %s plan (%s) fails: %s", i+1, from, c.Name, msg)
		if t == nil || strings.HasPrefix(msg, "invalid arguments") || strings.HasPrefix(msg, "arguments for") {
			return RootCause{Code: IntentBadPlan, Atom: facts.Ref(env.Intent), Evidence: Evidence{Tool: c.Name, Message: text}}
		}
		if cause, ok := in.missingKey(r, i); ok {
			return cause
		}
		sref := in.ServerRef(app)
		return verdict.Blame(ServerToolError, sref, Evidence{Tool: c.Name, Message: text}).
			Suggest(&FixEffect{App: app, Tool: c.Name, Error: msg}, "make %s succeed on valid arguments", c.Name)
	}
	for i, comp := range r.Result.Components {
		if comp.Passed || !comp.Counted || i >= len(in.Checks) {
			continue
		}
		c := in.Checks[i]
		if c.Fence {
			return in.unaskedCause(r, from)
		}
		if !c.Goal {
			rf := facts.Ref(c.Entry)
			msg := fmt.Sprintf("the %s plan breaks rule %s check %d (%s)", from, c.Entry.ID, c.Index, comp.Assertion)
			return verdict.Blame(RuleConflictsWithGoal, rf, Evidence{Assertion: comp.Assertion, Message: msg}).
				Suggest(&RelaxRule{Check: c.Index}, "relax check %d of rule %s", c.Index, c.Entry.ID)
		}
	}
	for i, comp := range r.Result.Components {
		if comp.Passed || !comp.Counted || i >= len(in.Checks) {
			continue
		}
		msg := fmt.Sprintf("the %s plan does not reach the goal: goal[%d] (%s) fails: %s", from, in.Checks[i].Index, comp.Assertion, comp.Reason)
		return RootCause{Code: IntentBadPlan, Atom: facts.Ref(env.Intent), Evidence: Evidence{Assertion: comp.Assertion, Message: msg}}
	}
	return RootCause{Code: IntentBadPlan, Atom: facts.Ref(env.Intent), Evidence: Evidence{Message: fmt.Sprintf("the %s plan does not pass (reward %.2f)", from, r.Result.Reward)}}
}

// missingKey reports a step that names a record the data lacks.
func (in *envInfo) missingKey(r *run, i int) (RootCause, bool) {
	c := r.Calls[i]
	t := in.Env.Tool(c.Name)
	ci := in.Colls[t.App+"."+t.Effect.Collection]
	if ci == nil {
		return RootCause{}, false
	}
	switch t.Effect.Kind {
	case "get", "update", "delete", "append":
	default:
		return RootCause{}, false
	}
	var args map[string]any
	if json.Unmarshal(c.Args, &args) != nil {
		return RootCause{}, false
	}
	keyArg, match := facts.KeyArgOf(t, ci.Def)
	v, ok := args[keyArg]
	if !ok {
		return RootCause{}, false
	}
	prefix, err := facts.Replay(in.Env, r.Calls[:i], false)
	if err != nil {
		return RootCause{}, false
	}
	for _, rec := range prefix.Session.State().Records(ci.Name) {
		if satisfy.ValueEqual(rec[match], v) || state.Text(rec[match]) == state.Text(v) {
			return RootCause{}, false
		}
	}
	dref := facts.Ref(in.Env.Data)
	key := state.Text(v)
	msg := fmt.Sprintf("step %d (%s) names %s %s %q, which is not in the data", i+1, c.Name, ci.Name, match, key)
	ev := Evidence{Tool: c.Name, Collection: ci.Name, Record: key, Message: msg}
	fix := &AddRecord{App: ci.App, Collection: ci.Coll, Key: key, Fields: map[string]any{}}
	return verdict.Blame(DataMissingEntity, dref, ev).Suggest(fix, "add the record to %s", ci.Name), true
}

func errorText(obs string) string {
	var e struct {
		Error string `json:"error"`
	}
	if json.Unmarshal([]byte(obs), &e) == nil && e.Error != "" {
		return e.Error
	}
	return obs
}

// --- deterministic ---

func runDeterministic(p *Job) []Diagnostic {
	a := p.solved
	if a == nil {
		return nil
	}
	b, err := facts.Replay(p.Env, p.Plan, true)
	if err != nil {
		return []Diagnostic{fail(RootCause{Code: Nondeterministic, Atom: facts.Ref(p.Env.Data), Evidence: Evidence{Message: err.Error()}})}
	}
	for i := range a.Calls {
		what := ""
		switch {
		case a.Obs[i].Content != b.Obs[i].Content || a.Obs[i].IsError != b.Obs[i].IsError:
			what = "observation"
		case a.Digests[i] != b.Digests[i]:
			what = "state"
		}
		if what == "" {
			continue
		}
		c := a.Calls[i]
		t := p.Env.Tool(c.Name)
		app := ""
		if t != nil {
			app = t.App
		}
		sref := p.info.ServerRef(app)
		msg := fmt.Sprintf("two replays of the plan differ in the %s after step %d (%s)", what, i+1, c.Name)
		cause := verdict.Blame(Nondeterministic, sref, Evidence{Tool: c.Name, Message: msg}).
			Suggest(&FixEffect{App: app, Tool: c.Name, Error: msg}, "make %s depend only on its arguments, the state and the environment clock", c.Name)
		return []Diagnostic{fail(cause)}
	}
	if a.Result.Reward != b.Result.Reward || a.Result.Passed != b.Result.Passed {
		msg := fmt.Sprintf("two replays of the plan score %.3f and %.3f", a.Result.Reward, b.Result.Reward)
		return []Diagnostic{fail(RootCause{Code: Nondeterministic, Atom: facts.Ref(p.Env.Intent), Evidence: Evidence{Message: msg}})}
	}
	return nil
}
