package synth

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
)

// Reconciliation workflows: two apps hold the same people (matched by
// email) and have drifted apart on one fact (a phone, a company, a job
// title). A rule posted in a channel of a third app says which app is the
// system of record, and sometimes a later message in the same channel
// turns it around; the agent compares the two lists, fixes each record
// that differs on the follower's side, and posts the addresses it fixed in
// that channel. The record that already matches, the person only the
// follower has, and every record of the system of record are protected.

const (
	famReconcile        = "reconcile_and_report"
	famReconcileAmended = "amended_reconcile_and_report"
)

// reconcile is one reconciliation: truth is the system of record, follower
// the app fixed from it, on the fields tf and ff.
type reconcile struct {
	a, b            *collModel // the apps' people, as the first rule names them
	p               syncPair   // the fact: p.sf on a's side, p.mf on b's
	truth, follower *collModel
	tf, ff          string
	amended         bool
	k               int
	nt              *notifyTarget
	chName          string
}

// reconcileBundles pairs apps that hold the same people with a channel
// app of a third family for the rule and the report: up to two channel
// apps per pair, and a tenth of --workflows per app.
func reconcileBundles(models []*appModel, opt Options) []*bundle {
	if opt.Workflows < 0 {
		return nil
	}
	var people []*appModel
	var chans []*appModel
	nts := map[*appModel]*notifyTarget{}
	for _, m := range models {
		if mirrorColl(m) != nil {
			people = append(people, m)
		}
		if nt := findNotifyTarget(m); nt != nil && nt.ch != nil {
			nts[m] = nt
			chans = append(chans, m)
		}
	}
	if len(chans) == 0 {
		return nil
	}
	var out []*bundle
	seen := map[string]bool{}
	for _, a := range people {
		rng := rngFor(opt.Seed, "reconcile", a.app)
		n := 0
		for _, b := range people {
			for try := 0; try < 4 && b.family != a.family && n < opt.Workflows/10+1; try++ {
				c := pick(rng, chans)
				id := fmt.Sprintf("rc.%s.%s.%s", a.app, b.app, c.app)
				if c.family == a.family || c.family == b.family || seen[id] {
					continue
				}
				seen[id] = true
				bd := &bundle{id: id, hash: hash64(opt.Seed, id), apps: []*appModel{a, b, c}, plan: newPlan()}
				if d := reconcileDraft(bd, mirrorColl(a), mirrorColl(b), nts[c], rngFor(opt.Seed, id)); d != nil {
					bd.drafts = []*draft{d}
					out = append(out, bd)
					n++
				}
			}
		}
	}
	return out
}

// reconcileDraft writes one reconciliation intent and asks the bundle's
// data for its records and its rule.
func reconcileDraft(bd *bundle, a, b *collModel, nt *notifyTarget, rng *rand.Rand) *draft {
	var pairs []syncPair
	for _, p := range syncPairs(a, b) {
		// An amount is drawn for each record, so a matched pair would
		// not match; a person's phone, company and role follow the person.
		if p.sf != a.amount && a.writes(p.sf, nil) {
			pairs = append(pairs, p)
		}
	}
	if len(pairs) == 0 {
		return nil
	}
	p := pick(rng, pairs)
	r := &reconcile{a: a, b: b, p: p, truth: a, follower: b, tf: p.sf, ff: p.mf, amended: rng.IntN(2) == 1, k: 2 + rng.IntN(2), nt: nt}
	if r.amended {
		r.truth, r.follower, r.tf, r.ff = b, a, p.mf, p.sf
	}
	r.chName = fmt.Sprintf("%s-sync", atom.Words(a.app.app)[0])
	r.request(bd)
	in := newIntent(intentID("rc", a.app.app, b.app.app, nt.d.app.app), map[bool]string{false: famReconcile, true: famReconcileAmended}[r.amended],
		fmt.Sprintf("Reconcile the %s of the people %s and %s share, as a rule in %s says, and report there.", human(p.sf), a.app.title, b.app.title, nt.d.app.title), nil, "")
	in.Apps = []string{a.app.app, b.app.app, nt.d.app.app}
	for i := 1; i <= r.k; i++ {
		in.Slots[fmt.Sprintf("t%d", i)] = atom.Slot{Handle: handleName(r.truth, fmt.Sprintf("rt%d", i))}
		in.Slots[fmt.Sprintf("f%d", i)] = atom.Slot{Handle: handleName(r.follower, fmt.Sprintf("rf%d", i))}
	}
	in.Slots["tx"] = atom.Slot{Handle: handleName(r.truth, "rtx")}
	in.Slots["fx"] = atom.Slot{Handle: handleName(r.follower, "rfx")}
	in.Slots["fy"] = atom.Slot{Handle: handleName(r.follower, "rfy")}
	in.Slots["ch"] = atom.Slot{Handle: handleName(nt.ch, "wfch")}
	if !writeWorkflow(in, r, bd.apps, rng) {
		return nil
	}
	return &draft{in: in, writes: []write{
		{cm: r.follower, field: r.ff, value: "copied", effect: "update"},
		{cm: nt.d, field: nt.text, value: "summary", effect: "create"},
	}}
}

