package synth

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
)

// Templates over two apps: the agent reads one and acts in the other.

// sourcePeople returns the collection of a people an app keeps, with
// addresses: the source of cross-app tasks. One whose records can be
// closed when the work moves on (marked, noted) comes first.
func sourcePeople(m *appModel) *collModel {
	return firstClosable(m, func(cm *collModel) bool {
		return cm.peopleLike() && cm.email != "" && cm.named() && cm.exposed() && cm.findable()
	})
}

// sourceAmount returns a named collection with an amount, one that can be
// closed first.
func sourceAmount(m *appModel) *collModel {
	return firstClosable(m, func(cm *collModel) bool {
		return cm.amount != "" && cm.display != "" && cm.exposed() && cm.findable()
	})
}

// firstClosable returns the first collection of m that ok accepts and
// whose records can be closed, else the first ok accepts.
func firstClosable(m *appModel, ok func(*collModel) bool) *collModel {
	var first *collModel
	for _, cm := range m.colls {
		if !ok(cm) {
			continue
		}
		if closable(cm) {
			return cm
		}
		if first == nil {
			first = cm
		}
	}
	return first
}

// messageTarget returns the collection one sends messages into, with the
// recipient and subject fields.
func messageTarget(m *appModel) (cm *collModel, to, subject string) {
	for _, c := range m.colls {
		if !c.isMessages() || !c.exposed() {
			continue
		}
		to = recipientField(c)
		subject = c.display
		if subject == "" {
			subject = c.text
		}
		if to != "" && subject != "" && c.writesBy(to, nil, "create") && c.writesBy(subject, nil, "create") && c.creatableWith(to, subject) {
			return c, to, subject
		}
	}
	return nil, "", ""
}

// recipientField returns the field of a message that says whom it goes
// to: an address field named so ("to", "toRecipients", "to_list"), else
// the first list of addresses that is not the sender's. A "bcc" or "cc"
// list is no recipient the send tool requires.
func recipientField(c *collModel) string {
	// Neither the sender nor a copy: a mail sent only in bcc while its
	// "to" goes anywhere is not a mail to the person.
	ok := func(f string) bool {
		return f != "" && !hasWord(atom.Words(f), "from", "sender", "author", "reply", "cc", "bcc")
	}
	fields := c.withRole(atom.RoleEmails, atom.RoleEmail)
	for _, want := range [][]string{{"to"}, {"recipient", "recipients"}} {
		for _, f := range fields {
			if ok(f) && hasWord(atom.Words(f), want...) {
				return f
			}
		}
	}
	for _, f := range []string{c.emailList, c.email} {
		if ok(f) && (f == c.emailList || hasWord(atom.Words(f), "to", "recipient", "recipients")) {
			return f
		}
	}
	return ""
}

// recordTarget returns a collection to create a person-bound record in:
// an email field and a name or title to write.
func recordTarget(m *appModel, not *collModel) *collModel {
	for _, c := range m.colls {
		if c == not || c.isMessages() || c.email == "" || c.display == "" || !c.writesBy(c.email, nil, "create") || !c.writesBy(c.display, nil, "create") || !c.creatableWith(c.email, c.display) || hasWord(atom.Words(c.email), "organizer", "owner", "creator", "author", "sender", "assignee", "from", "created", "by", "agent") {
			continue
		}
		return c
	}
	return nil
}

// nameOf renders the person's name of a source record.
func nameOf(cm *collModel, slot string) string { return ident(cm, slot, false) }

