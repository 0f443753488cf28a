package evolve

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify"
)

func repairUnboundSlot(ctx context.Context, req Request) (Proposal, error) {
	in, ni, err := intentCopy(req)
	if err != nil {
		return Proposal{}, err
	}
	// One handle per slot: the most frequent suggestion of the group.
	chosen := map[string]string{}
	for _, f := range edits[*verify.BindSlot](req) {
		slot, handle := f.Slot, f.Handle
		if handle == "" {
			if cands := f.Candidates; len(cands) == 1 {
				handle = cands[0]
			}
		}
		if slot == "" || handle == "" {
			continue
		}
		if _, done := chosen[slot]; !done {
			chosen[slot] = handle
		}
	}
	if len(chosen) == 0 {
		return Proposal{}, noRepair("no bind_slot fix names a handle for intent %s", in.ID)
	}
	slots := slices.Sorted(maps.Keys(chosen))
	if ni.Slots == nil {
		ni.Slots = map[string]atom.Slot{}
	}
	var notes []string
	for _, s := range slots {
		old := ni.Slots[s]
		if old.Handle == chosen[s] && old.Value == nil {
			continue
		}
		ni.Slots[s] = atom.Slot{Handle: chosen[s], Description: old.Description}
		notes = append(notes, fmt.Sprintf("slot %s bound to handle %s", s, chosen[s]))
	}
	if len(notes) == 0 {
		return Proposal{}, noRepair("intent %s already binds the suggested handles", in.ID)
	}
	return Proposal{Atom: ni, Note: strings.Join(notes, "; ")}, nil
}

// assertionsOf returns the list of assertions a fix's index refers to: the
// goal of an intent or the checks of a rule.
func assertionsOf(a any) (*[]assert.Assertion, string) {
	switch x := a.(type) {
	case *atom.Intent:
		return &x.Goal, "goal"
	case *atom.Rule:
		return &x.Checks, "checks"
	}
	return nil, ""
}

func repairUnverifiable(ctx context.Context, req Request) (Proposal, error) {
	var na any
	switch x := req.Atom.Atom.(type) {
	case *atom.Intent:
		c, err := clone(x)
		if err != nil {
			return Proposal{}, err
		}
		na = c
	case *atom.Rule:
		c, err := clone(x)
		if err != nil {
			return Proposal{}, err
		}
		na = c
	default:
		return Proposal{}, noRepair("blamed atom %s has no assertions", req.Atom.Ref())
	}
	list, where := assertionsOf(na)
	var notes []string
	for _, f := range edits[*verify.RewriteAssertion](req) {
		idx, target, field, sugg := f.Index, f.Collection, f.Field, f.Suggestion
		if sugg == "" {
			continue
		}
		if idx < 0 || idx >= len(*list) || (target != "" && (*list)[idx].Target != target) {
			idx = indexOfTarget(*list, target, field)
			if idx < 0 {
				continue
			}
		}
		a := &(*list)[idx]
		if field == "" {
			if a.Target == sugg {
				continue
			}
			notes = append(notes, fmt.Sprintf("%s[%d] reads %s instead of %s", where, idx, sugg, a.Target))
			a.Target = sugg
			continue
		}
		w := make([]assert.Predicate, len(a.Where))
		copy(w, a.Where)
		changed := false
		for i, p := range w {
			head, rest, dotted := strings.Cut(p.Field, ".")
			if head != field {
				continue
			}
			p.Field = sugg
			if dotted {
				p.Field += "." + rest
			}
			w[i] = p
			changed = true
		}
		if changed {
			a.Where = w
			a.Normalize()
			notes = append(notes, fmt.Sprintf("%s[%d] reads field %s instead of %s", where, idx, sugg, field))
		}
	}
	if len(notes) == 0 {
		return Proposal{}, noRepair("no rewrite_assertion fix with a suggestion applies to %s", req.Atom.Ref())
	}
	return Proposal{Atom: na, Note: strings.Join(notes, "; ")}, nil
}

// indexOfTarget finds the assertion on target that reads field (or any on
// target when field is empty).
func indexOfTarget(list []assert.Assertion, target, field string) int {
	for i, a := range list {
		if target != "" && a.Target != target {
			continue
		}
		if field == "" {
			return i
		}
		for _, p := range a.Where {
			if head, _, _ := strings.Cut(p.Field, "."); head == field {
				return i
			}
		}
	}
	return -1
}

