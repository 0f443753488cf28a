package plan

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/ground"
	"github.com/legoenv/legoenv/verify/satisfy"
	"github.com/legoenv/legoenv/verify/verdict"
)

// Reasons the planner gives for not finding a plan. Each carries the root
// cause verification reports.
const (
	ReasonNoToolWrites  = "no_tool_writes" // no tool writes the collection an assertion reads
	ReasonNoToolSets    = "no_tool_sets"   // tools write the collection, but none can set a field the goal needs
	ReasonNoToolReads   = "no_tool_reads"  // no search or get tool finds a record the task names
	ReasonNoRecord      = "no_record"      // no record matches a handle or key the goal names
	ReasonAmbiguous     = "ambiguous"      // the instruction does not single out the record
	ReasonContradiction = "contradiction"  // two assertions cannot hold together
	ReasonRuleForbids   = "rule_forbids"   // a rule forbids the way to the goal
	ReasonToolFails     = "tool_fails"     // a tool fails on the planner's call
	ReasonUnsupported   = "unsupported"    // an assertion the planner does not reason about
	ReasonBounds        = "bounds"         // the search ran past its bounds
)

// Bounds of the planner's search. They are counts, not durations, so that
// the same environment always gets the same answer; the time bound is a
// safety net for pathological inputs.
const (
	MaxSteps  = 32              // calls in one plan (depth)
	MaxBranch = 4               // alternatives tried per assertion (branching)
	MaxNodes  = 256             // alternatives executed in all
	MaxTime   = 5 * time.Second // wall time
)

// Reason is one reason the planner failed.
type Reason struct {
	Kind    string            `json:"kind"`
	Goal    int               `json:"goal"` // index of the goal assertion concerned; -1 when none
	Message string            `json:"message"`
	Cause   verdict.RootCause `json:"cause"`

	task int // the planner's task the reason is about: its position, or noTask, finalTask
}

// Tasks a reason may be about besides the planner's tasks.
const (
	noTask    = -1 // found before the search (a lookup, a static contradiction)
	finalTask = -2 // the final score of a plan that made every task hold
)

// Error lists why no plan was found; the first reason is the main one.
type Error struct {
	Reasons []Reason
}

// Error lists the reasons' messages.
func (e *Error) Error() string {
	msgs := make([]string, len(e.Reasons))
	for i, r := range e.Reasons {
		msgs[i] = r.Message
	}
	return "no plan: " + strings.Join(msgs, "; ")
}

// Sight is what the agent can see, as the grounding check reads it: what
// it is shown before its first call and the reads that would show it a
// value. Verify lends it to the planner, so that a plan writes only what
// the agent has been shown.
type Sight interface {
	Opening() *ground.Visible
	ReadsShowing(v string, known *ground.Visible, proseOnly bool) []episode.ToolCall
}

// Planner searches for one environment's plan; New makes one, Plan runs
// it once.
type Planner struct {
	ctx   context.Context
	env   *episode.Env
	info  *facts.Info
	sight Sight
	start time.Time
	nodes int

	revealed map[string]map[string]any // slot -> field -> value the instruction shows
	known    map[string]map[string]any // slot -> record found by a lookup
	prefix   []episode.ToolCall        // the lookups
	tasks    []facts.Check

	reasons []Reason
	seen    map[string]bool
	depth   bool            // a plan ran past MaxSteps
	Fillers map[string]bool // arguments the planner chose freely (FillerKey)
	met     []bool          // per task: some way made it hold at least once

	proseCache  map[string]bool         // collection and field -> prose (merge.go)
	settingRecs map[string]state.Record // app -> its settings record (constant)
	messageText string                  // the opening messages, joined (asWritten)
}

// New makes a planner for env, reading its facts and asking sight what
// the agent sees.
func New(ctx context.Context, env *episode.Env, info *facts.Info, sight Sight) *Planner {
	info.ReadCELs()
	return &Planner{ctx: ctx, env: env, info: info, sight: sight, start: time.Now(), revealed: map[string]map[string]any{}, known: map[string]map[string]any{}, seen: map[string]bool{}}
}

func (p *Planner) add(r Reason) { p.addAt(r, noTask) }

// addAt records a reason about task i.
func (p *Planner) addAt(r Reason, i int) {
	r.task = i
	key := r.Kind + "\x00" + r.Message + "\x00" + strconv.Itoa(i)
	if p.seen[key] {
		return
	}
	p.seen[key] = true
	p.reasons = append(p.reasons, r)
}

