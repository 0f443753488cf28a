package synth

import (
	"fmt"
	"hash/fnv"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// conform makes one record keep the rules its collection declares that
// need no other record: a lifecycle's timestamps only in their states
// (drawn when a state needs one), numbers within their bounds (an lte
// pair's, a field's declared minimum and maximum), dates in order, at
// most one of a group set, two fields apart that must differ, a rate that is its parts' quotient, a field
// gated by a flag only where the flag is true, a product's name of the
// kind of goods its type says, a file of the media type its name is of.
// A lifecycle kept in a date (Shopify's cancelled_at) is ended only where
// ended says so: a record a task names is one it can act on. Values a
// task sets (set) stay: a rate a task reads is met by its numerator. A
// field set only under some states (only_when) goes where the record is
// in another, but for the name of a record a task names (named), whose
// state moves instead: a space a task names is a space, not a direct
// message, which has no name.
// gateByState keeps each field an only_when rule gates to the states
// that allow it (see conform). It runs again wherever a later pass may
// have moved the state.
// A field a set_when rule asks to hold one of its values in the state
// the record is in takes the first of them (a draft page is at version
// 1), unless a task sets it.
func gateByState(cm *collModel, rec map[string]any, named bool, set map[string]any) {
	for _, inv := range cm.c.Invariants {
		switch {
		case inv.Rule == "only_when":
			conformOnlyWhen(cm, inv, rec, named, set)
			if named {
				keepActionable(cm, inv, rec, set)
			}
		case inv.Rule == "set_when" && len(inv.Values) > 0:
			if _, pinned := set[inv.Fields[0]]; !pinned && cm.c.Needs(inv, rec) && !inv.HoldsValue(rec) {
				rec[inv.Fields[0]] = stateValue(cm.field(inv.Fields[0]), inv.Values[0])
			}
		}
	}
}

// keepActionable keeps a record a task names one the task can move: where
// an only_when rule refuses a move (error) into a state its gated value
// is kept off (Shopify cancels no fulfilled order), the record holds
// another value of the gated field, the first of its states no rule
// denies, unless a task sets it (a task about fulfilled orders).
func keepActionable(cm *collModel, inv atom.Invariant, rec map[string]any, set map[string]any) {
	f := inv.Fields[0]
	if _, pinned := set[f]; inv.Error == "" || pinned || !inv.Gates(rec) {
		return
	}
	try := maps.Clone(rec)
	for _, v := range cm.field(f).Enum {
		try[f] = v
		if !inv.Gates(try) && len(cm.c.RecordProblems(try)) <= len(cm.c.RecordProblems(rec)) {
			rec[f] = v
			return
		}
	}
}

func conform(val *valuer, cm *collModel, rec map[string]any, ended, named bool, set map[string]any) {
	c := cm.c
	gateByState(cm, rec, named, set) // first: it may move the state the stamps follow
	conformStamps(val, cm, rec, ended)
	for _, inv := range c.Invariants {
		a, b := inv.Fields[0], inv.Fields[len(inv.Fields)-1]
		switch inv.Rule {
		case "lte":
			// The bounded value is the one tasks read (a daily budget,
			// clicks): it stays, and its bound is raised.
			x, y, ok := inv.Sum(rec)
			if ok && x > y {
				rec[b] = raisedBound(rec[b], x, cm.field(b).Type == "integer")
			}
		case "before":
			b = inv.Fields[1]
			x, xok := atom.Time(rec[a])
			y, yok := atom.Time(rec[b])
			if s, ok := rec[a].(string); ok && xok && yok && x.After(y) && inv.Orders(rec) {
				rec[b] = laterDate(s, x, val.clock)
			}
		case "soon_after":
			conformSoonAfter(c, inv, rec, set)
		case "ratio":
			conformRate(inv, rec, set)
		case "reaches":
			conformReaches(inv, rec, set)
		case "sum":
			conformSum(cm, inv, rec, set)
		case "senior":
			conformRankStates(cm, inv, rec, set)
		case "differs":
			if c.Fields[a].Ref == "" { // a reference points elsewhere in the world: differentRefs
				conformDiffers(inv, rec, set)
			}
		case "media_type":
			conformMediaType(inv, rec, set)
		case "at_most_one":
			kept := false
			for _, f := range inv.Fields {
				if atom.IsSet(rec[f]) && kept {
					delete(rec, f)
				}
				kept = kept || atom.IsSet(rec[f])
			}
		}
	}
	conformBounds(c, rec, set)
	if c.Mailbox != nil && c.Mailbox.OwnedBy == "" {
		conformMailbox(c, c.Mailbox, rec, set)
	}
	conformGoods(val, cm, rec, set)
}

// conformDiffers keeps a differs pair apart: an address that is its other
// field's (a personal email drawn as the work one) becomes the same
// person's at a free-mail provider, numbered by the address it was, so
// that two look-alikes whose work addresses differ keep personal ones
// that differ too; a number (a phone a call is from, drawn as the one it
// is to) becomes another of its form; any other value goes. A value a
// task sets stays.
func conformDiffers(inv atom.Invariant, rec map[string]any, set map[string]any) {
	a := inv.Fields[0]
	v := state.Text(rec[a])
	if _, pinned := set[a]; pinned || !inv.Repeats(rec) {
		return
	}
	h := fnv.New32a()
	h.Write([]byte(strings.ToLower(v)))
	n := h.Sum32()
	if local, _, ok := strings.Cut(v, "@"); ok && local != "" {
		rec[a] = fmt.Sprintf("%s%d@%s", local, 10+n%90, personalDomains[n/90%uint32(len(personalDomains))])
		return
	}
	for try := uint32(0); try < 10; try++ {
		if o, ok := otherNumber(v, n+try); ok {
			if rec[a] = o; !inv.Repeats(rec) {
				return
			}
		}
	}
	delete(rec, a)
}

// differentRefs points a reference a differs rule keeps apart from
// another field at another record of the collection it names, where it
// names the record the other names (an invitation from a member to
// themself goes to another member): the first, from an offset the
// record's key draws, that no task names; an optional reference with
// none to go to goes. A record of keep (one a task names, or whose
// reference a task sets) keeps what it was drawn with.
// An optional reference other rules agree through (a Salesforce case
// naming itself as the parent its account and company agree with) goes
// rather than move to a record those rules were not kept for.
func differentRefs(m *appModel, cm *collModel, inv atom.Invariant, d *atom.Data, keep map[string]bool) {
	f := inv.Fields[0]
	fd := cm.field(f)
	tc := m.byName[fd.Ref]
	if tc == nil {
		return
	}
	named := namedKeys(m, d)
	targets := d.Records[m.app][tc.name]
	for _, rec := range d.Records[m.app][cm.name] {
		if !inv.Repeats(rec) || keep[state.Text(rec[cm.key])] {
			continue
		}
		if !fd.Required && agreesThrough(cm, f) {
			delete(rec, f)
			continue
		}
		h := fnv.New32a()
		h.Write([]byte(state.Text(rec[cm.key])))
		moved := false
		by := tc.key // a reference by another field (an ad account's name) takes that field
		if fd.RefField != "" {
			by = fd.RefField
		}
		for i := range targets {
			t := targets[(int(h.Sum32()%uint32(len(targets)))+i)%len(targets)]
			k := state.Text(t[tc.key])
			try := maps.Clone(rec)
			try[f] = t[by]
			if named[tc.name][k] || !atom.IsSet(t[by]) || inv.Repeats(try) {
				continue
			}
			rec[f], moved = t[by], true
			break
		}
		if !moved && !fd.Required {
			delete(rec, f)
		}
	}
}

// differentRefsLast points again a reference a differs rule keeps apart
// from a field the passes after conformWorld wrote (an event's company
// made to agree with its person's address, equal to its ad account's
// name).
func (db *dataBuilder) differentRefsLast(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			for _, inv := range cm.c.Invariants {
				if inv.Rule == "differs" && cm.c.Fields[inv.Fields[0]].Ref != "" {
					differentRefs(m, cm, inv, db.d, db.pinnedKeys(cm, inv.Fields[0])) // a record a task names moves too, unless the task sets the reference
				}
			}
		}
	}
}

