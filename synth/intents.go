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

// Intent families, as the intent atoms name them.
const (
	famSetState    = "set_record_state"
	famFlag        = "flag_record"
	famTag         = "tag_record"
	famLink        = "link_records"
	famCreateUnder = "create_child_record"
	famRoute       = "route_by_amount"
	famBulk        = "bulk_update_with_exception"
	famApprove     = "approve_within_policy"
	famHandoff     = "handoff_across_apps"
	famPost        = "post_record_to_channel"
	famNotify      = "notify_by_email"
	famCopy        = "copy_person_across_apps"
	famSync        = "cross_app_sync"
	famEscalate    = "escalate_across_apps"
	famMailing     = "mailing_with_suppression"
)

// draft is an intent being synthesised, with what synthesis needs to
// choose rules for it: the writes its goal asks for.
type draft struct {
	in     *atom.Intent
	writes []write
	rule   string // a rule the intent is about, which every recipe of it carries
	// stepOnly marks an intent kept as a workflow's step: it has no
	// environments of its own (a deepened copy stands for it).
	stepOnly bool
	// shallow marks a draft of one change kept as a step (deep): it gets
	// environments again where its app would otherwise have none.
	shallow bool
}

// write is one change the goal asks for.
type write struct {
	cm     *collModel
	field  string
	value  any
	effect string // update, create, append
	tier   string // the amount tier of the record written
}

// slotRef is "{{slot.field}}".
func slotRef(slot, field string) string {
	if field == "" {
		return "{{" + slot + "}}"
	}
	return "{{" + slot + "." + field + "}}"
}

// ident names a record to a person: its name, and with detail the field
// that tells it from its look-alikes.
func ident(cm *collModel, slot string, detail bool) string {
	var name string
	switch {
	case cm.display != "" && (cm.peopleLike() || cm.kind() == "company"):
		name = slotRef(slot, cm.display)
	case cm.display != "":
		name = "\"" + slotRef(slot, cm.display) + "\""
	case cm.first != "" && cm.last != "":
		name = slotRef(slot, cm.first) + " " + slotRef(slot, cm.last)
	case cm.first != "":
		name = slotRef(slot, cm.first)
	default:
		name = slotRef(slot, "")
	}
	if name != slotRef(slot, "") && !cm.findable() {
		// No search finds the record by what a colleague calls it (Figma's
		// files need their project's id): they quote its id, as they would
		// paste a link.
		name += " (id " + slotRef(slot, "") + ")"
	}
	if !detail {
		return name
	}
	for _, f := range []string{cm.email, cm.phone} {
		if f == "" {
			continue
		}
		if hasWord(atom.Words(f), "email", "phone", "mobile") && len(atom.Words(f)) == 1 {
			return name + " (" + slotRef(slot, f) + ")"
		}
		// A field like owner_email says whose address it is.
		return name + " (" + termOf(f) + " " + slotRef(slot, f) + ")"
	}
	return name
}

// isMessages reports whether the collection holds messages one sends.
func (cm *collModel) isMessages() bool {
	return hasWord(atom.Words(cm.name), "messages", "emails", "mails", "replies", "posts", "chats", "sms", "texts") && (cm.emailList != "" || cm.email != "" || cm.text != "")
}

func quote(v any) string { return fmt.Sprintf("'%v'", v) }

func keyWhere(cm *collModel, slot string, rest map[string]any) assert.Where {
	w := assert.Where{{Field: cm.key, Op: assert.OpEquals, Value: slotRef(slot, "")}}
	for _, f := range slices.Sorted(maps.Keys(rest)) {
		w = append(w, pred(f, rest[f]))
	}
	return w
}

func pred(f string, v any) assert.Predicate {
	if p, ok := v.(assert.Predicate); ok {
		p.Field = f
		return p
	}
	return assert.Predicate{Field: f, Op: assert.OpEquals, Value: v}
}

func exists(cm *collModel, w assert.Where, label string) assert.Assertion {
	return assert.Assertion{Type: assert.Exists, Target: cm.ref(), Where: w, Label: label}
}

