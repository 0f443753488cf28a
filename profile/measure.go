// Package profile measures a corpus of environments the way a benchmark is
// described: tool calls a solution needs, apps per task, goal assertions
// and negatives, prompt length, where rules live and whether they matter,
// tools offered, task shapes, and how many tasks need information only the
// data holds, so that a built corpus can be held against an imported
// benchmark side by side.
package profile

import (
	"maps"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
)

// Env is what profiling measures on one environment.
type Env struct {
	ID     string `json:"id"`
	Family string `json:"family"`
	// PlanSteps is the length of the plan verification settled on (or the
	// intent's reference plan); -1 when none is known.
	PlanSteps int `json:"plan_steps"`
	// Needed is a lower bound on the calls any solution makes, read from
	// the goal: one write per record the goal asks to change or create,
	// one read per collection holding a value the goal needs that the
	// messages do not show.
	Needed int `json:"needed"`
	// Calls is the larger of PlanSteps and Needed.
	Calls       int `json:"calls"`
	Apps        int `json:"apps"`
	Assertions  int `json:"assertions"`
	Negatives   int `json:"negatives"`
	PromptWords int `json:"prompt_words"`
	// Instruction is the environment's instruction, for the variety
	// measures.
	Instruction string `json:"instruction,omitempty"`
	Tools       int    `json:"tools"`
	// RulesPrompt counts rule atoms whose text is in the system prompt;
	// RulesData counts rule atoms placed as documents and policy records
	// found in the data (records whose text reads as a policy).
	RulesPrompt int `json:"rules_prompt"`
	RulesData   int `json:"rules_data"`
	// RuleRelevant: some rule concerns what the goal checks (a rule check
	// reads a collection the goal reads, or a policy's text shares a value
	// with the goal).
	RuleRelevant bool `json:"rule_relevant"`
	// DataOnly: the goal checks a value (not a record key) that the
	// messages do not show and the initial data holds.
	DataOnly bool `json:"data_only"`
}

// policyRE finds text that reads as a policy, a threshold or an
// instruction to staff in a record of the data ("every invoice over 5,000
// must have its status set to ...", "these rules decide what is in
// scope").
//
// policyAnchors holds a piece of every alternative of policyRE, in lower
// case: text with none of them cannot match, and most records' prose has
// none, so the expression runs only where it can succeed.
var policyRE = regexp.MustCompile(`(?i)\b(polic(y|ies)|threshold|effective immediately|supersed\w*|guideline|procedure|must (not |be |only |have |get )|do not |never |target \w* ?range|approval (is )?required|limit of|(these|our|routing|triage|escalation) rules|(in|out of) scope)`)

var policyAnchors = []string{"polic", "threshold", "effective immediately", "supersed", "guideline", "procedure", "must ", "do not ", "never ", "target ", "approval", "limit of", " rules", "scope"}

// celLiteralRE finds the literal values a CEL goal compares against.
var celLiteralRE = regexp.MustCompile(`(?:contains|startsWith|endsWith)\("([^"\\]*)"\)|==\s*"([^"\\]*)"|==\s*(-?[0-9]+(?:\.[0-9]+)?)\b`)

// celTargetRE finds the collection a CEL goal reads.
var celTargetRE = regexp.MustCompile(`state\["([^"]+)"\]\["([^"]+)"\]`)