// agreesThrough reports whether an agrees rule of cm reads the record
// that reference f names.
func agreesThrough(cm *collModel, f string) bool {
	for _, o := range cm.c.Invariants {
		if o.Rule == "agrees" && len(o.Fields) > 1 && o.Fields[1] == f {
			return true
		}
	}
	return false
}

// otherNumber is v with its last four digits drawn from n, where v ends in
// four digits and n gives others ("+1-646-555-5896" to "+1-646-555-2731"):
// another number of the same form, such as another line of one exchange.
func otherNumber(v string, n uint32) (string, bool) {
	i := len(v)
	for i > 0 && v[i-1] >= '0' && v[i-1] <= '9' && len(v)-i < 4 {
		i--
	}
	if len(v)-i < 4 {
		return "", false
	}
	o := fmt.Sprintf("%s%04d", v[:i], n%10000)
	return o, o != v
}

// raisedBound is a bound raised above x, the value it bounds, as the
// bound's field holds numbers: between two and twelve times x, a factor
// drawn from x itself (the draws of the rest of the world stay as they
// were), so that no two fields read as one the other times ten.
func raisedBound(bound any, x float64, whole bool) any {
	h := fnv.New32a()
	h.Write([]byte(strconv.FormatFloat(x, 'f', -1, 64)))
	k := 2 + float64(h.Sum32()%1000)/100
	if _, isInt := bound.(int); isInt || whole {
		return int(math.Ceil(x * k))
	}
	return math.Round(x*k*100) / 100
}

// conformSoonAfter keeps a soon_after pair minutes apart: the second date
// (a message's received time) moves to a few minutes after the first (its
// sent time, drawn as recent), or, where a task sets the second and not
// the first, the first to a few minutes before it. Each is written in
// its field's form: a date-time, or milliseconds since the epoch (Gmail's
// date and internal_date).
func conformSoonAfter(c *atom.Collection, inv atom.Invariant, rec map[string]any, set map[string]any) {
	a, b := inv.Fields[0], inv.Fields[1]
	x, xok := c.TimeOf(rec, a)
	y, yok := c.TimeOf(rec, b)
	if !xok || !yok || !x.After(y) && y.Sub(x) <= atom.SoonAfter {
		return
	}
	h := fnv.New32a()
	h.Write([]byte(state.Text(rec[a])))
	gap := time.Duration(1+h.Sum32()%15) * time.Minute
	_, aPinned := set[a]
	if _, bPinned := set[b]; bPinned {
		if !aPinned {
			rec[a] = timeAs(c.Fields[a], y.Add(-gap))
		}
		return
	}
	rec[b] = timeAs(c.Fields[b], x.Add(gap))
}

// timeAs is t as field f holds a time: milliseconds since the epoch where
// its unit says so, else an RFC 3339 date-time.
func timeAs(f atom.Field, t time.Time) any {
	if f.Unit == atom.UnitEpochMillis {
		return float64(t.UnixMilli())
	}
	return t.UTC().Format(time.RFC3339)
}

// laterDate is a date after s (at t) for the later of two events: a week
// after, but where s is before the clock, no further than halfway to it,
// so that what has happened stays before now (a message received after it
// was sent, not after the clock).
func laterDate(s string, t, clock time.Time) string {
	d := 7 * 24 * time.Hour
	if !t.After(clock) {
		d = min(d, clock.Sub(t)/2)
	}
	if _, err := time.Parse("2006-01-02", s); err == nil {
		return t.AddDate(0, 0, int(d/(24*time.Hour))).Format("2006-01-02") // the same day is not before it
	}
	return t.Add(d).UTC().Format(time.RFC3339)
}