func notExists(cm *collModel, w assert.Where, label string) assert.Assertion {
	return assert.Assertion{Type: assert.NotExists, Target: cm.ref(), Where: w, Label: label}
}

// hasLookalike reports whether a role's record has look-alikes in the data
// (the instruction must then name the detail that tells them apart).
func hasLookalike(cm *collModel) bool {
	return cm.email != "" || cm.phone != ""
}

// needRecord asks for a role's record; role "a" of a collection whose
// records can be told apart by an address or a phone gets look-alikes (a
// near-duplicate and generated copies), and is then always named with that
// detail.
func needRecord(b *bundle, cm *collModel, role string) (*recordReq, bool) {
	r := b.plan.need(cm, role)
	if role != "a" || !hasLookalike(cm) {
		return r, false
	}
	r.like = true
	d := b.plan.need(cm, "a_dup")
	d.dupOf = "a"
	d.tier = r.tier
	return r, true
}

// chooseValue picks a value to set, away from the first (often the
// starting state), deterministic for the rng.
func chooseValue(rng *rand.Rand, vs []string, not ...string) string {
	var cands []string
	for i, v := range vs {
		skip := false
		for _, n := range not {
			if v == n {
				skip = true
			}
		}
		if !skip && (i > 0 || len(vs) == 1) {
			cands = append(cands, v)
		}
	}
	if len(cands) == 0 {
		return ""
	}
	return cands[rng.IntN(len(cands))]
}

func newIntent(id, family, desc string, apps []string, instr string) *atom.Intent {
	return &atom.Intent{Kind: atom.KindIntent, ID: id, Family: family, Description: desc, Apps: apps, Instruction: instr, Slots: map[string]atom.Slot{}}
}

func intentID(parts ...string) string {
	s := strings.ToLower(strings.Join(parts, "."))
	var b strings.Builder
	for _, c := range s {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-' {
			b.WriteRune(c)
		} else {
			b.WriteByte('_')
		}
	}
	out := b.String()
	if len(out) > 120 {
		out = out[:120]
	}
	return out
}

var (
	pendingWords  = []string{"pending", "draft", "requested", "approving", "awaiting", "pending_approval", "awaiting_approval", "submitted", "in_review", "under_review", "review", "on_hold", "hold", "needs_approval", "pendingapproval", "awaitingapproval"}
	approvedWords = []string{"approved", "paid", "sent", "authorised", "authorized", "posted", "accepted", "completed", "fulfilled", "won", "closed_won", "active", "confirmed"}
)

func findIn(vs []string, cands []string) string {
	for _, c := range cands {
		for _, v := range vs {
			if strings.EqualFold(strings.ReplaceAll(v, " ", "_"), c) || strings.EqualFold(strings.Join(atom.Words(v), "_"), c) {
				return v
			}
		}
	}
	return ""
}

// approvalStates returns the pending and approved values of an enum, when it
// has both and a third to start from.
func approvalStates(e enumField) (pending, approved string, ok bool) {
	pending = findIn(e.values, pendingWords)
	approved = findIn(e.values, approvedWords)
	if pending == "" || approved == "" || pending == approved || len(e.values) < 3 {
		return "", "", false
	}
	return pending, approved, true
}

// singleAppDrafts instantiates the single-app templates over one app's
// primary collections.
func singleAppDrafts(b *bundle, m *appModel, rng *rand.Rand, maxColls int) []*draft {
	var out []*draft
	for _, cm := range primaryColls(m, maxColls) {
		out = append(out, setEnumDrafts(b, cm, rng)...)
		out = append(out, toggleDrafts(b, cm, rng)...)
		out = append(out, tagDrafts(b, cm, rng)...)
		out = append(out, childDrafts(b, cm, rng)...)
		out = append(out, conditionalDrafts(b, cm, rng)...)
		out = append(out, bulkDrafts(b, cm, rng)...)
		out = append(out, approvalDrafts(b, cm, rng)...)
	}
	return out
}

