package synth

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
)

// Workflows: intents over three or more apps that reuse a single-app step
// intent (its slots, goal and tools) on records the agent selects itself.
// The policy that says which records, what to set and whom to tell lives
// in a document of another app (sometimes with a later update that
// supersedes part of it); the instruction only says where to find it. The
// agent reads the policy, lists the records, acts on each one the policy
// selects, and posts a summary quoting each record's name and amount
// exactly. Records outside the selection (under the threshold, or past
// the state the policy starts from) are protected by negative assertions,
// and so is the superseded value.

// family names a workflow's purpose (catalogue.yaml), with "amended_" in
// front when a later update supersedes part of its policy.
func (sel *selection) family() string {
	if sel.old != "" {
		return "amended_" + sel.pur.Family
	}
	return sel.pur.Family
}

// stepRef is a single-app intent a workflow can reuse on each record it
// selects: it sets enum field of a record of cm to value, or adds the tag
// value to list field.
type stepRef struct {
	d     *draft
	cm    *collModel
	field string
	value string
	tag   bool      // an append to a tag list, not an enum set
	e     enumField // the enum set (not for tags)
	// crit is how the policy selects records: amount over the threshold
	// ("" when by group), or group: enum g at value gv.
	g enumField
}

// stepCandidates lists a single-app bundle's set-a-state and add-a-tag
// intents over named collections that a policy can select from (by amount,
// or by a second state), whose value no approval rule forbids on a large
// amount, whose field is no reason (isReason) and which a tool of the app
// can write.
func stepCandidates(b *bundle) []stepRef {
	var out []stepRef
	for _, d := range b.drafts {
		if (d.in.Family != famSetState && d.in.Family != famTag) || len(d.writes) != 1 {
			continue
		}
		w := d.writes[0]
		cm := w.cm
		v, ok := w.value.(string)
		if !ok || cm.display == "" || findIn([]string{v}, approvedWords) != "" || isReason(w.field) {
			continue
		}
		st := stepRef{d: d, cm: cm, field: w.field, value: v}
		switch {
		case w.effect == "update" && d.in.ID == intentID(cm.app.app, cm.name, "set", w.field):
			for _, x := range cm.enums {
				if x.name == w.field {
					st.e = x
				}
			}
			if len(st.e.values) < 2 {
				continue
			}
		case w.effect == "append" && d.in.ID == intentID(cm.app.app, cm.name, "tag", w.field):
			st.tag = true
		default:
			continue
		}
		if cm.amount == "" {
			// The group must leave a state to start in whose records may
			// hold a value to select by (see groupDraws).
			for _, g := range cm.enums {
				if try := st; g.name != st.field && len(g.values) >= 3 {
					try.g = g
					if st.tag || len(try.starts()) > 0 {
						st.g = g
						break
					}
				}
			}
			if st.g.name == "" {
				continue
			}
		}
		if _, ok := st.call("t"); !ok {
			continue
		}
		if _, ok := listCall(cm, "", nil); !ok {
			continue
		}
		out = append(out, st)
	}
	return out
}

// call is the step's write on the record slot names.
func (st stepRef) call(slot string) (atom.PlanCall, bool) {
	if !st.tag {
		return writeCall(st.cm, "update", map[string]any{st.field: st.value}, slot)
	}
	for _, t := range st.cm.toolsFor("append") {
		if t.Effect.Field != st.field || t.Effect.Value == "" {
			continue
		}
		k, v := keyArg(t, st.cm, slot)
		args := map[string]any{k: v, t.Effect.Value: st.value}
		ok := true
		for _, r := range requiredArgs(t) {
			if _, has := args[r]; !has {
				ok = false
			}
		}
		if ok {
			return atom.PlanCall{Tool: t.Name, Args: args}, true
		}
	}
	return atom.PlanCall{}, false
}

// policySource is a collection of documents (or messages) with a title and
// a body that a search lists: where a workflow's policy is written.
type policySource struct {
	cm   *collModel
	list atom.PlanCall
	kind string // what a person calls one: "email", "ticket", "document"
}

// findPolicySource finds the collection of m the catalogue lets hold a
// policy; nil when none.
func findPolicySource(m *appModel, cat *catalogue) *policySource {
	for _, cm := range m.colls {
		kind, ok := cat.policyHolder(m.app, cm.name)
		if !ok || !cm.exposed() || cm.peopleLike() || cm.display == "" || cm.text == "" || cm.text == cm.display || !cm.titled() {
			continue
		}
		if cm.c.Fields[cm.display].Type != "string" || cm.c.Fields[cm.text].Type != "string" {
			continue
		}
		if call, ok := listCall(cm, "", nil); ok {
			return &policySource{cm: cm, list: call, kind: kind}
		}
	}
	return nil
}

