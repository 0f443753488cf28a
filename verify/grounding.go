package verify

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
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

// Grounding is one value a plan writes that the goal checks, and where an
// agent could have read it (ground.Grounding).
type Grounding = ground.Grounding

// literal is a value a positive goal assertion checks on a field.
type literal struct {
	goal   int
	target string
	field  string
	op     string
	value  any
}

// ground traces every value the plan writes that a positive goal assertion
// checks to the messages or to an observation of an earlier step. Only the
// steps that change the state (and calls a `called` goal names) are read:
// a search may use any words; what the goal checks must come from what the
// agent was shown.
//
// A run's trace is computed once (the check and the reveal loop both ask
// for the plan's) and each caller gets its own copy.
func (in *envInfo) ground(r *run) []ground.Grounding {
	if r.Grounding == nil {
		gs := in.traceGrounding(r)
		r.Grounding = &gs
	}
	return slices.Clone(*r.Grounding)
}

// traceGrounding does ground's work. The observations are read into the
// context only when a value is looked up, so those after the last write
// the goal checks are never parsed.
func (in *envInfo) traceGrounding(r *run) []ground.Grounding {
	lits := in.goalLiterals()
	if len(lits) == 0 {
		return nil
	}
	called := map[string]bool{}
	for _, c := range in.GoalChecks() {
		if c.Prog.Assertion.Type == assert.Called {
			called[c.Prog.Assertion.Target] = true
		}
	}
	ctx := in.messageContext()
	read := 0 // observations added to ctx
	var out []ground.Grounding
	seen := map[string]bool{}
	var prev uint64
	for i, call := range r.Calls {
		changed := r.Digests != nil && r.Digests[i] != prev && !r.Obs[i].IsError
		if r.Digests != nil {
			prev = r.Digests[i]
		}
		if changed || called[call.Name] {
			for ; read < i; read++ {
				ctx.Add(fmt.Sprintf("observation of step %d (%s)", read+1, r.Calls[read].Name), r.Obs[read].Content)
			}
			out = append(out, in.groundStep(ctx, i, call, lits, seen)...)
		}
	}
	return out
}

// groundStep traces the checked values one call writes. A value derived
// from what the agent saw is known to it from then on: a second pass lets
// the step's other values be derived from it (net income as the
// difference of the two totals the same message states), and the steps
// after it (a total of the amounts the plan wrote row by row).
func (in *envInfo) groundStep(ctx *ground.Visible, i int, call episode.ToolCall, lits []literal, seen map[string]bool) []ground.Grounding {
	known := ctx
	var args map[string]any
	_ = json.Unmarshal(call.Args, &args)
	var out []ground.Grounding
	var derived []ground.Formula
	if len(in.Intent.Derive) > 0 {
		named := *ctx
		named.Mentions = ground.MentionText(args)
		ctx = &named
	}
	for _, lf := range ground.Leaves("", args) {
		for _, l := range lits {
			v, ok := checkedValue(lf.Value, l)
			if !ok {
				continue
			}
			g := ground.Grounding{Step: i + 1, Tool: call.Name, Arg: lf.Path, Field: l.field, Collection: l.target, Value: state.Text(v), Goal: l.goal}
			key := fmt.Sprint(g.Step, g.Arg, g.Value)
			if seen[key] {
				continue
			}
			seen[key] = true
			// A state (a status code, a stage) is named, never computed:
			// it is not derived from figures.
			enum := in.enumField(l.target, l.field)
			if enum {
				g.Source = ctx.FindState(v)
				if g.Source == "" {
					g.Source = ctx.FindCode(l.field, v)
				}
				if g.Source == "" {
					g.Source = ctx.FindStateBySense(v, in.enumValues(l.target, l.field))
				}
			} else {
				g.Source = ctx.Find(v, l.field)
			}
			if g.Source == "" {
				g.Source = in.toolQuote(call.Name, v)
			}
			if f, ok := ground.NumberOf(v); ok && g.Source == "" && !enum {
				if fm, ok := ctx.FormulaFor(f, in.Intent.Derive); ok {
					g.Source = "derived: " + fm.How
					derived = append(derived, fm)
				}
			} else if g.Source == "" && !enum {
				g.Source = ctx.Derive(v, in.Intent.Derive)
			}
			out = append(out, g)
		}
	}
	for j, g := range out {
		if f, ok := ground.ParseNumber(g.Value); ok && g.Source == "" && !in.enumField(g.Collection, g.Field) {
			out[j].Source = ground.InRecord(args, g.Arg, f, out, in.Intent.Derive)
		}
	}
	all := append(slices.Clone(known.Derived), derived...)
	known.Derived = all
	if len(all) < 2 || !slices.ContainsFunc(out, func(g ground.Grounding) bool { return g.Source == "" }) {
		return out
	}
	step := *ctx
	step.Derived = all
	for j, g := range out {
		if g.Source == "" && !in.enumField(g.Collection, g.Field) {
			if how := step.Derive(g.Value, in.Intent.Derive); how != "" {
				out[j].Source = how + " (from figures derived at this step)"
			}
		}
	}
	return out
}

// toolQuote names the called tool's description when it quotes the
// text v whole: what the product's action writes itself, as the agent
// reads it in the tool's description (a reply's "Re:" before its
// subject); "" otherwise.
func (in *envInfo) toolQuote(name string, v any) string {
	s, ok := v.(string)
	if !ok || in.Env == nil || strings.TrimSpace(s) == "" {
		return ""
	}
	for _, t := range in.Env.Tools() {
		if t.Name == name && strings.Contains(t.Description, `"`+s+`"`) {
			return "the description of " + name
		}
	}
	return ""
}

