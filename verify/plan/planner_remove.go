package plan

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/satisfy"
	"github.com/legoenv/legoenv/verify/verdict"
)

// Removal: making a negative assertion hold again, or a count drop to its
// bound. A record that must stop matching is changed before it is deleted:
// a field set to a value the predicate rejects, a list's matching element
// taken out (by an update that writes the list without it, or by a
// Starlark tool that removes it, such as taking a label off a message),
// and only then a delete, which would also lose what other goals need of
// the record.

// removeAlts makes a negative assertion hold again (or a count drop to its
// bound): change a field of each matching record so that it no longer
// matches, or delete the records. n < 0 means every matching record.
func (p *Planner) removeAlts(task facts.Check, s *episode.Session, n int) ([]alternative, []Reason) {
	a := task.Plan()
	if !a.IsState() {
		if !task.Goal {
			return nil, []Reason{*p.ruleForbids(task, task, "")}
		}
		msg := fmt.Sprintf("goal[%d] (%s) fails and no call can undo it", task.Index, a)
		return nil, []Reason{{Kind: ReasonUnsupported, Goal: task.Index, Message: msg,
			Cause: verdict.RootCause{Code: verdict.IntentBadPlan, Atom: facts.Ref(p.env.Intent), Evidence: verdict.Evidence{Assertion: a.String(), Message: msg}}}}
	}
	ci := p.info.Colls[a.Target]
	if ci == nil {
		return nil, nil
	}
	recs := p.matchingRecords(task, ci, s, n)
	alts := p.unmatchAlts(task, ci, recs)
	if alt := p.starlarkRemoveAlt(task, ci, recs); alt != nil {
		alts = append(alts, alt)
	}
	alts = append(alts, p.deleteAlts(ci, recs)...)
	if len(alts) > 0 {
		return p.withFind(task, ci, recs, alts, s)
	}
	return nil, []Reason{p.noRemoval(task, ci)}
}

// withFind starts each removal with the reads that show the keys of the
// records it names and the agent has not seen: the search whose filters
// cover the most of the assertion's predicates when it shows them, else
// per record the read that shows its key (findReads). A record no read
// shows closes the removal: an agent could not name it.
func (p *Planner) withFind(task facts.Check, ci *facts.Coll, recs []map[string]any, alts []alternative, s *episode.Session) ([]alternative, []Reason) {
	reads, r := p.findReads(task, ci, recs, s)
	if r != nil {
		return nil, []Reason{*r}
	}
	if len(reads) == 0 {
		return alts, nil
	}
	out := make([]alternative, len(alts))
	for i, alt := range alts {
		out[i] = func(s *episode.Session) ([]episode.ToolCall, *Reason) {
			for _, c := range reads {
				if obs := s.Call(c); obs.IsError {
					return nil, p.toolFails(task, c, obs.Content)
				}
			}
			made, r := alt(s)
			return append(slices.Clone(reads), made...), r
		}
	}
	return out, nil
}

// findReads lists the reads that show the unseen keys of recs (see
// withFind), or the reason one cannot be shown.
func (p *Planner) findReads(task facts.Check, ci *facts.Coll, recs []map[string]any, s *episode.Session) ([]episode.ToolCall, *Reason) {
	search, args := p.searchFor(ci, p.preds(task), s)
	usable := search != nil && len(facts.MissingRequired(search, args)) == 0
	var reads []episode.ToolCall
	shown := map[string]bool{}
	for _, r := range recs {
		key := state.Text(r[ci.Def.KeyField()])
		if p.seenKey(key, s) || shown[key] {
			continue
		}
		if usable && p.finds(search, args, key, s) {
			if len(reads) == 0 || reads[0].Name != search.Name {
				reads = append([]episode.ToolCall{p.call(search.Name, args)}, reads...)
			}
			continue
		}
		read, ok := p.readShowing(task, ci, r, key, s)
		if !ok {
			msg := fmt.Sprintf("no search or get of %s shows record %s, which %s %s needs changed", ci.Name, key, task.Entry.Kind, task.Field())
			rs := p.noToolReads("", ci, map[string]any{ci.Def.KeyField(): key}, msg)
			return nil, &rs
		}
		if !slices.ContainsFunc(reads, func(c episode.ToolCall) bool { return c.Name == read.Name && string(c.Args) == string(read.Args) }) {
			reads = append(reads, read)
		}
		shown[key] = true
	}
	return reads, nil
}

