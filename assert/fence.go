package assert

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/state"
)

// Fence is the whole-world negative: nothing in any collection of any app
// the environment offers changes but what the goal asks for. It is not
// written in an atom; the composer adds it beside the goal (NewFence), and
// it reads its freedoms from the goal's own assertions:
//
//   - a record may be created when a positive assertion on its collection
//     (exists, count) matches it, or an unchanged's exception does;
//   - a record may be deleted when a not_exists, a count or an unchanged's
//     exception matched it at the start;
//   - a record may be edited only in the fields that the assertions
//     matching it (before or after) name in their where: a goal that sets
//     a ticket's priority lets its priority change, not its assignee;
//   - fields the server sets itself (Volatile) are never compared;
//   - a positive cel assertion that reads a collection, or a called
//     assertion on a tool that writes it, leaves that collection's creates
//     (and, for cel, edits) to the goal: neither names fields;
//   - a positive assertion on an action log that pins the constant fields
//     of a tool's entry (its action key) asks for that tool's call, as a
//     called assertion does: the collection the tool writes beside the log
//     is left to the goal for creates; and the other way round, a log
//     entry may be created by a tool whose writes a positive assertion
//     asks for.
//
// It is scored as a negative: credited only when every positive passes.
const Fence = "fence"

// FenceSpec is what a fence knows beside the goal, from the servers.
type FenceSpec struct {
	// Volatile lists, per collection ("app.collection"), the fields never
	// compared.
	Volatile map[string][]string
	// ToolWrites maps a tool to the collection its effect writes.
	ToolWrites map[string]string
	// Stamps maps, per collection, a field a tool sets to the clock to the
	// fields the tool writes beside it: the stamp may change when one of
	// those is asked to (cancelled_at with status).
	Stamps map[string]map[string][]string
	// Logs maps a tool to the entry each of its calls records in an action
	// log beside the records it writes (ToolWrites).
	Logs map[string]ToolLog
	// Marks are the fields a create writes to the record its new record
	// names (a Shopify order a fulfillment makes fulfilled): they may
	// change on a record that a record created in the session names.
	Marks []FenceMark
	// Cascades are the fields an update writes to the records that name
	// the one it writes (the invitees of a Calendly event it cancels):
	// they may change on a record naming one the session brought to the
	// cascade's values.
	Cascades []FenceCascade
}

// FenceMark is a create's mark as the fence reads it: records created in
// collection Created whose reference Ref names a record of Target may
// change its Fields.
type FenceMark struct {
	Created, Ref, Target string
	Fields               []string
}

// FenceCascade is an update's cascade as the fence reads it: where a
// record of Target holds When at the end of the session and did not at
// its start, records of Referrer whose reference Ref names it, and that
// held Only at its start where given, may change their Fields.
type FenceCascade struct {
	Target, Referrer, Ref string
	When, Only            map[string]any
	Fields                []string
}

// ToolLog is the log entry a tool's call records: the log's collection
// and the constant fields of the entry.
type ToolLog struct {
	Collection string
	Set        map[string]any
}

// fence is a compiled Fence: the goal's programs grouped by collection.
type fence struct {
	byColl   map[string][]*Program // state assertions and unchanged, by target
	freeColl map[string]bool       // collections a cel or called goal leaves open (creates)
	celColl  map[string]bool       // collections a positive cel reads (edits too)
	volatile map[string]map[string]bool
	stamps   map[string]map[string][]string
	logs     map[string]ToolLog // by tool: the log entry its call records
	writes   map[string]string  // by tool: the collection it writes
	marks    []FenceMark
	cascades []FenceCascade
}

// NewFence compiles the fence of a goal (the programs of its assertions,
// goal and rules alike: a rule's negative tells what may go).
func NewFence(goal []*Program, spec FenceSpec) *Program {
	f := &fence{byColl: map[string][]*Program{}, freeColl: map[string]bool{}, celColl: map[string]bool{}, volatile: map[string]map[string]bool{}, stamps: spec.Stamps, logs: spec.Logs, writes: spec.ToolWrites, marks: spec.Marks, cascades: spec.Cascades}
	for name, fields := range spec.Volatile {
		f.volatile[name] = map[string]bool{}
		for _, fd := range fields {
			f.volatile[name][fd] = true
		}
	}
	for _, p := range goal {
		a := p.Assertion
		switch {
		case a.ReadsCollection():
			f.byColl[a.Target] = append(f.byColl[a.Target], p)
			for _, c := range loggedWrites(a, spec) {
				f.freeColl[c] = true
			}
		case a.Type == Called:
			if c := spec.ToolWrites[a.Target]; c != "" {
				f.freeColl[c] = true
			}
		case a.Type == CEL && !a.Negative:
			for _, name := range celCollections(a.Expr, spec) {
				f.freeColl[name], f.celColl[name] = true, true
			}
		}
	}
	a := Assertion{Type: Fence, Target: "*", Label: "nothing else in the world changes"}
	return &Program{Assertion: a, Source: "fence", fence: f}
}