// blocking reports a reason about what stopped the search: a task no way
// ever made hold (a merge aside, which the search may skip), the final
// score, or a failure before the search. A reason about a way the search
// passed over for another that worked is not.
func (p *Planner) blocking(r Reason) bool {
	if r.task < 0 {
		return true
	}
	return r.task < len(p.met) && !p.met[r.task] && len(p.tasks[r.task].Group) == 0
}

// failure orders the reasons: those about what blocked the search first;
// among them a rule that blocked a way comes first (the rule forbids what
// would have worked), then contradictions, then the rest in the order
// found.
func (p *Planner) failure() *Error {
	rank := func(r Reason) int {
		n := 0
		if !p.blocking(r) {
			n = 3
		}
		switch r.Kind {
		case ReasonRuleForbids:
			return n
		case ReasonContradiction:
			return n + 1
		}
		return n + 2
	}
	rs := append([]Reason(nil), p.reasons...)
	sort.SliceStable(rs, func(i, j int) bool { return rank(rs[i]) < rank(rs[j]) })
	if len(rs) == 0 {
		rs = []Reason{{Kind: ReasonUnsupported, Goal: -1, Message: "the planner found no way to the goal",
			Cause: verdict.RootCause{Code: verdict.IntentBadPlan, Atom: facts.Ref(p.env.Intent), Evidence: verdict.Evidence{Message: "the planner found no way to the goal; give the intent a reference plan"}}}}
	}
	return &Error{Reasons: rs}
}

// Plan searches for the plan; the error is an *Error.
func (p *Planner) Plan() ([]episode.ToolCall, error) {
	if rs := p.contradictions(); len(rs) > 0 {
		return nil, &Error{Reasons: rs}
	}
	p.reveal()
	for _, slot := range p.neededSlots() {
		if !p.lookup(slot) {
			return nil, p.failure()
		}
	}
	s, err := p.session(p.prefix)
	if err != nil {
		return nil, err
	}
	// Tasks: positive goal assertions in order, each merge of several of
	// them before its first member, then the negative ones and the rules'
	// checks, which may need a record removed or changed.
	var positives []facts.Check
	for _, c := range p.info.Checks {
		if c.Goal && !c.Prog.Assertion.IsNegative() {
			positives = append(positives, c)
		}
	}
	p.tasks = p.merges(countsLast(positives), s)
	for _, c := range p.info.Checks {
		if c.Prog.Assertion.IsNegative() && !c.Fence {
			p.tasks = append(p.tasks, c)
		}
	}
	p.met = make([]bool, len(p.tasks))
	if calls, ok := p.solve(s, p.prefix, 0); ok {
		calls = p.prune(calls)
		for i := range calls {
			calls[i].ID = fmt.Sprintf("call_%d", i+1)
		}
		return calls, nil
	}
	if p.depth {
		p.add(Reason{Kind: ReasonBounds, Goal: -1, Message: fmt.Sprintf("no plan within %d steps", MaxSteps),
			Cause: verdict.RootCause{Code: verdict.IntentBadPlan, Atom: facts.Ref(p.env.Intent), Evidence: verdict.Evidence{Message: fmt.Sprintf("the planner found no plan within %d steps; give the intent a reference plan", MaxSteps)}}})
	}
	return nil, p.failure()
}

func (p *Planner) session(calls []episode.ToolCall) (*episode.Session, error) {
	s, err := episode.NewSession(p.env, episode.SessionOptions{})
	if err != nil {
		return nil, err
	}
	s.Step(calls...)
	return s, nil
}

// replay is a scratch session at the state s is in: s's calls made again
// on a new session, so that a candidate call can be tried and dropped.
func (p *Planner) replay(s *episode.Session) (*episode.Session, error) {
	traj := s.Trajectory()
	calls := make([]episode.ToolCall, len(traj))
	for i, st := range traj {
		calls[i] = st.Call
	}
	return p.session(calls)
}

// broke reports whether a check that held (before, from holding) no
// longer holds in s.
func (p *Planner) broke(before []bool, s *episode.Session) bool {
	for j, c := range p.info.Checks {
		if before[j] && !holds(c, s) {
			return true
		}
	}
	return false
}

