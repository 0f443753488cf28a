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

// Workflow families, by shape: the policy may have been amended, and the
// run may have a second output (a log record in a fourth app).
const (
	famWorkflow        = "policy_select_and_notify"
	famWorkflowLog     = "policy_select_notify_and_log"
	famWorkflowAmended = "amended_policy_select_and_notify"
	famWorkflowBoth    = "amended_policy_select_notify_and_log"
)

// family names a workflow's shape.
func (sel *selection) family() string {
	switch {
	case sel.old != "" && sel.log != nil:
		return famWorkflowBoth
	case sel.old != "":
		return famWorkflowAmended
	case sel.log != nil:
		return famWorkflowLog
	}
	return famWorkflow
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
// amount and which a tool of the app can write.
func stepCandidates(b *bundle) []stepRef {
	var out []stepRef
	for _, d := range b.drafts {
		if d.in.Family != famLookup || len(d.writes) != 1 {
			continue
		}
		w := d.writes[0]
		cm := w.cm
		v, ok := w.value.(string)
		if !ok || cm.display == "" || findIn([]string{v}, approvedWords) != "" {
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
			if len(st.e.values) < 3 {
				continue
			}
		case w.effect == "append" && d.in.ID == intentID(cm.app.app, cm.name, "tag", w.field):
			st.tag = true
		default:
			continue
		}
		if cm.amount == "" {
			for _, g := range cm.enums {
				if g.name != st.field && len(g.values) >= 3 {
					st.g = g
					break
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
}

func findPolicySource(m *appModel) *policySource {
	for _, cm := range m.colls {
		if !cm.exposed() || cm.peopleLike() || cm.display == "" || cm.text == "" || cm.text == cm.display || !cm.titled() {
			continue
		}
		if cm.c.Fields[cm.display].Type != "string" || cm.c.Fields[cm.text].Type != "string" {
			continue
		}
		if call, ok := listCall(cm, "", nil); ok {
			return &policySource{cm: cm, list: call}
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
	ch   *collModel // a post: the channels
	to   string     // an email: the recipients field
	subj string     // an email: the subject field
}

func findNotifyTarget(m *appModel) *notifyTarget {
	if d, rf, text := postTarget(m); d != nil && rf.target.display != "" && rf.target.titled() {
		_, okPost := writeCall(d, "create", map[string]any{rf.name: "k", text: "t"}, "")
		_, okFind := listCall(rf.target, rf.target.display, "x")
		if okPost && okFind {
			return &notifyTarget{d: d, ref: rf.name, ch: rf.target, text: text}
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
		return assert.Where{{Field: nt.ref, Op: assert.OpEquals, Value: slotRef("ch", "")}}
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
	pol                    map[*appModel]*policySource
	not                    map[*appModel]*notifyTarget
	lts                    map[*appModel]*logTarget
}

// findWorkflowRoles finds the apps for each part (only channels as
// targets when channels is set); nil when a part has none.
func findWorkflowRoles(models []*appModel, channels bool) *workflowRoles {
	ro := &workflowRoles{pol: map[*appModel]*policySource{}, not: map[*appModel]*notifyTarget{}, lts: map[*appModel]*logTarget{}}
	for _, m := range models {
		if l := findLogTarget(m); l != nil {
			ro.lts[m] = l
			ro.logs = append(ro.logs, m)
		}
		if p := findPolicySource(m); p != nil {
			ro.pol[m] = p
			ro.sources = append(ro.sources, m)
		}
		if n := findNotifyTarget(m); n != nil && (!channels || n.ch != nil) {
			ro.not[m] = n
			ro.targets = append(ro.targets, m)
		}
	}
	if len(ro.sources) == 0 || len(ro.targets) == 0 || len(ro.logs) == 0 {
		return nil
	}
	return ro
}

// workflowBundles pairs every app that has step intents with policy and
// notification apps of other families, one bundle (and one workflow
// intent) per choice.
func workflowBundles(models []*appModel, singles []*bundle, opt Options) []*bundle {
	ro := findWorkflowRoles(models, false)
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
			if l := pick(rng, ro.logs); i%3 != 0 && l.family != r.family && l.family != p.family && l.family != n.family {
				lt = ro.lts[l]
				b.apps = append(b.apps, l)
			}
			if d := workflowDraft(b, st, ro.pol[p], ro.not[n], lt, rngFor(opt.Seed, id), i); d != nil {
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
	s0, done  string // the state records start from, and one past it (enum steps)
	old       string // the value an earlier version of the policy gave; "" when none
	gv, gOut  string // by group: the group value selected, and another one
	addr      string // an email summary's recipient
	chName    string // a channel summary's channel
	title     string // the policy's title
	condition string // the policy's condition, in words
	k         int    // records the policy selects
	log       *logTarget
	logName   string // the log record's name
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

func findLogTarget(m *appModel) *logTarget {
	for _, cm := range m.colls {
		if !cm.exposed() || cm.peopleLike() || cm.isMessages() || cm.display == "" || cm.text == "" || cm.text == cm.display || !cm.titled() {
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

// workflowDraft writes one workflow intent and asks the bundle's data for
// its records: three selected, one that meets the condition but is past
// the starting state, one that does not meet it, the policy (and its
// update), and the channel.
func workflowDraft(b *bundle, st stepRef, ps *policySource, nt *notifyTarget, lt *logTarget, rng *rand.Rand, n int) *draft {
	cm := st.cm
	r, p, nm := cm.app, ps.cm.app, nt.d.app
	sel := selection{st: st, k: 3, log: lt}
	if n%3 == 1 {
		sel.k = 4
	}
	apps := []*appModel{r, p, nm}
	if lt != nil {
		apps = append(apps, lt.cm.app)
		sel.logName = fmt.Sprintf("%s review log", productTitle(strings.Join(words(cm.name), " ")))
	}
	slug := strings.ToLower(strings.Join(words(cm.name), "-")) + "-review"
	sel.chName, sel.addr = slug, slug+"@ops.example"
	sel.title = fmt.Sprintf("%s %s review policy", r.title, human(cm.name))
	if !st.tag {
		start := otherValues(st.e, st.value)
		if len(start) < 2 {
			return nil
		}
		sel.s0 = pick(rng, start)
		sel.done = pick(rng, otherValues(st.e, st.value, sel.s0))
		if rest := otherValues(st.e, st.value, sel.s0, sel.done); n%2 == 1 && len(rest) > 0 {
			sel.old = pick(rng, rest)
		}
	} else if n%2 == 1 {
		sel.old = st.value + "-old"
	}
	if cm.amount == "" {
		gs := otherValues(st.g)
		if len(gs) < 2 {
			return nil
		}
		sel.gv = pick(rng, gs)
		sel.gOut = pick(rng, otherValues(st.g, sel.gv))
		addTo(b.plan.avoid, cm, st.g.name, sel.gv)
		sel.condition = fmt.Sprintf("whose %s is %s", human(st.g.name), quote(sel.gv))
	} else {
		sel.condition = fmt.Sprintf("whose %s is over %.0f", human(cm.amount), threshold)
	}
	sel.request(b, nt)
	sel.policy(b, ps, nt)

	in := newIntent(intentID("wf", r.app, cm.name, st.field, p.app, nm.app, fmt.Sprint(n+1)), sel.family(),
		fmt.Sprintf("Apply a %s policy kept in %s to %s %s, then report in %s.", r.title, p.title, r.title, human(cm.name), nm.title),
		nil, "")
	for _, m := range apps {
		in.Apps = append(in.Apps, m.app)
	}
	for i, w := range sel.slots() {
		in.Slots[w] = atom.Slot{Handle: handleName(cm, fmt.Sprintf("hiw%d", i+1))}
		in.Steps = append(in.Steps, atom.Step{Intent: st.d.in.ID, Bind: map[string]string{"t": w}})
	}
	in.Slots["x"] = atom.Slot{Handle: handleName(cm, "hix")}
	in.Slots["y"] = atom.Slot{Handle: handleName(cm, "loy")}
	if nt.ch != nil {
		in.Slots["ch"] = atom.Slot{Handle: handleName(nt.ch, "wfch")}
	}
	in.Instruction = workflowInstruction(rng, r.title, human(cm.name), sel.title, p.title, singular(ps.cm.name), sel.old != "")
	in.Goal = sel.goal(nt)
	plan, ok := sel.plan(ps, nt)
	if !ok {
		return nil
	}
	in.Plan = plan
	in.Tools = curatedTools(plan, apps, rng)
	return &draft{in: in, writes: []write{
		{cm: cm, field: st.field, value: st.value, effect: map[bool]string{true: "append", false: "update"}[st.tag], tier: "high"},
		{cm: nt.d, field: nt.text, value: "summary", effect: "create"},
	}}
}

// request asks the bundle's data for the records of the selection.
func (sel *selection) request(b *bundle, nt *notifyTarget) {
	st := sel.st
	cm := st.cm
	var roles []string
	for i := 1; i <= sel.k; i++ {
		roles = append(roles, fmt.Sprintf("hiw%d", i))
	}
	roles = append(roles, "hix", "loy")
	for _, role := range roles {
		q := b.plan.need(cm, role)
		if st.g.name != "" {
			q.set[st.g.name] = sel.gv
			if role == "loy" {
				q.set[st.g.name] = sel.gOut
			}
		}
		switch {
		case st.tag && role == "hix":
			q.set[st.field] = []any{st.value}
		case st.tag:
			q.set[st.field] = []any{}
		case role == "hix":
			q.set[st.field] = sel.done
		default:
			q.set[st.field] = sel.s0
		}
	}
	if !st.tag {
		b.plan.target(cm, st.field, st.value, roles...)
		addTo(b.plan.avoid, cm, st.field, st.value)
		if sel.old != "" {
			addTo(b.plan.avoid, cm, st.field, sel.old)
		}
	}
	if nt.ch != nil {
		b.plan.needPrivate(nt.ch, "wfch").set[nt.ch.display] = sel.chName
	}
}

// policy writes the policy document (and its update) into the data.
func (sel *selection) policy(b *bundle, ps *policySource, nt *notifyTarget) {
	st := sel.st
	cm := st.cm
	r := cm.app
	first := st.value
	if sel.old != "" {
		first = sel.old
	}
	action := fmt.Sprintf("must have its %s set to %s", human(st.field), quote(first))
	scope := fmt.Sprintf("and whose %s is still %s ", human(st.field), quote(sel.s0))
	if st.tag {
		action = fmt.Sprintf("must get the %s %s", singular(st.field), quote(first))
		scope = ""
	}
	where := fmt.Sprintf("email it to %s from %s", sel.addr, nt.d.app.title)
	if nt.ch != nil {
		where = fmt.Sprintf("post it as a %s on the %s %s in %s", singular(nt.d.name), singular(nt.ch.name), sel.chName, nt.d.app.title)
	}
	quoteWhat := "name"
	if cm.amount != "" {
		quoteWhat = "name and " + human(cm.amount)
	}
	text := fmt.Sprintf("Policy for %[1]s %[2]s, owned by the operations team. Every %[3]s %[4]s %[5]s%[6]s. "+
		"Any other %[3]s is left as it is. When done, list the %[2]s you changed (each one's %[7]s, exactly as %[1]s shows them) and %[8]s.",
		r.title, human(cm.name), singular(cm.name), sel.condition, scope, action, quoteWhat, where)
	if sel.log != nil {
		text += fmt.Sprintf(" Then log the run in %s as a %s named %s, with the names of the %s you changed in its %s.",
			sel.log.cm.app.title, singular(sel.log.cm.name), quote(sel.logName), human(cm.name), human(sel.log.text))
	}
	pq := b.plan.need(ps.cm, "wfpol")
	pq.set[ps.cm.display] = sel.title
	pq.set[ps.cm.text] = text
	if sel.old != "" {
		uq := b.plan.need(ps.cm, "wfupd")
		uq.set[ps.cm.display] = "Update: " + sel.title
		uq.set[ps.cm.text] = fmt.Sprintf("Effective immediately, this supersedes one line of the %s: use %s, not %s. Everything else in the policy stands.", sel.title, quote(st.value), quote(sel.old))
	}
}

// workflowInstruction says where the policy is and what to do, in one of
// the ways people ask: a colleague's request, a ticket, a checklist.
func workflowInstruction(rng *rand.Rand, app, coll, title, papp, doc string, updated bool) string {
	later := ""
	if updated {
		later = pick(rng, []string{" Someone posted a change to it since, so go by the latest word.", " It was amended recently; the amendment wins where they differ.", " Check for any later update before you start."})
	}
	return fmt.Sprintf(pick(rng, []string{
		"Hi, could you run the %[2]s review in %[1]s today? What to change and who to tell is in the %[4]s %[5]q in %[3]s.%[6]s Please quote values exactly as %[1]s shows them.",
		"Ticket: apply the %[5]s (a %[4]s in %[3]s) to the %[2]s in %[1]s, and send the summary it asks for.%[6]s Values in the summary must match %[1]s exactly.",
		"Checklist for the %[2]s in %[1]s:\n1. Read the %[4]s %[5]q in %[3]s.%[6]s\n2. Apply it to every one of the %[2]s it covers, and only those.\n3. Send the summary it asks for, with names and amounts exactly as they appear in %[1]s.",
		"Before the end of day, the %[2]s in %[1]s need to be brought in line with our %[5]s. You'll find it as a %[4]s in %[3]s; it also says where the summary goes.%[6]s Keep names and amounts exactly as %[1]s has them.",
	}), app, coll, papp, doc, title, later)
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
	has := func(v string) string {
		if st.tag {
			return fmt.Sprintf("(%[1]s in r && type(r[%[1]s]) == list && %[2]s in r[%[1]s])", celString(st.field), celString(v))
		}
		return fmt.Sprintf("(%[1]s in r && r[%[1]s] == %[2]s)", celString(st.field), celString(v))
	}
	coll := fmt.Sprintf("state[%s][%s]", celString(cm.app.app), celString(cm.name))
	var ks []string
	for _, w := range append(sel.slots(), "x") {
		ks = append(ks, fmt.Sprintf("%q", slotRef(w, "")))
	}
	keys := "[" + strings.Join(ks, ", ") + "]"
	g = append(g, assert.Assertion{Type: assert.CEL, Negative: true, Label: "no record outside the selection is changed",
		Expr: fmt.Sprintf("!%s.exists(r, %s && !(r[%s] in %s))", coll, has(st.value), celString(cm.key), keys)})
	if cm.amount != "" && !st.tag {
		g = append(g, notExists(cm, assert.Where{{Field: cm.amount, Op: assert.OpLTE, Value: threshold}, {Field: st.field, Op: assert.OpEquals, Value: st.value}}, "nothing under the threshold is changed"))
	}
	if !st.tag {
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
		elsewhere = append(elsewhere, assert.Predicate{Field: nt.ref, Op: assert.OpNotEquals, Value: slotRef("ch", "")})
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
		g = append(g, assert.Assertion{Type: assert.CEL, Negative: true, Label: "the superseded value is not used",
			Expr: fmt.Sprintf("!%s.exists(r, %s)", coll, has(sel.old))})
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
	post, ok := writeCall(nt.d, "create", map[string]any{nt.ref: slotRef("ch", ""), nt.text: text}, "")
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
	for _, w := range words(app) {
		skip[w] = true
	}
	wb := map[string]bool{}
	for _, w := range words(b) {
		wb[w] = true
	}
	for _, w := range words(a) {
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
