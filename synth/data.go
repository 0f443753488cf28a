package synth

import (
	"fmt"
	"hash/fnv"
	"maps"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// recordReq is a record the intents of a bundle name: every data variant
// of the bundle has one, exported under the same handle, with the
// constraints below and values drawn afresh.
type recordReq struct {
	cm    *collModel
	role  string
	tier  string            // "high" or "low": the amount's range
	dupOf string            // a near-duplicate of this role: same name, other details
	set   map[string]any    // fixed field values (a group tag, a shared company)
	refs  map[string]string // reference field -> role of the referenced record
	link  string            // records of one link share their person and company (across apps)
	// competitor, when set, is 1 + the index of the competitor the person
	// works for (their company and address).
	competitor int
	alter      []string // fields drawn anew even when linked (the value a sync copies)
	like       bool     // add generated look-alikes of this record
	// after is the role of a record of the same collection this one
	// follows: an amendment is dated after the policy it amends.
	after string
	// internal marks the company's own record (a policy its people
	// wrote): its person works at the company the world is about.
	internal bool
	// changed marks a record a task writes: it starts in no state its
	// lifecycle makes terminal, since the product refuses to change a
	// record there (a closed Zendesk ticket takes no update).
	changed bool
	// live marks a record holding what a task relies on (a policy, its
	// correction): it starts in no terminal state nor one that withdraws
	// it (a cancelled Wrike task, a canceled Linear issue).
	live bool
	// first, when set, is the first name of the record's person: the
	// colleague a task names as its writer ("Jonas leaves on Friday... His
	// notes"), so that every field the record's app fills with its person
	// (an owner, a sender, an author) is theirs.
	first string
	// reads are fields the task reads off the record (the detail a
	// hand-off carries over): drawn, they stay, and a state that would
	// not hold them moves instead (conformOnlyWhen).
	reads []string
}

// reads are the fields a task reads off cm's record in role; none where
// no task asks for the role yet.
func (p *plan) reads(cm *collModel, role string) []string {
	if r := p.reqs[cm][role]; r != nil {
		return r.reads
	}
	return nil
}

// handle is the handle name of a role.
func (r *recordReq) handle() string { return handleName(r.cm, r.role) }

func handleName(cm *collModel, role string) string {
	s := cm.app.app + "_" + cm.name + "_" + role
	var b strings.Builder
	for _, c := range s {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' {
			b.WriteRune(c)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// plan is what a bundle's intents ask of its data.
type plan struct {
	reqs    map[*collModel]map[string]*recordReq
	targets map[*collModel]map[string]map[string]bool // values intents set in the collection
	// roleTargets are the values intents set on each role's record: the
	// record starts elsewhere.
	roleTargets map[*collModel]map[string]map[string]map[string]bool
	avoid       map[*collModel]map[string]map[string]bool // values background records must not take
	private     map[*collModel]map[string]bool            // roles background references must not point at
	colls       []*collModel                              // in the order first asked for
}

func newPlan() *plan {
	return &plan{
		reqs:        map[*collModel]map[string]*recordReq{},
		targets:     map[*collModel]map[string]map[string]bool{},
		roleTargets: map[*collModel]map[string]map[string]map[string]bool{},
		avoid:       map[*collModel]map[string]map[string]bool{},
		private:     map[*collModel]map[string]bool{},
	}
}

// need returns the request for a role, creating it.
func (p *plan) need(cm *collModel, role string) *recordReq {
	m := p.reqs[cm]
	if m == nil {
		m = map[string]*recordReq{}
		p.reqs[cm] = m
		p.colls = append(p.colls, cm)
	}
	r := m[role]
	if r == nil {
		r = &recordReq{cm: cm, role: role, set: map[string]any{}, refs: map[string]string{}}
		if role == "a" || strings.HasPrefix(role, "hi") {
			r.tier = "high"
		} else {
			r.tier = "low"
		}
		m[role] = r
	}
	return r
}

// needPrivate is need for a role that background references must not
// point at.
func (p *plan) needPrivate(cm *collModel, role string) *recordReq {
	r := p.need(cm, role)
	if p.private[cm] == nil {
		p.private[cm] = map[string]bool{}
	}
	p.private[cm][role] = true
	return r
}

// withReads is what conform keeps of a role's record: the values the task
// sets, and those it reads as they were drawn.
func withReads(r *recordReq, rec map[string]any) map[string]any {
	if len(r.reads) == 0 {
		return r.set
	}
	keep := maps.Clone(r.set)
	for _, f := range r.reads {
		if _, ok := keep[f]; !ok && atom.IsSet(rec[f]) {
			keep[f] = rec[f]
		}
	}
	return keep
}

// needTeam is needPrivate for a record of the company's own team (the
// channel it reports in): drawn at the company, as a policy is, and of a
// kind that takes what the team posts to it (a Discord text channel, not
// a category or a forum).
func (p *plan) needTeam(cm *collModel, role string) *recordReq {
	r := p.needPrivate(cm, role)
	r.internal = true
	for f, v := range postableKind(cm) {
		if _, ok := r.set[f]; !ok {
			r.set[f] = v
		}
	}
	return r
}

// postableKind is, for each field of cm that a refers_to rule of a
// reference to cm reads, a value the rule allows: what a record of cm
// must hold for a record of its app to be made under it.
func postableKind(cm *collModel) map[string]any {
	kind := map[string]any{}
	if cm.app == nil {
		return kind
	}
	for _, o := range cm.app.colls {
		for _, inv := range o.c.Invariants {
			if inv.Rule == "refers_to" && len(inv.Fields) == 2 && o.c.Fields[inv.Fields[0]].Ref == cm.name && len(inv.In) > 0 {
				kind[inv.Fields[1]] = stateValue(cm.field(inv.Fields[1]), inv.In[0])
			}
		}
	}
	return kind
}

func addTo(m map[*collModel]map[string]map[string]bool, cm *collModel, field, v string) {
	if m[cm] == nil {
		m[cm] = map[string]map[string]bool{}
	}
	if m[cm][field] == nil {
		m[cm][field] = map[string]bool{}
	}
	m[cm][field][v] = true
}

// target records that an intent sets field to v on the records of roles.
func (p *plan) target(cm *collModel, field, v string, roles ...string) {
	addTo(p.targets, cm, field, v)
	if p.roleTargets[cm] == nil {
		p.roleTargets[cm] = map[string]map[string]map[string]bool{}
	}
	for _, r := range roles {
		m := p.roleTargets[cm][r]
		if m == nil {
			m = map[string]map[string]bool{}
			p.roleTargets[cm][r] = m
		}
		if m[field] == nil {
			m[field] = map[string]bool{}
		}
		m[field][v] = true
	}
}

// order returns the collections parents first, so that a record's
// reference can name its parent's key.
func (p *plan) order() []*collModel {
	seen := map[*collModel]bool{}
	var out []*collModel
	var visit func(cm *collModel)
	visit = func(cm *collModel) {
		if seen[cm] {
			return
		}
		seen[cm] = true
		for _, role := range sortedRoles(p.reqs[cm]) {
			r := p.reqs[cm][role]
			for _, f := range slices.Sorted(maps.Keys(r.refs)) {
				for _, rf := range cm.refs {
					if rf.name == f && p.reqs[rf.target] != nil {
						visit(rf.target)
					}
				}
			}
		}
		out = append(out, cm)
	}
	for _, cm := range p.colls {
		visit(cm)
	}
	return out
}

func sortedRoles(m map[string]*recordReq) []string {
	out := make([]string, 0, len(m))
	for r := range m {
		out = append(out, r)
	}
	// Originals before their duplicates, then by name.
	sort.Slice(out, func(i, j int) bool {
		di, dj := m[out[i]].dupOf != "", m[out[j]].dupOf != ""
		if di != dj {
			return !di
		}
		return out[i] < out[j]
	})
	return out
}

// variantClock is the environment's "now" for a data variant: a working
// morning that differs by bundle and variant.
func variantClock(bundleHash uint64, v int) time.Time {
	base := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	days := int(bundleHash%90) + 11*v
	t := base.AddDate(0, 0, days)
	for t.Weekday() == time.Saturday || t.Weekday() == time.Sunday {
		t = t.AddDate(0, 0, 1)
	}
	return t.Add(time.Duration(bundleHash%5) * 30 * time.Minute)
}

// buildData realises a bundle's plan as one data atom.
func buildData(b *bundle, p *plan, v int, seed int64) *atom.Data {
	clock := variantClock(b.hash, v)
	dseed := int64(b.hash%1_000_000)*10 + int64(v) + seed*7919
	val := newValuer(dseed, b.id, clock)
	d := &atom.Data{
		Kind:    atom.KindData,
		ID:      fmt.Sprintf("%s.s%d", b.id, v+1),
		Clock:   clock.Format(time.RFC3339),
		Seed:    dseed,
		Records: map[string]map[string][]map[string]any{},
		Handles: map[string]atom.Handle{},
	}
	home := val.src.Company()
	val.home = home
	val.world = d.Records
	db := &dataBuilder{val: val, p: p, d: d, rows: map[string]row{}, keys: map[*collModel]map[string]string{}, used: map[string]bool{}}
	for _, cm := range p.order() {
		db.fixedColl(cm)
	}
	summary := db.background(b.apps)
	db.requiredRefs(b.apps)
	db.kindedRefs(b.apps)
	db.kindFits(b.apps)
	db.reportsTo(b.apps)
	db.titledContacts(b.apps)
	db.agreeCopies(b.apps)
	db.titledNames(b.apps)
	conformWorld(val, b.apps, d)
	db.writableParents(b.apps)
	db.restage(b.apps)
	db.scopedParents(b.apps)
	db.keepUnique(b.apps)
	db.seniorHeads(b.apps)
	db.settleParents(b.apps)
	db.textOnParents(b.apps)
	db.ownDomains(b.apps)
	db.agreeCompanies(b.apps)
	conformQuotes(b.apps, d)
	db.refsByField(b.apps)
	db.emailsOnOrgDomain(b.apps)
	db.staffAtHome(b.apps)
	db.ownedMail(b.apps)
	db.teamValues(b.apps)
	db.settleItemTotals(b.apps)
	db.dateOnParents(b.apps)
	db.sealContents(b.apps)
	db.placeInSittings(b.apps)
	db.countPresent(b.apps)
	db.onTheClock(b.apps)
	db.sinceParents(b.apps)
	db.dateOnParents(b.apps) // again: a record moved after its party carries the records written on it
	db.daysLeft(b.apps)
	db.deriveFields(b.apps)
	db.grantWriters(b.apps)
	db.referredBy(b.apps)
	db.numbersWithinCounts(b.apps)
	db.roleForms(b.apps)
	db.keyForms(b.apps)
	db.ownLinks(b.apps)
	db.selfTexts(b.apps)
	db.selfParents(b.apps)
	db.differentRefsLast(b.apps)
	db.placeInLists(b.apps)
	db.heldRecords(b.apps) // last: the product's own records, as it makes them
	titles := make([]string, len(b.apps))
	for i, m := range b.apps {
		titles[i] = m.title
	}
	d.Description = fmt.Sprintf("%s at %s on %s: %s, with look-alike records among them.",
		strings.Join(titles, " and "), home.Name, clock.Format("Monday 2 January 2006"), strings.Join(summary, ", "))
	return d
}

// dataBuilder is one data atom being drawn: the records the plan names
// first, then the background.
type dataBuilder struct {
	val  *valuer
	p    *plan
	d    *atom.Data
	rows map[string]row                   // the person and company of each role ("app.coll#role"), link ("link#name") and background record (backgroundRow)
	keys map[*collModel]map[string]string // role -> key
	used map[string]bool                  // keys and names taken
}

// fixedColl draws the records of one collection's roles and exports their
// handles.
func (db *dataBuilder) fixedColl(cm *collModel) {
	reqs := db.p.reqs[cm]
	db.keys[cm] = map[string]string{}
	var recs []map[string]any
	for _, role := range sortedRoles(reqs) {
		r := reqs[role]
		rw := db.rowFor(cm, r)
		var orig map[string]any
		if r.dupOf != "" {
			orig = findRec(recs, cm.key, db.keys[cm][r.dupOf])
		}
		key := uniqueKey(db.val, cm, db.used)
		db.keys[cm][role] = key
		rec, rw := db.fixedRecord(cm, r, rw, orig, key)
		if prev := findRec(recs, cm.key, db.keys[cm][r.after]); r.after != "" && prev != nil {
			datedAfter(cm, rec, prev, db.val.clock)
		}
		db.rows[cm.ref()+"#"+role] = rw
		if cm.named() {
			db.val.names[cm.ref()+"|"+key] = nameKey(cm, rec)
			db.val.named[cm.ref()] = append(db.val.named[cm.ref()], nameKey(cm, rec))
			db.used[cm.ref()+"|"+nameKey(cm, rec)] = true
			db.used["name|"+nameKey(cm, rec)] = true
		}
		recs = append(recs, rec)
		db.d.Handles[r.handle()] = atom.Handle{App: cm.app.app, Collection: cm.name, Key: key}
	}
	if db.d.Records[cm.app.app] == nil {
		db.d.Records[cm.app.app] = map[string][]map[string]any{}
	}
	db.d.Records[cm.app.app][cm.name] = recs
}

// datedAfter dates rec, an amendment, after prev, the policy it amends,
// and in the week before the clock, as its request says ("there was a
// correction to it last week"): each date of rec before that week moves
// into it (a day or so before the clock, by the record's key, so that
// amendments are not all of one day), and any date still not after
// prev's moves to just after it (an hour, or a day for a date), no later
// than the clock.
func datedAfter(cm *collModel, rec, prev map[string]any, clock time.Time) {
	h := fnv.New32a()
	fmt.Fprint(h, rec[cm.key])
	week := clock.Add(-time.Duration(24*(1+h.Sum32()%6)) * time.Hour)
	for _, f := range slices.Concat(cm.dates, epochDates(cm)) {
		a, aok := cm.c.TimeOf(rec, f)
		b, bok := cm.c.TimeOf(prev, f)
		s, _ := rec[f].(string)
		if !aok {
			continue
		}
		layout, step := time.RFC3339, time.Hour
		if len(s) == len("2006-01-02") {
			layout, step = "2006-01-02", 24*time.Hour
		}
		t := a
		if t.Before(week) && (!bok || b.Before(week)) {
			t = week
		}
		if bok && !t.After(b) {
			t = b.Add(step)
			if t.After(clock) && !b.After(clock) {
				t = clock
			}
		}
		if x, ok := cm.field(f).Epoch(t); ok && !t.Equal(a) {
			rec[f] = x
		} else if !t.Equal(a) {
			rec[f] = t.UTC().Format(layout)
		}
	}
}

// epochDates are cm's dates kept as a count since the epoch (a Gmail
// message's date in milliseconds), which cm.dates leaves out.
func epochDates(cm *collModel) []string {
	var out []string
	for _, f := range cm.fieldNames {
		if cm.roles[f] == atom.RoleDate && cm.field(f).IsEpoch() {
			out = append(out, f)
		}
	}
	return out
}

// rowFor is the person and company behind a role's record: a
// near-duplicate's original person at another company, the person a link
// shares, or a new one; a competitor's employee works there.
func (db *dataBuilder) rowFor(cm *collModel, r *recordReq) row {
	var rw row
	switch {
	case r.dupOf != "":
		orig := db.rows[cm.ref()+"#"+r.dupOf]
		other := db.val.newRow()
		rw = row{p: orig.p, c: other.c}
		rw.p.Phone = other.p.Phone
		if rw.c.Name == orig.c.Name {
			rw.c = db.val.counterpart(db.val.src.Company())
		}
	case r.link != "":
		if lr, ok := db.rows["link#"+r.link]; ok {
			rw = lr
		} else {
			rw = db.val.linkRow(cm)
			db.rows["link#"+r.link] = rw
		}
	default:
		rw = db.val.atHome(cm, db.val.newRow())
	}
	if r.competitor > 0 {
		rw.c = gen.Company{Name: competitorNames[r.competitor-1], Domain: competitorDomains[r.competitor-1]}
	}
	if r.internal && r.dupOf == "" && db.val.home.Domain != "" {
		rw.c = db.val.home
	}
	if r.first != "" {
		rw.p.First = r.first
	}
	if r.link != "" {
		// The same person's phone is one number in every app: dialled
		// in the country of their company, as an app that keeps the
		// country beside it writes it (coherence's dialledAbroad), so
		// an app that keeps no country writes the same number.
		rw.p.Phone = coherence.DialledIn(rw.p.Phone, placeOf(rw).country)
	}
	return rw
}

// fixedRecord draws a role's record under key, copying a near-duplicate's
// fields from orig. A record must make sense on its own (it is redrawn
// while the coherence check finds fault, up to 12 times), and a display
// value is unique among fixed records, except for the near-duplicates and
// linked people that share it on purpose (redrawn with another person up
// to 8 times). It returns the record and the row it was drawn from.
func (db *dataBuilder) fixedRecord(cm *collModel, r *recordReq, rw row, orig map[string]any, key string) (map[string]any, row) {
	var rec map[string]any
	for try := 0; ; try++ {
		rec = map[string]any{cm.key: key}
		for _, f := range cm.fieldNames {
			if f == cm.key {
				continue
			}
			if orig != nil && f != cm.email && f != cm.emailList && f != cm.company && f != cm.phone && !isDate(cm, f) && !ofCompany(cm, f) {
				if ov, ok := orig[f]; ok {
					rec[f] = ov
				}
				continue
			}
			if x := fixedValue(db.val, cm, f, r, rw, db.p, db.keys); x != nil {
				rec[f] = x
			}
		}
		for f, x := range r.set {
			rec[f] = x
		}
		settle(cm, rec)
		gateGoalWrites(cm, rec, db.p.roleTargets[cm][r.role], db.p.avoid[cm], r.set)
		_, ended := r.set[lifecycleField(cm)]
		conform(db.val, cm, rec, ended, true, withReads(r, rec))
		// Records carry what people write into them, sensitive or not;
		// the privacy rules forbid copying it on. The text comes before
		// agree, which drops one its record's state denies (a lost_reason
		// on an open deal).
		private := r.role == "a" && (cm.peopleLike() || cm.kind() == "problem")
		tw := rw
		if r.competitor == 0 {
			tw = db.val.staffRow(cm, rec, db.val.ownParty(cm, rec, rw, r.set))
		}
		writeSlugs(cm, rec, tw, r.set)
		db.val.writeText(cm, rec, tw, r.set, private)
		before := datesOf(cm, rec)
		agree(cm, rec, r.set, false, db.val.clock)
		gateByState(cm, rec, true, r.set) // agreeing may have moved a state
		db.val.rewriteText(cm, rec, tw, r.set, private, before)
		db.val.roleForm(cm, rec, ownerOfKind(cm, rw.p, r.set), r.set)
		if try < 12 && (len(cm.shape.CheckRecord(rec)) > 0 || r.dupOf == "" && holdsGoalValue(rec, db.p.roleTargets[cm][r.role], r.set)) {
			continue
		}
		if !cm.named() || r.dupOf != "" || r.link != "" || try >= 8 || !db.used[cm.ref()+"|"+nameKey(cm, rec)] {
			return rec, rw
		}
		c := rw.c
		rw = db.val.newRow()
		if r.first != "" {
			rw.p.First = r.first
		}
		if r.competitor > 0 {
			rw.c = c
		}
	}
}

// background adds the records no intent names: every collection of the
// bundle's apps gets some, drawn like the named ones (same key form, same
// roles), from people and companies the named records do not use; the
// collections intents name get more, and look-alikes of the records that
// have them. It returns the summary of the named collections' sizes.
func (db *dataBuilder) background(apps []*appModel) []string {
	val, p, d := db.val, db.p, db.d
	refKeys := db.refKeys()
	var summary []string
	for _, m := range apps {
		for _, cm := range m.colls {
			if len(cm.fieldNames) == 0 {
				continue
			}
			n := 2
			if p.asked(cm) {
				n = 6 + val.rng.IntN(7)
			}
			recs := d.Records[m.app][cm.name]
			for _, role := range sortedRoles(p.reqs[cm]) {
				if r := p.reqs[cm][role]; r.like {
					recs = append(recs, lookAlike(val, cm, p, findRec(recs, cm.key, db.keys[cm][role]), recs, db.used, r.set))
				}
			}
			for i := 0; i < n; i++ {
				par := db.drawParent(m, cm)
				if par.set == nil {
					par = db.onParent(m, cm, refKeys)
				}
				rec, tw := backgroundRecord(val, cm, p, refKeys, db.used, par)
				db.rows[backgroundRow(cm, rec[cm.key])] = tw
				recs = append(recs, rec)
			}
			if d.Records[m.app] == nil {
				d.Records[m.app] = map[string][]map[string]any{}
			}
			d.Records[m.app][cm.name] = recs
			if p.asked(cm) {
				summary = append(summary, fmt.Sprintf("%d %s", len(recs), human(cm.name)))
			}
		}
	}
	return summary
}

// refKeys lists, per collection, the keys of the records tasks name that
// a background record may refer to (none a task keeps to itself).
func (db *dataBuilder) refKeys() map[*collModel][]string {
	refKeys := map[*collModel][]string{}
	for cm, ks := range db.keys {
		for _, role := range slices.Sorted(maps.Keys(ks)) {
			if !db.p.private[cm][role] {
				refKeys[cm] = append(refKeys[cm], ks[role])
			}
		}
		sort.Strings(refKeys[cm])
	}
	return refKeys
}

// holdsGoalValue reports whether rec already holds a value a task writes
// to it (targets), in a field no task pins: the task would change nothing
// and its goal would hold before any step (a Yahoo Mail draft is seen, so
// a task marking it seen teaches nothing).
func holdsGoalValue(rec map[string]any, targets map[string]map[string]bool, set map[string]any) bool {
	for f, vs := range targets {
		if _, pinned := set[f]; !pinned && atom.IsSet(rec[f]) && vs[state.Text(rec[f])] {
			return true
		}
	}
	return false
}

// backgroundRow is the key in dataBuilder.rows of the person and company
// a background record's text speaks of: a record written on it (a story
// on a task) speaks of them too.
func backgroundRow(cm *collModel, key any) string {
	return fmt.Sprint("background#", cm.ref(), "#", key)
}

// nameKey is what people call a record by: its display field, or its
// given and family names.
func nameKey(cm *collModel, rec map[string]any) string {
	if cm.display != "" {
		return fmt.Sprint(rec[cm.display])
	}
	return fmt.Sprint(rec[cm.first], " ", rec[cm.last])
}

// ofCompany reports whether a field belongs to the record's company (its
// domain, its website): a near-duplicate at another company draws it anew.
func ofCompany(cm *collModel, f string) bool {
	r := cm.roles[f]
	return r == atom.RoleDomain || r == atom.RoleURL || r == atom.RoleCompany
}

func isDate(cm *collModel, f string) bool {
	for _, x := range cm.dates {
		if x == f {
			return true
		}
	}
	return false
}

// terminalWords are the states of a record that is over: a look-alike in
// such a state (a cancelled order, a closed ticket) is a distractor.
var terminalWords = []string{"cancelled", "canceled", "closed", "archived", "void", "voided", "solved", "rejected", "lost", "declined", "deleted", "inactive", "expired", "completed", "done", "resolved"}

// withdrawnWords are the states of a record taken back: what it holds no
// longer stands.
var withdrawnWords = []string{"cancelled", "canceled", "deleted", "trashed", "withdrawn", "void", "voided"}

// closedStarts are the states of e the record r may not start in: where a
// task changes it, those its lifecycle makes terminal; where a task relies
// on what it holds, those and the states that withdraw it.
func closedStarts(cm *collModel, e enumField, r *recordReq) map[string]bool {
	out := map[string]bool{}
	if lc := cm.c.Lifecycle; (r.changed || r.live) && lc != nil && lc.Field == e.name {
		for _, v := range lc.Terminal {
			out[v] = true
		}
	}
	if r.live && e.name == lifecycleField(cm) {
		for _, v := range e.values {
			if findIn([]string{v}, withdrawnWords) != "" {
				out[v] = true
			}
		}
	}
	return out
}

// lookAlike is an older copy of a named record: the same name and person
// at another company (so another address and phone), in a finished state
// no intent sets, with its dates further back and its own text, but for
// the text a task pinned on the original.
func lookAlike(val *valuer, cm *collModel, p *plan, orig map[string]any, recs []map[string]any, used map[string]bool, pinned map[string]any) map[string]any {
	rec := map[string]any{}
	for k, v := range orig {
		rec[k] = v
	}
	rec[cm.key] = uniqueKey(val, cm, used)
	other := val.strangerRow()
	for _, e := range cm.enums {
		if v := findIn(e.values, terminalWords); v != "" && !p.targets[cm][e.name][v] && !p.avoid[cm][e.name][v] {
			rec[e.name] = v
			break
		}
	}
	// A copy of a group's member must not join the group: a bulk task
	// names every member it asks for.
	for _, e := range cm.enums {
		if v, _ := rec[e.name].(string); p.avoid[cm][e.name][v] {
			rec[e.name] = freeValue(e, p.avoid[cm][e.name], p.targets[cm][e.name])
		}
	}
	var first, last string
	if n, ok := orig[cm.first].(string); ok {
		first = n
	}
	if n, ok := orig[cm.last].(string); ok {
		last = n
	}
	if first == "" {
		if n, ok := orig[cm.display].(string); ok && cm.peopleLike() {
			first, last, _ = strings.Cut(n, " ")
		} else if n := ownPersonName(cm, orig); n != "" {
			// The person a record is about (a conversation's customer)
			// keeps their name, so their address is theirs too.
			first, last, _ = strings.Cut(n, " ")
		}
	}
	person := gen.Person{First: first, Last: last}
	if first == "" {
		person = other.Person
	}
	// Another company, so another address: one the original, or another
	// record drawn already (the original's near-duplicate at another
	// company), shares would make the two one person to every reader.
	for try := 0; try < 8 && cm.email != "" && holdsValue(recs, cm.email, gen.Email(person, other.Company.Domain)); try++ {
		other = val.strangerRow()
	}
	for _, f := range cm.fieldNames {
		switch cm.roles[f] {
		case atom.RoleEmail:
			// The address that tells the record from its look-alikes (an
			// owner's, where that is the only one) is another.
			if f == cm.email || !hasWord(atom.Words(f), roleWords...) && !isCopy(f) && !cm.isRecipient(f) {
				rec[f] = gen.Email(person, other.Company.Domain)
			}
		case atom.RolePhone:
			if cm.c.Fields[f].Type == "array" {
				rec[f] = []any{other.Person.Phone}
			} else {
				rec[f] = other.Person.Phone
			}
		case atom.RoleCompany:
			if f != cm.display {
				rec[f] = other.Company.Name
			}
		case atom.RoleDomain:
			rec[f] = other.Company.Domain
		case atom.RoleDate:
			if s, ok := rec[f].(string); ok {
				rec[f] = shiftDate(s, -90)
			}
		}
	}
	conform(val, cm, rec, true, true, pinned)
	rw := val.staffRow(cm, rec, row{p: person, c: other.Company})
	val.writeText(cm, rec, rw, pinned, false)
	before := datesOf(cm, rec)
	agree(cm, rec, nil, true, val.clock)
	val.rewriteText(cm, rec, rw, pinned, false, before)
	return rec
}

// ownPersonName is the name of the person a record is about (Hiver's
// customer_name), not of one who works on it, or "".
func ownPersonName(cm *collModel, rec map[string]any) string {
	for _, f := range cm.withRole(atom.RolePersonName) {
		if n, ok := rec[f].(string); ok && n != "" && !hasWord(atom.Words(f), roleWords...) && !isSecondary(f) {
			return n
		}
	}
	return ""
}

// holdsValue reports whether a record of recs holds v in field f.
func holdsValue(recs []map[string]any, f string, v any) bool {
	return slices.ContainsFunc(recs, func(r map[string]any) bool { return r[f] == v })
}

// isCopy reports whether a field holds the addresses a message copies.
func isCopy(f string) bool { return hasWord(atom.Words(f), "cc", "bcc") }

// isRecipient reports whether f holds whom a message goes to while the
// record's own address is its sender's (Zoho Mail's toAddress beside
// fromAddress): someone other than the sender. A reply-to address is
// the sender's own as often as not.
func (cm *collModel) isRecipient(f string) bool {
	return isRecipientField(f) && f != cm.email && hasWord(atom.Words(cm.email), "from", "sender")
}

// isRecipientField reports whether a field is named for whom a message
// goes to (to, recipients), not where replies go.
func isRecipientField(f string) bool {
	return hasWord(atom.Words(f), "to", "recipient", "recipients") && !hasWord(atom.Words(f), "reply")
}

// workerWords name the person who works on a record (its assignee, its
// owner), who is not the person the record is about.
var workerWords = []string{"assignee", "assigned", "owner", "manager", "approver", "agent", "reviewer", "responder", "csm", "creator", "author"}

// isAssignee reports whether a field names who is given a record to work
// on (its assignee, its owner): not who wrote it (a comment's author is
// the comment's own person).
func isAssignee(f string) bool {
	return hasWord(atom.Words(f), "assignee", "assigned", "owner", "manager", "approver", "agent", "reviewer", "responder", "csm")
}

// isSecondary reports whether an address field names someone other than
// the record's own person: whom a message copies, who works on it.
func isSecondary(f string) bool { return isCopy(f) || hasWord(atom.Words(f), workerWords...) }

// agree drops the fields that record an event the record's own state
// denies (a lost_reason on an open deal, a paused_at on a running
// channel), dates the event of one a task sets (see stampEvent), and
// mends the fields its other fields deny (an archived flag
// beside another status, a published_at on a draft, a share above its
// amount) or its states deny at the clock now (an ended meeting that
// starts tomorrow), except those a task sets.
//
// A date that ends the record's life with no state of its own to say so
// (Box's trashed_at) is kept only where ended says: on some background
// records and on look-alikes, never on a record a task names and must
// act on.
func agree(cm *collModel, rec map[string]any, set map[string]any, ended bool, now time.Time) {
	for _, d := range cm.shape.DeniedEvents(rec) {
		if _, pinned := set[d.Field]; !pinned {
			delete(rec, d.Field)
		} else if d.Date != "" {
			stampEvent(cm, rec, d.Date)
		}
	}
	mendAll(cm.shape.Contradictions(rec), rec, set)
	// A span the clock moved can deny what the record has done since:
	// a second look mends that.
	for range 2 {
		mendAll(cm.shape.Untimely(rec, now), rec, set)
	}
	if ended {
		return
	}
	for _, f := range cm.dates {
		_, pinned := set[f]
		if !pinned && f != lifecycleField(cm) && !isStamp(cm, f) && coherence.NamesEnd(f) {
			delete(rec, f)
		}
	}
}

// mendAll mends each contradiction on the field it names, or from its
// other side where a task sets that field.
func mendAll(ds []coherence.Contradiction, rec map[string]any, set map[string]any) {
	for _, d := range ds {
		if _, pinned := set[d.Field]; !pinned {
			d.Mend(rec)
		} else if d.Or != nil {
			if _, orPinned := set[d.Or.Field]; !orPinned {
				d.Or.Mend(rec)
			}
		}
	}
}

// stampEvent dates the event a task's trace of it says happened (the
// cancelled_at of an order whose cancel_reason a task selects by): an
// hour after the record was created.
func stampEvent(cm *collModel, rec map[string]any, date string) {
	created, ok := atom.Time(rec[cm.shape.CreatedField()])
	if !ok {
		return
	}
	layout := time.RFC3339
	if cm.field(date).Format == "date" {
		layout = "2006-01-02"
	}
	rec[date] = created.Add(time.Hour).UTC().Format(layout)
}

// isStamp reports whether f is a timestamp the collection's lifecycle
// keeps (conform draws and clears it with the state).
func isStamp(cm *collModel, f string) bool {
	if cm.c.Lifecycle == nil {
		return false
	}
	for _, sp := range cm.c.Lifecycle.Stamps {
		if sp.Field == f {
			return true
		}
	}
	return false
}

// settle makes a paid record owe nothing.
func settle(cm *collModel, rec map[string]any) {
	paid := false
	for _, e := range cm.enums {
		if hasWord(atom.Words(e.name), "status", "state", "payment") && coherence.IsPaid(rec[e.name]) {
			paid = true
		}
	}
	if !paid {
		return
	}
	for _, f := range cm.withRole(atom.RoleMoney) {
		if _, ok := rec[f].(float64); ok && coherence.IsOwed(f) && f != cm.amount {
			rec[f] = 0.0
		}
	}
}

// shiftDate moves a date or date-time by days, keeping its layout.
func shiftDate(s string, days int) string {
	if t, err := time.Parse("2006-01-02", s); err == nil {
		return t.AddDate(0, 0, days).Format("2006-01-02")
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t.AddDate(0, 0, days).Format(time.RFC3339)
	}
	return s
}

// backgroundRecord draws a record no intent names: people and companies
// from gen's pool, amounts under every threshold, states other than those
// a group is told by, references to records others may point at. A record
// on a parent (a note on a person) is of the parent's person and company
// for its first six draws.
func backgroundRecord(val *valuer, cm *collModel, p *plan, refKeys map[*collModel][]string, used map[string]bool, par parent) (map[string]any, row) {
	val.background = true
	defer func() { val.background = false }()
	var rec map[string]any
	var tw row
	for try := 0; try < 12; try++ {
		r := val.src.NewRow()
		rw := row{p: r.Person, c: val.counterpart(r.Company)}
		if par.rw != nil && try < 6 {
			rw = *par.rw
		}
		rw = val.atHome(cm, rw)
		if par.rw == nil || try >= 6 {
			rw = val.apart(rw)
		}
		rec = map[string]any{cm.key: uniqueKey(val, cm, used)}
		for _, f := range cm.fieldNames {
			if f == cm.key {
				continue
			}
			if x := backgroundValue(val, cm, f, rw, p, refKeys); x != nil {
				rec[f] = x
			}
		}
		for f, x := range par.set {
			rec[f] = x
		}
		settle(cm, rec)
		// A quarter of the background ends in a lifecycle kept in a date.
		conform(val, cm, rec, lifecycleField(cm) != "" && cm.c.Lifecycle.StateOf(cm.c.Fields[lifecycleField(cm)], "x") == atom.StateSet && val.rng.IntN(4) == 0, false, par.set)
		madeAfter(val, cm, rec, par.after, nil)
		tw = val.staffRow(cm, rec, val.ownParty(cm, rec, rw, par.set))
		writeSlugs(cm, rec, tw, par.set)
		val.writeText(cm, rec, tw, nil, false)
		before := datesOf(cm, rec)
		agree(cm, rec, nil, val.rng.IntN(4) == 0, val.clock)
		gateByState(cm, rec, false, nil) // agreeing may have moved a state
		val.rewriteText(cm, rec, tw, nil, false, before)
		val.roleForm(cm, rec, rw.p, par.set)
		// A stranger does not share a name with a record a task names, in
		// any app: the instruction would no longer single it out, and a
		// record a task makes from it (a project named after a campaign)
		// would have a twin.
		clash := cm.named() && used["name|"+nameKey(cm, rec)]
		if !clash && len(cm.shape.CheckRecord(rec)) == 0 || try == 11 {
			break // the last try keeps its key: a record returned holds it
		}
		delete(used, "key|"+cm.ref()+"|"+fmt.Sprint(rec[cm.key]))
	}
	val.place(tw)
	return rec, tw
}

func backgroundValue(val *valuer, cm *collModel, f string, rw row, p *plan, refKeys map[*collModel][]string) any {
	for _, rf := range cm.refs {
		if rf.name != f {
			continue
		}
		ks := refKeys[rf.target]
		switch {
		case len(ks) == 0 && rf.list:
			return []any{}
		case len(ks) == 0:
			return nil
		case rf.list:
			return []any{pick(val.rng, ks)}
		}
		return pick(val.rng, ks)
	}
	for _, e := range cm.enums {
		if e.name == f {
			var vs []string
			for _, v := range e.values {
				if !p.avoid[cm][f][v] {
					vs = append(vs, v)
				}
			}
			if len(vs) == 0 {
				return nil
			}
			return pick(val.rng, vs)
		}
	}
	switch f {
	case cm.amount:
		x := val.amount(lowMin, backgroundMax)
		if cm.field(f).Type == "integer" {
			return float64(int64(x))
		}
		return x
	case cm.display:
		return val.displayValue(cm, rw)
	case cm.text:
		val.holdText(false)
		return nil
	}
	return val.roleValue(cm, f, rw)
}

func findRec(recs []map[string]any, key, k string) map[string]any {
	for _, r := range recs {
		if r[key] == k {
			return r
		}
	}
	return nil
}

func uniqueKey(val *valuer, cm *collModel, used map[string]bool) string {
	emailKey := cm.roles[cm.key] == atom.RoleEmail || cm.field(cm.key).Format == "email"
	for {
		// A drawn key's number has five digits: the product's keys of one
		// collection are of one width (a Salesforce id has 15 characters,
		// not 14 beside 15). The draws that would have four digits move
		// past the five-digit ones, so no other key changes.
		n := 1000 + val.rng.IntN(90000)
		if n < 10000 {
			n += 90000
		}
		k := fmt.Sprintf("%s%d", cm.prefix, n)
		if cm.roles[cm.key] == atom.RoleShortCode {
			k = val.shortCode()
		}
		if cm.roles[cm.key] == atom.RoleKeyPrefix {
			// A key made of the record's name: keyForms writes it once
			// the name is drawn.
			k = val.keyPrefix()
		}
		if emailKey {
			// A collection keyed by address: the key is an address.
			r := val.src.NewRow()
			k = gen.Email(r.Person, r.Company.Domain)
		}
		if cm.roles[cm.key] == atom.RolePhone {
			// A collection keyed by phone number (an account's own
			// numbers): the key is a number.
			k = val.src.NewRow().Person.Phone
		}
		if !used["key|"+cm.ref()+"|"+k] {
			used["key|"+cm.ref()+"|"+k] = true
			return k
		}
	}
}

// fixedValue draws one field of a fixed record.
func fixedValue(val *valuer, cm *collModel, f string, r *recordReq, rw row, p *plan, keys map[*collModel]map[string]string) any {
	fd := cm.field(f)
	if slices.Contains(r.alter, f) {
		return alteredValue(val, cm, f, r, rw, p, keys)
	}
	if x, ok := fixedRoleValue(val, cm, f, r, rw); ok {
		return x
	}
	for _, e := range cm.enums {
		if e.name == f {
			targets := p.roleTargets[cm][r.role][f]
			if r.dupOf != "" {
				targets = p.roleTargets[cm][r.dupOf][f]
			}
			// A value that selects a group (a bulk task's status) is only
			// its members', which set it explicitly.
			return startValue(val, e, union(union(union(targets, p.avoid[cm][f]), unfitStarts(cm, e, targets)), closedStarts(cm, e, r)), r.tier == "high" && cm.amount != "")
		}
	}
	for _, rf := range cm.refs {
		if rf.name == f {
			return fixedRef(val, rf, r, p, keys)
		}
	}
	if fd.Type == "object" || fd.Type == "" && cm.roles[f] == atom.RoleData {
		return nil
	}
	return val.roleValue(cm, f, rw)
}

// alteredValue draws f of a linked record anew (the value a sync copies,
// drifted): from another person and company, and never the value the
// link's own row gives, which the other app's record of the person holds
// (a company name drawn anew can come out the link's own, "Pied Piper
// Worldwide" of "Pied Piper Labs"), or the sync the task asks for would
// change nothing. After eight draws alike the last stands.
func alteredValue(val *valuer, cm *collModel, f string, r *recordReq, rw row, p *plan, keys map[*collModel]map[string]string) any {
	plain := *r
	plain.alter = nil
	linked := state.Text(fixedValue(val, cm, f, &plain, rw, p, keys))
	var x any
	for try := 0; try < 8; try++ {
		x = fixedValue(val, cm, f, &plain, val.newRow(), p, keys)
		if !strings.EqualFold(state.Text(x), linked) {
			break
		}
	}
	return x
}

// fixedRoleValue draws the fields a template reads by role: the name, the
// person and company and the amount (in the record's tier); ok is false
// for any other field. The text is written last, by writeText.
func fixedRoleValue(val *valuer, cm *collModel, f string, r *recordReq, rw row) (any, bool) {
	switch f {
	case cm.display:
		return val.displayValue(cm, rw), true
	case cm.first:
		return rw.p.First, true
	case cm.last:
		return rw.p.Last, true
	case cm.email:
		return gen.Email(rw.p, rw.c.Domain), true
	case cm.emailList:
		if isCopy(f) || cm.isRecipient(f) {
			// A copy goes to someone other than the correspondent, and
			// a mail from them goes to someone else.
			return val.roleValue(cm, f, rw), true
		}
		return []any{gen.Email(rw.p, rw.c.Domain)}, true
	case cm.phone:
		return rw.p.Phone, true
	case cm.company:
		return rw.c.Name, true
	case cm.amount:
		var x float64
		if r.tier == "high" {
			x = val.amount(highMin, highMax)
		} else {
			x = val.amount(lowMin, lowMax)
		}
		if cm.field(f).Type == "integer" {
			return float64(int64(x)), true
		}
		return x, true
	case cm.text:
		val.holdText(r.role == "a")
		return nil, true
	}
	return nil, false
}

// fixedRef is a fixed record's reference field rf: the record of the role
// the request names, else some fixed record of the target the plan does
// not keep private, else none.
func fixedRef(val *valuer, rf refField, r *recordReq, p *plan, keys map[*collModel]map[string]string) any {
	if role, ok := r.refs[rf.name]; ok {
		if k := keys[rf.target][role]; k != "" {
			if rf.list {
				return []any{k}
			}
			return k
		}
	}
	if rf.list {
		return []any{}
	}
	if ownParent(r, rf) {
		return nil
	}
	var ks []string
	for role, k := range keys[rf.target] {
		if !p.private[rf.target][role] {
			ks = append(ks, k)
		}
	}
	sort.Strings(ks)
	if len(ks) > 0 {
		return pick(val.rng, ks)
	}
	return nil
}

// freeValue is the first value of e in neither set, or e's first value
// when every one is taken.
func freeValue(e enumField, avoid, targets map[string]bool) string {
	for _, v := range e.values {
		if !avoid[v] && !targets[v] {
			return v
		}
	}
	return e.values[0]
}

// union is a new set holding the members of a and b.
func union(a, b map[string]bool) map[string]bool {
	if len(b) == 0 {
		return a
	}
	out := make(map[string]bool, len(a)+len(b))
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

// startValue picks a record's initial enum value: one no intent of the
// bundle sets, so that the goal is not met before the agent acts. A large
// amount never starts approved: the data keeps the approval policy.
func startValue(val *valuer, e enumField, targets map[string]bool, large bool) string {
	var free []string
	for _, v := range e.values {
		if !targets[v] && !(large && findIn([]string{v}, approvedWords) != "") {
			free = append(free, v)
		}
	}
	if len(free) == 0 {
		return e.values[0]
	}
	return pick(val.rng, free)
}
