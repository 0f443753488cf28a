package verify

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/ground"
	"github.com/legoenv/legoenv/verify/satisfy"
)

// maxReveals bounds the reads the grounding search adds to one plan.
const maxReveals = 8

// revealReads grounds a plan the way an agent would: where the plan writes
// a value that only the data holds (an invoice number, an address, a
// figure from a sheet), it adds before that step a read that shows it: a
// search of the collection holding it, filtered by what the agent already
// knows, or read whole. Values of a field with fixed states (an enum, a
// flag) are looked up only in prose (a policy that says "set it to
// urgent"): that another record happens to hold "urgent" does not tell an
// agent to set it. It returns the grounded run, or the
// last run with ok false when some value stays out of sight.
func (p *Job) revealReads(r *run) (*run, bool) {
	for range maxReveals {
		gs := p.info.ground(r)
		g, bad := ground.Ungrounded(gs)
		if !bad {
			return r, true
		}
		next, ok := p.revealOne(r, g, p.info.categorical(g))
		if !ok {
			return r, false
		}
		r = next
	}
	_, bad := ground.Ungrounded(p.info.ground(r))
	return r, !bad
}

// revealOne tries the reads that could show g's value and keeps the first
// that does, with the plan still passing; then two reads where the
// record holding the value is got by a key the agent must read first.
func (p *Job) revealOne(r *run, g ground.Grounding, proseOnly bool) (*run, bool) {
	at := g.Step - 1
	known := p.info.messageContext()
	for i := 0; i < at; i++ {
		known.Add(fmt.Sprintf("observation of step %d", i+1), r.Obs[i].Content)
	}
	for _, read := range p.info.readsShowing(g.Value, known, proseOnly) {
		if next, ok := p.tryReads(r, at, g.Value, read); ok {
			return next, true
		}
	}
	if proseOnly {
		return nil, false
	}
	if next, ok := p.revealByKey(r, g, known); ok {
		return next, true
	}
	return p.readEverything(r, g)
}

// tryReads inserts reads before step at and keeps the run when the plan
// still passes without an error, the reads leave the state as it was, and
// the last of them shows v.
func (p *Job) tryReads(r *run, at int, v string, reads ...episode.ToolCall) (*run, bool) {
	calls := slices.Insert(slices.Clone(r.Calls), at, reads...)
	next, err := facts.Replay(p.Env, calls, true)
	if err != nil || !next.Result.Passed || next.FirstError() >= 0 {
		return nil, false
	}
	for k := at; k < at+len(reads); k++ {
		if next.Obs[k].IsError || next.Digests[k] != next.DigestBefore(k) {
			return nil, false // not a read: it changed the state
		}
	}
	if !showsValue(next.Obs[at+len(reads)-1].Content, v) {
		return nil, false
	}
	return next, true
}

// maxKeyReveals bounds the pairs of reads revealByKey tries.
const maxKeyReveals = 8

// revealByKey shows a value that only a get by key returns, where the
// agent has not seen the key: a read that shows the key (a message
// naming its author's user id), then the get (the user, with the
// address).
func (p *Job) revealByKey(r *run, g ground.Grounding, known *ground.Visible) (*run, bool) {
	tries := 0
	for _, kg := range p.info.keyGets(g.Value, known) {
		for _, first := range p.info.readsShowing(kg.key, known, false) {
			if tries++; tries > maxKeyReveals {
				return nil, false
			}
			if next, ok := p.tryReads(r, g.Step-1, g.Value, first, kg.call); ok {
				return next, true
			}
		}
	}
	return nil, false
}

// keyGet is a get of a record by a key the agent has not seen.
type keyGet struct {
	key  string
	call episode.ToolCall
}

// keyGets lists the gets by key of the records that hold v, whose key
// nothing the agent has seen holds.
func (in *envInfo) keyGets(v string, known *ground.Visible) []keyGet {
	w, err := in.Env.World(in.Env.Recipe.Seed)
	if err != nil {
		return nil
	}
	var out []keyGet
	for _, name := range slices.Sorted(maps.Keys(in.Colls)) {
		c := w.Collection(name)
		if c == nil {
			continue
		}
		docs := in.recordDocs(name, c)
		for ri, rec := range c.Records {
			if !docs[ri].Holds(v, "", time.Time{}) {
				continue
			}
			for _, t := range in.ToolsOn(name, "get") {
				arg, field := facts.KeyArgOf(t, in.Colls[name].Def)
				kv, ok := rec[field]
				if !ok || ground.EmptyValue(kv) || known.Find(kv, field) != "" || in.Forbidden[t.Name] {
					continue
				}
				calls := appendCall(nil, t.Name, map[string]any{arg: satisfy.FitArg(kv, facts.ArgSchema(t, arg))})
				out = append(out, keyGet{state.Text(kv), calls[0]})
			}
		}
	}
	return out
}