// loggedWrites lists the collections the tools whose log entries a
// positive assertion asks for write beside their log.
func loggedWrites(a Assertion, spec FenceSpec) []string {
	if a.IsNegative() {
		return nil
	}
	var out []string
	for _, t := range slices.Sorted(maps.Keys(spec.Logs)) {
		l := spec.Logs[t]
		if c := spec.ToolWrites[t]; c != "" && l.Collection == a.Target && len(l.Set) > 0 && pinsAll(a.Where, l.Set) {
			out = append(out, c)
		}
	}
	return out
}

// pinsAll reports whether a where holds every field of set at its value.
func pinsAll(where []Predicate, set map[string]any) bool {
	for f, v := range set {
		if !slices.ContainsFunc(where, func(p Predicate) bool {
			return p.Field == f && (p.Op == OpEquals || p.Op == OpIEquals) && fmt.Sprint(p.Value) == fmt.Sprint(v)
		}) {
			return false
		}
	}
	return true
}

// celCollections lists the collections a cel expression names, among
// those the spec knows: both the app and the collection appear in it.
func celCollections(expr string, spec FenceSpec) []string {
	names := map[string]bool{}
	for _, c := range spec.ToolWrites {
		names[c] = true
	}
	for c := range spec.Volatile {
		names[c] = true
	}
	var out []string
	for _, name := range slices.Sorted(maps.Keys(names)) {
		app, coll := state.Split(name)
		if strings.Contains(expr, app) && strings.Contains(expr, coll) {
			out = append(out, name)
		}
	}
	return out
}

// FenceBreak is one change the goal does not ask for.
type FenceBreak struct {
	Collection, Key string
	Kind            string // "changed", "created" or "deleted"
	Field           string // for changed: the first path that differs unasked
}

func (b FenceBreak) String() string {
	if b.Kind == "changed" {
		return fmt.Sprintf("%s %s changed (%s)", b.Collection, b.Key, b.Field)
	}
	return fmt.Sprintf("%s %s was %s", b.Collection, b.Key, b.Kind)
}

// FenceBreaks lists the changes of st a Fence program does not allow, at
// most limit (0: all), in collection and key order.
func (p *Program) FenceBreaks(st *state.State, limit int) []FenceBreak {
	if p.fence == nil {
		return nil
	}
	var out []FenceBreak
	marked := p.fence.cascaded(st, p.fence.marked(st))
	for _, name := range st.Base().Names() {
		dirty := st.Dirty(name)
		if len(dirty) == 0 {
			continue
		}
		base := st.Base().Collection(name)
		for _, k := range slices.Sorted(maps.Keys(dirty)) {
			before, had := base.Lookup(k)
			after, has := st.Get(name, k)
			if kind, field := p.fence.unasked(name, before, had, after, has, marked[name][k]); kind != "" {
				out = append(out, FenceBreak{Collection: name, Key: k, Kind: kind, Field: field})
				if len(out) == limit {
					return out
				}
			}
		}
	}
	return out
}

// marked is, by collection and key, the fields the session's creates
// may have marked on a record (FenceMark): those a record created in the
// session names.
func (f *fence) marked(st *state.State) map[string]map[string][]string {
	var out map[string]map[string][]string
	for _, m := range f.marks {
		base := st.Base().Collection(m.Created)
		for k := range st.Dirty(m.Created) {
			if base != nil {
				if _, had := base.Lookup(k); had {
					continue
				}
			}
			rec, ok := st.Get(m.Created, k)
			if !ok || rec[m.Ref] == nil {
				continue
			}
			if out == nil {
				out = map[string]map[string][]string{}
			}
			if out[m.Target] == nil {
				out[m.Target] = map[string][]string{}
			}
			t := state.Text(rec[m.Ref])
			out[m.Target][t] = append(out[m.Target][t], m.Fields...)
		}
	}
	return out
}