// matchingRecords lists the records the assertion matches that may be
// changed (not those another goal needs), at most n (n < 0: all) and at
// most MaxSteps.
func (p *Planner) matchingRecords(task facts.Check, ci *facts.Coll, s *episode.Session, n int) []map[string]any {
	var recs []map[string]any
	for _, r := range s.State().Records(ci.Name) {
		if task.Match(r) {
			recs = append(recs, r)
		}
	}
	recs = p.spareNeeded(task, recs)
	if n > 0 && len(recs) > n {
		recs = recs[:n]
	}
	if len(recs) > MaxSteps {
		recs = recs[:MaxSteps]
	}
	return recs
}

// unmatchAlts offers, for each update tool and each field the assertion
// tests, the calls that set the field to a value it rejects, on every
// record: a scalar to another value, a list to itself without the elements
// that match. The fields that say what state a record is in (a tag list,
// a status) come before those that identify it (an email, a name): the
// tag is taken off the customer's ticket rather than the ticket given
// another customer.
func (p *Planner) unmatchAlts(task facts.Check, ci *facts.Coll, recs []map[string]any) []alternative {
	preds := stateFirst(ci, p.preds(task))
	kf := ci.Def.KeyField()
	var alts []alternative
	for _, t := range p.usable(p.info.ToolsOn(ci.Name, "update")) {
		argOf := invert(facts.WriteFields(t, ci.Def))
		for _, pr := range preds {
			arg, ok := argOf[pr.Field]
			if !ok || pr.Field == kf {
				continue
			}
			value := p.unmatchValue(t, ci, arg, pr)
			if value == nil {
				continue
			}
			t, arg := t, arg
			alts = append(alts, func(s *episode.Session) ([]episode.ToolCall, *Reason) {
				var made []episode.ToolCall
				keyArg, match := facts.KeyArgOf(t, ci.Def)
				for _, r := range recs {
					v, ok := value(r)
					if !ok {
						return nil, p.cannotUnmatch(task, ci, t, r)
					}
					args := map[string]any{keyArg: satisfy.FitArg(r[match], facts.ArgSchema(t, keyArg)), arg: v}
					p.fillRequired(t, ci, args, r, nil)
					c := p.call(t.Name, args)
					s.Call(c)
					made = append(made, c)
				}
				return made, nil
			})
		}
	}
	return alts
}

// stateFirst orders predicates so that those on state fields (lists,
// enums, booleans: selectWeight 1) come before those that identify a
// record; the order among equals is kept.
func stateFirst(ci *facts.Coll, preds []assert.Predicate) []assert.Predicate {
	out := append([]assert.Predicate(nil), preds...)
	sort.SliceStable(out, func(i, j int) bool { return selectWeight(ci, out[i]) < selectWeight(ci, out[j]) })
	return out
}

// unmatchValue returns, for an argument that writes the field pr tests, the
// value per record that pr rejects; nil when there is none.
func (p *Planner) unmatchValue(t *episode.Tool, ci *facts.Coll, arg string, pr assert.Predicate) func(r map[string]any) (any, bool) {
	schema := facts.ArgSchema(t, arg)
	if satisfy.IsList(ci.Def, pr.Field) {
		if satisfy.Negated(pr.Op) {
			return nil // no element's removal makes a list hold one
		}
		return func(r map[string]any) (any, bool) {
			cur, _ := r[pr.Field].([]any)
			keep := withoutMatching(cur, pr)
			return satisfy.FitArg(keep, schema), len(keep) < len(cur)
		}
	}
	v, found := p.saidValue(facts.FieldDef(ci, pr.Field, schema), pr)
	if !found {
		v, found = unmatchedValue(pr, facts.FieldDef(ci, pr.Field, schema), arg)
	}
	if !found {
		return nil
	}
	v = satisfy.FitArg(v, schema)
	return func(map[string]any) (any, bool) { return v, true }
}

// withoutMatching is the list without the elements the predicate matches.
func withoutMatching(list []any, pr assert.Predicate) []any {
	keep := []any{}
	for _, e := range list {
		if !elemMatches(e, pr) {
			keep = append(keep, e)
		}
	}
	return keep
}

// elemMatches reports whether one element of a list meets pr: a record
// inside the list (a signer) every sub-predicate of an elem predicate, a
// value the predicate's positive form.
func elemMatches(e any, pr assert.Predicate) bool {
	if pr.Op == satisfy.OpElem {
		m, ok := e.(map[string]any)
		sub, _ := pr.Value.([]assert.Predicate)
		return ok && satisfy.AllHold(m, sub)
	}
	return satisfy.ElemHolds(e, pr)
}

