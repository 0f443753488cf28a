package synth

import (
	"fmt"
	"hash/fnv"
	"math"
	"slices"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// settleBalances makes the records of cm keep their remaining and
// full_when rules once their money parts are settled: the parts of a
// record settled in full (a paid invoice, a refunded order) come to its
// whole, the last part no task names taking up the difference (or, where
// a task names every one, the whole is their sum); then a balance is the
// whole less what was paid, the whole on a draft, nothing on a record
// settled in full, and at most the whole where no part was drawn.
func settleBalances(m *appModel, cm *collModel, d *atom.Data) {
	for _, inv := range cm.c.Invariants {
		if inv.Rule == "full_when" {
			fillSettled(m, cm, inv, d)
		}
	}
	paid := coherence.PaidOf(m.server, cm.name, func(p string) []map[string]any { return d.Records[m.app][p] })
	for _, inv := range cm.c.Invariants {
		if inv.Rule != "remaining" {
			continue
		}
		f := inv.Fields[0]
		for _, rec := range d.Records[m.app][cm.name] {
			x, has := paid[state.Text(rec[cm.key])]
			want, exact, ok := cm.shape.Balance(inv, rec, x, has)
			got, gok := state.Number(rec[f])
			if ok && (exact && (!gok || math.Abs(got-want) > 0.005) || !exact && gok && got > want) {
				rec[f] = coherence.SameKind(rec[f], want)
			}
			if ok && coherence.PartPaid(inv, rec) {
				leavePart(m, cm, inv, rec, exact, d)
			}
		}
	}
}

// leavePart makes a record in a state of inv's Values (a partially paid
// Zoho Books invoice) owe a part of its whole: where no money part of it
// was drawn, a balance of nothing or of the whole becomes a share of the
// whole (from a fifth to four fifths, by the record's key); where its
// parts paid all of it, the last part no task names pays less, leaving
// that share.
func leavePart(m *appModel, cm *collModel, inv atom.Invariant, rec map[string]any, exact bool, d *atom.Data) {
	got, _ := state.Number(rec[inv.Fields[0]])
	whole, _ := state.Number(rec[inv.Fields[1]])
	if whole < 0.05 || got >= 0.005 && got <= whole-0.005 {
		return
	}
	h := fnv.New32a()
	h.Write([]byte(state.Text(rec[cm.key])))
	share := math.Round(whole*(0.2+0.6*float64(h.Sum32()%1000)/1000)*100) / 100
	if !exact {
		rec[inv.Fields[0]] = coherence.SameKind(rec[inv.Fields[0]], share)
		return
	}
	named := namedKeys(m, d)
	for _, pcm := range m.colls {
		amount := pcm.shape.WholeAmount()
		for pf, target := range pcm.shape.PartParents() {
			if target != cm.name || amount == "" {
				continue
			}
			ps := d.Records[m.app][pcm.name]
			for i := len(ps) - 1; i >= 0; i-- {
				x, _ := state.Number(ps[i][amount])
				if state.Text(ps[i][pf]) == state.Text(rec[cm.key]) && !pcm.shape.MovedNoMoney(ps[i]) && !named[pcm.name][state.Text(ps[i][pcm.key])] && x+got-share > 0.005 {
					ps[i][amount] = coherence.SameKind(ps[i][amount], math.Round((x+got-share)*100)/100)
					mendAll(pcm.shape.Contradictions(ps[i]), ps[i], nil)
					rec[inv.Fields[0]] = coherence.SameKind(rec[inv.Fields[0]], share)
					return
				}
			}
		}
	}
}

// fillSettled makes the parts of each record of cm settled in full by inv
// come to its whole (inv.Fields[0]).
func fillSettled(m *appModel, cm *collModel, inv atom.Invariant, d *atom.Data) {
	named := namedKeys(m, d)
	for _, pcm := range m.colls {
		amount := pcm.shape.WholeAmount()
		for f, target := range pcm.shape.PartParents() {
			if target != cm.name || amount == "" {
				continue
			}
			parts := map[string][]map[string]any{}
			for _, rec := range d.Records[m.app][pcm.name] {
				if k := state.Text(rec[f]); k != "" && !pcm.shape.MovedNoMoney(rec) {
					parts[k] = append(parts[k], rec)
				}
			}
			for _, p := range d.Records[m.app][cm.name] {
				if ps := parts[state.Text(p[cm.key])]; len(ps) > 0 && cm.shape.Settled(p) {
					fillParts(pcm, inv.Fields[0], amount, p, ps, named[pcm.name])
				}
			}
		}
	}
}

// fillParts makes the parts ps (amounts in field amount) of record p come
// to its whole: the last part no task names takes the difference where it
// stays above nothing, else the whole becomes their sum.
func fillParts(pcm *collModel, whole, amount string, p map[string]any, ps []map[string]any, named map[string]bool) {
	sum := 0.0
	for _, r := range ps {
		x, _ := state.Number(r[amount])
		sum += x
	}
	w, ok := state.Number(p[whole])
	if !ok || math.Abs(w-sum) <= 0.005 {
		return
	}
	for i := len(ps) - 1; i >= 0; i-- {
		x, _ := state.Number(ps[i][amount])
		if !named[state.Text(ps[i][pcm.key])] && x+w-sum > 0 {
			ps[i][amount] = coherence.SameKind(ps[i][amount], x+w-sum)
			mendAll(pcm.shape.Contradictions(ps[i]), ps[i], nil) // a note naming the old amount
			return
		}
	}
	p[whole] = coherence.SameKind(p[whole], sum)
}

// namedKeys are the keys of the records a task names, by collection, in
// app m.
func namedKeys(m *appModel, d *atom.Data) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for _, h := range d.Handles {
		if h.App != m.app {
			continue
		}
		if out[h.Collection] == nil {
			out[h.Collection] = map[string]bool{}
		}
		out[h.Collection][h.Key] = true
	}
	return out
}

