package synth

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
)

// Closing the loop. A person who acts on a record from another app (posts
// about it, hands it off, writes to the person it names) marks the record
// they started from, so nobody picks it up twice: its state moves on, a
// flag is set, a tag is added. The mark is a write of its own, in the
// source's app, and the goal checks it.

// sourceMark is the mark on cm's record in role: the field, the value, and
// the clause that asks for it. ok is false when no field of the record can
// be written with a value a task gives.
type sourceMark struct {
	field  string
	value  any
	clause string
}

// markFor draws a mark for cm's record in role, avoiding the fields in
// not (those the task already writes or reads). It tells the plan the
// value is a target, so the record does not start at it. A person's
// record is tagged first (its states are the person's: their job, their
// consent), a work item's state moves first; no mark destroys the record
// or withdraws consent (trashed, suspended, do not contact).
func markFor(bd *bundle, cm *collModel, role string, rng *rand.Rand, not ...string) (sourceMark, bool) {
	marks := []func() (sourceMark, bool){
		func() (sourceMark, bool) { return stateMark(bd, cm, role, rng, not) },
		func() (sourceMark, bool) { return flagMark(cm, rng, not) },
		func() (sourceMark, bool) { return tagMark(cm, rng, not) },
	}
	if cm.peopleLike() {
		marks = []func() (sourceMark, bool){marks[2], marks[0]}
	}
	for _, m := range marks {
		if mk, ok := m(); ok {
			return mk, true
		}
	}
	return sourceMark{}, false
}

// stateMark moves one of cm's states to a value that closes no door.
func stateMark(bd *bundle, cm *collModel, role string, rng *rand.Rand, not []string) (sourceMark, bool) {
	for _, e := range cm.settableEnums() {
		if slices.Contains(not, e.name) || hasWord(atom.Words(e.name), harshMarks...) || !markable(cm, e, bd.plan.reads(cm, role)) {
			continue
		}
		var vs []string
		for i, v := range e.values {
			// The first stays where others follow: chooseValue moves away
			// from it. A value no state of a record holding what the task
			// reads off it allows is no mark (a maintenance whose window a
			// task reads takes no outage's impact).
			if i > 0 && !heldTogether(cm, e.name, v, bd.plan.reads(cm, role)) {
				continue
			}
			if i == 0 && len(e.values) > 1 || !hasWord(atom.Words(v), harshMarks...) {
				vs = append(vs, v)
			}
		}
		v := chooseValue(rng, vs)
		if v == "" {
			continue
		}
		bd.plan.target(cm, e.name, v, role)
		return sourceMark{field: e.name, value: v, clause: fmt.Sprintf(pick(rng, markStateClauses), human(e.name), quote(v), cm.app.title)}, true
	}
	return sourceMark{}, false
}

// markable reports whether a record holding what a task reads off it may
// hold two values of e, settable or not: a mark whose value is the only one it allows (a
// Statuspage maintenance's impact is none) is held before any step, and
// the task would change nothing.
func markable(cm *collModel, e enumField, reads []string) bool {
	vs := e.all
	if len(vs) == 0 {
		vs = e.values
	}
	n := 0
	for _, v := range vs {
		if heldTogether(cm, e.name, v, reads) {
			n++
		}
	}
	return n > 1
}

// flagMark turns on one of cm's flags that says the record was handled.
func flagMark(cm *collModel, rng *rand.Rand, not []string) (sourceMark, bool) {
	for _, f := range cm.bools {
		if !slices.Contains(not, f) && cm.writes(f, true) && !hasWord(atom.Words(f), harshMarks...) {
			if label, ok := handledLabel(f); ok {
				return sourceMark{field: f, value: true, clause: fmt.Sprintf(pick(rng, markFlagClauses), label, cm.app.title)}, true
			}
		}
	}
	return sourceMark{}, false
}

// handledWords are the words a flag that says a record was handled ends
// in. A flag of another kind is a setting ("visible", "public", "locked",
// "password required"): turning it on is a change of its own, not a mark
// that the work is done, and a field name the words cannot split
// ("passwordrequired") reads as no word at all.
var handledWords = []string{"archived", "starred", "read", "seen", "completed", "complete", "done", "closed", "resolved",
	"flagged", "pinned", "reviewed", "processed", "handled", "acknowledged", "approved", "checked", "sent"}

// handledLabel is how a clause names flag f, where f says its record was
// handled: "is_archived" reads "archived", "dueComplete" "due complete".
func handledLabel(f string) (string, bool) {
	label := strings.TrimPrefix(strings.TrimPrefix(human(f), "is "), "has ")
	ws := strings.Fields(label)
	if len(ws) == 0 || len(ws) > 2 || !slices.Contains(handledWords, ws[len(ws)-1]) {
		return "", false
	}
	return label, true
}