func (p *Planner) outOfBounds() bool {
	if p.nodes >= MaxNodes || time.Since(p.start) > MaxTime || p.ctx.Err() != nil {
		p.add(Reason{Kind: ReasonBounds, Goal: -1, Message: fmt.Sprintf("search stopped after %d alternatives", p.nodes),
			Cause: verdict.RootCause{Code: verdict.IntentBadPlan, Atom: facts.Ref(p.env.Intent), Evidence: verdict.Evidence{Message: "the planner's search ran past its bounds; give the intent a reference plan"}}})
		return true
	}
	return false
}

func holds(c facts.Check, s *episode.Session) bool {
	if len(c.Group) > 0 {
		for _, m := range c.Group {
			if !holds(m, s) {
				return false
			}
		}
		return true
	}
	return c.Prog.Eval(assert.Input{State: s.State(), Calls: s.Calls()}).Holds
}

// alternative is one way to make a task hold: it makes its calls on the
// session (searches first where it must find a record) and returns them,
// or a reason it cannot.
type alternative func(s *episode.Session) ([]episode.ToolCall, *Reason)

// solve makes tasks[i:] hold, depth first. s is at the state after calls.
func (p *Planner) solve(s *episode.Session, calls []episode.ToolCall, i int) ([]episode.ToolCall, bool) {
	for i < len(p.tasks) && holds(p.tasks[i], s) {
		i++
	}
	if i == len(p.tasks) {
		res := s.Evaluate()
		if res.Passed {
			return calls, true
		}
		p.explainScore(res)
		return nil, false
	}
	task := p.resolveJoins(p.tasks[i], s)
	before := p.holding(s)
	tried := 0
	for _, w := range p.alternatives(task, s) {
		if w.closed != nil {
			p.addAt(*w.closed, i)
			continue
		}
		if tried == MaxBranch || p.outOfBounds() {
			break
		}
		p.nodes++
		if tried > 0 {
			var err error
			if s, err = p.session(calls); err != nil {
				return nil, false
			}
		}
		tried++
		n0 := len(s.Trajectory())
		made, r := w.try(s)
		if r != nil {
			p.addAt(*r, i)
			continue
		}
		if len(calls)+len(made) > MaxSteps {
			p.depth = true
			continue
		}
		if r := p.judge(task, s, n0, before); r != nil {
			p.addAt(*r, i)
			continue
		}
		p.met[i] = true
		next := append(append([]episode.ToolCall(nil), calls...), made...)
		if out, ok := p.solve(s, next, i+1); ok {
			return out, true
		}
	}
	if len(task.Group) > 0 && !p.outOfBounds() {
		// No one record does for the merge: its members are planned one by
		// one.
		if tried > 0 {
			var err error
			if s, err = p.session(calls); err != nil {
				return nil, false
			}
		}
		return p.solve(s, calls, i+1)
	}
	return nil, false
}

// holding records which checks hold now.
func (p *Planner) holding(s *episode.Session) []bool {
	out := make([]bool, len(p.info.Checks))
	for i, c := range p.info.Checks {
		out[i] = holds(c, s)
	}
	return out
}

// judge checks what an alternative did: no call failed, the task holds, and
// nothing that held before (a goal assertion, a rule) broke.
func (p *Planner) judge(task facts.Check, s *episode.Session, n0 int, before []bool) *Reason {
	traj := s.Trajectory()
	for _, st := range traj[n0:] {
		if st.Observation.IsError {
			return p.toolFails(task, st.Call, st.Observation.Content)
		}
	}
	if !holds(task, s) {
		if len(task.Group) > 0 {
			return &Reason{Kind: ReasonUnsupported, Goal: task.Index, Message: fmt.Sprintf("the calls for %s did not make them hold together", task.Field()),
				Cause: verdict.RootCause{Code: verdict.IntentBadPlan, Atom: facts.Ref(p.env.Intent), Evidence: verdict.Evidence{Assertion: task.Plan().String(),
					Message: fmt.Sprintf("one record for %s did not satisfy them all", task.Field())}}}
		}
		return &Reason{Kind: ReasonUnsupported, Goal: task.Index, Message: fmt.Sprintf("the calls for %s %s did not make it hold", task.Entry.Kind, task.Field()),
			Cause: verdict.RootCause{Code: verdict.IntentBadPlan, Atom: facts.Ref(p.env.Intent), Evidence: verdict.Evidence{Assertion: task.Prog.Assertion.String(),
				Message: fmt.Sprintf("calls meant to satisfy %s %s (%s) did not; give the intent a reference plan", task.Entry.Kind, task.Field(), task.Prog.Assertion)}}}
	}
	last := ""
	if len(traj) > n0 {
		last = traj[len(traj)-1].Call.Name
	}
	for j, c := range p.info.Checks {
		// The fence is judged on the whole plan (explainScore): a record
		// made in two steps does not match the goal after the first.
		if c.Fence || !before[j] || holds(c, s) {
			continue
		}
		if !c.Goal {
			return p.ruleForbids(c, task, last)
		}
		if task.Goal {
			return p.contradiction(task, c)
		}
	}
	return nil
}

