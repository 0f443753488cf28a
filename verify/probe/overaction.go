package probe

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/ground"
	"github.com/legoenv/legoenv/verify/satisfy"
)

// Over-action candidates. A probe needs a write that really changes the
// state: the nearest look-alike may already hold the value the plan writes,
// so each kind offers a few records, best first, and the check takes the
// first that changes something.
const overActionCandidates = 3

// rankedSiblings lists other records of a collection: the look-alikes of
// the record whose match field is cur (most shared words in its text
// fields first: a namesake, a record of the same customer) and the records
// least like it. The two lists are disjoint and hold at most k records
// each, with distinct match values; records skip rejects (those the plan
// writes itself, those the write would leave as they are) are left out.
func rankedSiblings(c *state.Collection, match string, cur any, skip func(r state.Record) bool, k int) (alike, other []state.Record) {
	target := recordWith(c, match, cur)
	if target == nil {
		return nil, nil
	}
	words := textWords(target, match)
	type cand struct {
		r     state.Record
		score int
	}
	var cands []cand
	seen := map[string]bool{state.Text(cur): true}
	for _, r := range c.Records {
		v, ok := r[match]
		if !ok || v == nil || seen[state.Text(v)] {
			continue
		}
		if skip(r) {
			continue
		}
		seen[state.Text(v)] = true
		n := 0
		for w := range textWords(r, match) {
			if words[w] {
				n++
			}
		}
		cands = append(cands, cand{r, n})
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	for i := 0; i < len(cands) && i < k; i++ {
		alike = append(alike, cands[i].r)
	}
	for i := len(cands) - 1; i >= len(alike) && len(other) < k; i-- {
		other = append(other, cands[i].r)
	}
	return alike, other
}

// recordWith is the first record of c whose field holds v, or nil.
func recordWith(c *state.Collection, field string, v any) state.Record {
	if c == nil {
		return nil
	}
	for _, r := range c.Records {
		if satisfy.ValueEqual(r[field], v) || state.Text(r[field]) == state.Text(v) {
			return r
		}
	}
	return nil
}

// siblingEmails returns up to k addresses (all for k < 0) the data holds
// other than cur, those of cur's domain first: an over-action writes to
// someone who exists.
func (in *envInfo) siblingEmails(w *state.World, cur any, k int) []any {
	s := firstAddress(cur)
	pool := in.emailPool(w, s)
	at := strings.LastIndexByte(s, '@')
	var same, rest []any
	for _, v := range pool {
		if at >= 0 && strings.HasSuffix(v, s[at:]) {
			same = append(same, v)
		} else {
			rest = append(rest, v)
		}
	}
	out := append(same, rest...)
	if k >= 0 && len(out) > k {
		out = out[:k]
	}
	return out
}

// source is the record a create carries over: the record of a collection
// of the world one of whose identifying values (unique in its collection,
// four characters or more) is part of an argument's text.
type source struct {
	coll  string
	field string
	value string
}

// sourceOf finds the record the create's arguments carry: the longest
// identifying value any string argument contains (the first collection
// and field in name order on a tie), unless they list several records.
func (in *envInfo) sourceOf(w *state.World, args map[string]any) (source, bool) {
	var best source
	for _, name := range w.Names() {
		u := in.uniqueTexts(name, w.Collection(name))
		for _, field := range slices.Sorted(maps.Keys(u)) {
			for _, v := range u[field] {
				if len(v) > len(best.value) && carries(args, v) {
					best = source{coll: name, field: field, value: v}
				}
			}
		}
	}
	if best.value == "" || summarises(args, in.Unique[best.coll][best.field]) {
		return source{}, false
	}
	return best, true
}

// summarises reports whether the arguments carry two or more of a field's
// identifying values: a log or report listing several records is not a
// write for one of them, and swapping one name in it is no over-action.
func summarises(args map[string]any, vals []string) bool {
	n := 0
	for _, v := range vals {
		if carries(args, v) {
			n++
		}
	}
	return n > 1
}

// carries reports whether a string argument contains v.
func carries(args map[string]any, v string) bool {
	for _, a := range args {
		if text, ok := a.(string); ok && strings.Contains(text, v) {
			return true
		}
	}
	return false
}

// uniqueTexts lists, per field of a collection of the initial world, the
// string values of four characters or more that only one record holds;
// computed once per environment.
func (in *envInfo) uniqueTexts(name string, c *state.Collection) map[string][]string {
	if u, ok := in.Unique[name]; ok {
		return u
	}
	count := map[string]map[string]int{}
	for _, r := range c.Records {
		for f, v := range r {
			s, ok := v.(string)
			if !ok || len(s) < 4 {
				continue
			}
			if count[f] == nil {
				count[f] = map[string]int{}
			}
			count[f][s]++
		}
	}
	out := map[string][]string{}
	for f, m := range count {
		for s, n := range m {
			if n == 1 {
				out[f] = append(out[f], s)
			}
		}
		sort.Strings(out[f])
	}
	if in.Unique == nil {
		in.Unique = map[string]map[string][]string{}
	}
	in.Unique[name] = out
	return out
}

// carriedOver rewrites a create's arguments for another record: every
// value of the source record an argument carries (whole or inside a text)
// becomes that field's value in the other record.
func carriedOver(args map[string]any, from, to state.Record) map[string]any {
	fields := make([]string, 0, len(from))
	for f, v := range from {
		if to[f] != nil && len(state.Text(v)) >= 3 && state.Text(v) != state.Text(to[f]) {
			fields = append(fields, f)
		}
	}
	// Longest values first, so that a name is replaced before a word of it.
	sort.Slice(fields, func(i, j int) bool {
		a, b := len(state.Text(from[fields[i]])), len(state.Text(from[fields[j]]))
		return a > b || a == b && fields[i] < fields[j]
	})
	out := make(map[string]any, len(args))
	for arg, a := range args {
		out[arg] = a
		for _, f := range fields {
			switch x := out[arg].(type) {
			case string:
				if x == state.Text(from[f]) {
					out[arg] = to[f]
				} else if strings.Contains(x, state.Text(from[f])) {
					out[arg] = strings.ReplaceAll(x, state.Text(from[f]), state.Text(to[f]))
				}
			default:
				if satisfy.ValueEqual(x, from[f]) {
					out[arg] = to[f]
				}
			}
		}
	}
	return out
}

// swapWrites lists the create again for the look-alikes and for the
// records least like the one its arguments carry.
func swapWrites(w *state.World, s source, args map[string]any, skip sourceSkip, with func(map[string]any) extraWrite) []extraWrite {
	c := w.Collection(s.coll)
	from := recordWith(c, s.field, s.value)
	alike, other := rankedSiblings(c, s.field, s.value, func(r state.Record) bool {
		key, _ := state.KeyOf(r, c.Key)
		// A carried-over create for the same person or record again is a
		// duplicate, not the task done for another one.
		return skip(s.coll, key, aboutValue(c, s.field, r)) || !relinked(args, carriedOver(args, from, r))
	}, overActionCandidates)
	var out []extraWrite
	add := func(kind string, rs []state.Record, how string) {
		for _, r := range rs {
			x := with(carriedOver(args, from, r))
			x.kind = kind
			x.what = fmt.Sprintf("%s for %s %s %q (%s)", x.what, s.coll, s.field, state.Text(r[s.field]), how)
			out = append(out, x)
		}
	}
	add(KindSibling, alike, "a look-alike")
	add(KindUnnamed, other, "which the goal does not name")
	return out
}

// aboutValue is the value of field that makes a create carried over to r
// one about r (a flyer titled for its event, a contact with its lead's
// address), or "" where field is the collection's key: a create that
// carries a record's key links to it (a post in a channel), and another
// create linked to a record the plan already links to is no duplicate.
func aboutValue(c *state.Collection, field string, r state.Record) string {
	if field == c.Key {
		return ""
	}
	return state.Text(r[field])
}

// sourceSkip reports a record a create must not be carried over to: one
// of the collection coll with key key, whose identifying value is value.
type sourceSkip func(coll, key, value string) bool

// skipSources skips the records the plan writes and those whose
// identifying value one of the plan's own calls of the tool already
// carries: the create carried over to a record the plan already makes it
// for (a second flyer for the workshop it has one for, a second contact
// for a lead it adds) is a duplicate of that call, not the task done for
// a record the task leaves out.
func skipSources(written func(coll, key string) bool, plan []episode.ToolCall, tool string) sourceSkip {
	return func(coll, key, value string) bool {
		if written(coll, key) {
			return true
		}
		for _, c := range plan {
			var args map[string]any
			if c.Name == tool && value != "" && json.Unmarshal(c.Args, &args) == nil && carries(args, value) {
				return true
			}
		}
		return false
	}
}

// relinked reports whether a carried-over create is for someone or
// something else: when the create names a person or a record (a recipient,
// a link), one of them changed.
func relinked(old, carried map[string]any) bool {
	links := false
	for arg, v := range old {
		if !identityField(arg) || ground.EmptyValue(v) {
			continue
		}
		links = true
		if state.Text(carried[arg]) != state.Text(v) {
			return true
		}
	}
	return !links
}

// recipientList reports whether a tool's argument is a list of people's
// addresses (a message's to_list, an event's attendees, a document's
// recipients), or one address a tool adds to such a list: the field it
// writes has the role emails (declared, or read from its name by
// atom.RoleOf), or, where it writes no field of the collection, its schema
// is a list of email strings.
func (in *envInfo) recipientList(t *episode.Tool, arg string) bool {
	if t == nil {
		return false
	}
	if ci := in.Colls[t.App+"."+t.Effect.Collection]; ci != nil && ci.Server != nil {
		field := in.listField(t, arg)
		if _, ok := ci.Def.Fields[field]; ok {
			role, _ := atom.RoleOf(ci.Server.MustServer(), ci.Def, field)
			return role == atom.RoleEmails
		}
	}
	s := facts.ArgSchema(t, arg)
	items, _ := s["items"].(map[string]any)
	return s["type"] == "array" && items["format"] == "email"
}

// addedRecipients lists a step with one more person among its recipients,
// someone the data holds whom neither the goal nor the instruction names:
// a send, an invite or an update with the person added to its list (the
// step replaced), or, for a tool that adds one person to a record's list,
// the same call for the person as well (a call added). A careful agent
// copies no one in who was not asked for.
func (in *envInfo) addedRecipients(c episode.ToolCall) []extraWrite {
	t := in.Env.Tool(c.Name)
	var args map[string]any
	if t == nil || json.Unmarshal(c.Args, &args) != nil {
		return nil
	}
	w, err := in.Env.World(in.Env.Recipe.Seed)
	if err != nil {
		return nil
	}
	var out []extraWrite
	for _, arg := range slices.Sorted(maps.Keys(args)) {
		list, isList := args[arg].([]any)
		adds := t.Effect.Kind == "append" && arg == t.Effect.Value
		if !isList && !adds || !in.recipientList(t, arg) || ground.EmptyValue(args[arg]) {
			continue
		}
		for _, v := range in.outsiders(w, args[arg]) {
			na := maps.Clone(args)
			x := extraWrite{kind: KindAddedRecipient, coll: t.App + "." + t.Effect.Collection, replace: isList, field: in.listField(t, arg)}
			if isList {
				na[arg] = append(slices.Clone(list), v)
				x.what = fmt.Sprintf("%s added to %s", v, arg)
			} else {
				na[arg] = v
				x.what = fmt.Sprintf("another %s adding %s", c.Name, v)
			}
			raw, _ := json.Marshal(na)
			x.call = episode.ToolCall{ID: c.ID, Name: c.Name, Args: raw}
			out = append(out, x)
		}
	}
	return out
}

// outsiders lists a few addresses of the data, those of cur's domain
// first, that cur does not hold and that neither the goal nor the
// instruction names: people the task is not for.
func (in *envInfo) outsiders(w *state.World, cur any) []string {
	named := strings.ToLower(in.Env.Instruction + " " + state.Text(cur))
	for _, c := range in.GoalChecks() {
		for _, pr := range c.Plan().Where {
			named += " " + strings.ToLower(state.Text(pr.Value))
		}
	}
	var out []string
	for _, v := range in.siblingEmails(w, cur, -1) {
		s := state.Text(v)
		if !strings.Contains(named, strings.ToLower(s)) {
			out = append(out, s)
		}
		if len(out) == overActionCandidates {
			break
		}
	}
	return out
}

// listField is the field of its collection a tool's argument writes: the
// list an append adds its value to, the field a create or update maps the
// argument to, else the argument's own name.
func (in *envInfo) listField(t *episode.Tool, arg string) string {
	if t.Effect.Kind == "append" && arg == t.Effect.Value {
		return t.Effect.Field
	}
	if ci := in.Colls[t.App+"."+t.Effect.Collection]; ci != nil {
		if f, ok := facts.WriteFields(t, ci.Def)[arg]; ok {
			return f
		}
	}
	return arg
}

// recipientsAssertion is, for a person added to a list of recipients,
// the intent's own positive assertion on the record the plan wrote with
// the list's length pinned ({to: {size: 1}}): equality on a list means
// "among them", and an unchanged whose exception names the record cannot
// tell it from the same record with one more person on it. Nil when no
// assertion of the intent's own goal matches the record.
func (in *envInfo) recipientsAssertion(p *Job, x extraWrite) *assert.Assertion {
	if p.Solved == nil || p.Solved.Session == nil || x.field == "" {
		return nil
	}
	st := p.Solved.Session.State()
	for _, k := range slices.Sorted(maps.Keys(st.Dirty(x.coll))) {
		r, ok := st.Get(x.coll, k)
		list, isList := r[x.field].([]any)
		if !ok || !isList {
			continue
		}
		for _, c := range in.GoalChecks() {
			a := c.Prog.Assertion // rendered: the fix is written back with the slots (asWritten)
			if a.Type != assert.Exists || a.Target != x.coll || c.Entry == nil || c.Entry.ID != in.Env.Intent.ID || !c.Prog.MatchRecord(r) {
				continue
			}
			a.Where = append(slices.Clone(a.Where), assert.Predicate{Field: x.field, Op: assert.OpSize, Value: float64(len(list))})
			a.Label = fmt.Sprintf("%s holds only the named recipients", x.field)
			return &a
		}
	}
	return nil
}
