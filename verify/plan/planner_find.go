package plan

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/satisfy"
)

// Finding a record before writing it. The planner knows the records of
// the state; an agent knows what the instruction and the observations
// show. A write that names a record by a key the agent has not seen gets,
// before it, the read that shows that key: a search by what the goal or
// the instruction says of the record, a listing, a Starlark finder, or a
// read of another collection. A key no read shows closes the way: the
// planner names only records an agent can find.

// foundFirst puts before a keyed call the read that shows the record's
// key, when the agent has not seen it (neither the opening messages nor
// an observation holds it): a search by the predicates the record holds,
// a Starlark finder, or a read of another collection. The pair is judged
// again. Nil with the reason when no read shows the key or the pair does
// not do: an agent could not make that call.
func (p *Planner) foundFirst(task facts.Check, t *episode.Tool, ci *facts.Coll, c episode.ToolCall, args map[string]any, s *episode.Session, before []bool) ([]episode.ToolCall, *Reason) {
	alone := []episode.ToolCall{c}
	var key string
	for _, ka := range starlarkKeyArgs(t, ci) {
		if v, ok := args[ka]; ok {
			key = state.Text(v)
			break
		}
	}
	if key == "" || p.seenKey(key, s) {
		return alone, nil
	}
	rec, ok := s.State().Get(ci.Name, key)
	if !ok {
		return alone, nil
	}
	find, ok := p.readShowing(task, ci, rec, key, s)
	if !ok {
		msg := fmt.Sprintf("no search or get of %s shows record %s, which %s names for %s %s", ci.Name, key, t.Name, task.Entry.Kind, task.Field())
		r := p.noToolReads("", ci, map[string]any{ci.Def.KeyField(): key}, msg)
		return nil, &r
	}
	if p.nodes >= MaxNodes {
		return nil, nil
	}
	p.nodes++
	scratch, err := p.replay(s)
	if err != nil {
		return nil, nil
	}
	n0 := len(s.Trajectory())
	scratch.Step(find, c)
	if r := p.judge(task, scratch, n0, before); r != nil {
		return nil, r
	}
	return []episode.ToolCall{find, c}, nil
}

// readFirst makes on s, and returns, the read that shows rec's key when
// the agent has not seen it (an update of the record a key of the
// collection's other fields names: the channel called incidents, the
// subscriber with this email in that audience); none when the key is
// seen. A key no read shows is a reason: an agent could not name the
// record.
func (p *Planner) readFirst(task facts.Check, ci *facts.Coll, rec map[string]any, s *episode.Session) ([]episode.ToolCall, *Reason) {
	key := state.Text(rec[ci.Def.KeyField()])
	if key == "" || p.seenKey(key, s) {
		return nil, nil
	}
	find, ok := p.readShowing(task, ci, rec, key, s)
	if !ok {
		msg := fmt.Sprintf("no search or get of %s shows record %s, which %s %s names", ci.Name, key, task.Entry.Kind, task.Field())
		r := p.noToolReads("", ci, map[string]any{ci.Def.KeyField(): key}, msg)
		return nil, &r
	}
	s.Call(find)
	return []episode.ToolCall{find}, nil
}

// mentioned lists, as containment predicates, the text fields of rec
// whose values the opening messages quote (the email "Card declined"):
// what an agent searches by when the goal names the record by its key.
func (p *Planner) mentioned(ci *facts.Coll, rec map[string]any) []assert.Predicate {
	var text strings.Builder
	for _, m := range p.env.Messages() {
		text.WriteString(strings.ToLower(m.Content))
		text.WriteByte('\n')
	}
	var out []assert.Predicate
	for _, f := range slices.Sorted(maps.Keys(rec)) {
		v, ok := rec[f].(string)
		if ok && f != ci.Def.KeyField() && len(v) >= 4 && strings.Contains(text.String(), strings.ToLower(v)) {
			out = append(out, assert.Predicate{Field: f, Op: assert.OpIContains, Value: v})
		}
	}
	return out
}

// seenKey reports whether the agent has seen key: as a word of the
// opening messages (the instruction and system prompt as rendered), or in
// an observation so far (as a JSON string or number).
func (p *Planner) seenKey(key string, s *episode.Session) bool {
	word := regexp.MustCompile(`(^|[^\w-])` + regexp.QuoteMeta(key) + `($|[^\w-])`)
	for _, m := range p.env.Messages() {
		if word.MatchString(m.Content) {
			return true
		}
	}
	for _, st := range s.Trajectory() {
		obs := st.Observation.Content
		if showsKey(obs, key) {
			return true
		}
	}
	return false
}

// readShowing is a read whose observation holds rec's key: the search
// that filters by the most of the goal's predicates rec holds (what the
// instruction says of it), or a listing, else a Starlark finder of the
// app, else a read of another collection that shows the key.
func (p *Planner) readShowing(task facts.Check, ci *facts.Coll, rec map[string]any, key string, s *episode.Session) (episode.ToolCall, bool) {
	var held []assert.Predicate
	for _, pr := range p.preds(task) {
		if pr.Field != ci.Def.KeyField() && satisfy.PredHolds(rec, pr) {
			held = append(held, pr)
		}
	}
	held = append(held, p.mentioned(ci, rec)...)
	if search, args := p.searchFor(ci, held, s); search != nil && len(facts.MissingRequired(search, args)) == 0 && p.finds(search, args, key, s) {
		return p.call(search.Name, args), true
	}
	for _, t := range p.usable(p.env.Tools()) {
		if t.Effect.Kind != "starlark" || t.App != ci.App {
			continue
		}
		if args := finderArgs(t, ci, held); len(args) > 0 && p.finds(t, args, key, s) {
			return p.call(t.Name, args), true
		}
	}
	// Another collection may show it: a sheet that lists the campaigns
	// to pause by id.
	for i, c := range p.sight.ReadsShowing(key, p.sight.Opening(), false) {
		if i == maxOtherReads {
			break
		}
		if p.shows(c, key, s) {
			return c, true
		}
	}
	return episode.ToolCall{}, false
}

// maxOtherReads bounds the reads of other collections tried for one key.
const maxOtherReads = 4

// showsKey reports whether a JSON observation holds key as a string or a
// number value.
func showsKey(obs, key string) bool {
	return strings.Contains(obs, `"`+key+`"`) || strings.Contains(obs, ":"+key+",") || strings.Contains(obs, ":"+key+"}") ||
		strings.Contains(obs, ": "+key+",") || strings.Contains(obs, ": "+key+"}")
}