// request asks for the linked people (the follower's copies drawn anew on
// the field), the matched pair, the follower's own person, the channel
// and the rule (with its later reversal).
func (r *reconcile) request(bd *bundle) {
	for i := 1; i <= r.k; i++ {
		link := fmt.Sprintf("rc%d", i)
		bd.plan.need(r.truth, fmt.Sprintf("rt%d", i)).link = link
		f := bd.plan.need(r.follower, fmt.Sprintf("rf%d", i))
		f.link = link
		f.alter = append(f.alter, r.ff)
	}
	bd.plan.need(r.truth, "rtx").link = "rcx"
	bd.plan.need(r.follower, "rfx").link = "rcx"
	bd.plan.need(r.follower, "rfy")
	nt := r.nt
	bd.plan.needTeam(nt.ch, "wfch").set[nt.ch.display] = r.chName
	rule := bd.plan.need(nt.d, "rcrule")
	rule.internal = true
	rule.refs[nt.ref] = "wfch"
	rule.set[nt.text] = fmt.Sprintf("Sync rule for the %[1]s: %[2]s is the system of record for each person's %[1]s. "+
		"Where %[3]s has a different %[1]s for the same person (match people by email), update %[3]s to what %[2]s has. "+
		"People who are only in one of %[2]s and %[3]s are left alone, and so is everyone who already matches. When done, post the email addresses you fixed in %[3]s to this %[4]s.",
		r.term(), r.a.app.title, r.b.app.title, singular(nt.ch.name))
	if r.amended {
		up := bd.plan.need(nt.d, "rcupd")
		up.internal = true
		up.refs[nt.ref] = "wfch"
		up.after = "rcrule"
		up.set[nt.text] = fmt.Sprintf("Change to the sync rule, effective now: %[1]s is the system of record instead, so fix %[2]s from %[1]s. Everything else in the %[2]s sync rule stands.",
			r.b.app.title, r.a.app.title)
	}
}

// term is the fact in people's words.
func (r *reconcile) term() string { return fieldTerm(r.a.c.Fields[r.p.sf], r.p.sf) }

func (r *reconcile) instruction(rng *rand.Rand) string {
	later := ""
	if r.amended {
		later = pick(rng, []string{" Read the whole channel: the rule was changed after it was posted.", " There is a later message about the rule too; the latest word wins."})
	}
	return fmt.Sprintf(pick(rng, []string{
		"Hi, %[1]s and %[2]s have drifted apart on people's %[3]s. The sync rule is posted in the %[4]s %[5]q in %[6]s: please reconcile the two as it says and report there.%[7]s",
		"Ticket: reconcile the people of %[1]s and %[2]s (they no longer agree on people's %[3]s). Follow the sync rule in the %[4]s %[5]q of %[6]s, and post what you fixed where it asks.%[7]s",
		"Checklist:\n1. Read the sync rule in the %[4]s %[5]q in %[6]s.%[7]s\n2. Compare the people of %[1]s and %[2]s and fix the ones that differ, on the side the rule says.\n3. Post the email addresses you fixed in that %[4]s.",
	}), r.a.app.title, r.b.app.title, r.term(), singular(r.nt.ch.name), r.chName, r.nt.d.app.title, later)
}