// goalLiterals lists the values the positive goal assertions pin.
func (in *envInfo) goalLiterals() []literal {
	var out []literal
	for _, c := range in.GoalChecks() {
		a := c.Plan()
		if a.IsNegative() || c.Prog.Assertion.IsNegative() {
			continue
		}
		for _, p := range a.Where {
			switch p.Op {
			case assert.OpEquals, assert.OpIEquals, assert.OpContains, assert.OpIContains:
				if !ground.EmptyValue(p.Value) {
					out = append(out, literal{c.Index, a.Target, p.Field, p.Op, p.Value})
				}
			case assert.OpIn:
				if l, ok := p.Value.([]any); ok && len(l) == 1 && !ground.EmptyValue(l[0]) {
					out = append(out, literal{c.Index, a.Target, p.Field, assert.OpEquals, l[0]})
				}
			case assert.OpMatches:
				// A pattern (a phone number in any format) checks the
				// value as much as an equality does.
				if re, err := regexp.Compile(state.Text(p.Value)); err == nil {
					out = append(out, literal{c.Index, a.Target, p.Field, p.Op, re})
				}
			}
		}
	}
	return out
}

// checkedValue reports whether a written value is one a literal checks,
// and which part of it: the value itself for equality, the literal for
// containment.
func checkedValue(v any, l literal) (any, bool) {
	switch l.op {
	case assert.OpMatches:
		re, _ := l.value.(*regexp.Regexp)
		if s, ok := v.(string); ok && re != nil && re.MatchString(s) {
			return v, true
		}
		return nil, false
	case assert.OpContains, assert.OpIContains:
		s, ok := v.(string)
		lit, lok := l.value.(string)
		if ok && lok && strings.Contains(strings.ToLower(s), strings.ToLower(lit)) {
			return lit, true
		}
		return nil, false
	}
	if satisfy.ValueEqual(v, l.value) {
		return v, true
	}
	if s, ok := v.(string); ok {
		if lit, ok := l.value.(string); ok && strings.EqualFold(s, lit) {
			return v, true
		}
	}
	return nil, false
}

// messageContext is what the agent sees before its first call. The
// messages are read once per environment; each caller gets its own context
// to add to.
func (in *envInfo) messageContext() *ground.Visible {
	if in.Messages == nil {
		in.Messages = in.readMessages()
	}
	return &ground.Visible{Docs: slices.Clone(in.Messages.Docs), Clock: in.Messages.Clock, Codes: in.Messages.Codes}
}

// toolCodes are the names the offered tools give the codes of their
// collections' fields (atom.Field.Codes): what the agent reads a coded
// value by.
func (in *envInfo) toolCodes() ground.Codes {
	codes := ground.Codes{}
	seen := map[string]bool{}
	for _, t := range in.Env.Tools() {
		key := t.App + "." + t.Effect.Collection
		ci := in.Colls[key]
		if ci == nil || seen[key] {
			continue
		}
		seen[key] = true
		for _, name := range slices.Sorted(maps.Keys(ci.Def.Fields)) {
			codes.Add(name, ci.Def.Fields[name].Codes)
		}
	}
	return codes
}

// readMessages reads the opening messages into a context.
func (in *envInfo) readMessages() *ground.Visible {
	ctx := &ground.Visible{Codes: in.toolCodes()}
	if w, err := in.Env.World(in.Env.Recipe.Seed); err == nil {
		ctx.Clock = w.Clock
	}
	for _, m := range in.Env.Messages() {
		name := "the instruction"
		if m.Role == "system" {
			name = "the system prompt"
		}
		ctx.Docs = append(ctx.Docs, ground.NewDoc(name, m.Content))
	}
	return ctx
}

// enumField reports whether the goal checks field of target as one of
// its declared values (a status, a stage).
func (in *envInfo) enumField(target, field string) bool {
	ci := in.Colls[target]
	return ci != nil && len(ci.Def.Fields[field].Enum) > 0
}

// enumValues lists the declared values of field of target.
func (in *envInfo) enumValues(target, field string) []string {
	ci := in.Colls[target]
	if ci == nil {
		return nil
	}
	var out []string
	for _, v := range ci.Def.Fields[field].Enum {
		out = append(out, state.Text(v))
	}
	return out
}

// groundingCause blames the intent for a goal its instruction does not
// state.
func (in *envInfo) groundingCause(g ground.Grounding, from string) RootCause {
	iref := facts.Ref(in.Env.Intent)
	msg := fmt.Sprintf("step %d of the %s plan (%s) writes %s=%q, which goal[%d] checks on %s, but nothing the agent sees before that step holds it (not the instruction, the system prompt or an earlier observation)",
		g.Step, from, g.Tool, g.Arg, g.Value, g.Goal, g.Field)
	return verdict.Blame(IntentGoalNotInInstruction, iref, Evidence{Tool: g.Tool, Field: g.Field, Message: msg}).
		Suggest(&RewriteInstruction{Field: g.Field, Value: g.Value, Index: &g.Goal},
			"say %q (the %s goal[%d] checks) in the instruction, or put it in data the agent reads", g.Value, g.Field, g.Goal)
}