// conformStamps keeps a lifecycle's timestamps only in their states,
// drawing one a state needs; a lifecycle kept in a date is ended only
// where ended says so.
func conformStamps(val *valuer, cm *collModel, rec map[string]any, ended bool) {
	lc := cm.c.Lifecycle
	if lc == nil {
		return
	}
	fd := cm.c.Fields[lc.Field]
	if lc.StateOf(fd, rec[lc.Field]) == atom.StateSet && !ended {
		delete(rec, lc.Field)
	}
	st := lc.StateOf(fd, rec[lc.Field])
	for _, sp := range lc.Stamps {
		in := slices.Contains(sp.States, st)
		switch {
		case st == "":
		case atom.IsSet(rec[sp.Field]) && !in:
			delete(rec, sp.Field)
		case !atom.IsSet(rec[sp.Field]) && in:
			rec[sp.Field] = val.dateValue(cm, sp.Field)
		}
	}
}

// conformBounds brings a number outside its field's declared bounds to
// the nearest bound; a value a task sets stays.
func conformBounds(c *atom.Collection, rec map[string]any, set map[string]any) {
	for name, f := range c.Fields {
		x, ok := state.Number(rec[name])
		if _, pinned := set[name]; pinned || !ok || f.Within(x) {
			continue
		}
		if f.Minimum != nil && x < *f.Minimum {
			x = *f.Minimum
		} else {
			x = *f.Maximum
		}
		rec[name] = coherence.SameKind(rec[name], x)
	}
}

// conformOnlyWhen keeps Fields[0] only where Fields[1] holds one of In:
// a value a task sets (an address it grants to), a named record's name or
// the value of a record of no state stays, and the record becomes of a
// kind that holds it; else the value goes (a draft shows no likes). A
// department is one a value gated by it places its holder in: a CFO
// drawn in Operations moves to Finance, keeping the title.
//
// A state kept in a date (Shopify's cancelled_at, Lever's archivedAt) is
// moved only where it may be: a date goes where the rule wants none (an
// order whose payment is still held is not cancelled), and is drawn where
// a task sets the value it gates (an opportunity a task archives has been
// archived); else the gated value goes (a reason for an archive that never
// happened).
func conformOnlyWhen(cm *collModel, inv atom.Invariant, rec map[string]any, named bool, set map[string]any) {
	f, st := inv.Fields[0], inv.Fields[1]
	if !cm.c.Denies(inv, rec) {
		return
	}
	_, kept := set[f]
	_, pinned := set[st]
	if !pinned && cm.mailFolders() && st == cm.display {
		// A folder kept for a purpose is named by it; nameSystemFolders
		// makes a second one of a purpose a user's folder.
		rec[st] = stateValue(cm.field(st), inv.In[0])
		return
	}
	if fd := cm.field(st); !pinned && (fd.Format == "date" || fd.Format == "date-time") {
		switch {
		case slices.Contains(inv.In, ""):
			delete(rec, st)
		case kept:
			stampEvent(cm, rec, st)
		}
		if !cm.c.Denies(inv, rec) {
			return
		}
	} else if !pinned && (kept || named && f == cm.display || !atom.IsSet(rec[st]) || cm.roles[st] == atom.RoleDepartment) {
		rec[st] = stateValue(cm.field(st), inv.In[0])
		return
	}
	if v, ok := allowedValue(cm, f, st, rec); ok {
		rec[f] = v
		return
	}
	delete(rec, f)
}

// gateGoalWrites keeps a record a task names one on which the values the
// task writes (targets: field to the values its goals set) are allowed by
// the collection's only_when rules, as conformOnlyWhen keeps a value a
// task sets: where a rule keeps a written value to some states, the
// record is drawn in one of them (an outage's impact is an incident's,
// not a scheduled maintenance's); where a task writes the state, the
// value the rule gates is one that state allows too (an incident a task
// turns into a maintenance has impact none), or the record starts in a
// state the rule reads as the written one does (a task that resolves an
// incident names no scheduled maintenance). A field the record's own draw
// pins (set), or that a task writes too, stays; avoid are the states the
// record may not start in.
func gateGoalWrites(cm *collModel, rec map[string]any, targets, avoid map[string]map[string]bool, set map[string]any) {
	for _, inv := range cm.c.Invariants {
		if inv.Rule != "only_when" {
			continue
		}
		f, st := inv.Fields[0], inv.Fields[1]
		_, fPinned := set[f]
		_, stPinned := set[st]
		switch {
		case !stPinned && len(targets[st]) == 0:
			for _, v := range slices.Sorted(maps.Keys(targets[f])) {
				gateWrittenValue(cm, inv, rec, v, set)
			}
		case !fPinned && len(targets[f]) == 0:
			for _, s := range slices.Sorted(maps.Keys(targets[st])) {
				gateWrittenState(cm, inv, rec, s, !stPinned, union(targets[st], avoid[st]))
			}
		}
	}
}

// gateWrittenValue moves rec's state to one in which the only_when rule
// inv allows the value v a task writes to its gated field.
func gateWrittenValue(cm *collModel, inv atom.Invariant, rec map[string]any, v string, set map[string]any) {
	f, st := inv.Fields[0], inv.Fields[1]
	try := maps.Clone(rec)
	try[f] = stateValue(cm.field(f), v)
	if !cm.c.Denies(inv, try) {
		return
	}
	keep := maps.Clone(set)
	if keep == nil {
		keep = map[string]any{}
	}
	keep[f] = try[f]
	conformOnlyWhen(cm, inv, try, true, keep)
	if !cm.c.Denies(inv, try) {
		rec[st] = try[st]
	}
}

