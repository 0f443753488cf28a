package synth

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
)

// Reporting workflows: a reporting policy in a document of one app says
// which records of another to count and total (those in one group, or,
// after a later update, another), and where to post the figures. The
// agent lists the group, computes the count and the total of the amounts,
// and posts them in a channel of a third app in the policy's words. The
// figures are derived from what the agent read (the intent declares count
// and sum); the group the update superseded and the look-alike of another
// group change the figures, so reporting them loses reward, and nothing
// in the records may change.

const (
	famReport        = "policy_report_figures"
	famReportAmended = "amended_policy_report_figures"
)

// report is one reporting workflow.
type report struct {
	cm      *collModel
	g       enumField
	gv, old string // the group reported, and the one the update superseded ("" without one)
	amounts []float64
	ps      *policySource
	nt      *notifyTarget
	chName  string
	title   string
	log     *logTarget // where the figures are also logged; nil for none
	logName string
}

// reportBundles pairs every app with records to total by group with a
// policy app and a channel app of two other families.
func reportBundles(models []*appModel, cat *catalogue, opt Options) []*bundle {
	if opt.Workflows < 0 {
		return nil
	}
	ro := findWorkflowRoles(models, true, cat)
	if ro == nil {
		return nil
	}
	var out []*bundle
	for _, m := range models {
		rng := rngFor(opt.Seed, "report", m.app)
		n := 0
		for _, cm := range primaryColls(m, 4) {
			g, ok := reportGroup(cm)
			if !ok {
				continue
			}
			for try := 0; try < 4 && n < opt.Workflows/10+1; try++ {
				p, c := pick(rng, ro.sources), pick(rng, ro.targets)
				if p.family == m.family || c.family == m.family || p.family == c.family {
					continue
				}
				// The data atoms are named after the bundle: ids in lower case.
				id := intentID("rp", m.app, cm.name, p.app, c.app, fmt.Sprint(n+1))
				bd := &bundle{id: id, hash: hash64(opt.Seed, id), apps: []*appModel{m, p, c}, plan: newPlan()}
				var lt *logTarget
				if l := pickOr(rng, ro.logs); l != nil && l.family != m.family && l.family != p.family && l.family != c.family {
					lt = ro.logTargets[l]
					bd.apps = append(bd.apps, l)
				}
				if d := reportDraft(bd, cm, g, ro.policies[p], ro.notifiers[c], lt, rngFor(opt.Seed, id), n); d != nil {
					bd.drafts = []*draft{d}
					out = append(out, bd)
					n++
				}
			}
		}
	}
	return out
}

// reportGroup is the enum a report groups cm's records by: one with three
// or more values that a search filters on, on a collection with amounts.
func reportGroup(cm *collModel) (enumField, bool) {
	if cm.amount == "" || !cm.named() {
		return enumField{}, false
	}
	for _, e := range cm.enums {
		if len(otherValues(e)) < 3 {
			continue
		}
		if _, ok := listCall(cm, e.name, otherValues(e)[0]); ok {
			return e, true
		}
	}
	return enumField{}, false
}

func reportDraft(bd *bundle, cm *collModel, g enumField, ps *policySource, nt *notifyTarget, lt *logTarget, rng *rand.Rand, n int) *draft {
	vs := otherValues(g)
	r := &report{cm: cm, g: g, ps: ps, nt: nt, log: lt}
	if lt != nil {
		r.logName = fmt.Sprintf("%s figures log", productTitle(strings.Join(atom.Words(cm.name), " ")))
	}
	r.gv = pick(rng, vs)
	if n%2 == 1 {
		r.old = pick(rng, otherValues(g, r.gv))
	}
	k := 2 + rng.IntN(3)
	for i := 0; i < k; i++ {
		x := float64(1000+rng.IntN(9000)) + float64(rng.IntN(4))*0.25
		if cm.field(cm.amount).Type == "integer" {
			x = math.Floor(x)
		}
		r.amounts = append(r.amounts, x)
	}
	r.chName = strings.ToLower(strings.Join(atom.Words(cm.name), "-")) + "-figures"
	r.title = fmt.Sprintf("%s %s reporting policy", cm.app.title, human(cm.name))
	if !r.request(bd, rng) {
		return nil
	}
	fam := famReport
	if r.old != "" {
		fam = famReportAmended
	}
	in := newIntent(intentID("rp", cm.app.app, cm.name, ps.cm.app.app, nt.d.app.app, fmt.Sprint(n+1)), fam,
		fmt.Sprintf("Count and total %s %s by a reporting policy kept in %s; post the figures in %s.", cm.app.title, human(cm.name), ps.cm.app.title, nt.d.app.title), nil, "")
	for _, m := range bd.apps {
		in.Apps = append(in.Apps, m.app)
	}
	in.Derive = []atom.Derivation{{Op: atom.DeriveCount, Field: r.g.name}, {Op: atom.DeriveSum, Field: cm.amount}}
	in.Slots["ch"] = atom.Slot{Handle: handleName(nt.ch, "wfch")}
	in.Slots["y"] = atom.Slot{Handle: handleName(cm, "rpy")}
	if !writeWorkflow(in, r, bd.apps, rng) {
		return nil
	}
	d := &draft{in: in, writes: []write{{cm: nt.d, field: nt.text, value: "figures", effect: "create"}}}
	if lt != nil {
		d.writes = append(d.writes, write{cm: lt.cm, field: lt.text, value: "figures", effect: "create"})
	}
	return d
}

