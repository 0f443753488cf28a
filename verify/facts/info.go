package facts

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
	"github.com/legoenv/legoenv/verify/verdict"
)

// Check is one compiled check with where it came from.
type Check struct {
	Prog  *assert.Program
	Goal  bool        // from the intent's goal; else from a rule
	Index int         // index in the goal or in the rule's checks
	Entry *atom.Entry // the intent or the rule
	Raw   assert.Assertion
	// Want is what the planner plans for when it is not the assertion
	// itself: a cel check read as a where (ReadCEL), or the predicates of a
	// merge. The program stays the judge.
	Want *assert.Assertion
	// Group lists the goal assertions a merge makes hold with one record;
	// a merge is a task the planner may skip, planning its members one by
	// one instead.
	Group []Check
	// Fence marks the whole-world fence (episode.FenceSource): neither a
	// goal nor a rule; the intent answers for it.
	Fence bool
	// Joins are the joins of a cel check read with them (ReadJoinCEL),
	// resolved against the state when the planner comes to the task.
	Joins []celshape.Join
}

// Plan returns the assertion the planner plans for.
func (c Check) Plan() assert.Assertion {
	if c.Want != nil {
		return *c.Want
	}
	return c.Prog.Assertion
}

// Match reports whether a record satisfies the assertion planned for.
func (c Check) Match(r map[string]any) bool {
	if c.Want != nil {
		return satisfy.AllHold(r, c.Want.Where)
	}
	return c.Prog.MatchRecord(r)
}

// Field names the check as a verdict does: goal[i] or checks[i].
func (c Check) Field() string {
	if c.Goal {
		return "goal[" + strconv.Itoa(c.Index) + "]"
	}
	return "checks[" + strconv.Itoa(c.Index) + "]"
}

// Coll is one collection of the environment with its server.
type Coll struct {
	Name   string // app.collection
	App    string
	Coll   string
	Server *atom.Entry
	Def    *atom.Collection
}

// Info holds facts derived once per environment.
type Info struct {
	Env    *episode.Env
	Intent *atom.Intent
	Data   *atom.Data
	Checks []Check
	Colls  map[string]*Coll
	// Forbidden names tools that a not_called check without a where
	// forbids outright; the planner does not consider them.
	Forbidden map[string]bool
	read      bool // the cel checks have been read (ReadCELs)
	// Unique caches uniqueTexts per collection of the initial world.
	Unique map[string]map[string][]string
	// Messages is what the agent sees before its first call, read once
	// (verify's grounding check copies it).
	Messages *ground.Visible
	// RecDocs holds each initial record read as text, by collection
	// (verify's grounding check).
	RecDocs map[string][]ground.ContextDoc
}

// ReadCELs reads the cel checks as wheres where their shape allows, once,
// when the planner first needs them.
func (in *Info) ReadCELs() {
	if in.read {
		return
	}
	in.read = true
	for i, c := range in.Checks {
		if c.Prog.Assertion.Type == assert.CEL {
			in.Checks[i].Want = in.ReadCEL(c.Prog)
			if in.Checks[i].Want == nil && c.Goal {
				in.Checks[i].Want, in.Checks[i].Joins = in.ReadJoinCEL(c.Prog)
			}
		}
	}
}

// New derives an environment's facts: its collections and their servers,
// its checks compiled, the tools a check forbids outright.
func New(env *episode.Env) *Info {
	in := &Info{Env: env, Intent: env.Composed, Data: env.Data.MustData(), Colls: map[string]*Coll{}, Forbidden: map[string]bool{}}
	for _, se := range env.Servers {
		s := se.MustServer()
		for i := range s.Collections {
			c := &s.Collections[i]
			name := s.AppName() + "." + c.Name
			in.Colls[name] = &Coll{Name: name, App: s.AppName(), Coll: c.Name, Server: se, Def: c}
		}
	}
	// Checks are compiled goal first, then each rule's in order.
	var raws []Check
	for i, a := range in.Intent.Goal {
		raws = append(raws, Check{Goal: true, Index: env.GoalFrom[i].Index, Entry: env.GoalFrom[i].Entry, Raw: a})
	}
	for _, re := range env.Rules {
		for i, a := range re.MustRule().Checks {
			raws = append(raws, Check{Index: i, Entry: re, Raw: a})
		}
	}
	for i, c := range env.Checks {
		ci := Check{Prog: c.Program, Goal: c.Source == "goal"}
		if i < len(raws) {
			ci.Index, ci.Entry, ci.Raw, ci.Goal = raws[i].Index, raws[i].Entry, raws[i].Raw, raws[i].Goal
		}
		if c.Source == episode.FenceSource {
			ci.Fence, ci.Entry, ci.Index = true, env.Intent, -1
		}
		in.Checks = append(in.Checks, ci)
		a := c.Program.Assertion
		if a.Type == assert.NotCalled && len(a.Where) == 0 {
			in.Forbidden[a.Target] = true
		}
	}
	return in
}