func (p *Planner) cannotUnmatch(task facts.Check, ci *facts.Coll, t *episode.Tool, r map[string]any) *Reason {
	msg := fmt.Sprintf("%s cannot make record %s of %s stop matching %s %s", t.Name, state.Text(r[ci.Def.KeyField()]), ci.Name, task.Entry.Kind, task.Field())
	return &Reason{Kind: ReasonUnsupported, Goal: task.Index, Message: msg,
		Cause: verdict.RootCause{Code: verdict.IntentBadPlan, Atom: facts.Ref(p.env.Intent), Evidence: verdict.Evidence{Assertion: task.Plan().String(), Tool: t.Name, Message: msg}}}
}

// unmatchedValue finds a value of the field that the predicate rejects:
// another value, the field's default, or another than the default.
func unmatchedValue(pr assert.Predicate, fd atom.Field, arg string) (any, bool) {
	for _, c := range []any{satisfy.OtherValue(pr.Value, fd), satisfy.DefaultFor(fd, arg), satisfy.OtherValue(satisfy.DefaultFor(fd, arg), fd)} {
		if !satisfy.HoldsOn(c, []assert.Predicate{pr}) {
			return c, true
		}
	}
	return nil, false
}

// deleteAlts offers, for each delete tool, the calls that delete every
// record.
func (p *Planner) deleteAlts(ci *facts.Coll, recs []map[string]any) []alternative {
	var alts []alternative
	for _, t := range p.usable(p.info.ToolsOn(ci.Name, "delete")) {
		t := t
		alts = append(alts, func(s *episode.Session) ([]episode.ToolCall, *Reason) {
			var made []episode.ToolCall
			keyArg, match := facts.KeyArgOf(t, ci.Def)
			for _, r := range recs {
				args := map[string]any{keyArg: satisfy.FitArg(r[match], facts.ArgSchema(t, keyArg))}
				c := p.call(t.Name, args)
				s.Call(c)
				made = append(made, c)
			}
			return made, nil
		})
	}
	return alts
}

// noRemoval says why nothing can make the records stop matching: a rule's
// check no allowed tool repairs, a delete a rule forbids (the way a rule
// blocks), or no tool that writes the collection.
func (p *Planner) noRemoval(task facts.Check, ci *facts.Coll) Reason {
	if !task.Goal {
		r := p.ruleForbids(task, task, "")
		r.Message = fmt.Sprintf("rule %s check %d (%s) fails and no allowed tool can repair it", task.Entry.ID, task.Index, task.Plan())
		r.Cause.Evidence.Message = r.Message
		return *r
	}
	for _, t := range p.info.ToolsOn(ci.Name, "delete") {
		if p.info.Forbidden[t.Name] {
			for _, c := range p.info.Checks {
				if !c.Goal && c.Prog.Assertion.Type == assert.NotCalled && c.Prog.Assertion.Target == t.Name {
					return *p.ruleForbids(c, task, t.Name)
				}
			}
		}
	}
	return p.noToolWrites(task, ci, "delete")
}

// starlarkRemoveAlt makes each record stop matching with a call of a
// Starlark tool of the app that names the record by its key (taking a
// label off a message): one way, which tries the tools' candidate calls
// record by record in a scratch session and keeps, per record, the first
// after which it no longer matches and nothing that held broke, a call
// that keeps the record before one that deletes it. Nil when no Starlark
// tool names a record of the collection.
func (p *Planner) starlarkRemoveAlt(task facts.Check, ci *facts.Coll, recs []map[string]any) alternative {
	var tools []*episode.Tool
	for _, t := range p.usable(p.env.Tools()) {
		if t.Effect.Kind == "starlark" && t.App == ci.App && len(starlarkKeyArgs(t, ci)) > 0 {
			tools = append(tools, t)
		}
	}
	if len(tools) == 0 || len(recs) == 0 {
		return nil
	}
	preds := stateFirst(ci, p.preds(task))
	return func(s *episode.Session) ([]episode.ToolCall, *Reason) {
		var made []episode.ToolCall
		for _, r := range recs {
			c, ok := p.removeCall(task, ci, tools, preds, r, s)
			if !ok {
				msg := fmt.Sprintf("no call of a Starlark tool of %s the planner tried makes record %s stop matching %s %s", ci.App, state.Text(r[ci.Def.KeyField()]), task.Entry.Kind, task.Field())
				return nil, &Reason{Kind: ReasonUnsupported, Goal: task.Index, Message: msg,
					Cause: verdict.RootCause{Code: verdict.IntentBadPlan, Atom: facts.Ref(p.env.Intent), Evidence: verdict.Evidence{Assertion: task.Plan().String(), Message: msg}}}
			}
			s.Call(c)
			made = append(made, c)
		}
		return made, nil
	}
}