// notifyTarget is where a workflow's summary goes: a channel (or space,
// or project) whose messages a tool posts, found by its name; or an
// address an email tool sends to.
type notifyTarget struct {
	d    *collModel // the messages
	text string     // the message's text field
	ref  string     // a post: the message's field naming the channel
	by   string     // a post: the channel's field that names it there, where not its key
	ch   *collModel // a post: the channels
	to   string     // an email: the recipients field
	subj string     // an email: the subject field
}

func findNotifyTarget(m *appModel) *notifyTarget {
	if d, rf, text := postTarget(m); d != nil && rf.target.display != "" && rf.target.titled() {
		_, okPost := writeCall(d, "create", map[string]any{rf.name: "k", text: "t"}, "")
		_, okFind := listCall(rf.target, rf.target.display, "x")
		if okPost && okFind {
			return &notifyTarget{d: d, ref: rf.name, by: rf.by, ch: rf.target, text: text}
		}
	}
	d, to, subj := messageTarget(m)
	if d == nil || d.text == "" || d.text == subj {
		return nil
	}
	nt := &notifyTarget{d: d, text: d.text, to: to, subj: subj}
	if _, ok := writeCall(d, "create", map[string]any{to: nt.address("x"), subj: "s", d.text: "t"}, ""); !ok {
		return nil
	}
	return nt
}

// address is an email recipient as the recipients field holds it.
func (nt *notifyTarget) address(a string) any {
	if nt.d.c.Fields[nt.to].Type == "array" {
		return []any{a}
	}
	return a
}

// where selects the summary: in the channel, or sent to the address.
func (nt *notifyTarget) where(addr string, text assert.Predicate) assert.Where {
	text.Field = nt.text
	at := nt.at(addr)
	return append(assert.Where{at[0], text}, at[1:]...)
}

// at selects every message the summary's place holds: those in the
// channel, or those sent to the address.
func (nt *notifyTarget) at(addr string) assert.Where {
	if nt.ch != nil {
		return assert.Where{{Field: nt.ref, Op: assert.OpEquals, Value: nt.chSlot()}}
	}
	w := assert.Where{{Field: nt.to, Op: assert.OpEquals, Value: addr}}
	mk := nt.d.sentMarker()
	for _, k := range slices.Sorted(maps.Keys(mk)) {
		if k != nt.to && k != nt.text {
			w = append(w, pred(k, mk[k]))
		}
	}
	return w
}

// once asserts that the place a workflow writes to holds one record at
// most: the summary (or log) written again, for the policy's update or
// for a look-alike record, names the same records and so meets every
// other assertion, yet is a second message nobody asked for. The place
// is private to the workflow (a channel no background post points at, an
// address no one else mails), so it starts empty.
func once(cm *collModel, where assert.Where, label string) assert.Assertion {
	a := atMostOne(cm.ref(), where)
	a.Label = label
	return a
}

// workflowRoles are the apps that can play each outside part of a
// workflow, in the order of models: where its policy is kept, where its
// summary goes and where it logs what it did.
type workflowRoles struct {
	sources, targets, logs []*appModel
	policies               map[*appModel]*policySource
	notifiers              map[*appModel]*notifyTarget
	logTargets             map[*appModel]*logTarget
}

// pickOr picks one of ms, or nil when there is none (a corpus may have
// no app the catalogue lets keep a log).
func pickOr(rng *rand.Rand, ms []*appModel) *appModel {
	if len(ms) == 0 {
		return nil
	}
	return pick(rng, ms)
}

// findWorkflowRoles finds the apps for each part (only channels as
// targets when channels is set); nil when a part has none.
func findWorkflowRoles(models []*appModel, channels bool, cat *catalogue) *workflowRoles {
	ro := &workflowRoles{policies: map[*appModel]*policySource{}, notifiers: map[*appModel]*notifyTarget{}, logTargets: map[*appModel]*logTarget{}}
	for _, m := range models {
		if l := findLogTarget(m, cat); l != nil {
			ro.logTargets[m] = l
			ro.logs = append(ro.logs, m)
		}
		if p := findPolicySource(m, cat); p != nil {
			ro.policies[m] = p
			ro.sources = append(ro.sources, m)
		}
		if n := findNotifyTarget(m); n != nil && (!channels || n.ch != nil) {
			ro.notifiers[m] = n
			ro.targets = append(ro.targets, m)
		}
	}
	if len(ro.sources) == 0 || len(ro.targets) == 0 {
		return nil
	}
	return ro
}

