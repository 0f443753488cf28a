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
//     (and, for cel, edits) to the goal: neither names fields.
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
}

// fence is a compiled Fence: the goal's programs grouped by collection.
type fence struct {
	byColl   map[string][]*Program // state assertions and unchanged, by target
	freeColl map[string]bool       // collections a cel or called goal leaves open (creates)
	celColl  map[string]bool       // collections a positive cel reads (edits too)
	volatile map[string]map[string]bool
}

// NewFence compiles the fence of a goal (the programs of its assertions,
// goal and rules alike: a rule's negative tells what may go).
func NewFence(goal []*Program, spec FenceSpec) *Program {
	f := &fence{byColl: map[string][]*Program{}, freeColl: map[string]bool{}, celColl: map[string]bool{}, volatile: map[string]map[string]bool{}}
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
	for _, name := range st.Base().Names() {
		dirty := st.Dirty(name)
		if len(dirty) == 0 {
			continue
		}
		base := st.Base().Collection(name)
		for _, k := range slices.Sorted(maps.Keys(dirty)) {
			before, had := base.Lookup(k)
			after, has := st.Get(name, k)
			if kind, field := p.fence.unasked(name, before, had, after, has); kind != "" {
				out = append(out, FenceBreak{Collection: name, Key: k, Kind: kind, Field: field})
				if len(out) == limit {
					return out
				}
			}
		}
	}
	return out
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
func (f *fence) unasked(name string, before state.Record, had bool, after state.Record, has bool) (kind, field string) {
	switch {
	case had && has:
		changed := changedPaths("", after, before, f.volatile[name])
		if len(changed) == 0 || f.celColl[name] {
			return "", ""
		}
		allowed := f.fieldsAsked(name, before, after)
		for _, c := range changed {
			if !slices.ContainsFunc(allowed, func(a string) bool { return pathsOverlap(a, c) }) {
				return "changed", c
			}
		}
	case has:
		if !f.freeColl[name] && !f.matches(name, after, func(a Assertion) bool { return !a.IsNegative() || a.Type == Unchanged }) {
			return "created", ""
		}
	case had:
		if !f.celColl[name] && !f.matches(name, before, func(a Assertion) bool { return a.IsNegative() || a.Type == Count }) {
			return "deleted", ""
		}
	}
	return "", ""
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

// pathsOverlap reports whether one dotted path is the other or lies
// inside it ("cells" and "cells.Status").
func pathsOverlap(a, b string) bool {
	return a == b || strings.HasPrefix(b, a+".") || strings.HasPrefix(a, b+".")
}

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