// gateWrittenState gives the field the only_when rule inv gates a value
// that both rec's state and the state s a task writes allow, where the
// field has one (allowedValue); else, where the state may move, rec
// starts in the first state not taken that inv reads as it reads s
// (in In or not), so the gated value goes as it will under s.
func gateWrittenState(cm *collModel, inv atom.Invariant, rec map[string]any, s string, move bool, taken map[string]bool) {
	f, st := inv.Fields[0], inv.Fields[1]
	try := maps.Clone(rec)
	try[st] = stateValue(cm.field(st), s)
	if !cm.c.Denies(inv, try) {
		return
	}
	if v, ok := allowedValue(cm, f, st, try); ok {
		was, had := rec[f]
		if rec[f] = v; !cm.c.Denies(inv, rec) {
			return
		}
		rec[f] = was
		if !had {
			delete(rec, f)
		}
	}
	if !move || slices.Contains(inv.In, cm.c.WhenState(st, rec)) == slices.Contains(inv.In, s) {
		return
	}
	for _, e := range cm.enums {
		if e.name != st {
			continue
		}
		unfit := unfitStarts(cm, e, map[string]bool{s: true})
		for _, v := range e.values {
			if !taken[v] && !unfit[v] && slices.Contains(inv.In, v) == slices.Contains(inv.In, s) {
				rec[st] = stateValue(cm.field(st), v)
				return
			}
		}
	}
}

// deniedStates are the states of field st (among states) in which an
// only_when rule of the collection keeps field f from holding v.
func deniedStates(cm *collModel, f, v, st string, states []string) []string {
	var out []string
	for _, s := range states {
		try := map[string]any{f: stateValue(cm.field(f), v), st: stateValue(cm.field(st), s)}
		if slices.ContainsFunc(cm.c.Invariants, func(inv atom.Invariant) bool {
			return inv.Rule == "only_when" && inv.Fields[0] == f && inv.Fields[1] == st && cm.c.Denies(inv, try)
		}) {
			out = append(out, s)
		}
	}
	return out
}

// heldTogether reports whether a record can hold v in field f together
// with a value in each of the fields held: under the collection's
// only_when rules, some state of each field they gate by allows them all
// (a Statuspage record with a maintenance window is in a maintenance
// state, which takes no outage's impact). A state field of no enum
// (a date) is not judged.
func heldTogether(cm *collModel, f, v string, held []string) bool {
	try := map[string]any{f: stateValue(cm.field(f), v)}
	for _, h := range held {
		if h != f {
			try[h] = "x"
		}
	}
	var gates []atom.Invariant
	for _, inv := range cm.c.Invariants {
		if _, ok := try[inv.Fields[0]]; inv.Rule == "only_when" && ok {
			gates = append(gates, inv)
		}
	}
	for _, inv := range gates {
		st := inv.Fields[1]
		if _, ok := try[st]; ok {
			if cm.c.Denies(inv, try) {
				return false
			}
			continue
		}
		if states := cm.field(st).Enum; len(states) > 0 && !slices.ContainsFunc(states, func(s any) bool {
			with := maps.Clone(try)
			with[st] = s
			return !slices.ContainsFunc(gates, func(g atom.Invariant) bool { return g.Fields[1] == st && cm.c.Denies(g, with) })
		}) {
			return false
		}
	}
	return true
}

// allowedValue is, for a field every record holds (Required) with states
// of its own, the first of them that the only_when rules gating it by st
// allow on rec: a workflow state named Backlog is of type unstarted, not
// one without a type. A field with no states of its own whose values the
// only_when rules by st list (a Salesforce account's region, North
// America, LATAM, EMEA or APAC, by its country) takes the first of those
// they allow: an account in Germany is in EMEA. A field with states and
// a default (a Zoho Mail folder's type, Custom for a folder the user
// makes) takes the first of them allowed too: a folder named Orders is
// no Inbox. False for any other field, whose gated value goes.
func allowedValue(cm *collModel, f, st string, rec map[string]any) (any, bool) {
	fd := cm.field(f)
	values := fd.Enum
	if len(fd.Enum) == 0 {
		for _, inv := range cm.c.Invariants {
			if inv.Rule == "only_when" && inv.Fields[0] == f && inv.Fields[1] == st {
				for _, v := range inv.Values {
					values = append(values, v)
				}
			}
		}
	} else if !fd.Required && fd.Default == nil {
		return nil, false
	}
	try := maps.Clone(rec)
	for _, v := range values {
		try[f] = v
		if !slices.ContainsFunc(cm.c.Invariants, func(inv atom.Invariant) bool {
			return inv.Rule == "only_when" && inv.Fields[0] == f && inv.Fields[1] == st && cm.c.Denies(inv, try)
		}) {
			return v, true
		}
	}
	return nil, false
}

// stateValue is state s as field f holds it: a flag's true or false, a
// number, else the text.
func stateValue(f atom.Field, s string) any {
	switch f.Type {
	case "boolean":
		return s == "true"
	case "number", "integer":
		if x, err := strconv.ParseFloat(s, 64); err == nil {
			return x
		}
	}
	return s
}

// conformRankStates gives a record a senior rule of two fields keeps its
// state from (a CTO drawn as an intern) the first state of the field's
// enum the rule allows; a state a task sets stays.
func conformRankStates(cm *collModel, inv atom.Invariant, rec map[string]any, set map[string]any) {
	f := inv.Fields[1]
	if _, pinned := set[f]; pinned || !inv.RankedOut(rec) {
		return
	}
	for _, v := range cm.field(f).Enum {
		if !slices.Contains(inv.Values, state.Text(v)) {
			rec[f] = v
			return
		}
	}
}

// conformRate writes a ratio invariant's rate from its parts (ctr from
// clicks over impressions) or, where a task sets the rate, the numerator
// from the rate and the denominator.
func conformRate(inv atom.Invariant, rec map[string]any, set map[string]any) {
	want, got, ok := inv.Rate(rec)
	if !ok || atom.SameRate(got, want) {
		return
	}
	rate, num := inv.Fields[0], inv.Fields[1]
	if _, pinned := set[rate]; !pinned {
		rec[rate] = coherence.SameKind(rec[rate], want)
		return
	}
	if _, pinned := set[num]; pinned {
		return // both set: the task's values stand
	}
	d := 1.0 // a rule of two fields: the second times Scale
	if len(inv.Fields) > 2 {
		d, _ = state.Number(rec[inv.Fields[2]])
	}
	scale := inv.Scale
	if scale == 0 {
		scale = 1
	}
	rec[num] = coherence.SameKind(rec[num], math.Round(got*d/scale*100)/100)
}