// pairDrafts instantiates the cross-app templates for reading app a and
// acting in app b.
func pairDrafts(bd *bundle, a, b *appModel, rng *rand.Rand) []*draft {
	var out []*draft
	if s := sourcePeople(a); s != nil {
		x, mirror := syncDraft(bd, a, b, s, rng)
		if x != nil {
			out = append(out, x)
		}
		if d, to, subj := messageTarget(b); d != nil {
			out = append(out, notifyDraft(bd, a, b, s, d, to, subj, rng))
			if !s.internal() {
				out = append(out, embargoDraft(bd, a, b, s, d, to, subj, rng))
			}
		} else if d := recordTarget(b, mirror); d != nil && (!s.internal() || d.c.Staff != nil) {
			out = append(out, copyPersonDraft(bd, a, b, s, d, rng))
		}
	}
	if s := sourceAmount(a); s != nil {
		out = append(out, routeDrafts(bd, a, b, s, rng)...)
	}
	if x := postDraft(bd, a, b, rng); x != nil {
		out = append(out, x)
	}
	if x := handoffDraft(bd, a, b, rng); x != nil {
		out = append(out, x)
	}
	return out
}

// handoffDraft: a record in one app starts work in another: create a
// record there named after it, carrying a detail only the first app shows.
func handoffDraft(bd *bundle, a, b *appModel, rng *rand.Rand) *draft {
	var d *collModel
	for _, c := range b.colls {
		if c.display != "" && c.text != "" && c.text != c.display && c.writesBy(c.display, nil, "create") && c.writesBy(c.text, nil, "create") && c.creatableWith(c.display, c.text) && !c.peopleLike() && !c.isMessages() && c.kind() != "company" {
			d = c
			break
		}
	}
	src, detail := handoffSource(a)
	if d == nil || src == nil {
		return nil
	}
	t := bd.plan.need(src, "ho")
	t.reads = append(t.reads, detail)
	in := newIntent(intentID(a.app, b.app, "handoff", src.name, d.name), famHandoff,
		fmt.Sprintf("Start work in %s on a %s from %s, carrying its %s over.", b.title, singular(src.name), a.title, human(detail)), []string{a.app, b.app}, "")
	in.Slots["t"] = atom.Slot{Handle: t.handle()}
	in.Instruction = fmt.Sprintf(pick(rng, []string{
		"Create a %[1]s in %[2]s named after the %[3]s %[4]s from %[5]s, and put that %[3]s's %[6]s (look it up in %[5]s) into its %[7]s.",
		"The %[3]s %[4]s in %[5]s needs follow-up: open a %[1]s in %[2]s with the same name, and copy the %[3]s's %[6]s from %[5]s into the %[1]s's %[7]s.",
	}), singular(d.name), b.title, singular(src.name), ident(src, "t", false), a.title, human(detail), human(d.text))
	in.Goal = []assert.Assertion{exists(d, assert.Where{
		{Field: d.display, Op: assert.OpEquals, Value: slotRef("t", src.display)},
		{Field: d.text, Op: assert.OpContains, Value: slotRef("t", detail)},
	}, fmt.Sprintf("%s created with the %s's name and %s", singular(d.name), singular(src.name), human(detail)))}
	x := &draft{in: in, writes: []write{{cm: d, field: d.display, value: "copied", effect: "create"}}}
	withMark(bd, x, src, "t", "ho", t.tier, rng, detail)
	return deep(x)
}

// handoffSource is the record a hand-off starts from and the detail it
// carries over: among the app's primary collections, the first with a name
// and a detail whose records can be closed when the work moves on (a
// state, a flag, a tag, a note), else the second-ranked one.
func handoffSource(a *appModel) (*collModel, string) {
	for _, c := range primaryColls(a, 3) {
		if f := handoffDetail(c); f != "" && c.display != "" && closable(c) {
			return c, f
		}
	}
	ps := primaryColls(a, 2)
	if len(ps) == 0 {
		return nil, ""
	}
	src := ps[len(ps)-1]
	if f := handoffDetail(src); f != "" && src.display != "" {
		return src, f
	}
	return nil, ""
}

// handoffDetail is the detail a hand-off carries over: an amount, else a
// date that says when something is due, else any date but one that ends
// the record's life (an archivedAt, a cancelled_at), which a record a task
// names and acts on does not hold.
func handoffDetail(src *collModel) string {
	cands := []string{src.amount}
	for _, f := range src.dates {
		if hasWord(atom.Words(f), "due", "start", "end", "close", "deadline", "renewal", "scheduled") {
			cands = append(cands, f)
		}
	}
	cands = append(cands, src.dates...)
	for _, f := range cands {
		if f != "" && !coherence.NamesEnd(f) {
			return f
		}
	}
	return ""
}