// workflowBundles pairs every app that has step intents with policy and
// notification apps of other families, one bundle (and one workflow
// intent) per choice.
func workflowBundles(models []*appModel, singles []*bundle, cat *catalogue, opt Options) []*bundle {
	ro := findWorkflowRoles(models, false, cat)
	if ro == nil || opt.Workflows < 0 {
		return nil
	}
	var out []*bundle
	for _, sb := range singles {
		r := sb.apps[0]
		steps := stepCandidates(sb)
		if len(steps) == 0 {
			continue
		}
		rng := rngFor(opt.Seed, "workflow", r.app)
		purposes := cat.purposesFor(r.family)
		first := int(hash64(opt.Seed, "purpose", r.app) % uint64(len(purposes)))
		for i, tries := 0, 0; i < opt.Workflows && tries < 8*opt.Workflows; tries++ {
			st := steps[i%len(steps)]
			p := pick(rng, ro.sources)
			n := pick(rng, ro.targets)
			if p.family == r.family || n.family == r.family || n.family == p.family {
				continue
			}
			id := fmt.Sprintf("wf.%s.%s.%s.%d", r.app, p.app, n.app, i+1)
			b := &bundle{id: id, hash: hash64(opt.Seed, id), apps: []*appModel{r, p, n}, plan: newPlan()}
			var lt *logTarget
			if l := pickOr(rng, ro.logs); l != nil && i%3 != 0 && l.family != r.family && l.family != p.family && l.family != n.family {
				lt = ro.logTargets[l]
				b.apps = append(b.apps, l)
			}
			pur := purposes[(first+i)%len(purposes)]
			sel := &selection{st: st, pur: pur, cat: cat, log: lt}
			if d := sel.draft(b, ro.policies[p], ro.notifiers[n], rngFor(opt.Seed, id), i); d != nil {
				if opt.FullSurface {
					d.in.Tools = nil
				}
				b.drafts = []*draft{d}
				out = append(out, b)
				i++
			}
		}
	}
	return out
}

// otherValues returns the enum's values other than those given.
func otherValues(e enumField, not ...string) []string {
	var out []string
	for _, v := range e.values {
		skip := strings.ContainsAny(v, "|()")
		for _, n := range not {
			if v == n {
				skip = true
			}
		}
		if !skip {
			out = append(out, v)
		}
	}
	return out
}

// selection is what a workflow's policy says and what its data holds.
type selection struct {
	st        stepRef
	pur       *purpose   // what the run is for: its wording, names and trap
	cat       *catalogue // where thresholds, conditions and updates are drawn from
	vals      map[string]string
	s0, done  string  // the state records start from, and one past it (enum steps)
	old       string  // the value an earlier version of the policy gave; "" when none
	gv, gOut  string  // by group: the group value selected, and another one
	threshold float64 // by amount: the policy's limit
	addr      string  // an email summary's recipient
	chName    string  // a channel summary's channel
	title     string  // the policy's title
	condition string  // the policy's condition, in words
	k         int     // records the policy selects
	log       *logTarget
	logName   string    // the log record's name
	trap      *trapNote // the exception written on the record past the starting state; nil when the records have no notes
	pressure  string    // the note on the look-alike outside the condition asking for it to be included
}

// slots are the selected records' slot names.
func (sel *selection) slots() []string {
	out := make([]string, sel.k)
	for i := range out {
		out[i] = fmt.Sprintf("w%d", i+1)
	}
	return out
}

// logTarget is a collection a workflow records its run in: a named record
// (a row, a task, a page) with a text field for the names it acted on.
type logTarget struct {
	cm   *collModel
	text string
}

func findLogTarget(m *appModel, cat *catalogue) *logTarget {
	for _, cm := range m.colls {
		if _, ok := cat.logHolder(m.app, cm.name); !ok || !cm.exposed() || cm.peopleLike() || cm.isMessages() || cm.display == "" || cm.text == "" || cm.text == cm.display || !cm.titled() {
			continue
		}
		if len(cm.refs) > 0 {
			continue // a record that must hang off a parent needs one found first
		}
		if _, ok := writeCall(cm, "create", map[string]any{cm.display: "n", cm.text: "t"}, ""); ok {
			return &logTarget{cm: cm, text: cm.text}
		}
	}
	return nil
}