// primaryColls ranks an app's collections by how much a task can do with
// them (named records with states, flags, tags, amounts, children). An app
// none of whose records a search finds by name (Figma, Telegram, Google
// Meet) still has tasks: its exposed collections are ranked the same way,
// and instructions name their records by id.
func primaryColls(m *appModel, max int) []*collModel {
	out := rankColls(m, max, func(cm *collModel) bool { return cm.named() && cm.findable() })
	if len(out) == 0 {
		out = rankColls(m, max, func(cm *collModel) bool { return cm.keyed() })
	}
	return out
}

// rankColls scores the exposed collections ok accepts.
func rankColls(m *appModel, max int, ok func(*collModel) bool) []*collModel {
	type scored struct {
		cm    *collModel
		score int
	}
	var cs []scored
	for _, cm := range m.colls {
		if !cm.exposed() || !ok(cm) {
			continue
		}
		s := 2*len(cm.enums) + len(cm.bools) + len(cm.lists) + 2*len(childRefs(cm))
		if cm.amount != "" {
			s += 2
		}
		for _, rf := range cm.refs {
			if rf.list {
				s++
			}
		}
		if s == 0 {
			continue
		}
		cs = append(cs, scored{cm, s})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].score > cs[j].score })
	var out []*collModel
	for i := 0; i < len(cs) && i < max; i++ {
		out = append(out, cs[i].cm)
	}
	return out
}

// childRefs lists the collections of the app whose records point at cm.
func childRefs(cm *collModel) []refField {
	var out []refField
	for _, o := range cm.app.colls {
		if o == cm || !o.exposed() {
			continue
		}
		for _, rf := range o.refs {
			if rf.target == cm && !rf.list {
				out = append(out, refField{name: rf.name, target: o, by: rf.by})
				break
			}
		}
	}
	return out
}

func setEnumDrafts(b *bundle, cm *collModel, rng *rand.Rand) []*draft {
	var out []*draft
	roles := []string{"a", "b", "c"}
	for i, e := range cm.settableEnums() {
		if i >= len(roles) {
			break
		}
		v := chooseValue(rng, e.values)
		if len(e.values) == 1 {
			v = e.values[0]
		}
		if v == "" {
			continue
		}
		role := roles[i]
		t, detail := needRecord(b, cm, role)
		b.plan.target(cm, e.name, v, role)
		m := cm.app
		in := newIntent(intentID(m.app, cm.name, "set", e.name), famSetState,
			fmt.Sprintf("Find a %s in %s by what a colleague calls it and change its %s.", singular(cm.name), m.title, human(e.name)),
			[]string{m.app}, "")
		in.Slots["t"] = atom.Slot{Handle: t.handle()}
		phr := []string{
			"In %[1]s, find the %[2]s %[3]s and set its %[4]s to %[5]s.",
			"Please change the %[4]s of the %[2]s %[3]s in %[1]s to %[5]s.",
			"The %[2]s %[3]s should now have %[4]s %[5]s. Make that change in %[1]s.",
		}
		in.Instruction = fmt.Sprintf(pick(rng, phr), m.title, singular(cm.name), ident(cm, "t", detail), human(e.name), quote(v))
		in.Goal = append(in.Goal, exists(cm, keyWhere(cm, "t", map[string]any{e.name: v}), fmt.Sprintf("%s %s set to %s", singular(cm.name), human(e.name), v)))
		if detail && cm.display != "" {
			in.Goal = append(in.Goal, notExists(cm, assert.Where{
				{Field: cm.display, Op: assert.OpEquals, Value: slotRef("t", cm.display)},
				{Field: e.name, Op: assert.OpEquals, Value: v},
				{Field: cm.key, Op: assert.OpNotEquals, Value: slotRef("t", "")},
			}, "no look-alike record is changed"))
		}
		x := &draft{in: in, writes: []write{{cm: cm, field: e.name, value: v, effect: "update", tier: t.tier}}}
		ds := deepened(x, func(y *draft) { withNote(b, y, cm, "t", role, t.tier, rng, e.name) })
		deep(ds[len(ds)-1])
		out = append(out, ds...)
	}
	return out
}