// Measure profiles one composed environment. planSteps is the length of
// the plan verification used (-1 when unknown: the intent's reference
// plan is used when it has one).
func Measure(env *episode.Env, planSteps int) Env {
	in := env.Intent.MustIntent()
	m := Env{ID: env.ID, Family: familyOf(in), PlanSteps: planSteps, Apps: len(env.Apps), Tools: len(env.Tools()),
		PromptWords: len(strings.Fields(env.Instruction)), Instruction: env.Instruction}
	if m.PlanSteps < 0 && len(env.Plan) > 0 {
		m.PlanSteps = len(env.Plan)
	}
	w, err := env.World(env.Recipe.Seed)
	if err != nil {
		w = nil
	}
	var goal []assert.Check
	for _, c := range env.Checks {
		if c.Source == "goal" {
			goal = append(goal, c)
		}
	}
	m.Assertions = len(goal)
	for _, c := range goal {
		if c.Program.Assertion.IsNegative() {
			m.Negatives++
		}
	}
	shown := strings.ToLower(env.Instruction + "\n" + env.System)
	lits := goalLiterals(goal)
	reads := map[string]bool{}
	if w != nil {
		keys := worldKeys(w)
		for _, l := range lits {
			if keys[l] || strings.Contains(shown, strings.ToLower(l)) {
				continue
			}
			if coll := holder(w, l); coll != "" {
				m.DataOnly = true
				reads[coll] = true
			}
		}
	}
	m.Needed = writes(goal, w) + len(reads)
	m.Calls = max(m.PlanSteps, m.Needed)
	m.measureRules(env, goal, lits)
	return m
}

// familyOf is the intent's family; an imported benchmark's intents share
// one, so the domain in their id stands in for it.
func familyOf(in *atom.Intent) string {
	if in.Family != "" && in.Family != "automationbench" {
		return in.Family
	}
	if i := strings.IndexByte(in.ID, '.'); i > 0 {
		return in.ID[:i]
	}
	return in.Family
}

