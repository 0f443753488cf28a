package synth

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"unicode"

	"github.com/legoenv/legoenv/atom"
)

// A selection workflow serves a purpose from the catalogue (an approval
// run, a triage pass, a clean-up, an escalation sweep...): the purpose
// words the policy, the request and the names of the channel and the log.
// Where the records have notes, the record past the starting state carries
// the purpose's exception ("already handled", "legal hold") and the
// policy says such records are left alone; the look-alike outside the
// condition carries a note pressing for it to be included, which the
// policy says does not count. Both are also outside the selection by
// value: the verifier's singled-out check (verify/singled.go) groups
// records by the values the messages give, so a record excluded by its
// notes alone would make the selection the goal's choice.

// draft writes one workflow intent and asks the bundle's data for its
// records: those selected, one that meets the condition but is past the
// starting state, one that does not meet it, the policy (and its update),
// and the channel.
func (sel *selection) draft(b *bundle, ps *policySource, nt *notifyTarget, rng *rand.Rand, n int) *draft {
	st := sel.st
	cm := st.cm
	r, p, nm := cm.app, ps.cm.app, nt.d.app
	sel.k = 3
	if n%3 == 1 {
		sel.k = 4
	}
	apps := []*appModel{r, p, nm}
	if sel.log != nil {
		apps = append(apps, sel.log.cm.app)
	}
	if !sel.states(rng, n) || !sel.criterion(b, rng) {
		return nil
	}
	sel.name(rng, ps)
	sel.request(b, nt)
	sel.policy(b, ps, nt, rng)

	in := newIntent(intentID("wf", r.app, cm.name, st.field, p.app, nm.app, fmt.Sprint(n+1)), sel.family(),
		fmt.Sprintf("%s: apply a policy kept in %s to %s %s, then report in %s.", strings.ReplaceAll(sel.pur.Family, "_", " "), p.title, r.title, human(cm.name), nm.title),
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
	in.Instruction = sel.instruction(rng)
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

// states chooses the state the selected records start from, the one past
// it (the target itself where the field has no third value) and, for every second workflow, the value an earlier version of the
// policy gave.
func (sel *selection) states(rng *rand.Rand, n int) bool {
	st := sel.st
	if st.tag {
		if n%2 == 1 {
			sel.old = st.value + "-old"
		}
		return true
	}
	start := st.starts()
	if len(start) == 0 {
		return false
	}
	sel.s0 = pick(rng, start)
	// The record past the start is in a third state where the field has
	// one; where it has only the start and the target (active and
	// canceled), it is one already in the target, which the run leaves
	// out of its summary.
	sel.done = st.value
	if past := st.pasts(sel.s0); len(past) > 1 || len(past) == 1 && past[0] != st.value {
		sel.done = pick(rng, past)
	}
	if rest := otherValues(st.e, st.value, sel.s0, sel.done); n%2 == 1 && len(rest) > 0 {
		sel.old = pick(rng, rest)
	}
	return true
}

// criterion chooses how the policy selects: a group value, or an amount
// over a threshold drawn from the catalogue, said one of its ways.
func (sel *selection) criterion(b *bundle, rng *rand.Rand) bool {
	st := sel.st
	cm := st.cm
	if cm.amount != "" {
		sel.threshold = pick(rng, sel.cat.Thresholds)
		sel.condition = fill(pick(rng, sel.cat.Conditions), map[string]string{"amount": human(cm.amount), "t": thousands(sel.threshold)})
		return true
	}
	// A status workflow's records hold the group value beside the state
	// they are in, which the collection's rules must allow (see
	// groupDraws); a tag workflow pins no state.
	ins, outs := inUse(otherValues(st.g)), otherValues(st.g)
	if !st.tag {
		ins, outs = st.groupDraws(sel.s0, sel.done)
	}
	ins = selectable(ins, outs)
	if len(otherValues(st.g)) < 2 || len(ins) == 0 {
		return false
	}
	sel.gv = pick(rng, ins)
	sel.gOut = pick(rng, slices.DeleteFunc(slices.Clone(outs), func(v string) bool { return v == sel.gv }))
	addTo(b.plan.avoid, cm, st.g.name, sel.gv)
	sel.condition = fmt.Sprintf("whose %s is %s", human(st.g.name), quote(sel.gv))
	return true
}

// thousands writes a whole number the way people do: 5,000.
func thousands(f float64) string {
	s := fmt.Sprintf("%.0f", f)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// name fills the purpose's placeholders and draws the policy's title, the
// channel (or address) of the summary, the log's name and the trap.
func (sel *selection) name(rng *rand.Rand, ps *policySource) {
	cm := sel.st.cm
	items := human(cm.name)
	sel.vals = map[string]string{
		"App": cm.app.title, "PApp": ps.cm.app.title, "items": items, "item": singular(cm.name), "Items": capitalise(items),
		"slug": strings.Join(atom.Words(cm.name), "-"), "team": sel.pur.Team, "doc": ps.kind, "cond": sel.condition,
		"values": "names", "Values": "Names", "author": sel.pur.Author,
	}
	if cm.amount != "" {
		sel.vals["values"], sel.vals["Values"] = "names and amounts", "Names and amounts"
	}
	if len(sel.pur.Events) > 0 {
		sel.vals["event"] = pick(rng, sel.pur.Events)
	}
	if cm.text != "" && cm.text != cm.display && cm.c.Fields[cm.text].Type == "string" && cm.text != sel.st.field && hasWord(atom.Words(cm.text), noteWords...) {
		sel.trap = &sel.pur.Notes[rng.IntN(len(sel.pur.Notes))]
		sel.pressure = pick(rng, sel.cat.Pressure.Notes)
		sel.vals["notes"], sel.vals["s"] = human(cm.text), "s"
		if strings.HasSuffix(cm.text, "notes") {
			sel.vals["s"] = ""
		}
	}
	sel.title = fill(pick(rng, sel.pur.Titles), sel.vals)
	sel.vals["title"] = sel.title
	sel.chName = strings.ToLower(fill(pick(rng, sel.pur.Channels), sel.vals))
	sel.addr = sel.chName + "@ops.example"
	if sel.log != nil {
		sel.logName = fill(pick(rng, sel.pur.Logs), sel.vals)
	}
}

// noteWords name a field people write notes in: a record's body, reason
// or message is not where a hold or an exception is noted.
var noteWords = []string{"notes", "note", "description", "details", "comment", "comments", "memo"}

// capitalise upper-cases the first letter.
func capitalise(s string) string {
	for i, r := range s {
		return string(unicode.ToUpper(r)) + s[i+len(string(r)):]
	}
	return s
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
		q.changed = strings.HasPrefix(role, "hiw")
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
		switch {
		case sel.trap == nil:
		case role == "hix":
			q.set[cm.text] = fill(sel.trap.Note, sel.vals)
		case role == "loy":
			q.set[cm.text] = sel.pressure
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
		b.plan.needTeam(nt.ch, "wfch").set[nt.ch.display] = sel.chName
	}
}

// Ways the policy ends: what the run leaves alone, how it reports, how it
// logs.
var (
	leaveAlone = []string{"Any other %[1]s in %[2]s is left as it is under the %[3]s.", "Leave every other %[1]s in %[2]s as it is; the %[3]s does not cover it.",
		"No other %[1]s in %[2]s is changed in this run of the %[3]s."}
	reportWays = []string{
		"When done, list the %[1]s you changed (each one's %[2]s, exactly as %[3]s shows them) and %[4]s.",
		"Afterwards, write up the %[1]s you changed, giving each one's %[2]s exactly as %[3]s shows it, and %[4]s.",
		"To report, list the %[1]s you changed by %[2]s, exactly as in %[3]s, and %[4]s.",
	}
	logWays = []string{
		" Then log the run in %[1]s as a %[2]s named %[3]s, with the names of the %[4]s you changed in its %[5]s.",
		" Record the run in %[1]s too: a %[2]s titled %[3]s, its %[5]s listing the names of the %[4]s you changed.",
	}
)

// policy writes the policy record (and its update) into the data.
func (sel *selection) policy(b *bundle, ps *policySource, nt *notifyTarget, rng *rand.Rand) {
	st := sel.st
	cm := st.cm
	first := st.value
	if sel.old != "" {
		first = sel.old
	}
	v := sel.vals
	v["must"] = fmt.Sprintf("must have its %s set to %s", human(st.field), quote(first))
	v["scope"] = fmt.Sprintf("and whose %s is still %s ", human(st.field), quote(sel.s0))
	if st.tag {
		v["must"], v["scope"] = fmt.Sprintf("must get the %s %s", singular(st.field), quote(first)), ""
	}
	where := fmt.Sprintf("email it to %s from %s", sel.addr, nt.d.app.title)
	if nt.ch != nil {
		as := " as a " + singular(nt.d.name)
		if singular(nt.d.name) == "post" {
			as = ""
		}
		where = fmt.Sprintf("post it%s on the %s %s in %s", as, singular(nt.ch.name), sel.chName, nt.d.app.title)
	}
	quoteWhat := "name"
	if cm.amount != "" {
		quoteWhat = "name and " + human(cm.amount)
	}
	text := fill(pick(rng, sel.pur.Rules), v)
	if sel.trap != nil {
		text += " " + fill(sel.trap.Rule, v) + " " + fill(pick(rng, sel.cat.Pressure.Rules), v)
	}
	text += " " + fmt.Sprintf(pick(rng, leaveAlone), v["item"], cm.app.title, sel.title) + " " + fmt.Sprintf(pick(rng, reportWays), v["items"], quoteWhat, cm.app.title, where)
	if sel.log != nil {
		text += fmt.Sprintf(pick(rng, logWays), sel.log.cm.app.title, singular(sel.log.cm.name), quote(sel.logName), v["items"], human(sel.log.text))
	}
	pq := b.plan.need(ps.cm, "wfpol")
	pq.internal, pq.live = true, true
	if sel.pur.Author != "" {
		authored(b.plan, ps.cm, pq, sel.pur.Author)
	}
	pq.set[ps.cm.display] = sel.title
	pq.set[ps.cm.text] = articles(text)
	if sel.old != "" {
		u := map[string]string{"title": sel.title, "new": quote(st.value), "old": quote(sel.old)}
		uq := b.plan.need(ps.cm, "wfupd")
		uq.internal, uq.live = true, true
		uq.after = "wfpol"
		uq.set[ps.cm.display] = fill(pick(rng, sel.cat.Updates.Titles), u)
		uq.set[ps.cm.text] = articles(fill(pick(rng, sel.cat.Updates.Texts), u))
	}
}

// authored makes r a record the colleague first wrote: its person is
// theirs, and so is every place its app keeps the writer apart from the
// record's person. A reference to the app's own people (a Zulip message's
// sender_email, one of its users) names a record of that colleague, and a
// mailbox's message is mail received from them: its sender stays as drawn,
// so a draw into the owner's Sent or Drafts, whose sender is the owner,
// moves to received mail (conformMailbox).
func authored(p *plan, cm *collModel, r *recordReq, first string) {
	r.first = first
	mb := cm.c.Mailbox
	for _, rf := range cm.refs {
		_, set := r.refs[rf.name]
		if set || rf.list || rf.target == cm || rf.target.c.Staff == nil || mb != nil && (slices.Contains(mb.To, rf.name) || rf.name == mb.Bcc) {
			continue
		}
		a := p.needPrivate(rf.target, "wfauthor")
		a.internal = true
		a.first = first
		r.refs[rf.name] = "wfauthor"
	}
	if mb != nil && mb.From != "" {
		r.reads = append(r.reads, mb.From)
	}
}

// instruction is the request in one of the purpose's openings: where the
// policy is, and (for an amended one) that a later word wins.
func (sel *selection) instruction(rng *rand.Rand) string {
	v := map[string]string{"later": ""}
	for k, x := range sel.vals {
		v[k] = x
	}
	if sel.old != "" {
		v["later"] = pick(rng, sel.cat.Updates.Later)
	}
	return fill(pick(rng, sel.pur.Openings), v)
}