func toggleDrafts(b *bundle, cm *collModel, rng *rand.Rand) []*draft {
	var out []*draft
	var fs []string
	for _, f := range cm.bools {
		if cm.writes(f, true) {
			fs = append(fs, f)
		}
	}
	rng.Shuffle(len(fs), func(i, j int) { fs[i], fs[j] = fs[j], fs[i] })
	for i, f := range fs {
		if i >= 2 {
			break
		}
		out = append(out, toggleDraft(b, cm, f, []string{"b", "c"}[i], rng))
	}
	return out
}

func toggleDraft(b *bundle, cm *collModel, f, role string, rng *rand.Rand) *draft {
	t := b.plan.need(cm, role)
	b.plan.target(cm, f, "true", role)
	m := cm.app
	in := newIntent(intentID(m.app, cm.name, "flag", f), famFlag,
		fmt.Sprintf("Turn on a %s's %s flag in %s.", singular(cm.name), human(f), m.title), []string{m.app}, "")
	in.Slots["t"] = atom.Slot{Handle: t.handle()}
	label := strings.TrimPrefix(strings.TrimPrefix(human(f), "is "), "has ")
	in.Instruction = fmt.Sprintf(pick(rng, []string{
		"Mark the %[2]s %[3]s as %[4]s in %[1]s.",
		"In %[1]s, flag the %[2]s %[3]s as %[4]s.",
	}), m.title, singular(cm.name), ident(cm, "t", false), label)
	in.Goal = []assert.Assertion{exists(cm, keyWhere(cm, "t", map[string]any{f: true}), fmt.Sprintf("%s %s is true", singular(cm.name), human(f)))}
	x := &draft{in: in, writes: []write{{cm: cm, field: f, value: true, effect: "update", tier: t.tier}}}
	withNote(b, x, cm, "t", role, t.tier, rng, f)
	return deep(x)
}

func tagDrafts(b *bundle, cm *collModel, rng *rand.Rand) []*draft {
	m := cm.app
	var out []*draft
	if lists := cm.writableLists(); len(lists) > 0 {
		f := lists[0]
		v := pick(rng, tagWords)
		t, detail := needRecord(b, cm, "a")
		in := newIntent(intentID(m.app, cm.name, "tag", f), famTag,
			fmt.Sprintf("Add a %s to a %s in %s.", singular(f), singular(cm.name), m.title), []string{m.app}, "")
		in.Slots["t"] = atom.Slot{Handle: t.handle()}
		in.Instruction = fmt.Sprintf(pick(rng, []string{
			"Add %[4]s to the %[5]s of the %[2]s %[3]s in %[1]s.",
			"In %[1]s, tag the %[2]s %[3]s with %[4]s.",
		}), m.title, singular(cm.name), ident(cm, "t", detail), quote(v), human(f))
		in.Goal = []assert.Assertion{exists(cm, keyWhere(cm, "t", map[string]any{f: v}), fmt.Sprintf("%s carries %s", singular(cm.name), v))}
		x := &draft{in: in, writes: []write{{cm: cm, field: f, value: v, effect: "append", tier: t.tier}}}
		out = append(out, deepened(x, func(y *draft) { withNote(b, y, cm, "t", "a", t.tier, rng, f) })...)
	}
	for _, rf := range cm.refs {
		if !rf.list || !rf.target.named() || !rf.target.findable() || !cm.writes(rf.name, nil) {
			continue
		}
		t := b.plan.need(cm, "b")
		tg := b.plan.need(rf.target, "t1")
		b.plan.private[rf.target] = map[string]bool{"t1": true}
		in := newIntent(intentID(m.app, cm.name, "link", rf.name), famLink,
			fmt.Sprintf("Attach a %s, found by name, to a %s in %s.", singular(rf.target.name), singular(cm.name), m.title), []string{m.app}, "")
		in.Slots["t"] = atom.Slot{Handle: t.handle()}
		in.Slots["tg"] = atom.Slot{Handle: tg.handle()}
		in.Instruction = fmt.Sprintf("In %s, add the %s %s to the %s %s.", m.title, singular(rf.target.name), ident(rf.target, "tg", false), singular(cm.name), ident(cm, "t", false))
		in.Goal = []assert.Assertion{exists(cm, keyWhere(cm, "t", map[string]any{rf.name: rf.slot("tg")}), fmt.Sprintf("%s linked to the %s", singular(cm.name), singular(rf.target.name)))}
		out = append(out, &draft{in: in, writes: []write{{cm: cm, field: rf.name, value: "ref", effect: "append", tier: t.tier}}})
		break
	}
	return out
}