// publicFamilies are the families of apps whose posts the public reads:
// a Facebook Page's or a Buffer profile's updates, an ad. The team's own
// word (a report, a hand-over, "so the team can pick it up") is not
// posted there.
var publicFamilies = []string{"social", "ads"}

// postTarget returns a collection of messages the team posts into a named
// place (a channel, a space, a project): a text field and a reference to
// it. An app whose posts the public reads has none.
func postTarget(m *appModel) (*collModel, refField, string) {
	if slices.Contains(publicFamilies, m.family) {
		return nil, refField{}, ""
	}
	for _, c := range m.colls {
		if !c.exposed() {
			continue
		}
		if !c.isMessages() && !hasWord(atom.Words(c.name), "comments", "notes", "posts", "updates", "replies", "messages", "activities") {
			continue
		}
		text := c.text
		if text == "" && c.isMessages() {
			text = c.display
		}
		if text == "" || !c.writesBy(text, nil, "create") {
			continue
		}
		for _, rf := range c.refs {
			if !rf.list && rf.target.named() && rf.target.findable() && c.writesBy(rf.name, nil, "create") && c.creatableWith(text, rf.name) && !rf.target.peopleLike() {
				return c, rf, text
			}
		}
	}
	return nil, refField{}, ""
}

// postDraft: tell a channel (or project, or space) in one app about a
// record found in another.
func postDraft(bd *bundle, a, b *appModel, rng *rand.Rand) *draft {
	d, rf, text := postTarget(b)
	if d == nil {
		return nil
	}
	ps := primaryColls(a, 1)
	if len(ps) == 0 || ps[0].display == "" {
		return nil
	}
	src := ps[0]
	t, detail := needRecord(bd, src, "a")
	ch := bd.plan.needPrivate(rf.target, "post")
	in := newIntent(intentID(a.app, b.app, "post", src.name, d.name), famPost,
		fmt.Sprintf("Tell a %s in %s about a %s found in %s.", singular(rf.target.name), b.title, singular(src.name), a.title), []string{a.app, b.app}, "")
	in.Slots["t"] = atom.Slot{Handle: t.handle()}
	in.Slots["ch"] = atom.Slot{Handle: ch.handle()}
	in.Instruction = fmt.Sprintf(pick(rng, []string{
		"Find the %[1]s %[2]s in %[3]s and post a %[4]s in the %[5]s %[6]s on %[7]s that names it, so the team can pick it up.",
		"In %[7]s, post a %[4]s on the %[5]s %[6]s that mentions the %[1]s %[2]s from %[3]s by name.",
	}), singular(src.name), ident(src, "t", detail), a.title, singular(d.name), singular(rf.target.name), ident(rf.target, "ch", false), b.title)
	in.Goal = []assert.Assertion{exists(d, assert.Where{
		{Field: rf.name, Op: assert.OpEquals, Value: rf.slot("ch")},
		{Field: text, Op: assert.OpIContains, Value: slotRef("t", src.display)},
	}, fmt.Sprintf("%s posted that names the %s", singular(d.name), singular(src.name)))}
	x := &draft{in: in, writes: []write{{cm: d, field: text, value: "mention", effect: "create"}}}
	n := len(x.writes)
	if withMark(bd, x, src, "t", "a", t.tier, rng); len(x.writes) == n {
		withDetail(x, src, d, rf, text, rng)
	}
	return x
}

// srcRole asks for the source person, with a look-alike of the same name
// when the app tells them apart by company.
func srcRole(bd *bundle, s *collModel) (*recordReq, string) {
	r := bd.plan.need(s, "src")
	r.link = "person"
	who := nameOf(s, "s")
	if s.company != "" && s.company != s.display {
		who += " of " + slotRef("s", s.company)
		d := bd.plan.need(s, "src_dup")
		d.dupOf = "src"
	}
	return r, who
}