// conformReaches makes a reaches rule's flag say what its two numbers
// do (a charge refunded in full is refunded). A flag a task sets stays,
// and the part moves to agree with it: to the whole where the flag is
// true, to nothing where it is false; where a task sets both, its values
// stand.
func conformReaches(inv atom.Invariant, rec map[string]any, set map[string]any) {
	want, ok := inv.Reached(rec)
	flag, part := inv.Fields[0], inv.Fields[1]
	_, pinned := set[flag]
	_, partPinned := set[part]
	b, isSet := rec[flag].(bool)
	switch {
	case !ok:
	case !pinned:
		rec[flag] = want
	case !isSet || b == want || partPinned:
	case b:
		rec[part] = rec[inv.Fields[2]]
	default:
		rec[part] = coherence.SameKind(rec[part], 0)
	}
}

// conformWorld makes a data atom keep the rules that span records: a
// refund or a payment is of a record that took money and within it (settleMoneyParts), a
// display name beside a reference is the referenced record's, a date
// within its bound on it, and a second record of what is unique over
// several fields (a file's grant to one address) goes (a value unique
// alone or in its scope is keepUnique's).
func conformWorld(val *valuer, apps []*appModel, d *atom.Data) {
	for _, m := range apps {
		for _, cm := range m.colls {
			settleMoneyParts(m, cm, d)
		}
		for _, cm := range m.colls {
			settleBalances(m, cm, d)
		}
		for _, cm := range m.colls {
			heldParents(val, m, cm, d)
			recs := d.Records[m.app][cm.name]
			for _, inv := range cm.c.Invariants {
				switch inv.Rule {
				case "display":
					for _, rec := range recs {
						if t := referenced(m, cm, inv, d, rec); t != nil && atom.IsSet(rec[inv.Fields[0]]) {
							if name, ok := inv.Display(t); ok {
								rec[inv.Fields[0]] = name
							}
						}
					}
				case "unique":
					if len(inv.Fields) > 1 { // one field: keepUnique
						recs = dropRepeats(m, cm, inv, recs, d)
						d.Records[m.app][cm.name] = recs
					}
				case "differs":
					differentRefs(m, cm, inv, d, namedKeys(m, d)[cm.name])
				case "lasts":
					for _, rec := range recs {
						if end, ok := inv.Ends(rec, referenced(m, cm, inv, d, rec)); ok {
							rec[inv.Fields[0]] = sameLayout(rec[inv.Fields[3]], end)
						}
					}
				case "within", "since":
					if inv.Rule == "within" || !lateSince(cm, inv) {
						withinParents(m, cm, inv, recs, d)
					}
				case "spans":
					conformSpans(inv, recs)
				case "refers_to", "flag_of":
					referToKind(m, cm, inv, d)
					if tc := m.byName[cm.c.Fields[inv.Fields[0]].Ref]; inv.Rule == "refers_to" && tc != nil {
						// A record moved into the state the rule asks
						// keeps its lifecycle's stamps: media made
						// published holds the time it was published.
						for _, t := range d.Records[m.app][tc.name] {
							conformStamps(val, tc, t, true)
						}
					}
				}
			}
			nameSystemFolders(cm, recs)
		}
		// A money part a refers_to rule moved onto another record (a
		// payment off an unpaid invoice, onto a paid one) is settled
		// there: the paid record's parts come to its whole again and its
		// balance is what they leave.
		for _, cm := range m.colls {
			settleMoneyParts(m, cm, d)
		}
		for _, cm := range m.colls {
			settleBalances(m, cm, d)
		}
	}
}

// conformSpans asks of each record no more days than its dates take, once
// the within and since rules have moved them: a time-off request of 16
// days from 4 June to 4 June asks 1. The dates stay, as the rules over
// its employee left them.
func conformSpans(inv atom.Invariant, recs []map[string]any) {
	for _, rec := range recs {
		if count, days, ok := inv.SpanDays(rec); ok && count > days {
			rec[inv.Fields[0]] = days
		}
	}
}

// conformQuotes makes each quote a sentence of the text it quotes, once
// every required reference names its record (a Google Docs comment is on
// a document); a quote of no record goes.
func conformQuotes(apps []*appModel, d *atom.Data) {
	for _, m := range apps {
		for _, cm := range m.colls {
			for _, inv := range cm.c.Invariants {
				if inv.Rule != "quotes" {
					continue
				}
				for _, rec := range d.Records[m.app][cm.name] {
					if t := referenced(m, cm, inv, d, rec); t != nil && atom.IsSet(rec[inv.Fields[0]]) {
						quotePassage(inv, rec, t)
					} else {
						delete(rec, inv.Fields[0])
					}
				}
			}
		}
	}
}

// referenced is the record of d that rec's reference inv.Fields[1] names,
// or nil.
func referenced(m *appModel, cm *collModel, inv atom.Invariant, d *atom.Data, rec map[string]any) map[string]any {
	ref := cm.c.Fields[inv.Fields[1]].Ref
	tc := m.byName[ref]
	if tc == nil {
		return nil
	}
	return findRec(d.Records[m.app][ref], tc.key, state.Text(rec[inv.Fields[1]]))
}

// quotePassage writes into rec a sentence of the text of t, the record
// its reference names (which one is drawn by rec's own text, so records
// quote apart).
func quotePassage(inv atom.Invariant, rec, t map[string]any) {
	body, _ := t[inv.From[0]].(string)
	parts := sentences(body)
	if len(parts) == 0 {
		return
	}
	rec[inv.Fields[0]] = parts[hash64(state.Text(rec[inv.Fields[0]]))%uint64(len(parts))]
}