// childDrafts: create a record of a child collection under a parent found
// by name (a note on a contact, a comment on a ticket).
func childDrafts(b *bundle, cm *collModel, rng *rand.Rand) []*draft {
	m := cm.app
	var out []*draft
	for i, ch := range childRefs(cm) {
		if i >= 1 {
			break
		}
		child := ch.target
		field := child.display
		if field == "" {
			field = child.text
		}
		if field == "" || !child.writesBy(ch.name, nil, "create") || !child.writesBy(field, nil, "create") || !child.creatableWith(ch.name, field) {
			continue
		}
		p, detail := needRecord(b, cm, "a")
		phrase := childPhrase(rng, child)
		in := newIntent(intentID(m.app, child.name, "create_under", cm.name), famCreateUnder,
			fmt.Sprintf("Create a %s on a %s found by name in %s.", singular(child.name), singular(cm.name), m.title), []string{m.app}, "")
		in.Slots["p"] = atom.Slot{Handle: p.handle()}
		in.Instruction = fmt.Sprintf(pick(rng, []string{
			"In %[1]s, add a %[2]s to the %[3]s %[4]s with %[5]s %[6]s.",
			"Create a %[2]s for the %[3]s %[4]s in %[1]s; its %[5]s should be %[6]s.",
		}), m.title, singular(child.name), singular(cm.name), ident(cm, "p", detail), human(field), quote(phrase))
		in.Goal = []assert.Assertion{exists(child, assert.Where{
			{Field: ch.name, Op: assert.OpEquals, Value: ch.slot("p")},
			{Field: field, Op: assert.OpEquals, Value: phrase},
		}, fmt.Sprintf("%s created on the right %s", singular(child.name), singular(cm.name)))}
		x := &draft{in: in, writes: []write{{cm: child, field: field, value: phrase, effect: "create"}}}
		withMark(b, x, cm, "p", "a", p.tier, rng)
		out = append(out, deep(x))
	}
	return out
}

func childPhrase(rng *rand.Rand, cm *collModel) string {
	if cm.peopleLike() {
		return pick(rng, []string{"Maya Okafor", "Tomas Lindqvist", "Aisha Rahman", "Daniel Moreau", "Lena Fischer", "Ravi Menon"})
	}
	switch cm.kind() {
	case "task":
		return pick(rng, []string{"Send the signed order form", "Book the onboarding call", "Confirm the billing contact", "Share the implementation plan"})
	case "event":
		return pick(rng, []string{"Renewal check-in", "Implementation kickoff", "Quarterly review"})
	}
	return pick(rng, []string{
		"Customer confirmed the budget for Q3.", "Waiting on the signed contract.", "Asked for a revised quote by Friday.",
		"Escalated to the account owner.", "Follow up after the security review.", "Shipping replacement today.",
	})
}

// tierTarget asks for cm's record in role with field at one of two
// values, hi for a high-tier record and lo otherwise; it returns the
// request and the value the record ends at.
func (p *plan) tierTarget(cm *collModel, field, role, hi, lo string) (*recordReq, string) {
	t := p.need(cm, role)
	p.target(cm, field, hi, role)
	p.target(cm, field, lo, role)
	if t.tier == "high" {
		return t, hi
	}
	return t, lo
}