// figures is the line the policy asks for: "count: 3; total: 12345.50".
func (r *report) figures() string {
	sum := 0.0
	for _, x := range r.amounts {
		sum += x
	}
	return fmt.Sprintf("count: %d; total: %.2f", len(r.amounts), sum)
}

// request asks for the group's records (their amounts fixed, so the
// figures are known), a record of the superseded group, a look-alike of
// another group, the channel and the policy (with its update); no other
// record of the collection is in either group.
func (r *report) request(bd *bundle, rng *rand.Rand) bool {
	cm := r.cm
	addTo(bd.plan.avoid, cm, r.g.name, r.gv)
	for i, x := range r.amounts {
		q := bd.plan.need(cm, fmt.Sprintf("rp%d", i+1))
		q.set[r.g.name] = r.gv
		q.set[cm.amount] = x
	}
	y := bd.plan.need(cm, "rpy")
	y.set[r.g.name] = pick(rng, otherValues(r.g, r.gv, r.old))
	if r.old != "" {
		addTo(bd.plan.avoid, cm, r.g.name, r.old)
		for i := 0; i < 2; i++ {
			q := bd.plan.need(cm, fmt.Sprintf("rpo%d", i+1))
			q.set[r.g.name] = r.old
		}
	}
	nt := r.nt
	bd.plan.needTeam(nt.ch, "wfch").set[nt.ch.display] = r.chName
	first := r.gv
	if r.old != "" {
		first = r.old
	}
	pq := bd.plan.need(r.ps.cm, "wfpol")
	pq.internal, pq.live = true, true
	pq.set[r.ps.cm.display] = r.title
	pq.set[r.ps.cm.text] = fmt.Sprintf("Reporting policy for %[1]s %[2]s, owned by finance. Each week, count the %[2]s whose %[3]s is %[4]s and total their %[5]s. "+
		"Post one line in the %[6]s %[7]s in %[8]s, exactly in this form: count: N; total: T (T with two decimals and no thousands separator, e.g. count: 2; total: 1500.00). "+
		"Do not change any %[9]s.",
		cm.app.title, human(cm.name), fieldTerm(cm.c.Fields[r.g.name], r.g.name), quote(first), fieldTerm(cm.c.Fields[cm.amount], cm.amount), singular(nt.ch.name), r.chName, nt.d.app.title, singular(cm.name))
	if r.log != nil {
		pq.set[r.ps.cm.text] = pq.set[r.ps.cm.text].(string) + fmt.Sprintf(" Then log the same line in %s as a %s named %s.",
			r.log.cm.app.title, singular(r.log.cm.name), quote(r.logName))
	}
	if r.old != "" {
		uq := bd.plan.need(r.ps.cm, "wfupd")
		uq.internal, uq.live = true, true
		uq.after = "wfpol"
		uq.set[r.ps.cm.display] = "Update: " + r.title
		uq.set[r.ps.cm.text] = fmt.Sprintf("Effective immediately, this supersedes one line of the %[1]s: report on %[2]s, not %[3]s. Everything else in the %[1]s stands.", r.title, quote(r.gv), quote(r.old))
	}
	return true
}