// explainScore turns a failing final score into reasons.
func (p *Planner) explainScore(res assert.Result) {
	for i, comp := range res.Components {
		if comp.Passed || !comp.Counted || i >= len(p.info.Checks) {
			continue
		}
		c := p.info.Checks[i]
		if c.Fence {
			p.addAt(*p.fenceForbids(c, comp.Reason), finalTask)
			continue
		}
		if !c.Goal {
			p.addAt(*p.ruleForbids(c, c, ""), finalTask)
			continue
		}
		p.addAt(Reason{Kind: ReasonUnsupported, Goal: c.Index, Message: fmt.Sprintf("goal[%d] (%s) does not hold: %s", c.Index, comp.Assertion, comp.Reason),
			Cause: verdict.RootCause{Code: verdict.IntentBadPlan, Atom: facts.Ref(p.env.Intent), Evidence: verdict.Evidence{Assertion: comp.Assertion,
				Message: fmt.Sprintf("the planner cannot make goal[%d] (%s) hold; give the intent a reference plan", c.Index, comp.Assertion)}}}, finalTask)
	}
}

func (p *Planner) ruleForbids(c, task facts.Check, tool string) *Reason {
	if c.Fence {
		return p.fenceForbids(task, "")
	}
	rf := facts.Ref(c.Entry)
	msg := fmt.Sprintf("rule %s check %d (%s) forbids the way to the goal", c.Entry.ID, c.Index, c.Prog.Assertion)
	if tool != "" {
		msg = fmt.Sprintf("rule %s check %d (%s) forbids %s, the way to goal[%d]", c.Entry.ID, c.Index, c.Prog.Assertion, tool, task.Index)
	}
	return &Reason{Kind: ReasonRuleForbids, Goal: task.Index, Message: msg,
		Cause: verdict.Blame(verdict.RuleConflictsWithGoal, rf, verdict.Evidence{Assertion: c.Prog.Assertion.String(), Tool: tool, Message: msg}).
			Suggest(&verdict.RelaxRule{Check: c.Index}, "relax check %d of rule %s", c.Index, c.Entry.ID)}
}

func (p *Planner) contradiction(a, b facts.Check) *Reason {
	msg := fmt.Sprintf("goal[%d] (%s) and goal[%d] (%s) cannot hold together", a.Index, a.Prog.Assertion, b.Index, b.Prog.Assertion)
	if a.Index == b.Index {
		msg = fmt.Sprintf("goal[%d] (%s) cannot hold: its predicates exclude each other", a.Index, a.Prog.Assertion)
	}
	return &Reason{Kind: ReasonContradiction, Goal: b.Index, Message: msg,
		Cause: verdict.RootCause{Code: verdict.IntentContradictory, Atom: facts.Ref(p.env.Intent),
			Evidence: verdict.Evidence{Assertion: a.Prog.Assertion.String() + " / " + b.Prog.Assertion.String(), Collection: a.Prog.Assertion.Target, Message: msg}}}
}

func (p *Planner) toolFails(task facts.Check, c episode.ToolCall, obs string) *Reason {
	var e struct {
		Error string `json:"error"`
	}
	_ = json.Unmarshal([]byte(obs), &e)
	if e.Error == "" {
		e.Error = obs
	}
	t := p.env.Tool(c.Name)
	app := ""
	if t != nil {
		app = t.App
	}
	sref := p.info.ServerRef(app)
	msg := fmt.Sprintf("%s fails on the call for goal[%d]: %s", c.Name, task.Index, e.Error)
	return &Reason{Kind: ReasonToolFails, Goal: task.Index, Message: msg,
		Cause: verdict.Blame(verdict.ServerToolError, sref, verdict.Evidence{Tool: c.Name, Message: msg}).
			Suggest(&verdict.FixEffect{App: app, Tool: c.Name, Error: e.Error}, "make %s succeed on valid arguments", c.Name)}
}

// --- what the instruction reveals, and lookups ---