// cascaded adds to marked, by collection and key, the fields the
// session's updates may have cascaded to a record (FenceCascade): those a
// record naming one the session brought to a cascade's values may change.
func (f *fence) cascaded(st *state.State, marked map[string]map[string][]string) map[string]map[string][]string {
	for _, c := range f.cascades {
		started := map[string]bool{}
		base := st.Base().Collection(c.Target)
		for k := range st.Dirty(c.Target) {
			after, ok := st.Get(c.Target, k)
			var before state.Record
			if base != nil {
				before, _ = base.Lookup(k)
			}
			if ok && holdsAll(after, c.When) && (before == nil || !holdsAll(before, c.When)) {
				started[k] = true
			}
		}
		if len(started) == 0 {
			continue
		}
		referrers := st.Base().Collection(c.Referrer)
		for k := range st.Dirty(c.Referrer) {
			rec, ok := st.Get(c.Referrer, k)
			if !ok || !started[state.Text(rec[c.Ref])] {
				continue
			}
			if len(c.Only) > 0 {
				var before state.Record
				if referrers != nil {
					before, _ = referrers.Lookup(k)
				}
				if before != nil && !holdsAll(before, c.Only) {
					continue // a record the cascade does not reach (an approved leave)
				}
			}
			if marked == nil {
				marked = map[string]map[string][]string{}
			}
			if marked[c.Referrer] == nil {
				marked[c.Referrer] = map[string][]string{}
			}
			marked[c.Referrer][k] = append(marked[c.Referrer][k], c.Fields...)
		}
	}
	return marked
}

// evalFence checks every record the session wrote, in every collection.
func (p *Program) evalFence(st *state.State) Outcome {
	if bs := p.FenceBreaks(st, 1); len(bs) > 0 {
		return Outcome{false, bs[0].String() + ", which the goal does not ask for"}
	}
	return Outcome{true, "nothing changed beyond what the goal asks"}
}

// unasked says how a record changed beyond what the goal asks (kind
// "changed" with the first unasked path, "created", "deleted"), or "" when
// the change is asked for or there is none.
func (f *fence) unasked(name string, before state.Record, had bool, after state.Record, has bool, marked []string) (kind, field string) {
	switch {
	case had && has:
		volatile := f.volatile[name]
		if len(marked) > 0 {
			volatile = maps.Clone(volatile)
			if volatile == nil {
				volatile = map[string]bool{}
			}
			for _, m := range marked {
				volatile[m] = true
			}
		}
		changed := changedPaths("", after, before, volatile)
		if len(changed) == 0 || f.celColl[name] {
			return "", ""
		}
		allowed := f.withStamps(name, f.fieldsAsked(name, before, after), changed)
		for _, c := range changed {
			if !slices.ContainsFunc(allowed, func(a string) bool { return pathsOverlap(a, c) }) || !f.listChangeAsked(name, c, before, after) {
				return "changed", c
			}
		}
	case has:
		if !f.freeColl[name] && !f.matches(name, after, func(a Assertion) bool { return !a.IsNegative() || a.Type == Unchanged }) && !f.loggedByAsked(name, after) {
			return "created", ""
		}
	case had:
		if !f.celColl[name] && !f.matches(name, before, func(a Assertion) bool { return a.IsNegative() || a.Type == Count }) {
			return "deleted", ""
		}
	}
	return "", ""
}

// loggedByAsked reports whether r is the log entry of a tool whose writes
// a positive assertion asks for: the entry the asked call records.
func (f *fence) loggedByAsked(name string, r state.Record) bool {
	for t, l := range f.logs {
		if l.Collection != name || len(l.Set) == 0 || !holdsAll(r, l.Set) {
			continue
		}
		c := f.writes[t]
		if c != "" && (f.freeColl[c] || slices.ContainsFunc(f.byColl[c], func(p *Program) bool { return !p.Assertion.IsNegative() })) {
			return true
		}
	}
	return false
}

// holdsAll reports whether r holds every field of set at its value.
func holdsAll(r state.Record, set map[string]any) bool {
	for k, v := range set {
		if fmt.Sprint(r[k]) != fmt.Sprint(v) {
			return false
		}
	}
	return true
}

// matches reports whether an assertion on the collection that keep
// accepts matches r (its where, or an unchanged's exceptions).
func (f *fence) matches(name string, r state.Record, keep func(Assertion) bool) bool {
	for _, p := range f.byColl[name] {
		if keep(p.Assertion) && p.MatchRecord(r) {
			return true
		}
	}
	return false
}

// fieldsAsked lists the field paths the assertions matching a record
// (before or after) name in their where. An unchanged's exception lets a
// record change but names no field, so it adds none.
func (f *fence) fieldsAsked(name string, before, after state.Record) []string {
	var out []string
	for _, p := range f.byColl[name] {
		a := p.Assertion
		if a.Type == Unchanged || !(p.MatchRecord(before) || p.MatchRecord(after)) {
			continue
		}
		for _, pr := range a.Where {
			out = append(out, pr.Field)
		}
	}
	return out
}