// readEverything handles a value no single read shows, such as a total
// the intent derives from several records: it lists every collection the
// environment can list whole before the step, and keeps the reads when
// the value is then grounded.
func (p *Job) readEverything(r *run, g ground.Grounding) (*run, bool) {
	at := g.Step - 1
	reads := p.listings(r.Calls[:at])
	if len(reads) == 0 {
		return nil, false
	}
	calls := slices.Insert(slices.Clone(r.Calls), at, reads...)
	next, err := facts.Replay(p.Env, calls, true)
	if err != nil || !next.Result.Passed {
		return nil, false
	}
	end := at + len(reads)
	if next.Digests[end-1] != r.DigestBefore(at) {
		return nil, false // some "read" wrote
	}
	for _, ng := range p.info.ground(next) {
		if ng.Step == end+1 && ng.Arg == g.Arg && ng.Value == g.Value {
			if ng.Source == "" {
				return nil, false
			}
			return next, true
		}
	}
	return nil, false
}

// listings returns the reads that list each collection whole, after the
// calls before them: searches that need no argument and the Starlark
// reads of each collection, each once, keeping only those that answer
// without an error, leave the state as it was (a generic "create record"
// tool called with a collection's name writes an empty record: no read),
// and show something no earlier listing showed (a generic "find records"
// tool tried with many names answers most of them alike), so that the
// plan stays within the session's step limit.
func (p *Job) listings(before []episode.ToolCall) []episode.ToolCall {
	var cands []episode.ToolCall
	for _, name := range slices.Sorted(maps.Keys(p.info.Colls)) {
		for _, t := range p.info.ToolsOn(name, "search") {
			if len(facts.RequiredArgs(t)) == 0 && !p.info.Forbidden[t.Name] {
				cands = appendCall(cands, t.Name, wholeArgs(t))
			}
		}
		for _, c := range p.info.starlarkReads(p.info.Colls[name]) {
			var args map[string]any
			_ = json.Unmarshal(c.Args, &args)
			cands = appendCall(cands, c.Name, args)
		}
	}
	if len(cands) == 0 {
		return nil
	}
	// Tried in batches that stay within the session's step limit.
	batch := max(1, episode.Limits{}.WithDefaults().MaxSteps-len(before)-10)
	var out []episode.ToolCall
	shown := map[string]bool{}
	for start := 0; start < len(cands); start += batch {
		part := cands[start:min(len(cands), start+batch)]
		tried, err := facts.Replay(p.Env, append(slices.Clone(before), part...), true)
		if err != nil {
			return nil
		}
		for i, c := range part {
			k := len(before) + i
			o := tried.Obs[k]
			if o.IsError || shown[o.Content] || tried.Digests[k] != tried.DigestBefore(k) {
				continue
			}
			shown[o.Content] = true
			out = append(out, c)
		}
	}
	return out
}

// categorical reports whether the goal checks g's value on a field with
// fixed states.
func (in *envInfo) categorical(g ground.Grounding) bool {
	ci := in.Colls[g.Collection]
	if ci == nil {
		return false
	}
	fd, ok := ci.Def.Fields[g.Field]
	return ok && (len(fd.Enum) > 0 || fd.Type == "boolean")
}

// readsShowing lists read calls that return a record holding v: searches
// filtered by a field of that record the agent already knows, then
// searches that need no argument, then gets by a known key.
func (in *envInfo) readsShowing(v string, known *ground.Visible, proseOnly bool) []episode.ToolCall {
	w, err := in.Env.World(in.Env.Recipe.Seed)
	if err != nil {
		return nil
	}
	var filtered, whole, gets []episode.ToolCall
	for _, name := range slices.Sorted(maps.Keys(in.Colls)) {
		ci := in.Colls[name]
		c := w.Collection(name)
		if c == nil {
			continue
		}
		docs := in.recordDocs(name, c)
		for ri, rec := range c.Records {
			if !docs[ri].Holds(v, "", time.Time{}) || (proseOnly && !inProse(rec, v)) {
				continue
			}
			for _, t := range in.ToolsOn(name, "search") {
				if in.Forbidden[t.Name] {
					continue
				}
				if len(facts.RequiredArgs(t)) == 0 {
					whole = appendCall(whole, t.Name, wholeArgs(t))
				}
				for _, f := range facts.SearchFilters(t, ci.Def) {
					fv, ok := state.Path(rec, f.Field)
					if !ok || ground.EmptyValue(fv) || known.Find(fv, f.Field) == "" {
						continue
					}
					args := map[string]any{f.Arg: satisfy.FitArg(fv, facts.ArgSchema(t, f.Arg))}
					if len(facts.MissingRequired(t, args)) == 0 {
						filtered = appendCall(filtered, t.Name, args)
					}
				}
			}
			for _, t := range in.ToolsOn(name, "get") {
				arg, field := facts.KeyArgOf(t, ci.Def)
				if kv, ok := rec[field]; ok && known.Find(kv, field) != "" {
					gets = appendCall(gets, t.Name, map[string]any{arg: satisfy.FitArg(kv, facts.ArgSchema(t, arg))})
				}
			}
			whole = append(whole, in.starlarkReads(ci)...)
			break // one record holding the value is enough to find a read
		}
	}
	return append(append(filtered, whole...), gets...)
}