// reveal records the facts the instruction shows about each handle slot.
func (p *Planner) reveal() {
	texts := []string{p.info.Intent.System, p.info.Intent.Instruction}
	for _, text := range texts {
		for _, m := range atom.SlotPattern().FindAllStringSubmatch(text, -1) {
			slot, field := m[1], strings.TrimSpace(m[2])
			b, ok := p.env.Bindings[slot]
			if !ok || b.Handle == "" {
				continue
			}
			rec := p.handleRecord(b)
			if rec == nil {
				continue
			}
			if field == "" {
				field = p.displayField(b)
			}
			v, ok := rec[field]
			if !ok {
				continue
			}
			if p.revealed[slot] == nil {
				p.revealed[slot] = map[string]any{}
			}
			p.revealed[slot][field] = v
		}
	}
}

func (p *Planner) handleRecord(b episode.Binding) map[string]any {
	w, err := p.env.World(p.env.Recipe.Seed)
	if err != nil {
		return nil
	}
	c := w.Collection(b.App + "." + b.Coll)
	if c == nil {
		return nil
	}
	r, _ := c.Lookup(b.Key)
	return r
}

func (p *Planner) displayField(b episode.Binding) string {
	if h, ok := p.info.Data.Handles[b.Handle]; ok && h.Display != "" {
		return h.Display
	}
	if ci := p.info.Colls[b.App+"."+b.Coll]; ci != nil {
		return ci.Def.KeyField()
	}
	return "id"
}

// slotValue resolves {{slot}} or {{slot.field}} from what the planner may
// know: a value slot, a looked-up record, or a revealed fact.
func (p *Planner) slotValue(slot, field string) (any, bool) {
	b, ok := p.env.Bindings[slot]
	if !ok {
		return nil, false
	}
	if b.Handle == "" {
		if field == "" {
			return b.Value, true
		}
		m, _ := b.Value.(map[string]any)
		v, ok := m[field]
		return v, ok
	}
	if field == "" {
		field = p.displayField(b)
	}
	if rec, ok := p.known[slot]; ok {
		v, ok := rec[field]
		return v, ok
	}
	v, ok := p.revealed[slot][field]
	return v, ok
}

// render fills a template value with what the planner knows; missing lists
// the slots it would need to look up.
func (p *Planner) render(v any) (out any, missing []string) {
	switch x := v.(type) {
	case string:
		if !strings.Contains(x, "{{") {
			return x, nil
		}
		if m := atom.SlotPattern().FindStringSubmatch(x); m != nil && m[0] == strings.TrimSpace(x) {
			if val, ok := p.slotValue(m[1], strings.TrimSpace(m[2])); ok {
				return val, nil
			}
			return x, []string{m[1]}
		}
		s := atom.SlotPattern().ReplaceAllStringFunc(x, func(s string) string {
			m := atom.SlotPattern().FindStringSubmatch(s)
			if val, ok := p.slotValue(m[1], strings.TrimSpace(m[2])); ok {
				return fmt.Sprint(val)
			}
			missing = append(missing, m[1])
			return s
		})
		return s, missing
	case []any:
		outL := make([]any, len(x))
		for i, e := range x {
			var ms []string
			outL[i], ms = p.render(e)
			missing = append(missing, ms...)
		}
		return outL, missing
	}
	return v, nil
}