// withinParents brings a date after the one that bounds it on the record
// its reference names back to that bound: a time-off request of an
// employee terminated on 1 March starts and ends by then.
func withinParents(m *appModel, cm *collModel, inv atom.Invariant, recs []map[string]any, d *atom.Data) {
	for _, rec := range recs {
		p := referenced(m, cm, inv, d, rec)
		if bound, out := inv.OutsideParent(rec, p); p != nil && out {
			rec[inv.Fields[0]] = sameLayout(rec[inv.Fields[0]], bound)
		}
	}
}

// sameLayout writes t as the date v is written: a day, or a date-time.
func sameLayout(v any, t time.Time) string {
	if s, _ := v.(string); len(s) == len("2006-01-02") {
		return t.Format("2006-01-02")
	}
	return t.UTC().Format(time.RFC3339)
}

// lifecycleField is the field of the collection's lifecycle, or "".
func lifecycleField(cm *collModel) string {
	if cm.c.Lifecycle == nil {
		return ""
	}
	return cm.c.Lifecycle.Field
}

// settleMoneyParts makes every money part (a refund, a payment) that moved
// money one of a record that took money (no failed charge, no draft
// invoice), and those of one record add up to no more than its whole
// amount. A part a task names keeps its record, whose whole is raised to
// hold it; another moves to a record with room for it, written after it,
// or is cut to what is left of its own, or goes. A part not named is for
// its record's party (a payment's customer is its invoice's).
func settleMoneyParts(m *appModel, cm *collModel, d *atom.Data) {
	parents := cm.shape.PartParents()
	parties := cm.shape.Parties(parents)
	named := map[string]bool{}
	for _, h := range d.Handles {
		if h.App == m.app && h.Collection == cm.name {
			named[h.Key] = true
		}
	}
	for _, f := range slices.Sorted(maps.Keys(parents)) {
		tcm := m.byName[parents[f]]
		if tcm == nil {
			continue
		}
		r := &partRoom{part: cm, parent: tcm, mine: cm.shape.WholeAmount(), whole: tcm.shape.WholeAmount(), room: map[string]float64{}}
		recs := d.Records[m.app][cm.name]
		targets := d.Records[m.app][tcm.name]
		kept := make([]map[string]any, 0, len(recs)) // never null: a collection with none left is empty
		for _, pass := range []bool{true, false} {
			for _, rec := range recs {
				if named[state.Text(rec[cm.key])] != pass {
					continue
				}
				p, keep := r.settle(rec, f, targets, pass)
				if !keep {
					continue
				}
				kept = append(kept, rec)
				if p != nil && !pass {
					for _, g := range parties[f] {
						if atom.IsSet(p[g]) && atom.IsSet(rec[g]) {
							rec[g] = p[g]
						}
					}
				}
			}
		}
		d.Records[m.app][cm.name] = kept
	}
}

// partRoom is what is left of each record's whole amount once the
// refunds settled so far are taken from it.
type partRoom struct {
	part, parent *collModel
	mine, whole  string
	room         map[string]float64
}

func (r *partRoom) left(p map[string]any) float64 {
	k := state.Text(p[r.parent.key])
	if _, ok := r.room[k]; !ok {
		r.room[k], _ = state.Number(p[r.whole])
	}
	return r.room[k]
}

// fits reports whether rec can be a refund of p: p took money, has room
// for rec's amount and was written before it.
func (r *partRoom) fits(rec, p map[string]any, x float64) bool {
	if _, no := r.parent.shape.Unsettled(p); no {
		return false
	}
	if r.whole != "" && r.left(p) < x-0.005 {
		return false
	}
	a, aok := atom.Time(rec[r.part.shape.CreatedField()])
	b, bok := atom.Time(p[r.parent.shape.CreatedField()])
	return !aok || !bok || !a.Before(b)
}

// settle keeps the refund rec (field f names its record among targets)
// within a record that took money, and reports whether rec stays and the
// record it is then of (nil where f names none).
func (r *partRoom) settle(rec map[string]any, f string, targets []map[string]any, named bool) (map[string]any, bool) {
	p := findRec(targets, r.parent.key, state.Text(rec[f]))
	if p == nil {
		return nil, true
	}
	x, _ := state.Number(rec[r.mine])
	switch {
	case r.part.shape.MovedNoMoney(rec):
		r.within(rec, p, x, named) // a cancelled payment takes no room
		return p, true
	case r.fits(rec, p, x):
	case named:
		if _, no := r.parent.shape.Unsettled(p); !no && r.whole != "" && r.left(p) < x {
			w, _ := state.Number(p[r.whole])
			p[r.whole] = numberFor(r.parent, r.whole, w+x-r.left(p))
			r.room[state.Text(p[r.parent.key])] = x
		}
	default:
		i := slices.IndexFunc(targets, func(q map[string]any) bool { return r.fits(rec, q, x) })
		if i >= 0 {
			p = targets[i]
			rec[f] = p[r.parent.key]
		} else if _, no := r.parent.shape.Unsettled(p); no || r.whole == "" || r.left(p) < 0.01 {
			return nil, false
		} else {
			x = r.left(p)
			rec[r.mine] = numberFor(r.part, r.mine, x)
			mendAll(r.part.shape.Contradictions(rec), rec, nil) // a note naming the old amount
		}
	}
	if r.whole != "" {
		r.room[state.Text(p[r.parent.key])] = r.left(p) - x
	}
	return p, true
}

// within keeps a part that moved nothing (a canceled refund) at no more
// than its record's whole, as it was asked for all the same
// (coherence.partAlone): the part is cut to the whole, or, where a task
// names it, the whole raised to it.
func (r *partRoom) within(rec, p map[string]any, x float64, named bool) {
	w, ok := state.Number(p[r.whole])
	switch {
	case r.whole == "" || r.mine == "" || !ok || x <= w+0.005:
	case named:
		left := r.left(p)
		p[r.whole] = numberFor(r.parent, r.whole, x)
		r.room[state.Text(p[r.parent.key])] = left + x - w
	default:
		rec[r.mine] = numberFor(r.part, r.mine, w)
		mendAll(r.part.shape.Contradictions(rec), rec, nil)
	}
}