// routeLimits are the limits a routing request names: any between the low
// tier's top and the high tier's bottom splits the records the same way.
var routeLimits = []float64{2500, 3000, 4000, 5000, 6000}

// conditionalDrafts: set a state that depends on the record's amount.
func conditionalDrafts(b *bundle, cm *collModel, rng *rand.Rand) []*draft {
	e, ok := routeEnum(cm)
	if cm.amount == "" || !ok {
		return nil
	}
	harsh := harshValues(e.values)
	hi := chooseValue(rng, e.values, harsh...)
	lo := chooseValue(rng, e.values, append(harsh, hi)...)
	if hi == "" || lo == "" {
		return nil
	}
	hi, lo = holdOrGo(e.values, harsh, hi, lo)
	m := cm.app
	lim := thousands(pick(rng, routeLimits))
	var out []*draft
	for _, role := range []string{"hi1", "lo1"} {
		t, want := b.plan.tierTarget(cm, e.name, role, hi, lo)
		in := newIntent(intentID(m.app, cm.name, "route", e.name, role), famRoute,
			fmt.Sprintf("Route a %s by its %s: over %s one way, else another.", singular(cm.name), human(cm.amount), lim), []string{m.app}, "")
		in.Slots["t"] = atom.Slot{Handle: t.handle()}
		in.Instruction = fmt.Sprintf("Check the %s of the %s %s in %s. If it is over %s, set its %s to %s; otherwise set it to %s.",
			human(cm.amount), singular(cm.name), ident(cm, "t", false), m.title, lim, human(e.name), quote(hi), quote(lo))
		in.Goal = []assert.Assertion{exists(cm, keyWhere(cm, "t", map[string]any{e.name: want}), fmt.Sprintf("%s routed to %s", singular(cm.name), want))}
		x := &draft{in: in, writes: []write{{cm: cm, field: e.name, value: want, effect: "update", tier: t.tier}}}
		withNote(b, x, cm, "t", role, t.tier, rng, e.name)
		readFirst(x, cm, "t", map[string]any{e.name: otherValue(want, hi, lo)})
		out = append(out, deep(x))
	}
	return out
}

// holdWords name a state that holds a record back for a look (above a
// limit); goWords one that lets it through (below it).
var (
	holdWords = []string{"draft", "pending", "on_hold", "hold", "in_review", "review", "paused", "inactive", "waiting"}
	goWords   = []string{"active", "approved", "published", "live", "open", "ready", "scheduled"}
)

// holdOrGo is the pair a person routing by amount writes: a record over the
// limit is held back and one under it goes ahead ("over 5,000 keep it a
// draft; otherwise make it active"), where the field has such states;
// elsewhere, or where either is harsh, the drawn pair hi, lo.
func holdOrGo(values, harsh []string, hi, lo string) (string, string) {
	hold, goAhead := findIn(values, holdWords), findIn(values, goWords)
	if hold == "" || goAhead == "" || hold == goAhead || slices.Contains(harsh, hold) || slices.Contains(harsh, goAhead) {
		return hi, lo
	}
	return hold, goAhead
}

// routeEnum is the state a routing request sets: the last of cm's
// settable states that is no reason (nobody cancels an order "for fraud"
// by its total).
func routeEnum(cm *collModel) (enumField, bool) {
	enums := cm.settableEnums()
	for i := len(enums) - 1; i >= 0; i-- {
		if !isReason(enums[i].name) {
			return enums[i], true
		}
	}
	return enumField{}, false
}

// isReason reports whether a field records why an event happened (an
// order's cancel_reason, an issue's state_reason): the trace of the event,
// which the product sets with the event and never moves on its own, so
// no policy or routing moves records through its values.
func isReason(field string) bool { return hasWord(atom.Words(field), "reason") }

// harshValues are the states among vs that no routing by amount sets:
// those that delete, ban or void a record (harshMarks).
func harshValues(vs []string) []string {
	var out []string
	for _, v := range vs {
		if hasWord(atom.Words(v), harshMarks...) {
			out = append(out, v)
		}
	}
	return out
}

