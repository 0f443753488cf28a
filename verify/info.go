package verify

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/editdist"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/celshape"
	"github.com/legoenv/legoenv/verify/ground"
	"github.com/legoenv/legoenv/verify/satisfy"
)

// checkInfo is one compiled check with where it came from.
type checkInfo struct {
	prog  *assert.Program
	goal  bool        // from the intent's goal; else from a rule
	index int         // index in the goal or in the rule's checks
	entry *atom.Entry // the intent or the rule
	raw   assert.Assertion
	// want is what the planner plans for when it is not the assertion
	// itself: a cel check read as a where (readCEL), or the predicates of a
	// merge. The program stays the judge.
	want *assert.Assertion
	// group lists the goal assertions a merge makes hold with one record;
	// a merge is a task the planner may skip, planning its members one by
	// one instead.
	group []checkInfo
	// fence marks the whole-world fence (episode.FenceSource): neither a
	// goal nor a rule; the intent answers for it.
	fence bool
	// joins are the joins of a cel check read with them (join.go),
	// resolved against the state when the planner comes to the task.
	joins []celshape.Join
}

// plan returns the assertion the planner plans for.
func (c checkInfo) plan() assert.Assertion {
	if c.want != nil {
		return *c.want
	}
	return c.prog.Assertion
}

// match reports whether a record satisfies the assertion planned for.
func (c checkInfo) match(r map[string]any) bool {
	if c.want != nil {
		return satisfy.AllHold(r, c.want.Where)
	}
	return c.prog.MatchRecord(r)
}

func (c checkInfo) field() string {
	if c.goal {
		return "goal[" + strconv.Itoa(c.index) + "]"
	}
	return "checks[" + strconv.Itoa(c.index) + "]"
}

// collInfo is one collection of the environment with its server.
type collInfo struct {
	name   string // app.collection
	app    string
	coll   string
	server *atom.Entry
	def    *atom.Collection
}

// envFacts holds facts derived once per environment.
type envFacts struct {
	env    *episode.Env
	intent *atom.Intent
	data   *atom.Data
	checks []checkInfo
	colls  map[string]*collInfo
	// forbidden names tools that a not_called check without a where
	// forbids outright; the planner does not consider them.
	forbidden map[string]bool
	read      bool // the cel checks have been read (readCELs)
	// unique caches uniqueTexts per collection of the initial world.
	unique map[string]map[string][]string
	// messages is what the agent sees before its first call, read once
	// (messageContext copies it).
	messages *ground.Visible
	// recDocs holds each initial record read as text, by collection
	// (recordDocs).
	recDocs map[string][]ground.ContextDoc
}

// readCELs reads the cel checks as wheres where their shape allows, once,
// when the planner first needs them.
func (in *envFacts) readCELs() {
	if in.read {
		return
	}
	in.read = true
	for i, c := range in.checks {
		if c.prog.Assertion.Type == assert.CEL {
			in.checks[i].want = in.readCEL(c.prog)
			if in.checks[i].want == nil && c.goal {
				in.checks[i].want, in.checks[i].joins = in.readJoinCEL(c.prog)
			}
		}
	}
}

func newEnvFacts(env *episode.Env) *envFacts {
	in := &envFacts{env: env, intent: env.Composed, data: env.Data.MustData(), colls: map[string]*collInfo{}, forbidden: map[string]bool{}}
	for _, se := range env.Servers {
		s := se.MustServer()
		for i := range s.Collections {
			c := &s.Collections[i]
			name := s.AppName() + "." + c.Name
			in.colls[name] = &collInfo{name: name, app: s.AppName(), coll: c.Name, server: se, def: c}
		}
	}
	// Checks are compiled goal first, then each rule's in order.
	var raws []checkInfo
	for i, a := range in.intent.Goal {
		raws = append(raws, checkInfo{goal: true, index: env.GoalFrom[i].Index, entry: env.GoalFrom[i].Entry, raw: a})
	}
	for _, re := range env.Rules {
		for i, a := range re.MustRule().Checks {
			raws = append(raws, checkInfo{index: i, entry: re, raw: a})
		}
	}
	for i, c := range env.Checks {
		ci := checkInfo{prog: c.Program, goal: c.Source == "goal"}
		if i < len(raws) {
			ci.index, ci.entry, ci.raw, ci.goal = raws[i].index, raws[i].entry, raws[i].raw, raws[i].goal
		}
		if c.Source == episode.FenceSource {
			ci.fence, ci.entry, ci.index = true, env.Intent, -1
		}
		in.checks = append(in.checks, ci)
		a := c.Program.Assertion
		if a.Type == assert.NotCalled && len(a.Where) == 0 {
			in.forbidden[a.Target] = true
		}
	}
	return in
}

func (in *envFacts) goalChecks() []checkInfo {
	var out []checkInfo
	for _, c := range in.checks {
		if c.goal {
			out = append(out, c)
		}
	}
	return out
}

func ref(e *atom.Entry) AtomRef { return AtomRef{Kind: e.Kind, ID: e.ID, Version: e.Version} }

// serverRef names the server of an app (the first server when none serves it).
func (in *envFacts) serverRef(app string) AtomRef {
	for _, se := range in.env.Servers {
		if se.MustServer().AppName() == app {
			return ref(se)
		}
	}
	if len(in.env.Servers) > 0 {
		return ref(in.env.Servers[0])
	}
	return AtomRef{Kind: atom.KindServer, ID: app}
}