// numberFor writes an amount x as field f of cm holds it: a whole number
// in an integer field, cents otherwise.
func numberFor(cm *collModel, f string, x float64) any {
	if cm.field(f).Type == "integer" {
		return math.Floor(x)
	}
	return math.Floor(x*100) / 100
}

// settleParents makes each reference whose collection another field of
// the record names (ref_by: a note's parent_id beside its parent_type) a
// key of a record of that collection. A parent that resolves stays; else
// the record keeps its kind where the kind names a collection, or takes a
// kind that does (none a group's task selects by, and not where a task
// set the kind), and the parent is drawn from that collection's
// background records, which no task names (a note a task must write is
// not already there). With no such record the reference is dropped.
func (db *dataBuilder) settleParents(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			for _, f := range cm.fieldNames {
				fd := cm.field(f)
				if fd.RefBy == "" || fd.Ref != "" || fd.Type == "array" {
					continue
				}
				pinned := db.pinnedKeys(cm, fd.RefBy)
				for _, rec := range db.d.Records[m.app][cm.name] {
					db.settleParent(m, cm, f, rec, pinned[state.Text(rec[cm.key])])
				}
			}
		}
	}
}

func (db *dataBuilder) settleParent(m *appModel, cm *collModel, f string, rec map[string]any, pinned bool) {
	fd := cm.field(f)
	self := state.Text(rec[cm.key])
	kinds := slices.Sorted(maps.Keys(fd.Refs))
	if coll, ok := fd.RefOf(rec); ok && m.byName[coll] != nil {
		tc := m.byName[coll]
		if k := state.Text(rec[f]); k != "" && k != self && slices.ContainsFunc(db.d.Records[m.app][coll], func(r map[string]any) bool {
			v, ok := refValue(fd, tc, r)
			return ok && state.Text(v) == k && sameScope(fd, rec, r)
		}) {
			return
		}
		kinds = []string{state.Text(rec[fd.RefBy])}
	} else if pinned {
		kinds = nil
	}
	type choice struct {
		kind  string
		val   any
		scope any
	}
	var cs []choice
	for _, kind := range kinds {
		tc := m.byName[fd.Refs[kind]]
		if tc == nil || len(kinds) > 1 && db.p.avoid[cm][fd.RefBy][kind] {
			continue
		}
		for _, r := range db.unnamed(m, tc) {
			if v, ok := refValue(fd, tc, r); ok && state.Text(r[tc.key]) != self && (!pinned || sameScope(fd, rec, r)) {
				cs = append(cs, choice{kind, v, r[fd.RefPer]})
			}
		}
	}
	if len(cs) == 0 {
		delete(rec, f)
		return
	}
	c := pick(db.val.rng, cs)
	rec[fd.RefBy], rec[f] = c.kind, c.val
	if fd.RefPer != "" {
		rec[fd.RefPer] = c.scope // the value is unique within it (ref_per)
	}
}

// sameScope reports whether rec and the record r a reference of it names
// share the field the reference is unique within (ref_per: a GitLab note
// and its issue are of one project); always, for a reference with none.
func sameScope(fd atom.Field, rec, r map[string]any) bool {
	return fd.RefPer == "" || state.Text(rec[fd.RefPer]) == state.Text(r[fd.RefPer])
}

// refValue is what reference field fd holds to name record r of tc: its
// key, or the field the reference declares it holds (a GitLab note's
// noteable_iid holds its issue's iid); ok is false where r has none.
func refValue(fd atom.Field, tc *collModel, r map[string]any) (any, bool) {
	f := fd.RefKey(tc.c)
	if f == tc.key {
		return state.Text(r[tc.key]), atom.IsSet(r[tc.key])
	}
	return r[f], atom.IsSet(r[f])
}

// parent is the parent a background record is drawn on: its kind and key
// (set), and its person and company (rw), if it names either.
type parent struct {
	set   map[string]any
	rw    *row
	after time.Time // the latest making of the records it is written on
}

// drawParent picks the parent of a background record of cm whose
// reference's collection another field names, among the background
// records drawn so far of the collections its kinds name (none a group's
// task selects by); the zero parent where cm has no such reference or
// no record is there yet.
func (db *dataBuilder) drawParent(m *appModel, cm *collModel) parent {
	for _, f := range cm.fieldNames {
		fd := cm.field(f)
		if fd.RefBy == "" || fd.Ref != "" || fd.Type == "array" {
			continue
		}
		type choice struct {
			kind string
			tc   *collModel
			rec  map[string]any
			val  any
		}
		var cs []choice
		for _, kind := range slices.Sorted(maps.Keys(fd.Refs)) {
			tc := m.byName[fd.Refs[kind]]
			if tc == nil || tc == cm || db.p.avoid[cm][fd.RefBy][kind] {
				continue
			}
			for _, r := range db.unnamed(m, tc) {
				if v, ok := refValue(fd, tc, r); ok {
					cs = append(cs, choice{kind, tc, r, v})
				}
			}
		}
		if len(cs) == 0 {
			return parent{}
		}
		c := pick(db.val.rng, cs)
		par := parent{set: map[string]any{fd.RefBy: c.kind, f: c.val}}
		if fd.RefPer != "" {
			par.set[fd.RefPer] = c.rec[fd.RefPer] // the value is unique within it (ref_per)
		}
		if rw, ok := parentRow(m, db.d, c.tc, c.rec, db.val.newRow()); ok {
			par.rw = &rw
		}
		return par
	}
	return parent{}
}