// tagMark adds a tag to one of cm's lists.
func tagMark(cm *collModel, rng *rand.Rand, not []string) (sourceMark, bool) {
	for _, f := range cm.writableLists() {
		if !slices.Contains(not, f) {
			v := pick(rng, tagWords)
			return sourceMark{field: f, value: v, clause: fmt.Sprintf(pick(rng, markTagClauses), quote(v), human(f), cm.app.title)}, true
		}
	}
	return sourceMark{}, false
}

// harshMarks are words of a state or flag no one sets to say a record was
// handled: it deletes, bans, cancels or withdraws consent. A Shopify
// order's cancel reason is set by cancelling it, which Shopify refuses
// once the order is fulfilled, as the task's own fulfillment leaves it
// (https://shopify.dev/docs/api/admin-graphql/latest/mutations/orderCancel).
var harshMarks = []string{"trash", "trashed", "deleted", "spam", "suspended", "disabled", "deactivated", "inactive", "terminated", "banned", "blocked",
	"fraud", "void", "voided", "cancel", "cancelled", "canceled", "not", "unsubscribed", "accepts", "consent", "marketing", "employment"}

// closable reports whether a record of cm can be closed after the work on
// it moves on: a mark (a state, a flag, a tag) or a note.
func closable(cm *collModel) bool {
	if len(cm.settableEnums()) > 0 || len(cm.writableLists()) > 0 {
		return true
	}
	for _, f := range cm.bools {
		if cm.writes(f, true) {
			return true
		}
	}
	_, _, _, ok := noteTarget(cm)
	return ok
}

// Clauses that ask for a mark; each follows the main request and reads on
// from it ("Post ... . Then ...").
var (
	markStateClauses = []string{
		"Then set its %[1]s to %[2]s in %[3]s.",
		"Once that's done, move its %[1]s to %[2]s in %[3]s so nobody picks it up twice.",
		"Afterwards change the %[1]s on the %[3]s record to %[2]s.",
		"When you're finished, update its %[1]s in %[3]s to %[2]s.",
	}
	markFlagClauses = []string{
		"Then mark it as %[1]s in %[2]s.",
		"Once that's done, flag the %[2]s record as %[1]s.",
		"Afterwards mark it %[1]s over in %[2]s so we know it's handled.",
	}
	markTagClauses = []string{
		"Then add %[1]s to its %[2]s in %[3]s.",
		"Once that's done, tag the %[3]s record with %[1]s.",
		"Afterwards put %[1]s on its %[2]s in %[3]s so we can find it later.",
	}
)

// withMark adds the mark to a draft whose record in slot of cm (role)
// it acts on: the clause to the instruction, the check to the goal, the
// write to the writes. Where cm has nothing to mark, a note on the record
// says it was handled; failing both the draft is unchanged.
func withMark(bd *bundle, d *draft, cm *collModel, slot, role, tier string, rng *rand.Rand, not ...string) {
	if !addMark(bd, d, cm, slot, role, tier, rng, not...) && !addNote(d, cm, slot, rng) {
		addTeamPost(bd, d, cm, slot, rng)
	}
}

// addMark adds the mark when cm has one to give, and reports whether it did.
func addMark(bd *bundle, d *draft, cm *collModel, slot, role, tier string, rng *rand.Rand, not ...string) bool {
	mk, ok := markFor(bd, cm, role, rng, not...)
	if !ok {
		return false
	}
	d.in.Instruction = strings.TrimRight(d.in.Instruction, " ") + " " + mk.clause
	d.in.Goal = append(d.in.Goal, exists(cm, keyWhere(cm, slot, map[string]any{mk.field: mk.value}),
		fmt.Sprintf("the %s it started from is marked (%s)", singular(cm.name), human(mk.field))))
	d.writes = append(d.writes, write{cm: cm, field: mk.field, value: mk.value, effect: "update", tier: tier})
	return true
}

// noteTarget is a collection of notes (comments, activities) on cm's
// records that a task can create with a text: the child, its reference to
// cm, and its text field.
func noteTarget(cm *collModel) (*collModel, refField, string, bool) {
	for _, ch := range childRefs(cm) {
		child := ch.target
		field := child.text
		if field == "" {
			field = child.display
		}
		if !hasWord(atom.Words(child.name), noteColls...) || field == "" || child.peopleLike() || !child.writesBy(ch.name, nil, "create") || !child.writesBy(field, nil, "create") || !child.creatableWith(ch.name, field) {
			continue
		}
		return child, ch, field, true
	}
	return nil, refField{}, "", false
}