func repairNotDiscriminating(ctx context.Context, req Request) (Proposal, error) {
	in, ni, err := intentCopy(req)
	if err != nil {
		return Proposal{}, err
	}
	type tighten struct {
		index int
		field string
	}
	// The value each environment needs, as a slot template when a slot
	// renders it, so that one intent serves every data atom it is used with.
	templates := map[tighten][]any{}
	var order []tighten
	for _, v := range req.Failures {
		if v.RootCause == nil || v.RootCause.SuggestedFix == nil {
			continue
		}
		p, ok := v.RootCause.SuggestedFix.Edit.(*verify.TightenAssertion)
		if !ok {
			continue
		}
		idx, field := p.Index, p.Field
		if field == "" || idx < 0 || idx >= len(ni.Goal) {
			continue
		}
		t := tighten{idx, field}
		if _, seen := templates[t]; !seen {
			order = append(order, t)
		}
		templates[t] = append(templates[t], templatize(req.Lib, v.Recipe, p.Value))
	}
	sort.SliceStable(order, func(i, j int) bool {
		if order[i].index != order[j].index {
			return order[i].index < order[j].index
		}
		return order[i].field < order[j].field
	})
	var notes []string
	for _, t := range order {
		vals := templates[t]
		val := vals[0]
		same := true
		for _, x := range vals[1:] {
			if !sameValue(x, val) {
				same = false
			}
		}
		if !same {
			continue // the environments need different values no slot renders
		}
		a := &ni.Goal[t.index]
		w := make([]assert.Predicate, 0, len(a.Where)+1)
		replaced := false
		for _, p := range a.Where {
			if p.Field == t.field && p.Op == assert.OpEquals {
				p.Value, replaced = val, true
			}
			w = append(w, p)
		}
		if !replaced {
			w = append(w, assert.Predicate{Field: t.field, Op: assert.OpEquals, Value: val})
		}
		a.Where = w
		a.Normalize()
		notes = append(notes, fmt.Sprintf("goal[%d] requires %s = %v", t.index, t.field, val))
	}
	notes = append(notes, addProtections(req, ni)...)
	if len(notes) == 0 {
		return Proposal{}, noRepair("no tighten_assertion or add_assertion fix gives one value for intent %s", in.ID)
	}
	return Proposal{Atom: ni, Note: strings.Join(notes, "; ")}, nil
}

// addProtections adds the negative assertions the over-action probes
// suggest (add_assertion fixes), with values as slot templates; an
// assertion the environments need with different values no slot renders
// is left out, and so is one the goal already has.
func addProtections(req Request, in *atom.Intent) []string {
	var order []string
	byKey := map[string]assert.Assertion{}
	agree := map[string]bool{}
	for _, v := range req.Failures {
		rc := v.RootCause
		if rc == nil || rc.SuggestedFix == nil {
			continue
		}
		p, ok := rc.SuggestedFix.Edit.(*verify.AddAssertion)
		if !ok {
			continue
		}
		for _, a := range append([]assert.Assertion{p.Assertion}, p.Also...) {
			// Copies: the templating below must not write into the verdict.
			a.Where = templatizePreds(req, v.Recipe, a.Where)
			a.Except = templatizePreds(req, v.Recipe, a.Except)
			if a.ExceptAlso != nil {
				also := make([][]assert.Predicate, len(a.ExceptAlso))
				for i, except := range a.ExceptAlso {
					also[i] = templatizePreds(req, v.Recipe, except)
				}
				a.ExceptAlso = also
			}
			// One assertion per collection and scope: environments of the
			// intent must agree on it.
			scope, _ := json.Marshal(assert.Where(a.Where))
			shape := a.Type + "\x00" + a.Target + "\x00" + string(scope)
			b, _ := json.Marshal(a)
			if prev, seen := byKey[shape]; seen {
				pb, _ := json.Marshal(prev)
				agree[shape] = agree[shape] && string(pb) == string(b)
				continue
			}
			order = append(order, shape)
			byKey[shape], agree[shape] = a, true
		}
	}
	var notes []string
	for _, k := range order {
		a := byKey[k]
		if !agree[k] || hasAssertion(in.Goal, a) {
			continue
		}
		in.Goal = append(in.Goal, a)
		notes = append(notes, fmt.Sprintf("goal[%d] added: %s", len(in.Goal)-1, a.String()))
	}
	return notes
}