// toolsOn lists the surface's tools whose effect acts on a collection, of
// the given kinds, in surface order.
func (in *envFacts) toolsOn(name string, kinds ...string) []*episode.Tool {
	var out []*episode.Tool
	for _, t := range in.env.Tools() {
		if t.App+"."+t.Effect.Collection != name {
			continue
		}
		for _, k := range kinds {
			if t.Effect.Kind == k {
				out = append(out, t)
				break
			}
		}
	}
	return out
}

// knownField reports whether a dotted field path starts with a field the
// collection declares (or the collection declares none).
func knownField(c *atom.Collection, path string) bool {
	if len(c.Fields) == 0 {
		return true
	}
	head, _, _ := strings.Cut(path, ".")
	if head == c.KeyField() {
		return true
	}
	_, ok := c.Fields[head]
	return ok
}

// keyArgOf returns a tool's key argument and the field it is matched with.
func keyArgOf(t *episode.Tool, c *atom.Collection) (arg, field string) { return t.Effect.KeyArg(c) }

// writeFields maps a create or update tool's arguments to the fields they
// write, as the declarative effect does.
func writeFields(t *episode.Tool, c *atom.Collection) map[string]string {
	out := map[string]string{}
	keyArg, _ := keyArgOf(t, c)
	open := len(c.Fields) == 0
	for arg := range atom.InputProperties(t.Input) {
		if t.Effect.Kind != "create" && arg == keyArg {
			continue
		}
		if f, ok := t.Effect.Fields[arg]; ok {
			out[arg] = f
			continue
		}
		if _, isField := c.Fields[arg]; isField || open || arg == c.KeyField() {
			out[arg] = arg
		}
	}
	return out
}

// searchFilter is one effective filter of a search tool.
type searchFilter struct{ arg, field, op string }

// searchFilters returns a search tool's filters as the effect applies them.
func searchFilters(t *episode.Tool, c *atom.Collection) []searchFilter {
	var out []searchFilter
	if len(t.Effect.Filters) > 0 {
		for _, f := range t.Effect.Filters {
			sf := searchFilter{arg: f.Arg, field: f.Field, op: f.Op}
			if sf.field == "" {
				sf.field = f.Arg
			}
			if sf.op == "" {
				sf.op = assert.OpEquals
			}
			out = append(out, sf)
		}
		return out
	}
	limitArg := t.Effect.LimitArg
	props := atom.InputProperties(t.Input)
	if limitArg == "" && props["limit"] {
		limitArg = "limit"
	}
	names := slices.Sorted(maps.Keys(props))
	for _, p := range names {
		if p == limitArg {
			continue
		}
		field := t.Effect.FieldOf(p)
		fd, isField := c.Fields[field]
		if !isField && field != c.KeyField() {
			continue
		}
		op := assert.OpEquals
		if fd.Type == "string" && fd.Format == "" && len(fd.Enum) == 0 && field != c.KeyField() && !strings.HasSuffix(field, "_id") {
			op = assert.OpIContains
		}
		out = append(out, searchFilter{arg: p, field: field, op: op})
	}
	return out
}

// argSchema returns the JSON Schema of one argument of a tool.
func argSchema(t *episode.Tool, arg string) map[string]any {
	props, _ := t.Input["properties"].(map[string]any)
	m, _ := props[arg].(map[string]any)
	return m
}

// requiredArgs lists a tool's required arguments.
func requiredArgs(t *episode.Tool) []string {
	var out []string
	switch r := t.Input["required"].(type) {
	case []any:
		for _, x := range r {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
	case []string:
		out = append(out, r...)
	}
	return out
}

// closest returns the candidate most like s ("" when none is close).
func closest(s string, cands []string) string {
	best, bestD := "", -1
	ls := strings.ToLower(s)
	for _, c := range cands {
		lc := strings.ToLower(c)
		d := editdist.Levenshtein(ls, lc)
		if strings.Contains(lc, ls) || strings.Contains(ls, lc) {
			d = min(d, max(len(lc), len(ls))/2)
		}
		if bestD < 0 || d < bestD || (d == bestD && c < best) {
			best, bestD = c, d
		}
	}
	if bestD < 0 || bestD > max(len(s), 3)*2/3 {
		return ""
	}
	return best
}

// splitName cuts "app.collection".
func splitName(name string) (string, string) { return state.Split(name) }

func missingRequired(t *episode.Tool, args map[string]any) []string {
	var out []string
	for _, r := range requiredArgs(t) {
		if _, ok := args[r]; !ok {
			out = append(out, r)
		}
	}
	return out
}

// fieldDef merges a collection field with the argument's schema (whose
// enum may be narrower).
func fieldDef(ci *collInfo, field string, schema map[string]any) atom.Field {
	fd := ci.def.Fields[field]
	sf := satisfy.SchemaField(schema)
	if len(sf.Enum) > 0 {
		fd.Enum = sf.Enum
	}
	if fd.Type == "" {
		fd.Type = sf.Type
	}
	if fd.Format == "" {
		fd.Format = sf.Format
	}
	return fd
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