// otherValue is the one of two values a and b that is not v.
func otherValue(v, a, b string) string {
	if v == a {
		return b
	}
	return a
}

// bulkDrafts: update every record of a group but one.
func bulkDrafts(b *bundle, cm *collModel, rng *rand.Rand) []*draft {
	enums := cm.settableEnums()
	if len(enums) == 0 {
		return nil
	}
	// The state set is the enum that sorts first: the goal's predicates are
	// read in field order, and the group field must come after it for a
	// reader who changes the first field a record fails on.
	e := enums[0]
	v := chooseValue(rng, e.values)
	if v == "" {
		return nil
	}
	g, ok := bulkGroup(b, cm, e, v, rng)
	if !ok {
		return nil
	}
	m := cm.app
	members := []string{"g1", "g2", "g3"}
	b.plan.target(cm, e.name, v, append(append([]string{}, members...), "gx")...)
	in := newIntent(intentID(m.app, cm.name, "bulk", e.name), famBulk,
		fmt.Sprintf("Set %s on a group of %s in %s, leaving one out.", human(e.name), human(cm.name), m.title), []string{m.app}, "")
	for k, s := range g.slots {
		in.Slots[k] = s
	}
	for _, r := range members {
		g.set(b.plan.need(cm, r))
	}
	x := b.plan.need(cm, "gx")
	g.set(x)
	in.Slots["x"] = atom.Slot{Handle: x.handle()}
	for _, r := range members {
		in.Slots[r] = atom.Slot{Handle: b.plan.need(cm, r).handle()}
	}
	in.Goal = bulkGoal(cm, e.name, v, members, g.where)
	in.Instruction = fmt.Sprintf(pick(rng, []string{
		"In %[1]s, the %[3]s %[4]s need their %[2]s set to %[5]s: %[6]s, %[7]s and %[8]s. Leave %[9]s as it is, although it belongs to the same group.",
		"Set the %[2]s of every %[10]s %[4]s in %[1]s to %[5]s (%[6]s, %[7]s and %[8]s), except %[9]s, which stays as it is.",
	}), m.title, human(e.name), human(cm.name), g.phrase, quote(v), ident(cm, "g1", false), ident(cm, "g2", false), ident(cm, "g3", false), ident(cm, "x", false), singular(cm.name))
	return []*draft{{in: in, writes: []write{{cm: cm, field: e.name, value: v, effect: "update", tier: "low"}}}}
}

// bulkGroupDef is how a bulk task's group is told: the instruction's
// phrase, the goal's predicates, the slots it adds, and what each member's
// record is given to belong to it.
type bulkGroupDef struct {
	phrase string
	where  assert.Where
	slots  map[string]atom.Slot
	set    func(r *recordReq)
}

// bulkGroup chooses the group of a bulk task on cm: a tag, else a parent
// record that sorts after the state set e, else a second state, one in
// which the collection's only_when rules allow the value v the task sets
// (Statuspage's scheduled maintenances take no outage's impact).
func bulkGroup(b *bundle, cm *collModel, e enumField, v string, rng *rand.Rand) (bulkGroupDef, bool) {
	var refGroup *refField
	for i := range cm.refs {
		if !cm.refs[i].list && cm.refs[i].target.named() && cm.refs[i].target.findable() && cm.refs[i].name > e.name {
			refGroup = &cm.refs[i]
			break
		}
	}
	g := bulkGroupDef{slots: map[string]atom.Slot{}}
	switch {
	case len(cm.lists) > 0:
		tag := "batch-" + pick(rng, []string{"spring", "delta", "harbor", "summit", "orbit"}) + fmt.Sprint(10+rng.IntN(89))
		f := cm.lists[0]
		g.phrase = fmt.Sprintf("with %s %s", singular(f), quote(tag))
		g.where = assert.Where{{Field: f, Op: assert.OpEquals, Value: tag}}
		g.set = func(r *recordReq) { r.set[f] = []any{tag} }
	case refGroup != nil:
		rf := *refGroup
		gp := b.plan.needPrivate(rf.target, "grp")
		g.slots["gp"] = atom.Slot{Handle: gp.handle()}
		g.phrase = fmt.Sprintf("of the %s %s", singular(rf.target.name), ident(rf.target, "gp", false))
		g.where = assert.Where{{Field: rf.name, Op: assert.OpEquals, Value: rf.slot("gp")}}
		g.set = func(r *recordReq) { r.refs[rf.name] = "grp" }
	case len(cm.enums) > 1 && cm.enums[1].name > e.name:
		ge := cm.enums[1]
		w := chooseValue(rng, ge.values, append(outOfUse(ge.values), deniedStates(cm, e.name, v, ge.name, ge.values)...)...)
		if w == "" {
			return g, false
		}
		addTo(b.plan.avoid, cm, ge.name, w)
		g.phrase = fmt.Sprintf("whose %s is %s", human(ge.name), quote(w))
		g.where = assert.Where{{Field: ge.name, Op: assert.OpEquals, Value: w}}
		g.set = func(r *recordReq) { r.set[ge.name] = w }
	default:
		return g, false
	}
	return g, true
}