func (r *report) instruction(rng *rand.Rand) string {
	later := ""
	if r.old != "" {
		later = pick(rng, []string{" It was amended since; the amendment wins.", " Check for a later update to it before you count."})
	}
	return fmt.Sprintf(pick(rng, []string{
		"Hi, could you do this week's %[2]s report for %[1]s? The %[4]s %[5]q in %[3]s says what to count and where the figures go.%[6]s",
		"Ticket: produce the %[2]s figures from %[1]s as the %[5]s (a %[4]s in %[3]s) asks, and post them where it says.%[6]s Change nothing while you are at it.",
		"Checklist:\n1. Read the %[4]s %[5]q in %[3]s.%[6]s\n2. Count and total the %[2]s of %[1]s it covers.\n3. Post the figures in exactly the form it gives.",
	}), r.cm.app.title, human(r.cm.name), r.ps.cm.app.title, singular(r.ps.cm.name), r.title, later)
}

// goal: the figures are posted in the channel, once; no figures go
// elsewhere; those of the superseded group or with the look-alike counted
// are not posted (the exact figures rule them out); no record of the
// collection changes.
func (r *report) goal() []assert.Assertion {
	nt, cm := r.nt, r.cm
	fig := r.figures()
	cnt, tot, _ := strings.Cut(fig, "; ")
	g := []assert.Assertion{
		exists(nt.d, nt.where("", assert.Predicate{Op: assert.OpIContains, Value: cnt}), "the report gives the count"),
		exists(nt.d, nt.where("", assert.Predicate{Op: assert.OpIContains, Value: tot}), "the report gives the total"),
		notExists(nt.d, assert.Where{{Field: nt.text, Op: assert.OpIContains, Value: tot}, {Field: nt.ref, Op: assert.OpNotEquals, Value: nt.chSlot()}}, "the figures go only where the policy says"),
		notExists(nt.d, assert.Where{{Field: nt.text, Op: assert.OpIContains, Value: "count: " + fmt.Sprint(len(r.amounts)+1) + ";"}}, "the look-alike of another group is not counted"),
		{Type: assert.Unchanged, Target: cm.ref(), Label: "no " + singular(cm.name) + " changes"},
		once(nt.d, nt.at(""), "the figures are posted once"),
	}
	if l := r.log; l != nil {
		g = append(g,
			once(l.cm, assert.Where{{Field: l.cm.display, Op: assert.OpEquals, Value: r.logName}}, "the figures are logged once"),
			exists(l.cm, assert.Where{{Field: l.cm.display, Op: assert.OpEquals, Value: r.logName}, {Field: l.text, Op: assert.OpIContains, Value: tot}}, "the log holds the total"),
			exists(l.cm, assert.Where{{Field: l.cm.display, Op: assert.OpEquals, Value: r.logName}, {Field: l.text, Op: assert.OpIContains, Value: cnt}}, "the log holds the count"),
			notExists(l.cm, assert.Where{{Field: l.cm.display, Op: assert.OpNotEquals, Value: r.logName}, {Field: l.text, Op: assert.OpIContains, Value: tot}}, "the figures are logged once, under the name the policy gives"))
	}
	if r.old != "" {
		g = append(g, notExists(nt.d, assert.Where{{Field: nt.text, Op: assert.OpIContains, Value: "count: 2;"}, {Field: nt.text, Op: assert.OpNotContains, Value: tot}},
			"the superseded group is not reported"))
	}
	return g
}

// plan: read the policy, list the group, find the channel, post.
func (r *report) plan() ([]atom.PlanCall, bool) {
	list, ok1 := listCall(r.cm, r.g.name, r.gv)
	find, ok2 := listCall(r.nt.ch, r.nt.ch.display, r.chName)
	post, ok3 := writeCall(r.nt.d, "create", map[string]any{r.nt.ref: r.nt.chSlot(), r.nt.text: r.figures()}, "")
	if !ok1 || !ok2 || !ok3 {
		return nil, false
	}
	plan := []atom.PlanCall{r.ps.list, list, find, post}
	if l := r.log; l != nil {
		c, ok := writeCall(l.cm, "create", map[string]any{l.cm.display: r.logName, l.text: r.figures()}, "")
		if !ok {
			return nil, false
		}
		plan = append(plan, c)
	}
	return plan, true
}