// referToKind makes the record each reference of cm's records names one
// of the kinds a refers_to rule allows: a contact a Zoho Books invoice is
// for is a customer (a vendor it names becomes one, as Zoho Books lets a
// contact be both), but a record a task names gains no label for a record
// no task names (a task's message does not become a draft); and a flag_of
// rule's flag says what the record named is (a Shortcut story is completed
// where its state is of type done).
func referToKind(m *appModel, cm *collModel, inv atom.Invariant, d *atom.Data) {
	rf := inv.Fields[0]
	if inv.Rule == "flag_of" {
		rf = inv.Fields[1]
	}
	ref := cm.c.Fields[rf].Ref
	tc := m.byName[ref]
	if tc == nil {
		return
	}
	named := namedKeys(m, d)
	held := map[string]bool{}
	for _, rec := range d.Records[m.app][cm.name] {
		held[state.Text(rec[rf])] = true
	}
	gone := map[string]bool{}
	defer func() {
		d.Records[m.app][cm.name] = slices.DeleteFunc(d.Records[m.app][cm.name], func(r map[string]any) bool { return gone[state.Text(r[cm.key])] })
	}()
	for _, rec := range d.Records[m.app][cm.name] {
		t := findRec(d.Records[m.app][ref], tc.key, state.Text(rec[rf]))
		if t != nil && inv.Rule == "refers_to" && tc.field(inv.Fields[1]).Type == "array" && named[ref][state.Text(t[tc.key])] && !named[cm.name][state.Text(rec[cm.key])] {
			// A record a task names keeps the labels it was drawn with
			// (a task's message does not become a draft): the record no
			// task names refers to one no task names and none other
			// refers to, or to none (and goes: dropUnkinded).
			t = freeRecord(d.Records[m.app][ref], tc.key, named[ref], held)
			if t == nil {
				continue
			}
			rec[rf] = t[tc.key]
			held[state.Text(t[tc.key])] = true
		}
		if t != nil && inv.Follows() && inv.RefersFrom(rec) && !inv.RefersToKind(t) {
			// The value follows the record referred to (an estimate
			// its team's scale): neither the reference nor the team
			// moves, and a group a task selects by team keeps its
			// members.
			follow(cm, tc, t, inv, rec)
			continue
		}
		if t != nil && inv.Rule == "refers_to" && !cm.field(rf).Required && inv.RefersFrom(rec) && !inv.RefersToKind(t) && pointAtKind(m, cm, tc, inv, rec, d) {
			continue
		}
		switch {
		case t == nil || !inv.RefersFrom(rec):
		case inv.Rule == "refers_to" && !inv.RefersToKind(t) && len(inv.Fields) == 3 && !named[cm.name][state.Text(rec[cm.key])] && repoint(m, cm, tc, inv, rec, named[ref], d):
			// A record whose text was written for the values the rule
			// holds for (a Statuspage update announcing maintenance work)
			// names a record of the kind the rule asks instead, where
			// the world holds one no other record keeps to another kind.
		case inv.Rule == "refers_to" && !inv.RefersToKind(t) && len(inv.Fields) == 3 && !named[cm.name][state.Text(rec[cm.key])] && ungate(cm, inv, rec):
			// A rule that holds for some of the records only (a manager's
			// membership) moves a record no task names out of them: a
			// member, not a manager, of a direct message.
		case inv.Rule == "refers_to" && !inv.RefersToKind(t) && named[ref][state.Text(t[tc.key])] && !named[cm.name][state.Text(rec[cm.key])] && !referredTo(m, cm):
			// A record a task names keeps the state it was drawn with (an
			// order a report counts as paid): the record no task names
			// that would move it (a refund) goes instead.
			gone[state.Text(rec[cm.key])] = true
		case inv.Rule == "refers_to" && !inv.RefersToKind(t):
			kindTo(m, tc, t, inv.Fields[1], inv.In[0], d)
		case inv.Rule == "flag_of":
			if want, ok := inv.FlagOf(t); ok {
				rec[inv.Fields[0]] = want
			}
		}
	}
}

