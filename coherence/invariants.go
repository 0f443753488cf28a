package coherence

import (
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// invariants checks the declared rules that span records or read the
// world's clock: a number the product keeps unique, a display name beside
// a reference that must be the referenced record's, a date within the
// referenced record's (within), a quote of its text (quotes), a count of
// the days left to a date, and a company record's domain of its own name
// (domain_of).
func (c *checker) invariants(def *atom.Collection, name string, col *state.Collection) {
	app, _ := state.Split(name)
	for _, inv := range def.Invariants {
		switch inv.Rule {
		case "unique":
			c.unique(inv, name, col)
		case "remaining", "full_when":
			c.settled(inv, name, col)
		case "refers_to", "flag_of":
			c.refersTo(inv, name, col)
		case "referred_by":
			c.referredBy(inv, def, name, col)
		case "granted":
			c.granted(inv, def, name, col)
		case "days_until":
			for _, rec := range col.Records {
				c.daysUntil(inv, name, col.Key, rec)
			}
		case "domain_of":
			for _, rec := range col.Records {
				c.ownDomain(inv, name, col.Key, rec)
			}
		case "display", "within", "since", "agrees", "quotes", "senior", "lasts", "position":
			if inv.RankStates() {
				continue // a record's own fields: RecordProblems
			}
			target := c.w.Collection(app + "." + def.Fields[inv.Fields[1]].Ref)
			if target == nil {
				continue
			}
			for _, rec := range col.Records {
				switch inv.Rule {
				case "within", "since":
					c.within(inv, name, col.Key, target, rec)
				case "agrees":
					c.agrees(inv, name, col.Key, target, c.companyOfRef(def, app, inv, rec))
				case "senior":
					c.senior(inv, name, col.Key, target, rec)
				case "lasts":
					c.lasts(inv, name, col.Key, target, rec)
				case "position":
					c.position(inv, name, col.Key, target, rec)
				default:
					c.display(inv, name, col.Key, target, rec)
				}
			}
		}
	}
}

// unique finds the records that repeat a value a unique rule keeps
// unique: in its scope where it has one (a page title within its space),
// and across the collections that share its values (an issue's number
// and a pull request's in one repository). The later record is at fault.
func (c *checker) unique(inv atom.Invariant, name string, col *state.Collection) {
	app, _ := state.Split(name)
	seen := map[string]string{}
	f := inv.Fields[len(inv.Fields)-1]
	for i, coll := range append([]string{""}, inv.With...) {
		at, in := name, col
		if i > 0 {
			at = app + "." + coll
			if in = c.w.Collection(at); in == nil {
				continue
			}
		}
		for _, rec := range in.Records {
			k, _ := state.KeyOf(rec, in.Key)
			if was, numbered := inv.NumberedValue(rec); numbered {
				c.add(RuleInvariant, at, k, f, rec[f], "%s %q numbers %q, a value held once, as if for a second holder", f, state.Text(rec[f]), was)
			}
			v, ok := atom.UniqueKey(inv, rec)
			if !ok {
				continue
			}
			if other, dup := seen[v]; dup {
				c.add(RuleInvariant, at, k, f, rec[f], "%s %q is also %s's", uniqueWhat(inv), v, other)
			}
			if i > 0 {
				k = coll + " " + k
			}
			seen[v] = k
		}
	}
}

// uniqueWhat names what a unique rule keeps unique: "title in space_key".
func uniqueWhat(inv atom.Invariant) string {
	what := strings.Join(inv.Fields, " and ")
	if inv.Per != "" {
		what += " in " + inv.Per
	}
	return what
}

func (c *checker) display(inv atom.Invariant, name, key string, target *state.Collection, rec state.Record) {
	shown, ref := state.Text(rec[inv.Fields[0]]), state.Text(rec[inv.Fields[1]])
	if shown == "" || ref == "" {
		return
	}
	t, ok := target.Lookup(ref)
	if !ok {
		return
	}
	if inv.Rule == "quotes" {
		if !inv.Quoted(shown, t) {
			k, _ := state.KeyOf(rec, key)
			c.add(RuleInvariant, name, k, inv.Fields[0], shown, "%s quotes no passage of the %s of %s %s", inv.Fields[0], inv.From[0], inv.Fields[1], ref)
		}
		return
	}
	if want, ok := inv.Display(t); ok && want != shown {
		k, _ := state.KeyOf(rec, key)
		c.add(RuleInvariant, name, k, inv.Fields[0], shown, "%s is %q but %s %s is %q", inv.Fields[0], shown, inv.Fields[1], ref, want)
	}
}

// within checks a date of a record against the date that bounds it on
// the record its reference names: a time-off request of an employee
// terminated on 1 March starts by then (within), an attendee of a meeting
// starting at 10:00 joins no earlier (since); and a number against the
// number that bounds it there (a row's number within its sheet's count).
func (c *checker) within(inv atom.Invariant, name, key string, target *state.Collection, rec state.Record) {
	p, ok := target.Lookup(state.Text(rec[inv.Fields[1]]))
	if !ok {
		return
	}
	if _, out := inv.OutsideParent(rec, p); out {
		side := "after"
		if inv.Rule == "since" {
			side = "before"
		}
		k, _ := state.KeyOf(rec, key)
		c.add(RuleInvariant, name, k, inv.Fields[0], rec[inv.Fields[0]], "%s is %s %s %s's %s %s", inv.Fields[0], side, inv.Fields[1], rec[inv.Fields[1]], inv.Fields[2], state.Text(p[inv.Fields[2]]))
	}
	if bound, above := inv.AboveParent(rec, p); above {
		k, _ := state.KeyOf(rec, key)
		c.add(RuleInvariant, name, k, inv.Fields[0], rec[inv.Fields[0]], "%s is above %s %s's %s %v", inv.Fields[0], inv.Fields[1], rec[inv.Fields[1]], inv.Fields[2], bound)
	}
}

// lasts checks that a record ends as long after its start as the record
// its reference names says it lasts: a Calendly event its type's duration.
func (c *checker) lasts(inv atom.Invariant, name, key string, target *state.Collection, rec state.Record) {
	t, ok := target.Lookup(state.Text(rec[inv.Fields[1]]))
	if !ok {
		return
	}
	end, eok := atom.Time(rec[inv.Fields[0]])
	want, wok := inv.Ends(rec, t)
	if eok && wok && !end.Equal(want) {
		k, _ := state.KeyOf(rec, key)
		start, _ := atom.Time(rec[inv.Fields[3]])
		c.add(RuleInvariant, name, k, inv.Fields[0], rec[inv.Fields[0]], "%s is %v after %s but %s %s's %s is %v minutes", inv.Fields[0], end.Sub(start), inv.Fields[3], inv.Fields[1], rec[inv.Fields[1]], inv.Fields[2], t[inv.Fields[2]])
	}
}

// position checks a number that is the record's place in a list of the
// record its reference names: a Dropbox Sign signature's order, its
// signer's place among its request's signers (0 for the first). A record
// the list does not hold is the agrees rule's to report.
func (c *checker) position(inv atom.Invariant, name, key string, target *state.Collection, rec state.Record) {
	p, ok := target.Lookup(state.Text(rec[inv.Fields[1]]))
	if !ok || !atom.IsSet(rec[inv.Fields[0]]) {
		return
	}
	want, ok := inv.Place(rec, p)
	if got, gok := state.Number(rec[inv.Fields[0]]); ok && (!gok || got != float64(want)) {
		k, _ := state.KeyOf(rec, key)
		c.add(RuleInvariant, name, k, inv.Fields[0], rec[inv.Fields[0]], "%s is %v but %s %s is place %d of %s %s's %s", inv.Fields[0], rec[inv.Fields[0]], inv.From[0], state.Text(rec[inv.From[0]]), want, inv.Fields[1], rec[inv.Fields[1]], inv.Fields[2])
	}
}

// senior checks that the record a reference names holds a title no less
// senior than the record's own: a CTO's manager is no procurement
// specialist.
func (c *checker) senior(inv atom.Invariant, name, key string, target *state.Collection, rec state.Record) {
	p, ok := target.Lookup(state.Text(rec[inv.Fields[1]]))
	if !ok || !inv.Junior(rec, p) {
		return
	}
	k, _ := state.KeyOf(rec, key)
	c.add(RuleInvariant, name, k, inv.Fields[1], rec[inv.Fields[1]], "%s %s is less senior than the record: %s %q above %s %q", inv.Fields[1], state.Text(rec[inv.Fields[1]]), inv.Fields[2], state.Text(p[inv.Fields[2]]), inv.Fields[0], state.Text(rec[inv.Fields[0]]))
}

// agrees checks a copy of a field of the record a reference names: an
// opportunity's company is its primary contact's, a channel message's team
// is its channel's. By kind, the record the reference names is read
// beside the others of its collection (a request type beside the other
// types its instance offers): a type at large takes no request of a topic
// another type names.
func (c *checker) agrees(inv atom.Invariant, name, key string, target *state.Collection, rec state.Record) {
	p, ok := target.Lookup(state.Text(rec[inv.Fields[1]]))
	if !ok {
		return
	}
	if inv.ByCompany() {
		if !c.ofStaff(target.Name, p) {
			c.agreesOnCompany(inv, name, key, rec, c.parentCompanyRef(inv, target, p))
		}
		return
	}
	if inv.GatedThrough() && !inv.BindsThrough(c.gateOf(inv, target, p)) {
		return // an invitee of a group event may cancel alone
	}
	var peers []string
	if inv.ByKind() {
		peers = inv.Peers(target.Records)
	}
	if want, bad := inv.DisagreesAmong(rec, p, peers); bad {
		k, _ := state.KeyOf(rec, key)
		if inv.ByKind() {
			own, theirs := state.Text(rec[inv.Fields[0]]), state.Text(p[inv.Fields[2]])
			if atom.CaseFits(own, theirs) {
				c.add(RuleInvariant, name, k, inv.Fields[0], rec[inv.Fields[0]], "%s %q is of topic %q, which another %s names, not %s %s's %s %q (at large)", inv.Fields[0], own, atom.CaseTopic(own), inv.Fields[1], inv.Fields[1], rec[inv.Fields[1]], inv.Fields[2], theirs)
				return
			}
			c.add(RuleInvariant, name, k, inv.Fields[0], rec[inv.Fields[0]], "%s %q is a %s case (topic %q), not one of the kind and topic %s %s's %s %q says (%s, %q)", inv.Fields[0], own, atom.CaseKind(own), atom.CaseTopic(own), inv.Fields[1], rec[inv.Fields[1]], inv.Fields[2], theirs, want, atom.CaseTopic(theirs))
			return
		}
		c.add(RuleInvariant, name, k, inv.Fields[0], rec[inv.Fields[0]], "%s %s does not agree with %s %s's %s %s", inv.Fields[0], state.Text(rec[inv.Fields[0]]), inv.Fields[1], rec[inv.Fields[1]], inv.Fields[2], want)
	}
}

// gateOf is the record that p, a record of target, names by the reference
// an agrees rule gated through it reads (an event's type), or nil.
func (c *checker) gateOf(inv atom.Invariant, target *state.Collection, p state.Record) state.Record {
	_, tdef := c.def(target.Name)
	if tdef == nil {
		return nil
	}
	app, _ := state.Split(target.Name)
	gc := c.w.Collection(app + "." + tdef.Fields[inv.Fields[3]].Ref)
	if gc == nil {
		return nil
	}
	g, _ := gc.Lookup(state.Text(p[inv.Fields[3]]))
	return g
}

// daysUntil checks a count of days left to a date against the world's
// clock: a campaign ending on 21 May has 45 days remaining on 6 April.
func (c *checker) daysUntil(inv atom.Invariant, name, key string, rec state.Record) {
	got, gok := state.Number(rec[inv.Fields[0]])
	want, ok := inv.DaysUntil(rec, c.w.Clock)
	if gok && ok && got != float64(want) {
		k, _ := state.KeyOf(rec, key)
		c.add(RuleInvariant, name, k, inv.Fields[0], rec[inv.Fields[0]], "%s is %v but %s %v is %d days %s the clock", inv.Fields[0], got, inv.Fields[1], rec[inv.Fields[1]], want, map[bool]string{true: "before", false: "from"}[inv.By == atom.DaysSince])
	}
}