// templatizePreds returns a copy of predicates with their values as slot
// templates where a slot of the recipe renders them. A boolean is left as
// it is: that a slot's flag happens to hold the same value says nothing
// (unread=false is no {{w1.disqualified}}).
func templatizePreds(req Request, r atom.Recipe, ps []assert.Predicate) []assert.Predicate {
	if ps == nil {
		return nil
	}
	out := slices.Clone(ps)
	for i := range out {
		if _, flag := out[i].Value.(bool); !flag {
			out[i].Value = templatizeAll(req.Lib, r, out[i].Value)
		}
	}
	return out
}

// assertionParam reads an assertion a fix carries (a value in memory, or
// JSON after a round trip through the store).
func assertionParam(v any) (assert.Assertion, bool) {
	if a, ok := v.(assert.Assertion); ok {
		return a, true
	}
	b, err := json.Marshal(v)
	if err != nil {
		return assert.Assertion{}, false
	}
	var a assert.Assertion
	if json.Unmarshal(b, &a) != nil {
		return assert.Assertion{}, false
	}
	return a, true
}

// templatizeAll templatizes a value, or each element of a list.
func templatizeAll(lib *atom.Library, r atom.Recipe, v any) any {
	l, ok := v.([]any)
	if !ok {
		return templatize(lib, r, v)
	}
	out := make([]any, len(l))
	for i, e := range l {
		out[i] = templatize(lib, r, e)
	}
	return out
}

func hasAssertion(goal []assert.Assertion, a assert.Assertion) bool {
	b, _ := json.Marshal(a)
	for _, g := range goal {
		gb, _ := json.Marshal(g)
		if string(gb) == string(b) {
			return true
		}
	}
	return false
}

// repairToolset adds to an intent's tool list the tools the verifier found
// the task needs (add_to_toolset fixes).
func repairToolset(ctx context.Context, req Request) (Proposal, error) {
	in, ni, err := intentCopy(req)
	if err != nil {
		return Proposal{}, err
	}
	var added []string
	for _, f := range edits[*verify.AddToToolset](req) {
		for _, t := range f.Tools {
			if !slices.Contains(ni.Tools, t) {
				ni.Tools = append(ni.Tools, t)
				added = append(added, t)
			}
		}
	}
	if len(added) == 0 {
		return Proposal{}, noRepair("no add_to_toolset fix names a tool intent %s lacks", in.ID)
	}
	return Proposal{Atom: ni, Note: "tools added: " + strings.Join(added, ", ")}, nil
}

// templatize returns "{{slot}}" or "{{slot.field}}" when the environment's
// bindings render value, else value itself.
func templatize(lib *atom.Library, r atom.Recipe, value any) any {
	if value == nil {
		return value
	}
	env, err := episode.Compose(lib, r, episode.Options{})
	if err != nil {
		return value
	}
	slots := slices.Sorted(maps.Keys(env.Bindings))
	for _, s := range slots {
		if sameValue(env.Bindings[s].Value, value) {
			return "{{" + s + "}}"
		}
	}
	w, err := env.World(env.Recipe.Seed)
	if err != nil {
		return value
	}
	for _, s := range slots {
		b := env.Bindings[s]
		if b.Handle == "" {
			continue
		}
		col := w.Collection(b.App + "." + b.Coll)
		if col == nil {
			continue
		}
		rec, ok := col.Lookup(b.Key)
		if !ok {
			continue
		}
		fields := make([]string, 0, len(rec))
		for f := range rec {
			fields = append(fields, f)
		}
		sort.Slice(fields, func(i, j int) bool {
			// The key first: it names the record however the data changes.
			if (fields[i] == col.Key) != (fields[j] == col.Key) {
				return fields[i] == col.Key
			}
			return fields[i] < fields[j]
		})
		for _, f := range fields {
			if _, isList := rec[f].([]any); !isList && sameValue(rec[f], value) {
				return "{{" + s + "." + f + "}}"
			}
		}
	}
	return value
}

// intentCopy returns the blamed intent and a copy of it to edit.
func intentCopy(req Request) (*atom.Intent, *atom.Intent, error) {
	in, ok := req.Atom.Intent()
	if !ok {
		return nil, nil, noRepair("blamed atom %s is not an intent", req.Atom.Ref())
	}
	ni, err := clone(in)
	return in, ni, err
}