// withStamps adds to the asked fields the clock stamps of those that
// changed: a status the goal sets lets the tool's cancelled_at change too.
func (f *fence) withStamps(name string, asked, changed []string) []string {
	out := slices.Clone(asked)
	// A stamp may move with another stamp (a cancelled order's voided
	// payment with its cancelled_at, set as its reason is written): add
	// until nothing more moves.
	for grew := true; grew; {
		grew = false
		for stamp, with := range f.stamps[name] {
			if slices.Contains(out, stamp) {
				continue
			}
			for _, w := range with {
				if slices.Contains(out, w) && slices.ContainsFunc(changed, func(c string) bool { return pathsOverlap(w, c) }) {
					out, grew = append(out, stamp), true
					break
				}
			}
		}
	}
	return out
}

// pathsOverlap reports whether one dotted path is the other or lies
// inside it ("cells" and "cells.Status").
func pathsOverlap(a, b string) bool {
	return a == b || strings.HasPrefix(b, a+".") || strings.HasPrefix(a, b+".")
}

// ChangedPaths lists the paths where two records differ: into nested
// objects, whole lists and values otherwise.
func ChangedPaths(before, after map[string]any) []string { return changedPaths("", after, before, nil) }

// changedPaths lists the paths where two records differ: into nested
// objects, whole lists and values otherwise, leaving out volatile
// top-level fields.
func changedPaths(path string, got, want map[string]any, volatile map[string]bool) []string {
	var out []string
	for _, k := range unionKeys(got, want) {
		if path == "" && volatile[k] {
			continue
		}
		sub := k
		if path != "" {
			sub = path + "." + k
		}
		gm, gok := got[k].(map[string]any)
		wm, wok := want[k].(map[string]any)
		if gok && wok {
			out = append(out, changedPaths(sub, gm, wm, nil)...)
			continue
		}
		if _, d := diffValue(sub, got[k], want[k], nil); d {
			out = append(out, sub)
		}
	}
	return out
}

// listChangeAsked reports whether a change of a list of plain values (a
// tag list, labels, members) adds only elements a positive assertion
// matching the record asks it to hold and takes out only those a negative
// matching it at the start names. A goal that says "tags contain billing"
// lets billing be added, not any tag; one that pins the whole list, or
// speaks of its size, leaves the list to it. Other fields pass.
func (f *fence) listChangeAsked(name, field string, before, after state.Record) bool {
	old, _ := before[field].([]any)
	cur, ok := after[field].([]any)
	if !ok || !plainList(old) || !plainList(cur) {
		return true
	}
	var add, take []string
	for _, p := range f.byColl[name] {
		a := p.Assertion
		positive := !a.IsNegative()
		if a.Type == Unchanged || positive && !p.MatchRecord(after) || !positive && !p.MatchRecord(before) {
			continue
		}
		for _, pr := range a.Where {
			if pr.Field != field {
				continue
			}
			vals, whole := listOperand(pr)
			if whole && positive {
				return true
			}
			if positive {
				add = append(add, vals...)
			} else {
				take = append(take, vals...)
			}
		}
	}
	added, removed := listDiff(old, cur)
	return subset(added, add) && subset(removed, take)
}

// listOperand is what a predicate on a list names, lower-cased: its value
// (a member, or the members an in lists); whole when it pins or measures
// the list itself.
func listOperand(pr Predicate) (vals []string, whole bool) {
	switch pr.Op {
	case OpEquals, OpIEquals, OpContains, OpIContains:
		if _, isList := pr.Value.([]any); isList {
			return nil, true
		}
		return []string{strings.ToLower(state.Text(pr.Value))}, false
	case OpIn:
		l, _ := pr.Value.([]any)
		for _, v := range l {
			vals = append(vals, strings.ToLower(state.Text(v)))
		}
		return vals, false
	}
	return nil, true
}

// plainList reports whether a list holds no objects or lists.
func plainList(l []any) bool {
	for _, v := range l {
		switch v.(type) {
		case map[string]any, []any:
			return false
		}
	}
	return true
}

// listDiff is what cur added to old and took out of it, lower-cased.
func listDiff(old, cur []any) (added, removed []string) {
	has := func(l []any, v any) bool {
		return slices.ContainsFunc(l, func(x any) bool { return state.Text(x) == state.Text(v) })
	}
	for _, v := range cur {
		if !has(old, v) {
			added = append(added, strings.ToLower(state.Text(v)))
		}
	}
	for _, v := range old {
		if !has(cur, v) {
			removed = append(removed, strings.ToLower(state.Text(v)))
		}
	}
	return added, removed
}

// subset reports whether every element of xs is in of.
func subset(xs, of []string) bool {
	for _, x := range xs {
		if !slices.Contains(of, x) {
			return false
		}
	}
	return true
}