// neededSlots lists the handle slots whose records the goal reads beyond
// what the instruction reveals, in order of first use.
func (p *Planner) neededSlots() []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range p.info.GoalChecks() {
		for _, pr := range c.Raw.Where {
			_, missing := p.render(pr.Value)
			for _, s := range missing {
				if !seen[s] {
					seen[s] = true
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// preds returns a check's predicates with values rendered from what the
// planner knows (the composed values where the template has no slot).
func (p *Planner) preds(c facts.Check) []assert.Predicate {
	out := append([]assert.Predicate(nil), c.Plan().Where...)
	if c.Goal && c.Want == nil {
		for _, rp := range c.Raw.Where {
			v, missing := p.render(rp.Value)
			if len(missing) > 0 {
				continue
			}
			for i := range out {
				if out[i].Field == rp.Field && out[i].Op == rp.Op {
					out[i].Value = v
				}
			}
		}
	}
	return p.writtenCase(out)
}

// writtenCase gives lower-cased text the predicates compare ignoring case
// (inside records of a list too) the case the opening messages write it
// in; text the goal writes with capitals is kept as written.
func (p *Planner) writtenCase(ps []assert.Predicate) []assert.Predicate {
	for i, pr := range ps {
		switch v := pr.Value.(type) {
		case string:
			if (pr.Op == assert.OpIContains || pr.Op == assert.OpIEquals) && v == strings.ToLower(v) {
				ps[i].Value = p.asWritten(v)
			}
		case []assert.Predicate:
			if pr.Op == satisfy.OpElem {
				ps[i].Value = p.writtenCase(append([]assert.Predicate(nil), v...))
			}
		}
	}
	return ps
}

// openingText is the opening messages' text, one message a line.
func (p *Planner) openingText() string {
	if p.messageText == "" {
		var b strings.Builder
		for _, m := range p.env.Messages() {
			b.WriteString(m.Content)
			b.WriteString("\n")
		}
		p.messageText = b.String()
	}
	return p.messageText
}

// asWritten is v as the opening messages write it, when they hold it
// ignoring case: a goal read from a cel check compares lower-cased text,
// and the note it asks for is written "Escalated to tier 2" as the
// instruction says it, not "escalated to tier 2".
func (p *Planner) asWritten(v string) string {
	p.openingText()
	lower := strings.ToLower(p.messageText)
	i := strings.Index(lower, strings.ToLower(v))
	if i < 0 || v == "" || len(lower) != len(p.messageText) {
		return v
	}
	return p.messageText[i : i+len(v)]
}

// lookup finds the record of a handle slot with the environment's read
// tools, from the facts the instruction reveals, and records the call.
func (p *Planner) lookup(slot string) bool {
	b := p.env.Bindings[slot]
	name := b.App + "." + b.Coll
	ci := p.info.Colls[name]
	shown := p.revealed[slot]
	if ci == nil {
		p.add(Reason{Kind: ReasonNoRecord, Goal: -1, Message: fmt.Sprintf("slot %s names %s, which the environment lacks", slot, name),
			Cause: verdict.RootCause{Code: verdict.DataInconsistent, Atom: facts.Ref(p.env.Data), Evidence: verdict.Evidence{Slot: slot, Collection: name, Message: fmt.Sprintf("handle %s is in %s, which no server of the environment has", b.Handle, name)}}})
		return false
	}
	if len(shown) == 0 {
		p.add(p.ambiguous(slot, b, ci, fmt.Sprintf("the instruction reveals nothing about {{%s}}, but the goal reads its record", slot)))
		return false
	}
	tries := p.lookupAttempts(name, ci, shown)
	if len(tries) == 0 {
		p.add(p.noToolReads(slot, ci, shown, "no search or get tool of "+ci.App+" can look it up by "+strings.Join(slices.Sorted(maps.Keys(shown)), ", ")))
		return false
	}
	scratch, err := p.session(nil)
	if err != nil {
		return false
	}
	most := 0
	for _, a := range tries {
		found, n := p.tryLookup(scratch, slot, b.Key, ci, shown, a)
		if found {
			return true
		}
		most = max(most, n)
	}
	if most > 1 {
		p.add(p.ambiguous(slot, b, ci, fmt.Sprintf("%d records of %s match what the instruction says about {{%s}} (%s)", most, name, slot, strings.Join(slices.Sorted(maps.Keys(shown)), ", "))))
		return false
	}
	p.add(p.noToolReads(slot, ci, shown, fmt.Sprintf("no search or get of %s returns the record of {{%s}} from %s", name, slot, strings.Join(slices.Sorted(maps.Keys(shown)), ", "))))
	return false
}

// lookupAttempts lists the reads that may find a slot's record from the
// facts revealed about it, most direct first: a get by a revealed key,
// searches by the revealed fields (more filters first), then listings read
// whole (a search without filters, the way an agent scans a short list),
// and last searches that need a parent's key, taken from a listing of the
// parents (doc_id from the docs).
func (p *Planner) lookupAttempts(name string, ci *facts.Coll, shown map[string]any) []attempt {
	var tries, lists []attempt
	for _, t := range p.info.ToolsOn(name, "get") {
		if p.info.Forbidden[t.Name] {
			continue
		}
		arg, field := facts.KeyArgOf(t, ci.Def)
		if v, ok := shown[field]; ok {
			tries = append(tries, attempt{tool: t, args: map[string]any{arg: satisfy.FitArg(v, facts.ArgSchema(t, arg))}})
		}
	}
	var searches []attempt
	for _, t := range p.info.ToolsOn(name, "search") {
		if p.info.Forbidden[t.Name] {
			continue
		}
		args := searchArgs(t, ci, shown)
		missing := facts.MissingRequired(t, args)
		switch {
		case len(missing) == 0 && len(args) > 0:
			searches = append(searches, attempt{tool: t, args: args})
		case len(missing) == 0:
			lists = append(lists, attempt{tool: t, args: args})
		case len(missing) == 1:
			lists = append(lists, attempt{tool: t, args: args, parentArg: missing[0]})
		}
	}
	sort.SliceStable(searches, func(i, j int) bool { return len(searches[i].args) > len(searches[j].args) })
	sort.SliceStable(lists, func(i, j int) bool { return lists[i].parentArg == "" && lists[j].parentArg != "" })
	return append(append(tries, searches...), lists...)
}

// searchArgs fills a search's filters with the revealed facts it can
// compare exactly or by containment.
func searchArgs(t *episode.Tool, ci *facts.Coll, shown map[string]any) map[string]any {
	args := map[string]any{}
	for _, f := range facts.SearchFilters(t, ci.Def) {
		v, ok := shown[f.Field]
		if !ok || args[f.Arg] != nil {
			continue
		}
		switch f.Op {
		case assert.OpEquals, assert.OpIEquals, assert.OpContains, assert.OpIContains:
			args[f.Arg] = satisfy.FitArg(v, facts.ArgSchema(t, f.Arg))
		}
	}
	return args
}

// tryLookup makes one attempt (once per parent key when it needs one) on
// the scratch session. When exactly one returned record matches the facts
// and is the slot's record, it becomes known and the reads join the plan's
// prefix. It also returns the most records that matched one read (2 when
// the single match was another record than the slot's).
func (p *Planner) tryLookup(scratch *episode.Session, slot string, key string, ci *facts.Coll, shown map[string]any, a attempt) (bool, int) {
	var pre []episode.ToolCall
	argSets := []map[string]any{a.args}
	if a.parentArg != "" {
		var keys []any
		pre, keys = p.listParents(scratch, ci, a.tool, a.parentArg)
		argSets = argSets[:0]
		for _, k := range keys {
			args := map[string]any{a.parentArg: satisfy.FitArg(k, facts.ArgSchema(a.tool, a.parentArg))}
			for k, v := range a.args {
				args[k] = v
			}
			argSets = append(argSets, args)
		}
	}
	most := 0
	for _, args := range argSets {
		call := p.call(a.tool.Name, args)
		obs := scratch.Call(call)
		if obs.IsError {
			continue
		}
		var matches []map[string]any
		for _, r := range observedRecords(obs.Content, a.tool.Effect.Kind) {
			if matchesFacts(r, shown) {
				matches = append(matches, r)
			}
		}
		if len(matches) == 1 {
			if k := state.Text(matches[0][ci.Def.KeyField()]); k != "" && k != key {
				most = max(most, 2)
				continue
			}
			p.known[slot] = matches[0]
			p.prefix = append(append(p.prefix, pre...), call)
			return true, most
		}
		most = max(most, len(matches))
	}
	return false, most
}

// attempt is one read the lookup may make; parentArg names a required
// argument whose values come from a listing of the parent collection.
type attempt struct {
	tool      *episode.Tool
	args      map[string]any
	parentArg string
}

// maxParents bounds the parents a two-hop lookup reads through.
const maxParents = 8

// listParents finds the collection a search's required argument points to
// (the one whose keys the target's records hold in that field), lists it
// with a search that needs no arguments, and returns the call and the keys
// it observed.
func (p *Planner) listParents(s *episode.Session, ci *facts.Coll, t *episode.Tool, arg string) ([]episode.ToolCall, []any) {
	field := t.Effect.FieldOf(arg)
	w, err := p.env.World(p.env.Recipe.Seed)
	if err != nil {
		return nil, nil
	}
	var sample string
	if c := w.Collection(ci.Name); c != nil {
		for _, r := range c.Records {
			if v, ok := r[field]; ok && v != nil {
				sample = state.Text(v)
				break
			}
		}
	}
	if sample == "" {
		return nil, nil
	}
	for _, name := range w.Names() {
		pc := p.info.Colls[name]
		if pc == nil || pc.App != ci.App || name == ci.Name {
			continue
		}
		if _, ok := w.Collection(name).Lookup(sample); !ok {
			continue
		}
		for _, lt := range p.info.ToolsOn(name, "search") {
			if p.info.Forbidden[lt.Name] || len(facts.RequiredArgs(lt)) > 0 {
				continue
			}
			call := p.call(lt.Name, map[string]any{})
			obs := s.Call(call)
			if obs.IsError {
				continue
			}
			var keys []any
			for _, r := range observedRecords(obs.Content, "search") {
				if k, ok := r[pc.Def.KeyField()]; ok && len(keys) < maxParents {
					keys = append(keys, k)
				}
			}
			return []episode.ToolCall{call}, keys
		}
	}
	return nil, nil
}

func (p *Planner) call(name string, args map[string]any) episode.ToolCall {
	raw, _ := json.Marshal(args)
	return episode.ToolCall{Name: name, Args: raw}
}

// observedRecords reads the records of a search or get observation.
func observedRecords(content, kind string) []map[string]any {
	if kind == "get" {
		var r map[string]any
		if json.Unmarshal([]byte(content), &r) != nil || r == nil {
			return nil
		}
		return []map[string]any{r}
	}
	var res struct {
		Results []map[string]any `json:"results"`
	}
	if json.Unmarshal([]byte(content), &res) != nil {
		return nil
	}
	return res.Results
}

func matchesFacts(r map[string]any, shown map[string]any) bool {
	for f, v := range shown {
		if !satisfy.PredHolds(r, assert.Predicate{Field: f, Op: assert.OpEquals, Value: v}) {
			return false
		}
	}
	return true
}

func (p *Planner) noToolReads(slot string, ci *facts.Coll, shown map[string]any, msg string) Reason {
	sref := facts.Ref(ci.Server)
	return Reason{Kind: ReasonNoToolReads, Goal: -1, Message: msg,
		Cause: verdict.Blame(verdict.ServerMissingTool, sref, verdict.Evidence{Slot: slot, Collection: ci.Name, Message: msg}).
			Suggest(&verdict.AddTool{App: ci.App, Effect: "search", Collection: ci.Coll, Fields: slices.Sorted(maps.Keys(shown))}, "add a search of %s by %s", ci.Coll, strings.Join(slices.Sorted(maps.Keys(shown)), ", "))}
}

// ambiguous reports a slot the instruction does not single out, and
// suggests a field whose value does.
func (p *Planner) ambiguous(slot string, b episode.Binding, ci *facts.Coll, msg string) Reason {
	iref := facts.Ref(p.env.Intent)
	field := ""
	if w, err := p.env.World(p.env.Recipe.Seed); err == nil {
		if c := w.Collection(ci.Name); c != nil {
			if rec, ok := c.Lookup(b.Key); ok {
				cands := slices.Sorted(maps.Keys(rec))
				sort.SliceStable(cands, func(i, j int) bool { return fieldRank(cands[i]) < fieldRank(cands[j]) })
			next:
				for _, f := range cands {
					for _, other := range c.Records {
						if state.Text(other[ci.Def.KeyField()]) != b.Key && satisfy.ValueEqual(other[f], rec[f]) {
							continue next
						}
					}
					field = f
					break
				}
			}
		}
	}
	return Reason{Kind: ReasonAmbiguous, Goal: -1, Message: msg,
		Cause: verdict.Blame(verdict.IntentAmbiguous, iref, verdict.Evidence{Slot: slot, Collection: ci.Name, Record: b.Key, Message: msg}).
			Suggest(&verdict.RewriteInstruction{Slot: slot, Field: field}, "mention {{%s.%s}} in the instruction", slot, field)}
}

func fieldRank(f string) int {
	switch {
	case f == "email" || strings.HasSuffix(f, "_email"):
		return 0
	case f == "name":
		return 1
	case f == "id":
		return 3
	}
	return 2
}

// fenceForbids is the reason when the way to the goal breaks the
// whole-world fence: the plan must change what the goal does not ask for,
// which is the intent's to say (or the server's, for a field it sets
// itself).
func (p *Planner) fenceForbids(task facts.Check, why string) *Reason {
	msg := "the plan changes what the goal does not ask for"
	if why != "" {
		msg += ": " + why
	}
	return &Reason{Kind: ReasonRuleForbids, Goal: task.Index, Message: msg,
		Cause: verdict.Blame(verdict.IntentUnaskedChange, facts.Ref(p.env.Intent), verdict.Evidence{Assertion: "nothing else in the world changes", Message: msg})}
}