// parentRow is the person and company of a parent record: its own names,
// and the company a reference of it names (whose name synthesis writes
// into the record's company field), else its own company; the company's
// domain comes from the parent's address or domain, else from fresh, as
// does a company or person it lacks. ok is false when it names neither person nor company.
func parentRow(m *appModel, d *atom.Data, tc *collModel, prec map[string]any, fresh row) (row, bool) {
	str := func(f string) string {
		s, _ := prec[f].(string)
		return s
	}
	var rw row
	if tc.first != "" && tc.last != "" {
		rw.p.First, rw.p.Last = str(tc.first), str(tc.last)
	} else if tc.roles[tc.display] == atom.RolePersonName {
		rw.p.First, rw.p.Last, _ = strings.Cut(str(tc.display), " ")
	}
	for _, rf := range tc.refs {
		if t := rf.target; rw.c.Name == "" && !rf.list && t.display != "" && t.roles[t.display] == atom.RoleCompany {
			if c := findRec(d.Records[m.app][t.name], t.key, str(rf.name)); c != nil {
				rw.c.Name, _ = c[t.display].(string)
			}
		}
	}
	if rw.c.Name == "" {
		rw.c.Name = str(tc.company)
	}
	if rw.c.Name == "" && tc.roles[tc.display] == atom.RoleCompany {
		rw.c.Name = str(tc.display)
	}
	if rw.p.First == "" && rw.c.Name == "" {
		return row{}, false
	}
	addr := str(tc.email)
	if l, ok := prec[tc.emailList].([]any); ok && addr == "" && len(l) > 0 {
		addr, _ = l[0].(string)
	}
	if _, dom, ok := strings.Cut(addr, "@"); ok {
		rw.c.Domain = dom
	}
	for _, f := range tc.withRole(atom.RoleDomain) {
		if rw.c.Domain == "" {
			rw.c.Domain = str(f)
		}
	}
	if c, ok := gen.CompanyAt(rw.c.Domain); ok && rw.c.Name == "" {
		rw.c = c // a person known by an address is of its company
	}
	switch {
	case rw.c.Name == "":
		rw.c = fresh.c
	case rw.c.Domain == "":
		rw.c.Domain = fresh.c.Domain
	}
	if rw.p.First == "" {
		rw.p = fresh.p
	}
	rw.p.Title, rw.p.Phone = fresh.p.Title, fresh.p.Phone
	return rw, true
}

// unnamed lists the records of tc drawn so far that no task names: the
// background, not the records of the plan's roles.
func (db *dataBuilder) unnamed(m *appModel, tc *collModel) []map[string]any {
	fixed := map[string]bool{}
	for _, k := range db.keys[tc] {
		fixed[k] = true
	}
	var out []map[string]any
	for _, r := range db.d.Records[m.app][tc.name] {
		if k := state.Text(r[tc.key]); k != "" && !fixed[k] {
			out = append(out, r)
		}
	}
	return out
}

// unnamedKeys are the keys of the records of unnamed.
func (db *dataBuilder) unnamedKeys(m *appModel, tc *collModel) []string {
	var ks []string
	for _, r := range db.unnamed(m, tc) {
		ks = append(ks, state.Text(r[tc.key]))
	}
	return ks
}

// daysLeft writes every count a days_until invariant declares (a
// campaign's days_remaining) from its date and the world's clock, once
// every pass that moves dates has run. Where a task sets the count, the
// date moves to meet it instead.
func (db *dataBuilder) daysLeft(apps []*appModel) {
	for _, m := range apps {
		for _, cm := range m.colls {
			for _, inv := range cm.c.Invariants {
				if inv.Rule != "days_until" {
					continue
				}
				pinned := db.pinnedKeys(cm, inv.Fields[0])
				for _, rec := range db.d.Records[m.app][cm.name] {
					db.dayCount(inv, rec, pinned[state.Text(rec[cm.key])])
				}
			}
		}
	}
}

func (db *dataBuilder) dayCount(inv atom.Invariant, rec map[string]any, pinned bool) {
	count, date := inv.Fields[0], inv.Fields[1]
	want, ok := inv.DaysUntil(rec, db.val.clock)
	n, has := state.Number(rec[count])
	switch {
	case !ok || !has:
	case !pinned:
		rec[count] = coherence.SameKind(rec[count], float64(want))
	case n > 0 && inv.By == atom.DaysSince:
		rec[date] = sameLayout(rec[date], db.val.clock.AddDate(0, 0, -int(n)))
	case n > 0:
		rec[date] = sameLayout(rec[date], db.val.clock.AddDate(0, 0, int(n)))
	}
}

// pinnedKeys are the keys of the records of cm whose field f a task sets.
func (db *dataBuilder) pinnedKeys(cm *collModel, f string) map[string]bool {
	out := map[string]bool{}
	for role, r := range db.p.reqs[cm] {
		if _, ok := r.set[f]; ok {
			out[db.keys[cm][role]] = true
		}
	}
	return out
}

// dropRepeats is recs less each record that repeats an earlier one's
// values of a unique invariant's fields (a second grant of one file to one
// address), where no task names it and no record refers to its
// collection; a repeat a task names takes the earlier one's place.
func dropRepeats(m *appModel, cm *collModel, inv atom.Invariant, recs []map[string]any, d *atom.Data) []map[string]any {
	for _, o := range m.colls {
		for _, rf := range o.refs {
			if rf.target == cm {
				return recs
			}
		}
	}
	named := map[string]bool{}
	for _, h := range d.Handles {
		if h.App == m.app && h.Collection == cm.name {
			named[h.Key] = true
		}
	}
	first := map[string]int{} // unique value -> index in out
	var out []map[string]any
	for _, rec := range recs {
		v, ok := atom.UniqueKey(inv, rec)
		i, seen := first[v]
		switch {
		case !ok || !seen:
			if ok {
				first[v] = len(out)
			}
			out = append(out, rec)
		case named[state.Text(rec[cm.key])] && !named[state.Text(out[i][cm.key])]:
			out[i] = rec
		case named[state.Text(rec[cm.key])]:
			out = append(out, rec) // two records tasks name stay
		}
	}
	return out
}