func notifyDraft(bd *bundle, a, b *appModel, s, d *collModel, to, subj string, rng *rand.Rand) *draft {
	r, who := srcRole(bd, s)
	topic := pick(rng, []string{"renewal", "onboarding", "invoice", "kickoff", "security review", "contract"})
	subject := pick(rng, []string{"Next steps on the " + topic, "Your " + topic + " follow-up", "About the " + topic, topic + " update"})
	in := newIntent(intentID(a.app, b.app, "notify", s.name), famNotify,
		fmt.Sprintf("Look a person up in %s and write to them from %s.", a.title, b.title), []string{a.app, b.app}, "")
	in.Slots["s"] = atom.Slot{Handle: r.handle()}
	in.Instruction = fmt.Sprintf(pick(rng, []string{
		"Send %[1]s a message from %[2]s with the subject %[3]s. Their address is in %[4]s.",
		"Look up %[1]s in %[4]s and email them from %[2]s; use the subject %[3]s and say a few words about the %[5]s.",
	}), who, b.title, quote(subject), a.title, topic)
	w := assert.Where{
		{Field: to, Op: assert.OpEquals, Value: slotRef("s", s.email)},
		{Field: subj, Op: assert.OpIContains, Value: subject},
	}
	for _, k := range slices.Sorted(maps.Keys(d.sentMarker())) {
		w = append(w, pred(k, d.sentMarker()[k]))
	}
	in.Goal = []assert.Assertion{exists(d, w, "message sent to the right address")}
	x := &draft{in: in, writes: []write{{cm: d, field: subj, value: subject, effect: "create"}}}
	withMark(bd, x, s, "s", "src", r.tier, rng, s.email)
	return deep(x)
}

func copyPersonDraft(bd *bundle, a, b *appModel, s, d *collModel, rng *rand.Rand) *draft {
	r, who := srcRole(bd, s)
	in := newIntent(intentID(a.app, b.app, "copy", s.name, d.name), famCopy,
		fmt.Sprintf("Create a %s in %s for a person found in %s.", singular(d.name), b.title, a.title), []string{a.app, b.app}, "")
	in.Slots["s"] = atom.Slot{Handle: r.handle()}
	var w assert.Where
	w = append(w, assert.Predicate{Field: d.email, Op: assert.OpEquals, Value: slotRef("s", s.email)})
	var instr string
	if d.peopleLike() && s.display != "" {
		w = append(w, assert.Predicate{Field: d.display, Op: assert.OpEquals, Value: slotRef("s", s.display)})
		instr = fmt.Sprintf("Add %s as a %s in %s, with the same name and email address as in %s.", who, singular(d.name), b.title, a.title)
	} else {
		phrase := childPhrase(rng, d)
		w = append(w, assert.Predicate{Field: d.display, Op: assert.OpEquals, Value: phrase})
		instr = fmt.Sprintf("Create a %s in %s for %s (their email address is in %s) with %s %s.", singular(d.name), b.title, who, a.title, human(d.display), quote(phrase))
	}
	in.Instruction = instr
	in.Goal = []assert.Assertion{exists(d, w, fmt.Sprintf("%s created for the person from %s", singular(d.name), a.title))}
	x := &draft{in: in, writes: []write{{cm: d, field: d.email, value: "copied", effect: "create"}}}
	withMark(bd, x, s, "s", "src", r.tier, rng, s.email, s.display)
	return deep(x)
}