// bulkGoal asserts that every member has field set to v, that the group
// keeps its members, that no other record of it is left out, and that the
// excepted record keeps its state.
func bulkGoal(cm *collModel, field, v string, members []string, groupWhere assert.Where) []assert.Assertion {
	var goal []assert.Assertion
	for _, g := range members {
		goal = append(goal, exists(cm, keyWhere(cm, g, map[string]any{field: v}), fmt.Sprintf("%s %s updated", singular(cm.name), g)))
	}
	four := len(members) + 1
	goal = append(goal, assert.Assertion{Type: assert.Count, Target: cm.ref(), Where: groupWhere, Bound: assert.Bound{Min: &four}, Label: "every record stays in the group"})
	rest := append(assert.Where{}, groupWhere...)
	rest = append(rest, assert.Predicate{Field: field, Op: assert.OpNotEquals, Value: v}, assert.Predicate{Field: cm.key, Op: assert.OpNotEquals, Value: slotRef("x", "")})
	goal = append(goal, notExists(cm, rest, "no record of the group is left out"))
	goal = append(goal, notExists(cm, keyWhere(cm, "x", map[string]any{field: v}), "the excepted record keeps its state"))
	return goal
}

// approvalDrafts: the same request for a large and a small amount; the
// approval rule decides the state.
func approvalDrafts(b *bundle, cm *collModel, rng *rand.Rand) []*draft {
	if cm.amount == "" {
		return nil
	}
	for _, e := range cm.settableEnums() {
		pending, approved, ok := approvalStates(e)
		if !ok {
			continue
		}
		m := cm.app
		var out []*draft
		for _, role := range []string{"hi2", "lo2"} {
			t, want := b.plan.tierTarget(cm, e.name, role, pending, approved)
			in := newIntent(intentID(m.app, cm.name, "approve", e.name, role), famApprove,
				fmt.Sprintf("Move a %s forward under the approval policy for amounts over %.0f.", singular(cm.name), threshold), []string{m.app}, "")
			in.Slots["t"] = atom.Slot{Handle: t.handle()}
			in.Instruction = fmt.Sprintf("Finance signed off on the %s %s in %s. Set its %s to %s, following the approval policy.",
				singular(cm.name), ident(cm, "t", false), m.title, human(e.name), quote(approved))
			in.Goal = []assert.Assertion{exists(cm, keyWhere(cm, "t", map[string]any{e.name: want}), fmt.Sprintf("%s is %s under the approval policy", singular(cm.name), want))}
			x := &draft{in: in, writes: []write{{cm: cm, field: e.name, value: want, effect: "update", tier: t.tier}}, rule: approvalRuleID(m.family)}
			withNote(b, x, cm, "t", role, t.tier, rng, e.name)
			readFirst(x, cm, "t", map[string]any{e.name: otherValue(want, pending, approved)})
			out = append(out, deep(x))
		}
		return out
	}
	return nil
}