// goal: each follower record of a differing pair holds the system of
// record's value; the system of record, the matched pair and the
// follower's own person are unchanged; the report in the channel names the
// fixed addresses and none of the others.
func (r *reconcile) goal() []assert.Assertion {
	var g []assert.Assertion
	tr, fo, nt := r.truth, r.follower, r.nt
	for i := 1; i <= r.k; i++ {
		t, f := fmt.Sprintf("t%d", i), fmt.Sprintf("f%d", i)
		g = append(g, exists(fo, keyWhere(fo, f, map[string]any{r.ff: slotRef(t, r.tf)}), fmt.Sprintf("%s takes the system of record's value for %s", f, t)))
		g = append(g, notExists(tr, assert.Where{{Field: tr.key, Op: assert.OpEquals, Value: slotRef(t, "")}, {Field: r.tf, Op: assert.OpNotEquals, Value: slotRef(t, r.tf)}},
			fmt.Sprintf("the system of record keeps %s's value", t)))
		g = append(g, exists(nt.d, nt.where("", assert.Predicate{Op: assert.OpIContains, Value: slotRef(t, tr.email)}), fmt.Sprintf("the report names %s", t)))
	}
	g = append(g,
		notExists(fo, assert.Where{{Field: fo.key, Op: assert.OpEquals, Value: slotRef("fx", "")}, {Field: r.ff, Op: assert.OpNotEquals, Value: slotRef("fx", r.ff)}}, "the pair that matches is left alone"),
		notExists(fo, assert.Where{{Field: fo.key, Op: assert.OpEquals, Value: slotRef("fy", "")}, {Field: r.ff, Op: assert.OpNotEquals, Value: slotRef("fy", r.ff)}}, "the person only one app has is left alone"),
		notExists(nt.d, assert.Where{{Field: nt.text, Op: assert.OpIContains, Value: slotRef("tx", tr.email)}}, "the report leaves out the pair that matches"),
		notExists(nt.d, assert.Where{{Field: nt.text, Op: assert.OpIContains, Value: slotRef("fy", fo.email)}}, "the report leaves out the person only one app has"),
		notExists(nt.d, assert.Where{{Field: nt.text, Op: assert.OpIContains, Value: slotRef("t1", tr.email)}, {Field: nt.ref, Op: assert.OpNotEquals, Value: nt.chSlot()}}, "the report goes only where the rule says"),
	)
	return g
}

// plan: read the rule, list both apps' people, fix each differing
// follower record, post the report.
func (r *reconcile) plan() ([]atom.PlanCall, bool) {
	nt := r.nt
	find, ok1 := listCall(nt.ch, nt.ch.display, r.chName)
	read, ok2 := listCall(nt.d, "", nil)
	lt, ok3 := listCall(r.truth, "", nil)
	lf, ok4 := listCall(r.follower, "", nil)
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return nil, false
	}
	plan := []atom.PlanCall{find, read, lt, lf}
	var fixed []string
	for i := 1; i <= r.k; i++ {
		t, f := fmt.Sprintf("t%d", i), fmt.Sprintf("f%d", i)
		c, ok := writeCall(r.follower, "update", map[string]any{r.ff: slotRef(t, r.tf)}, f)
		if !ok {
			return nil, false
		}
		plan = append(plan, c)
		fixed = append(fixed, slotRef(t, r.truth.email))
	}
	post, ok := writeCall(nt.d, "create", map[string]any{nt.ref: nt.chSlot(), nt.text: "Fixed: " + joinAnd(fixed) + "."}, "")
	return append(plan, post), ok
}

func joinAnd(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	out := xs[0]
	for _, x := range xs[1 : len(xs)-1] {
		out += ", " + x
	}
	return out + " and " + xs[len(xs)-1]
}