// syncDraft: a field changed in one app; bring the other app's record of
// the same person in line.
func syncDraft(bd *bundle, a, b *appModel, s *collModel, rng *rand.Rand) (*draft, *collModel) {
	m := mirrorColl(b)
	if m == nil {
		return nil, nil
	}
	pairs := syncPairs(s, m)
	if len(pairs) == 0 || s.internal() && m.c.Staff == nil {
		return nil, m
	}
	p := pairs[rng.IntN(len(pairs))]
	src, who := srcRole(bd, s)
	mir := bd.plan.need(m, "mirror")
	mir.link = "person"
	mir.alter = append(mir.alter, p.mf)
	in := newIntent(intentID(a.app, b.app, "sync", s.name, p.sf), famSync,
		fmt.Sprintf("Copy a changed %s from %s to the same person's record in %s.", human(p.sf), a.title, b.title), []string{a.app, b.app}, "")
	in.Slots["s"] = atom.Slot{Handle: src.handle()}
	in.Slots["m"] = atom.Slot{Handle: mir.handle()}
	in.Instruction = fmt.Sprintf(pick(rng, []string{
		"The %[2]s of %[1]s changed in %[3]s. Update their %[4]s in %[5]s (%[6]s) to match.",
		"In %[5]s, bring the %[4]s for %[6]s in line with %[3]s: copy the %[2]s of %[1]s from there.",
	}), who, human(p.sf), a.title, singular(m.name), b.title, slotRef("m", m.email))
	in.Goal = []assert.Assertion{exists(m, keyWhere(m, "m", map[string]any{p.mf: slotRef("s", p.sf)}), fmt.Sprintf("%s in %s matches %s", human(p.mf), b.title, a.title))}
	return &draft{in: in, writes: []write{{cm: m, field: p.mf, value: "copied", effect: "update"}}}, m
}

// routeDrafts: a large amount in one app opens a review in the other; a
// small one is settled where it is.
func routeDrafts(bd *bundle, a, b *appModel, s *collModel, rng *rand.Rand) []*draft {
	var d *collModel
	for _, c := range b.colls {
		if c.display != "" && !c.isMessages() && !c.peopleLike() && c.kind() != "company" && c.writesBy(c.display, nil, "create") && c.creatableWith(c.display) {
			d = c
			break
		}
	}
	enums := s.settableEnums()
	if d == nil || len(enums) == 0 {
		return nil
	}
	e := enums[0]
	v := chooseValue(rng, e.values)
	if len(e.values) == 1 {
		v = e.values[0]
	}
	if v == "" {
		return nil
	}
	var out []*draft
	lim := thousands(pick(rng, routeLimits))
	seed := rng.Uint64() // both branches ask for the same mark
	for _, role := range []string{"hi3", "lo3"} {
		t := bd.plan.need(s, role)
		bd.plan.target(s, e.name, v, role)
		in := newIntent(intentID(a.app, b.app, "escalate", s.name, role), famEscalate,
			fmt.Sprintf("Open a review in %s for a large %s in %s; settle small ones in place.", b.title, singular(s.name), a.title), []string{a.app, b.app}, "")
		in.Slots["t"] = atom.Slot{Handle: t.handle()}
		title := "Review: " + slotRef("t", s.display)
		in.Instruction = fmt.Sprintf("Check the %s of the %s %s in %s. If it is over %s, create a %s in %s named %s; otherwise set its %s to %s in %s.",
			human(s.amount), singular(s.name), ident(s, "t", false), a.title, lim, singular(d.name), b.title,
			"\"Review: "+slotRef("t", s.display)+"\"", human(e.name), quote(v), a.title)
		if t.tier == "high" {
			in.Goal = []assert.Assertion{
				exists(d, assert.Where{{Field: d.display, Op: assert.OpEquals, Value: title}}, "review opened for the large amount"),
				notExists(s, keyWhere(s, "t", map[string]any{e.name: v}), "a large amount is not settled in place"),
			}
			x := &draft{in: in, writes: []write{{cm: d, field: d.display, value: title, effect: "create"}}}
			withMark(bd, x, s, "t", role, t.tier, rand.New(rand.NewPCG(seed, 0)), e.name)
			out = append(out, deep(x))
		} else {
			in.Goal = []assert.Assertion{
				exists(s, keyWhere(s, "t", map[string]any{e.name: v}), "small amount settled in place"),
				notExists(d, assert.Where{{Field: d.display, Op: assert.OpEquals, Value: title}}, "no review opened for a small amount"),
			}
			x := &draft{in: in, writes: []write{{cm: s, field: e.name, value: v, effect: "update", tier: "low"}}}
			withMark(bd, x, s, "t", role, t.tier, rand.New(rand.NewPCG(seed, 0)), e.name)
			out = append(out, deep(x))
		}
	}
	return out
}