// follow gives rec's third field, under a refers_to rule by follows, the
// value of its enum nearest the one drawn that every such rule of cm over
// the same reference and field holds for with t, the record referred to:
// a Linear issue's estimate becomes the nearest point of its team's
// scale. A t that holds no kind yet takes the first of its field's enum
// that the rules allow for rec's value, and the records after follow it.
func follow(cm, tc *collModel, t map[string]any, inv atom.Invariant, rec map[string]any) {
	rules := slices.DeleteFunc(slices.Clone(cm.c.Invariants), func(r atom.Invariant) bool {
		return !r.Follows() || r.Fields[0] != inv.Fields[0] || r.Fields[2] != inv.Fields[2]
	})
	holds := func() bool {
		return !slices.ContainsFunc(rules, func(r atom.Invariant) bool { return r.RefersFrom(rec) && !r.RefersToKind(t) })
	}
	if kf := tc.field(inv.Fields[1]); !atom.IsSet(t[inv.Fields[1]]) {
		for _, e := range kf.Enum {
			if t[inv.Fields[1]] = stateValue(kf, fmt.Sprint(e)); holds() {
				return
			}
		}
		delete(t, inv.Fields[1])
		return
	}
	f, fd := inv.Fields[2], cm.field(inv.Fields[2])
	was := rec[f]
	at, _ := state.Number(was)
	best, gap := any(nil), math.Inf(1)
	for _, e := range fd.Enum {
		rec[f] = stateValue(fd, fmt.Sprint(e))
		n, _ := state.Number(rec[f])
		if holds() && math.Abs(n-at) < gap {
			best, gap = rec[f], math.Abs(n-at)
		}
	}
	rec[f] = was
	if best != nil {
		rec[f] = best
	}
}

// pointAtKind points rec's optional reference, under a refers_to rule,
// away from a record of a kind the rule does not allow: to a record of tc
// of the kind that keeps rec's agrees rules over the reference (a
// Confluence space's home page is one of its current pages), else to
// none. No record's state moves for it: a draft made current would join
// the pages a task's group of current pages describes, and a task's draft
// stays one. False where rec must keep it: a reference of a list, or to
// one (the label of a task's message stays as it was drawn).
func pointAtKind(m *appModel, cm, tc *collModel, inv atom.Invariant, rec map[string]any, d *atom.Data) bool {
	rf := inv.Fields[0]
	if tc.field(inv.Fields[1]).Type == "array" || cm.field(rf).Type == "array" {
		return false
	}
	i := slices.IndexFunc(d.Records[m.app][tc.name], func(r map[string]any) bool {
		return inv.RefersToKind(r) && !disagreesOn(cm, rf, rec, r)
	})
	if i < 0 {
		delete(rec, rf)
		return true
	}
	rec[rf] = d.Records[m.app][tc.name][i][tc.key]
	return true
}