// removeCall finds the call that makes r stop matching (see
// starlarkRemoveAlt).
func (p *Planner) removeCall(task facts.Check, ci *facts.Coll, tools []*episode.Tool, preds []assert.Predicate, r map[string]any, s *episode.Session) (episode.ToolCall, bool) {
	key := state.Text(r[ci.Def.KeyField()])
	before := p.holding(s)
	var deletes *episode.ToolCall
	for _, t := range tools {
		for _, args := range p.removeArgs(t, ci, preds, r) {
			if p.nodes >= MaxNodes {
				return episode.ToolCall{}, false
			}
			p.nodes++
			scratch, err := p.replay(s)
			if err != nil {
				return episode.ToolCall{}, false
			}
			p.fillRequired(t, ci, args, nil, nil)
			c := p.call(t.Name, args)
			if scratch.Call(c).IsError || p.broke(before, scratch) {
				continue
			}
			now, kept := scratch.State().Get(ci.Name, key)
			switch {
			case kept && !task.Match(now):
				return c, true
			case !kept && deletes == nil:
				deletes = &c
			}
		}
	}
	if deletes != nil {
		return *deletes, true
	}
	return episode.ToolCall{}, false
}

// removeArgs proposes the calls of t that may make r stop matching, one
// field the predicates test at a time: r's key, and through the field's
// own argument what the argument takes to drop the matching elements of a
// list (the element to take out, or for an argument that takes a list the
// list without them) or a scalar the predicate rejects, else the same in
// the object of any fields the tool takes.
func (p *Planner) removeArgs(t *episode.Tool, ci *facts.Coll, preds []assert.Predicate, r map[string]any) []map[string]any {
	props := atom.InputProperties(t.Input)
	kf := ci.Def.KeyField()
	anyFieldsArg := looseObjectArg(t, ci)
	var out []map[string]any
	for _, ka := range starlarkKeyArgs(t, ci) {
		for _, pr := range preds {
			if pr.Field == kf || satisfy.Negated(pr.Op) || len(out) == starlarkCandidates {
				continue
			}
			args := map[string]any{ka: satisfy.FitArg(r[kf], facts.ArgSchema(t, ka))}
			a := ownArg(props, ci, pr.Field)
			switch {
			case a != "" && a != ka:
				v, ok := p.removedValue(ci, pr, r, takesList(facts.ArgSchema(t, a)))
				if !ok {
					continue
				}
				args[a] = satisfy.FitArg(v, facts.ArgSchema(t, a))
			case anyFieldsArg != "" && facts.KnownField(ci.Def, pr.Field):
				v, ok := p.removedValue(ci, pr, r, true)
				if !ok {
					continue
				}
				args[anyFieldsArg] = map[string]any{pr.Field: v}
			default:
				continue
			}
			objectTypeArg(t, ci, args)
			out = append(out, args)
		}
	}
	return out
}

// takesList reports whether an argument's schema admits a list.
func takesList(schema map[string]any) bool {
	switch t := schema["type"].(type) {
	case string:
		return t == "array"
	case []any:
		for _, x := range t {
			if x == "array" {
				return true
			}
		}
	}
	return false
}

// removedValue is what a call passes to make r's field stop meeting pr: for
// a list, the list without the elements that meet it (whole) or the first
// of them (the call takes it out); for a scalar a value pr rejects (the
// call sets it).
func (p *Planner) removedValue(ci *facts.Coll, pr assert.Predicate, r map[string]any, whole bool) (any, bool) {
	if cur, ok := r[pr.Field].([]any); ok || satisfy.IsList(ci.Def, pr.Field) {
		keep := withoutMatching(cur, pr)
		if len(keep) == len(cur) {
			return nil, false
		}
		if whole {
			return keep, true
		}
		for _, e := range cur {
			if elemMatches(e, pr) {
				return e, true
			}
		}
	}
	if v, ok := p.saidValue(facts.FieldDef(ci, pr.Field, nil), pr); ok {
		return v, true
	}
	return unmatchedValue(pr, facts.FieldDef(ci, pr.Field, nil), pr.Field)
}

// saidValue is the value of an enumerated field that the opening messages
// ask for ("solve it" for solved) and pr rejects: the state a removal
// moves a record to, where the goal only says which state it must leave.
func (p *Planner) saidValue(fd atom.Field, pr assert.Predicate) (any, bool) {
	docs := p.sight.Opening().Docs
	for _, e := range fd.Enum {
		w := strings.Fields(satisfy.Loose(state.Text(e)))
		if satisfy.HoldsOn(e, []assert.Predicate{pr}) || len(w) == 0 {
			continue
		}
		for _, d := range docs {
			if d.HasPhrase(w) {
				return e, true
			}
		}
	}
	return nil, false
}