// embargoDraft: a mailing to two people, one of whom works for a
// competitor; the embargo rule the recipe carries says to write only to
// the other.
func embargoDraft(bd *bundle, a, b *appModel, s, d *collModel, to, subj string, rng *rand.Rand) *draft {
	i := int(bd.hash % uint64(len(competitorDomains)))
	r, who := srcRole(bd, s)
	e := bd.plan.need(s, "emb")
	e.competitor = i + 1
	topic := pick(rng, []string{"pricing update", "product roadmap", "beta invitation", "webinar invitation"})
	subject := "Our " + topic
	in := newIntent(intentID(a.app, b.app, "mailing", s.name), famMailing,
		fmt.Sprintf("Write to two people found in %s from %s; a competitor embargo rules one of them out.", a.title, b.title), []string{a.app, b.app}, "")
	in.Slots["s"] = atom.Slot{Handle: r.handle()}
	in.Slots["e"] = atom.Slot{Handle: e.handle()}
	in.Instruction = fmt.Sprintf("Send the %s from %s, subject %s, to %s and to %s; their addresses are in %s. Follow the correspondence policies.",
		topic, b.title, quote(subject), who, nameOf(s, "e"), a.title)
	w := assert.Where{
		{Field: to, Op: assert.OpEquals, Value: slotRef("s", s.email)},
		{Field: subj, Op: assert.OpIContains, Value: subject},
	}
	for _, k := range slices.Sorted(maps.Keys(d.sentMarker())) {
		w = append(w, pred(k, d.sentMarker()[k]))
	}
	in.Goal = []assert.Assertion{
		exists(d, w, "the mailing reaches the customer"),
		notExists(d, assert.Where{{Field: to, Op: assert.OpEquals, Value: slotRef("e", s.email)}}, "nothing goes to the competitor"),
	}
	rule := fmt.Sprintf("policy.outbound.embargo-%s", strings.Split(competitorDomains[i], ".")[0])
	return &draft{in: in, writes: []write{{cm: d, field: subj, value: subject, effect: "create"}}, rule: rule}
}

// syncPair is a field of a person's record in one app and the field that
// holds the same fact in another's.
type syncPair struct{ sf, mf string }

// mirrorColl is the collection of app b that holds the same people as
// another app's: people with an address, found by name.
func mirrorColl(b *appModel) *collModel {
	for _, c := range b.colls {
		if c.peopleLike() && c.email != "" && c.named() && c.exposed() && c.findable() {
			return c
		}
	}
	return nil
}

// syncPairs lists the facts s and m both hold about a person that m's
// tools can write.
func syncPairs(s, m *collModel) []syncPair {
	var pairs []syncPair
	if s.phone != "" && m.phone != "" {
		pairs = append(pairs, syncPair{s.phone, m.phone})
	}
	if s.company != "" && m.company != "" {
		pairs = append(pairs, syncPair{s.company, m.company})
	}
	if s.amount != "" && m.amount != "" {
		pairs = append(pairs, syncPair{s.amount, m.amount})
	}
	for _, sf := range s.withRole(atom.RoleJobTitle, atom.RoleCity, atom.RoleCountry) {
		for _, mf := range m.withRole(atom.RoleJobTitle, atom.RoleCity, atom.RoleCountry) {
			if s.roles[sf] == m.roles[mf] && human(sf) == human(mf) {
				pairs = append(pairs, syncPair{sf, mf})
			}
		}
	}
	var writable []syncPair
	for _, p := range pairs {
		if m.writes(p.mf, nil) {
			writable = append(writable, p)
		}
	}
	return writable
}