// goal: the summary names every selected record (with its amount) where
// the policy says, in one message (and one log record); nothing outside
// the selection is changed or reported;
// the superseded value is never used. The change on each selected record
// is the step intent's own goal.
func (sel *selection) goal(nt *notifyTarget) []assert.Assertion {
	st := sel.st
	cm := st.cm
	var g []assert.Assertion
	for _, w := range sel.slots() {
		g = append(g, exists(nt.d, nt.where(sel.addr, assert.Predicate{Op: assert.OpIContains, Value: slotRef(w, cm.display)}), fmt.Sprintf("the summary names %s", w)))
		if cm.amount != "" {
			g = append(g, exists(nt.d, nt.where(sel.addr, assert.Predicate{Op: assert.OpContains, Value: slotRef(w, cm.amount)}), fmt.Sprintf("the summary quotes %s's amount exactly", w)))
		}
	}
	// The new state (a tag: one of its tags) on no record but the selected
	// ones and the one already done; the keys are a parameter, so goals of
	// every size compile to one shape.
	var keys []any
	for _, w := range append(sel.slots(), "x") {
		keys = append(keys, slotRef(w, ""))
	}
	outside := assert.Where{{Field: st.field, Op: assert.OpEquals, Value: st.value}, {Field: cm.key, Op: assert.OpNotIn, Value: keys}}
	g = append(g, notExists(cm, outside, "no record outside the selection is changed"))
	if cm.amount != "" && !st.tag {
		g = append(g, notExists(cm, assert.Where{{Field: cm.amount, Op: assert.OpLTE, Value: sel.threshold}, {Field: st.field, Op: assert.OpEquals, Value: st.value}}, "nothing under the threshold is changed"))
	}
	// A record already in the target state has nothing left to change.
	if !st.tag && sel.done != st.value {
		g = append(g, notExists(cm, keyWhere(cm, "x", map[string]any{st.field: st.value}), "a record past the starting state is left alone"))
	}
	g = append(g,
		notExists(cm, keyWhere(cm, "y", map[string]any{st.field: st.value}), "the look-alike outside the condition is left alone"),
		notExists(nt.d, assert.Where{{Field: nt.text, Op: assert.OpIContains, Value: slotRef("x", cm.display)}}, "the summary leaves out the record already done"),
		notExists(nt.d, assert.Where{{Field: nt.text, Op: assert.OpIContains, Value: slotRef("y", cm.display)}}, "the summary leaves out the record outside the condition"),
	)
	// The same summary anywhere else is over-acting.
	elsewhere := assert.Where{{Field: nt.text, Op: assert.OpIContains, Value: slotRef("w1", cm.display)}}
	if nt.ch != nil {
		elsewhere = append(elsewhere, assert.Predicate{Field: nt.ref, Op: assert.OpNotEquals, Value: nt.chSlot()})
	} else {
		elsewhere = append(elsewhere, assert.Predicate{Field: nt.to, Op: assert.OpNotEquals, Value: sel.addr})
	}
	g = append(g, notExists(nt.d, elsewhere, "the summary goes only where the policy says"),
		once(nt.d, nt.at(sel.addr), "one summary is sent"))
	if l := sel.log; l != nil {
		g = append(g, once(l.cm, assert.Where{{Field: l.cm.display, Op: assert.OpEquals, Value: sel.logName}}, "the run is logged once"))
		g = append(g, notExists(l.cm, assert.Where{{Field: l.cm.display, Op: assert.OpNotEquals, Value: sel.logName}, {Field: l.text, Op: assert.OpIContains, Value: slotRef("w1", cm.display)}},
			"the run is logged once, under the name the policy gives"))
		for _, w := range sel.slots() {
			g = append(g, exists(l.cm, assert.Where{{Field: l.cm.display, Op: assert.OpEquals, Value: sel.logName}, {Field: l.text, Op: assert.OpIContains, Value: slotRef(w, cm.display)}},
				fmt.Sprintf("the log names %s", w)))
		}
		g = append(g, notExists(l.cm, assert.Where{{Field: l.text, Op: assert.OpIContains, Value: slotRef("y", cm.display)}}, "the log leaves out the record outside the condition"))
	}
	if sel.old != "" {
		g = append(g, notExists(cm, assert.Where{{Field: st.field, Op: assert.OpEquals, Value: sel.old}}, "the superseded value is not used"))
	}
	return g
}