// goalLiterals are the values positive goal assertions compare fields
// against (keys excluded later), as text.
func goalLiterals(goal []assert.Check) []string {
	seen := map[string]bool{}
	var out []string
	add := func(v any) {
		switch x := v.(type) {
		case string:
			if len(strings.TrimSpace(x)) < 3 {
				return
			}
		case float64, int, int64:
		case []any:
			for _, e := range x {
				if s, ok := e.(string); ok && len(s) >= 3 && !seen[s] {
					seen[s] = true
					out = append(out, s)
				}
			}
			return
		default:
			return
		}
		s := state.Text(v)
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, c := range goal {
		a := c.Program.Assertion
		if a.IsNegative() {
			continue
		}
		for _, p := range a.Where {
			switch p.Op {
			case assert.OpEquals, assert.OpIEquals, assert.OpContains, assert.OpIContains, assert.OpIn:
				add(p.Value)
			}
		}
		if a.Type == assert.CEL {
			for _, m := range celLiteralRE.FindAllStringSubmatch(a.Expr, -1) {
				switch {
				case m[1] != "":
					add(m[1])
				case m[2] != "":
					add(m[2])
				case m[3] != "":
					if f, err := strconv.ParseFloat(m[3], 64); err == nil {
						add(f)
					}
				}
			}
		}
	}
	return out
}

// worldKeys are the key values of every record: a goal that names a
// record by its key asks the agent to find the record, not to carry
// information over.
func worldKeys(w *state.World) map[string]bool {
	out := map[string]bool{}
	for _, n := range w.Names() {
		c := w.Collection(n)
		for _, r := range c.Records {
			if k, ok := state.KeyOf(r, c.Key); ok {
				out[k] = true
			}
		}
	}
	return out
}

// holder returns the first collection (by name) with a record holding the
// value: a field equal to it, or a text field containing it.
func holder(w *state.World, lit string) string {
	low := strings.ToLower(lit)
	names := append([]string(nil), w.Names()...)
	sort.Strings(names)
	for _, n := range names {
		for _, r := range w.Collection(n).Records {
			if recordHolds(r, lit, low) {
				return n
			}
		}
	}
	return ""
}

func recordHolds(v any, lit, low string) bool {
	switch x := v.(type) {
	case map[string]any:
		for _, e := range x {
			if recordHolds(e, lit, low) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if recordHolds(e, lit, low) {
				return true
			}
		}
	case string:
		return strings.Contains(strings.ToLower(x), low)
	case float64:
		return state.Text(x) == lit
	}
	return false
}

// writes is the number of distinct changes the goal asks for that the
// initial state does not already show: positive state assertions grouped
// by collection and their equality predicates (a CEL assertion by its
// collection), and positive trajectory assertions by tool.
func writes(goal []assert.Check, w *state.World) int {
	groups := map[string]bool{}
	celColl := map[string]bool{}
	var st *state.State
	if w != nil {
		st = state.New(w)
	}
	for _, c := range goal {
		a := c.Program.Assertion
		if a.IsNegative() {
			continue
		}
		if st != nil && a.IsState() && c.Program.Eval(assert.Input{State: st}).Holds {
			continue
		}
		switch {
		case a.IsTrajectory():
			groups["call|"+a.Target] = true
		case a.Type == assert.CEL:
			if m := celTargetRE.FindStringSubmatch(a.Expr); m != nil {
				celColl[m[1]+"."+m[2]] = true
			} else {
				groups["cel|"+a.Expr] = true
			}
		default:
			var eq []string
			for _, p := range a.Where {
				if p.Op == assert.OpEquals || p.Op == assert.OpIEquals {
					eq = append(eq, p.Field+"="+state.Text(p.Value))
				}
			}
			sort.Strings(eq)
			groups[a.Target+"|"+strings.Join(eq, "&")] = true
		}
	}
	n := len(celColl)
	for g := range groups {
		coll, _, _ := strings.Cut(g, "|")
		if !celColl[coll] {
			n++
		}
	}
	return n
}

// measureRules counts where the environment's rules live and whether one
// of them concerns the goal.
func (m *Env) measureRules(env *episode.Env, goal []assert.Check, lits []string) {
	targets := map[string]bool{}
	for _, c := range goal {
		a := c.Program.Assertion
		if a.IsState() {
			targets[a.Target] = true
		}
		for _, x := range celTargetRE.FindAllStringSubmatch(a.Expr, -1) {
			targets[x[1]+"."+x[2]] = true
		}
	}
	litTokens := map[string]bool{}
	for _, l := range lits {
		for _, t := range tokens(l) {
			litTokens[t] = true
		}
	}
	for _, re := range env.Rules {
		ru := re.MustRule()
		if ru.Placement == "document" {
			m.RulesData++
		} else {
			m.RulesPrompt++
		}
		for _, a := range ru.Checks {
			t := a.Target
			if a.IsTrajectory() {
				if tool := env.Tool(a.Target); tool != nil {
					t = tool.App + "." + tool.Effect.Collection
				}
			}
			if targets[t] || sharesToken(ru.Text, litTokens) {
				m.RuleRelevant = true
			}
		}
	}
	data := env.Data.MustData()
	for app, colls := range data.Records {
		for coll, recs := range colls {
			for _, r := range recs {
				text := policyText(r)
				if text == "" {
					continue
				}
				m.RulesData++
				if targets[app+"."+coll] || sharesToken(text, litTokens) {
					m.RuleRelevant = true
				}
			}
		}
	}
}

// policyText returns the text of a record that reads as a policy, or "".
func policyText(r map[string]any) string {
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(r)) {
		if s, ok := r[k].(string); ok && len(s) > 20 {
			b.WriteString(s)
			b.WriteByte('\n')
		}
	}
	s := b.String()
	lower := strings.ToLower(s)
	if !slices.ContainsFunc(policyAnchors, func(a string) bool { return strings.Contains(lower, a) }) {
		return ""
	}
	if policyRE.MatchString(s) {
		return s
	}
	return ""
}

// tokens splits text into lower-case words of four letters or more and
// numbers of two digits or more: the tokens a policy and a goal can share.
func tokens(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.' || r == '@' || r == '-')
	}) {
		f = strings.Trim(f, ".-")
		digits := strings.Trim(f, "0123456789.,") == ""
		if (digits && len(f) >= 2) || (!digits && len(f) >= 4 && !stop[f]) {
			out = append(out, f)
		}
	}
	return out
}

var stop = map[string]bool{"with": true, "that": true, "this": true, "from": true, "have": true, "your": true, "will": true, "them": true, "they": true, "their": true, "been": true, "only": true, "more": true, "than": true, "over": true, "under": true, "must": true, "when": true, "each": true, "sent": true}

func sharesToken(text string, lit map[string]bool) bool {
	for _, t := range tokens(text) {
		if lit[t] {
			return true
		}
	}
	return false
}