// noteColls name the collections that hold notes on a record.
var noteColls = []string{"notes", "comments", "activities", "updates", "replies", "annotations", "memos", "posts"}

// noteClauses ask for a note on the record acted on, saying why.
var noteClauses = []string{
	"Leave a %[1]s on it that says %[2]s.",
	"Add a %[1]s to it reading %[2]s so the history is clear.",
	"Also log a %[1]s on the record: %[2]s.",
	"Put a short %[1]s on it, %[2]s, for whoever looks next.",
	"Record why with a %[1]s on it: %[2]s.",
}

// withNote asks, after a change to the record in slot of cm, for a note on
// it that says why; where the app keeps no notes on cm's records the
// record is marked instead, with a field no update that makes the change
// (not) writes as well: a mark the same call sets is no step of its own.
// Failing both, the team is told in a channel.
func withNote(bd *bundle, d *draft, cm *collModel, slot, role, tier string, rng *rand.Rand, not ...string) {
	var folds []string
	for _, f := range not {
		folds = append(folds, foldsWith(cm, f)...)
	}
	if !addNote(d, cm, slot, rng) && !addMark(bd, d, cm, slot, role, tier, rng, slices.Concat(not, folds)...) {
		addTeamPost(bd, d, cm, slot, rng)
	}
}

// addNote adds the note when the app keeps notes on cm's records, and
// reports whether it did.
func addNote(d *draft, cm *collModel, slot string, rng *rand.Rand) bool {
	child, ref, field, ok := noteTarget(cm)
	if !ok || slices.ContainsFunc(d.writes, func(w write) bool { return w.cm == child }) {
		// A task that already adds a comment to the record needs no second.
		return false
	}
	text := pick(rng, noteTexts)
	d.in.Instruction = strings.TrimRight(d.in.Instruction, " ") + " " + fmt.Sprintf(pick(rng, noteClauses), singular(child.name), quote(text))
	on := assert.Predicate{Field: ref.name, Op: assert.OpEquals, Value: ref.slot(slot)}
	d.in.Goal = append(d.in.Goal, exists(child, assert.Where{on, {Field: field, Op: assert.OpEquals, Value: text}},
		fmt.Sprintf("%s left on the %s", singular(child.name), singular(cm.name))))
	d.writes = append(d.writes, write{cm: child, field: field, value: text, effect: "create"})
	return true
}

// noteTexts are what people write on a record they changed.
var noteTexts = []string{
	"Updated at the request of the account owner", "Changed after the pipeline call today", "Confirmed with the customer by phone",
	"Done as agreed in the weekly review", "Updated after finance confirmed", "Handled during the queue clean-up",
	"Requested by Maya in standup", "Updated following the customer email", "Reviewed and updated by ops",
}

// foldsWith lists the fields of cm that an update writing field also
// writes: a change to one of them goes in the same call.
func foldsWith(cm *collModel, field string) []string {
	var out []string
	for _, t := range cm.toolsFor("update") {
		var fs []string
		for f := range t.Effect.Set {
			fs = append(fs, f)
		}
		for arg := range atom.InputProperties(t.Input) {
			if arg == t.Effect.Key {
				continue
			}
			if m, ok := t.Effect.Fields[arg]; ok {
				arg = m
			}
			fs = append(fs, arg)
		}
		if slices.Contains(fs, field) {
			out = append(out, fs...)
		}
	}
	return out
}

// addTeamPost, where the record in slot of cm can be neither marked nor
// noted, asks for a message that names it in a channel (a space, a
// project's board) of one of the task's apps, the last first, so the team
// knows it was handled; the goal checks the message is there. A task that
// already writes to someone gets none. It reports whether it did.
func addTeamPost(bd *bundle, d *draft, cm *collModel, slot string, rng *rand.Rand) bool {
	name := cm.display
	if name == "" {
		name = cm.first
	}
	if name == "" {
		return false
	}
	for i := len(bd.apps) - 1; i >= 0; i-- {
		m := bd.apps[i]
		pt, rf, text := postTarget(m)
		if pt == nil || pt == cm || rf.target == cm || !hasWord(atom.Words(pt.name), chatColls...) || !slices.Contains(d.in.Apps, m.app) || tellsSomeone(d) {
			continue
		}
		ch := bd.plan.needTeam(rf.target, "team")
		d.in.Slots["tm"] = atom.Slot{Handle: ch.handle()}
		d.in.Instruction = strings.TrimRight(d.in.Instruction, " ") + " " + fmt.Sprintf(pick(rng, teamPostClauses),
			singular(pt.name), singular(rf.target.name), ident(rf.target, "tm", false), m.title)
		d.in.Goal = append(d.in.Goal, exists(pt, assert.Where{
			{Field: rf.name, Op: assert.OpEquals, Value: rf.slot("tm")},
			{Field: text, Op: assert.OpIContains, Value: slotRef(slot, name)},
		}, fmt.Sprintf("the team is told in the %s, by the %s's name", singular(rf.target.name), singular(cm.name))))
		d.writes = append(d.writes, write{cm: pt, field: text, value: "mention", effect: "create"})
		return true
	}
	return false
}