func (in *Info) GoalChecks() []Check {
	var out []Check
	for _, c := range in.Checks {
		if c.Goal {
			out = append(out, c)
		}
	}
	return out
}

// Ref names an atom entry as a verdict does.
func Ref(e *atom.Entry) verdict.AtomRef {
	return verdict.AtomRef{Kind: e.Kind, ID: e.ID, Version: e.Version}
}

// ServerRef names the server of an app (the first server when none serves it).
func (in *Info) ServerRef(app string) verdict.AtomRef {
	for _, se := range in.Env.Servers {
		if se.MustServer().AppName() == app {
			return Ref(se)
		}
	}
	if len(in.Env.Servers) > 0 {
		return Ref(in.Env.Servers[0])
	}
	return verdict.AtomRef{Kind: atom.KindServer, ID: app}
}

// ToolsOn lists the surface's tools whose effect acts on a collection, of
// the given kinds, in surface order.
func (in *Info) ToolsOn(name string, kinds ...string) []*episode.Tool {
	var out []*episode.Tool
	for _, t := range in.Env.Tools() {
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

// KnownField reports whether a dotted field path starts with a field the
// collection declares (or the collection declares none).
func KnownField(c *atom.Collection, path string) bool {
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

// KeyArgOf returns a tool's key argument and the field it is matched with.
func KeyArgOf(t *episode.Tool, c *atom.Collection) (arg, field string) { return t.Effect.KeyArg(c) }

// WriteFields maps a create or update tool's arguments to the fields they
// write, as the declarative effect does.
func WriteFields(t *episode.Tool, c *atom.Collection) map[string]string {
	out := map[string]string{}
	keyArg, _ := KeyArgOf(t, c)
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

// SearchFilter is one effective filter of a search tool.
type SearchFilter struct{ Arg, Field, Op string }

// SearchFilters returns a search tool's filters as the effect applies them.
func SearchFilters(t *episode.Tool, c *atom.Collection) []SearchFilter {
	var out []SearchFilter
	if len(t.Effect.Filters) > 0 {
		for _, f := range t.Effect.Filters {
			sf := SearchFilter{Arg: f.Arg, Field: f.Field, Op: f.Op}
			if sf.Field == "" {
				sf.Field = f.Arg
			}
			if sf.Op == "" {
				sf.Op = assert.OpEquals
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
		out = append(out, SearchFilter{Arg: p, Field: field, Op: op})
	}
	return out
}

// ArgSchema returns the JSON Schema of one argument of a tool.
func ArgSchema(t *episode.Tool, arg string) map[string]any {
	props, _ := t.Input["properties"].(map[string]any)
	m, _ := props[arg].(map[string]any)
	return m
}

// RequiredArgs lists a tool's required arguments.
func RequiredArgs(t *episode.Tool) []string {
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

// Closest returns the candidate most like s ("" when none is close).
func Closest(s string, cands []string) string {
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

// SplitName cuts "app.collection".
func SplitName(name string) (string, string) { return state.Split(name) }

// MissingRequired lists the required arguments of t that args lacks.
func MissingRequired(t *episode.Tool, args map[string]any) []string {
	var out []string
	for _, r := range RequiredArgs(t) {
		if _, ok := args[r]; !ok {
			out = append(out, r)
		}
	}
	return out
}

// FieldDef merges a collection field with the argument's schema (whose
// enum may be narrower).
func FieldDef(ci *Coll, field string, schema map[string]any) atom.Field {
	fd := ci.Def.Fields[field]
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

// JSONText is v as JSON text (empty when it cannot be encoded).
func JSONText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