// disagreesOn reports whether rec, naming r by its reference rf, would
// break an agrees rule of cm over rf (a space whose home page is another
// space's page).
func disagreesOn(cm *collModel, rf string, rec, r map[string]any) bool {
	return slices.ContainsFunc(cm.c.Invariants, func(inv atom.Invariant) bool {
		if inv.Rule != "agrees" || inv.ByKind() || inv.ByCompany() || inv.Fields[1] != rf {
			return false
		}
		_, bad := inv.Disagrees(rec, r)
		return bad
	})
}

// repoint makes rec's reference, under a refers_to rule of three fields,
// name a record of tc of a kind the rule allows, where rec, a record of
// cm, holds a text written for its values and the world holds such a
// record that no other record keeps to another kind and no task names (a
// task counting what it adds under its incident finds none there before
// it); false where it does not.
func repoint(m *appModel, cm, tc *collModel, inv atom.Invariant, rec map[string]any, named map[string]bool, d *atom.Data) bool {
	if cm.text == "" || !atom.IsSet(rec[cm.text]) || tc.field(inv.Fields[1]).Type == "array" || cm.field(inv.Fields[0]).Type == "array" {
		return false
	}
	free := slices.DeleteFunc(slices.Clone(d.Records[m.app][tc.name]), func(r map[string]any) bool { return named[state.Text(r[tc.key])] })
	to := kindedRecord(free, tc.key, inv, kindClaims(m, tc, inv.Fields[1], d))
	if to == nil {
		return false
	}
	rec[inv.Fields[0]] = to[tc.key]
	return true
}

// ungate gives rec the first value of a refers_to rule's third field, in
// its enum's order, that the rule does not hold for and that rec's own
// rules allow (ROLE_MEMBER, where the rule is a manager's); false where
// none is.
func ungate(cm *collModel, inv atom.Invariant, rec map[string]any) bool {
	f := inv.Fields[2]
	fd := cm.field(f)
	was := rec[f]
	for _, e := range fd.Enum {
		v := fmt.Sprint(e)
		if slices.Contains(inv.Values, v) {
			continue
		}
		if rec[f] = stateValue(fd, v); !fieldProblem(cm, rec, f) {
			return true
		}
	}
	rec[f] = was
	return false
}

// freeRecord is the first of recs whose key no task names and nothing
// holds; nil where none is.
func freeRecord(recs []map[string]any, key string, named, held map[string]bool) map[string]any {
	for _, r := range recs {
		if k := state.Text(r[key]); k != "" && !named[k] && !held[k] {
			return r
		}
	}
	return nil
}

// kindTo gives record t of tc the kind v in its field f: the value, or,
// on a list (a Gmail message's labels), v beside the values it holds. A
// list of references names a record of its collection by v, one the
// product keeps under that name where the world holds none (Gmail's
// system label DRAFT, whose id is its name).
func kindTo(m *appModel, tc *collModel, t map[string]any, f, v string, d *atom.Data) {
	fd := tc.field(f)
	if fd.Type != "array" {
		// The record moved into the state keeps its flags with it: a
		// Stripe charge made succeeded is paid.
		t[f] = stateValue(fd, v)
		moveToAllow(tc, t, f)
		mendAll(tc.shape.Contradictions(t), t, map[string]any{f: t[f]})
		return
	}
	t[f] = append(slices.Clone(listOf(t[f])), v)
	lc := m.byName[fd.Ref]
	if lc == nil || findRec(d.Records[m.app][lc.name], lc.key, v) != nil {
		return
	}
	r := map[string]any{lc.key: v}
	if lc.display != "" && lc.display != lc.key {
		r[lc.display] = v
	}
	d.Records[m.app][lc.name] = append(d.Records[m.app][lc.name], r)
}

// moveToAllow moves t's states to ones in which the only_when rules of tc
// allow the value kindTo gave its field f: a Zoom meeting made to take
// registrants is scheduled and approves them, as the meeting's rules keep
// registration to such meetings.
func moveToAllow(tc *collModel, t map[string]any, f string) {
	for _, inv := range tc.c.Invariants {
		if inv.Rule == "only_when" && inv.Fields[0] == f && tc.c.Denies(inv, t) {
			t[inv.Fields[1]] = stateValue(tc.field(inv.Fields[1]), inv.In[0])
		}
	}
}

// listOf is a list value as a list of values; nil for none.
func listOf(v any) []any {
	switch l := v.(type) {
	case []any:
		return l
	case []string:
		out := make([]any, len(l))
		for i, x := range l {
			out[i] = x
		}
		return out
	}
	return nil
}