// plan: read the policy, list the records, act on each selected one, find
// the channel, post (or send) the summary.
func (sel *selection) plan(ps *policySource, nt *notifyTarget) ([]atom.PlanCall, bool) {
	st := sel.st
	cm := st.cm
	list, ok := listCall(cm, "", nil)
	if !ok {
		return nil, false
	}
	plan := []atom.PlanCall{ps.list, list}
	var parts, names []string
	for _, w := range sel.slots() {
		c, ok := st.call(w)
		if !ok {
			return nil, false
		}
		plan = append(plan, c)
		part := slotRef(w, cm.display)
		if cm.amount != "" {
			part += " (" + slotRef(w, cm.amount) + ")"
		}
		parts = append(parts, part)
		names = append(names, slotRef(w, cm.display))
	}
	if sel.log != nil {
		c, ok := writeCall(sel.log.cm, "create", map[string]any{sel.log.cm.display: sel.logName, sel.log.text: "Changed: " + strings.Join(names, "; ")}, "")
		if !ok {
			return nil, false
		}
		plan = append(plan, c)
	}
	text := fmt.Sprintf("Applied the %s (%s) to: %s.", sel.title, st.value, strings.Join(parts, ", "))
	if nt.ch == nil {
		send, ok := writeCall(nt.d, "create", map[string]any{nt.to: nt.address(sel.addr), nt.subj: sel.title + " applied", nt.text: text}, "")
		return append(plan, send), ok
	}
	find, ok := listCall(nt.ch, nt.ch.display, sel.chName)
	if !ok {
		return nil, false
	}
	post, ok := writeCall(nt.d, "create", map[string]any{nt.ref: nt.chSlot(), nt.text: text}, "")
	if !ok {
		return nil, false
	}
	return append(plan, find, post), true
}

// workflowWriter writes what a workflow intent asks and checks: its
// instruction, its goal and the plan that meets it.
type workflowWriter interface {
	instruction(rng *rand.Rand) string
	goal() []assert.Assertion
	plan() ([]atom.PlanCall, bool)
}

// writeWorkflow sets in's instruction, goal, plan and the tools offered
// beside the plan's; false when no plan could be written.
func writeWorkflow(in *atom.Intent, w workflowWriter, apps []*appModel, rng *rand.Rand) bool {
	in.Instruction = w.instruction(rng)
	in.Goal = w.goal()
	plan, ok := w.plan()
	if !ok {
		return false
	}
	in.Plan = plan
	in.Tools = curatedTools(plan, apps, rng)
	return true
}

// curatedTools is the surface a workflow offers: the tools its plan calls
// and, for each, a neighbour of the same app (another tool on the same
// collection, or one whose name shares a word), AutomationBench style.
func curatedTools(plan []atom.PlanCall, apps []*appModel, rng *rand.Rand) []string {
	in := map[string]bool{}
	var out []string
	for _, c := range plan {
		if !in[c.Tool] {
			in[c.Tool] = true
			out = append(out, c.Tool)
		}
	}
	for _, name := range append([]string(nil), out...) {
		var cands []string
		for _, m := range apps {
			t := m.server.Tool(name)
			if t == nil {
				continue
			}
			for i := range m.server.Tools {
				o := &m.server.Tools[i]
				if in[o.Name] || o.Effect.Kind == "unresolved" {
					continue
				}
				if o.Effect.Collection == t.Effect.Collection || sharesWord(o.Name, t.Name, m.app) {
					cands = append(cands, o.Name)
				}
			}
		}
		sort.Strings(cands)
		if len(cands) > 0 {
			c := pick(rng, cands)
			in[c] = true
			out = append(out, c)
		}
	}
	sort.Strings(out)
	return out
}

// sharesWord reports whether two tool names share a word besides the app's.
func sharesWord(a, b, app string) bool {
	skip := map[string]bool{}
	for _, w := range atom.Words(app) {
		skip[w] = true
	}
	wb := map[string]bool{}
	for _, w := range atom.Words(b) {
		wb[w] = true
	}
	for _, w := range atom.Words(a) {
		if !skip[w] && wb[w] {
			return true
		}
	}
	return false
}

// titled reports whether a collection's display field holds a title (a
// document's, a channel's): a workflow writes its policy, channel and log
// names there, which a person's name, a number or an identifier cannot be.
func (cm *collModel) titled() bool {
	role, _ := atom.RoleOf(cm.app.server, cm.c, cm.display)
	return role == "" || role == atom.RoleTitle || role == atom.RoleText
}