// chatColls name the collections of messages a team reads in a channel
// (a comment on a page is no word to the team).
var chatColls = []string{"messages", "posts", "chats"}

// tellsSomeone reports whether the draft already creates a message, a
// post or a note: a task that tells someone needs no word to the team.
func tellsSomeone(d *draft) bool {
	return slices.ContainsFunc(d.writes, func(w write) bool {
		return w.effect == "create" && (w.cm.isMessages() || hasWord(atom.Words(w.cm.name), noteColls...))
	})
}

// teamPostClauses ask for a post that tells the team a record was
// handled: the post's noun, the place's noun, the place, the app.
var teamPostClauses = []string{
	"Then post a %[1]s in the %[2]s %[3]s on %[4]s that names it, so the team knows it's handled.",
	"Let the team know with a short %[1]s in the %[2]s %[3]s on %[4]s; mention it by name.",
	"Once that's done, drop a %[1]s naming it in the %[2]s %[3]s in %[4]s so nobody does it twice.",
}

// deep keeps the draft's environments only when it asks for a second
// change beyond its main one (a mark, a note, a post to the team): a task
// of one change is a workflow's step, not a task of its own.
func deep(x *draft) *draft {
	if len(x.writes) < 2 {
		x.stepOnly, x.shallow = true, true
	}
	return x
}

// keepAppsCovered gives the one-change drafts of an app back their
// environments where no other draft has any in that app: every app keeps
// a task. It returns the bundles.
func keepAppsCovered(bundles []*bundle) []*bundle {
	covered := map[string]bool{}
	for _, b := range bundles {
		for _, d := range b.drafts {
			for _, a := range d.in.Apps {
				covered[a] = covered[a] || !d.stepOnly
			}
		}
	}
	for _, b := range bundles {
		for _, d := range b.drafts {
			if d.shallow && slices.ContainsFunc(d.in.Apps, func(a string) bool { return !covered[a] }) {
				d.stepOnly = false
			}
		}
	}
	return bundles
}

// deepened is a workflow step's draft and a copy of it under its own id,
// made deeper by deepen; the step itself keeps its one write and has no
// environments of its own. When deepen adds nothing the step stands for
// itself.
func deepened(d *draft, deepen func(*draft)) []*draft {
	in := *d.in
	in.ID = d.in.ID + ".noted"
	in.Slots = maps.Clone(d.in.Slots)
	in.Goal = slices.Clone(d.in.Goal)
	x := &draft{in: &in, writes: slices.Clone(d.writes), rule: d.rule}
	deepen(x)
	if len(x.writes) == len(d.writes) {
		return []*draft{d}
	}
	d.stepOnly = true
	return []*draft{d, x}
}

// withDetail asks a post about the record in slot "t" of src to give one
// of its details the instruction does not (its state, else a date), so the
// record is read before the post is written; the goal checks the post in
// the place in slot "ch" (its reference where) holds it. The draft is
// unchanged when src has neither.
func withDetail(d *draft, src, post *collModel, where refField, text string, rng *rand.Rand) {
	var f string
	switch {
	case len(src.enums) > 0:
		f = src.enums[0].name
	case len(src.dates) > 0:
		f = src.dates[0]
	default:
		return
	}
	d.in.Instruction = strings.TrimRight(d.in.Instruction, " ") + " " + fmt.Sprintf(pick(rng, detailClauses), human(f), singular(src.name))
	in := assert.Predicate{Field: where.name, Op: assert.OpEquals, Value: where.slot("ch")}
	d.in.Goal = append(d.in.Goal, exists(post, assert.Where{in, {Field: text, Op: assert.OpIContains, Value: slotRef("t", f)}},
		fmt.Sprintf("the %s gives the %s's %s", singular(post.name), singular(src.name), human(f))),
		// One post says both: the name and the detail.
		atMostOne(post.ref(), assert.Where{in}))
}

// detailClauses ask a post to carry a detail of the record it is about.
var detailClauses = []string{
	"Include its current %[1]s in the message.",
	"Say what the %[2]s's %[1]s is right now.",
	"Mention the %[1]s it has at the moment, too.",
	"The team will want its %[1]s as well, so put that in.",
	"Add where it stands, its %[1]s, to the note.",
}