// starlarkReads lists calls of the app's Starlark tools that may list a
// collection: no arguments, or one text argument naming the collection
// (the way a generic "find records of type X" tool is called), each
// asking for the most results the tool's limit allows (wholeArgs), so
// that a collection longer than the default page is listed whole (21
// cases where a page holds 20). Whether a call reads, and shows the
// value, is judged by running it.
func (in *envInfo) starlarkReads(ci *collInfo) []episode.ToolCall {
	var out []episode.ToolCall
	names := []string{ci.Coll, strings.TrimSuffix(ci.Coll, "s")}
	for _, t := range in.Env.Tools() {
		if t.App != ci.App || t.Effect.Kind != "starlark" || in.Forbidden[t.Name] {
			continue
		}
		whole := wholeArgs(t)
		if len(facts.RequiredArgs(t)) == 0 {
			out = appendCall(out, t.Name, whole)
		}
		for _, arg := range slices.Sorted(maps.Keys(atom.InputProperties(t.Input))) {
			if ty, _ := facts.ArgSchema(t, arg)["type"].(string); ty != "string" {
				continue
			}
			for _, n := range names {
				args := maps.Clone(whole)
				args[arg] = n
				if len(facts.MissingRequired(t, args)) == 0 {
					out = appendCall(out, t.Name, args)
				}
			}
		}
	}
	return out
}

// wholeArgs are the arguments of a search that lists a collection whole:
// none, or the most results its limit argument allows, as an agent asks
// for when the default page (20 results) may leave out the records that
// matter (a policy row at the end of a sheet).
func wholeArgs(t *episode.Tool) map[string]any {
	arg := t.Effect.LimitArg
	if arg == "" && atom.InputProperties(t.Input)["limit"] {
		arg = "limit"
	}
	if arg == "" {
		return map[string]any{}
	}
	if m, ok := ground.NumberOf(facts.ArgSchema(t, arg)["maximum"]); ok && m > 0 {
		return map[string]any{arg: m}
	}
	return map[string]any{}
}

// appendCall adds a call unless an equal one is listed.
func appendCall(calls []episode.ToolCall, name string, args map[string]any) []episode.ToolCall {
	raw, _ := json.Marshal(args)
	for _, c := range calls {
		if c.Name == name && string(c.Args) == string(raw) {
			return calls
		}
	}
	return append(calls, episode.ToolCall{ID: fmt.Sprintf("read_%d", len(calls)+1), Name: name, Args: raw})
}

// recordDocs reads each record of a collection of the initial world as
// showsValue reads a record's JSON, once per environment: readsShowing
// looks through every record for each value it tries to reveal.
func (in *envInfo) recordDocs(name string, c *state.Collection) []ground.ContextDoc {
	if docs, ok := in.RecDocs[name]; ok {
		return docs
	}
	docs := make([]ground.ContextDoc, len(c.Records))
	for i, rec := range c.Records {
		ctx := &ground.Visible{}
		ctx.Add("text", facts.JSONText(rec))
		docs[i] = ctx.Docs[0]
	}
	if in.RecDocs == nil {
		in.RecDocs = map[string][]ground.ContextDoc{}
	}
	in.RecDocs[name] = docs
	return docs
}

// showsValue reports whether a text (an observation, a record as JSON)
// holds v as the grounding check reads it.
func showsValue(text, v string) bool {
	ctx := &ground.Visible{}
	ctx.Add("text", text)
	return ctx.Find(v, "") != ""
}

// inProse reports whether a record states v inside a sentence: a text
// field with at least three words more than v that holds it.
func inProse(rec map[string]any, v string) bool {
	want := len(strings.Fields(satisfy.Loose(v))) + 3
	for _, lf := range ground.Leaves("", rec) {
		t, ok := lf.Value.(string)
		if !ok || len(strings.Fields(satisfy.Loose(t))) < want {
			continue
		}
		if showsValue(t, v) {
			return true
		}
	}
	return false
}
