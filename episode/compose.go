// Package episode composes environments from atoms and runs episodes on
// them: a session holds a copy-on-write state, the tool surface, the
// trajectory and the limits; tools validate their arguments against their
// JSON Schema and apply their effect; evaluate scores the goal and the rules.
package episode

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// Issue codes of composition. Verification maps them to root causes.
const (
	IssueMissingAtom   = "missing_atom"   // a pin does not resolve
	IssueMissingApp    = "missing_app"    // the intent needs an app no server serves
	IssueToolConflict  = "tool_conflict"  // two servers declare the same tool
	IssueUnknownTool   = "unknown_tool"   // the intent's surface or plan names a tool no server has
	IssueUnboundSlot   = "unbound_slot"   // a slot has no handle or value, or its handle is not in the data
	IssueMissingRecord = "missing_record" // a handle names a record the data does not have
	IssueBadAssertion  = "bad_assertion"  // an assertion names an unknown collection or does not compile
	IssueBadData       = "bad_data"       // records that do not fit the servers' collections
)

// Issue is one reason an environment does not compose.
type Issue struct {
	Code    string    `json:"code"`
	Kind    atom.Kind `json:"kind"`
	ID      string    `json:"id"`
	Version string    `json:"version,omitempty"`
	Field   string    `json:"field,omitempty"`
	Message string    `json:"message"`
}

func (i Issue) String() string {
	where := string(i.Kind) + " " + i.ID
	if i.Field != "" {
		where += " " + i.Field
	}
	return fmt.Sprintf("%s: %s (%s)", where, i.Message, i.Code)
}

// ComposeError lists every issue of a recipe.
type ComposeError struct {
	Recipe atom.Recipe
	Issues []Issue
}

func (e *ComposeError) Error() string {
	parts := make([]string, len(e.Issues))
	for i, is := range e.Issues {
		parts[i] = is.String()
	}
	return "compose: " + strings.Join(parts, "; ")
}

// Binding is a slot's resolved value.
type Binding struct {
	Value  any    `json:"value"`
	Handle string `json:"handle,omitempty"`
	App    string `json:"app,omitempty"`
	Coll   string `json:"collection,omitempty"`
	Key    string `json:"key,omitempty"`
}

// Message is a chat message (OpenAI format).
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// PlanStep is a reference-plan call with slots filled in.
type PlanStep struct {
	Tool string         `json:"tool"`
	Args map[string]any `json:"arguments"`
}

// Env is a composed environment: what every session of it shares.
type Env struct {
	ID     string
	Recipe atom.Recipe // every pin has its version
	Intent *atom.Entry
	// Composed is the intent as composed: the intent atom itself, or a
	// workflow with its steps folded in. GoalFrom names the atom each of
	// its goal assertions comes from (the intent, or a step intent).
	Composed *atom.Intent
	GoalFrom []GoalSource
	Data     *atom.Entry
	Servers  []*atom.Entry
	Rules    []*atom.Entry
	Apps     []string

	Bindings    map[string]Binding
	System      string
	Instruction string
	Clock       time.Time
	Checks      []assert.Check
	Plan        []PlanStep
	OtherBranch []PlanStep // the branch not taken, rendered (Intent.OtherBranch)
	Limits      Limits

	tools     []*Tool
	toolByKey map[string]*Tool

	mu     sync.Mutex
	worlds map[int64]*state.World
	cache  *libCache  // the library's, for building further worlds
	refs   references // reference-plan states, for whole-state goals
	kept   *keptRules // the rules each call's writes are kept to (kept.go)
}

// Tools returns the environment's tool surface, in a stable order.
func (e *Env) Tools() []*Tool { return e.tools }

// Tool returns a tool of the surface by name.
func (e *Env) Tool(name string) *Tool { return e.toolByKey[name] }

// Messages returns the opening messages: the system prompt (with the rules
// placed in the prompt) and the instruction.
func (e *Env) Messages() []Message {
	sys := e.System
	var rules []string
	for _, r := range e.Rules {
		ru := r.MustRule()
		if ru.Placement == "" || ru.Placement == "prompt" {
			rules = append(rules, "- "+ru.Text)
		}
	}
	if len(rules) > 0 {
		if sys != "" {
			sys += "\n\n"
		}
		sys += "Policies you must follow:\n" + strings.Join(rules, "\n")
	}
	var out []Message
	if sys != "" {
		out = append(out, Message{Role: "system", Content: sys})
	}
	return append(out, Message{Role: "user", Content: e.Instruction})
}

// Options tune composition.
type Options struct {
	Limits Limits
	// FullSurface ignores the intent's tool list and offers every tool of
	// its apps (verification asks whether a restriction is what blocks a
	// task).
	FullSurface bool
	// Fence adds the whole-world fence (assert.Fence) to a frozen intent's
	// goal as well, to score an imported benchmark under legoenv's fence;
	// every other intent always has it.
	Fence bool
	// WorldOnly composes the servers, the tools and the initial world and
	// stops there: no slot is bound and no goal is compiled, so the
	// environment cannot be scored. A check of the data alone needs no
	// more, and binding and rendering are most of a composition's cost.
	WorldOnly bool
	// Natives are Go implementations of Starlark tools, by the hash of
	// the script they implement (see NewNatives); nil: every script is
	// interpreted.
	Natives *Natives
}

// ComposeAll composes every recipe of lib with the default options.
// Recipes that do not compose come back as errors beside the environments
// that do.
func ComposeAll(lib *atom.Library, opt Options) ([]*Env, []error) {
	var envs []*Env
	var errs []error
	for _, r := range lib.Recipes() {
		env, err := Compose(lib, r, opt)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		envs = append(envs, env)
	}
	return envs, errs
}

// Compose resolves a recipe against a library and builds the environment.
// Unpinned versions resolve to the library's heads; the servers default to
// those serving the intent's apps.
func Compose(lib *atom.Library, r atom.Recipe, opt Options) (*Env, error) {
	c := &composer{lib: lib, r: r, full: opt.FullSurface, fence: opt.Fence, worldOnly: opt.WorldOnly, natives: opt.Natives, cache: cacheOf(lib)}
	env := c.compose()
	if len(c.issues) > 0 {
		return nil, &ComposeError{Recipe: c.r, Issues: c.issues}
	}
	env.Limits = opt.Limits.WithDefaults()
	return env, nil
}

type composer struct {
	lib    *atom.Library
	r      atom.Recipe
	issues []Issue
	world  *state.World
	full   bool // Options.FullSurface
	fence  bool // Options.Fence
	// worldOnly is Options.WorldOnly.
	worldOnly bool
	natives   *Natives // Options.Natives
	cache     *libCache
}

func (c *composer) add(code string, e *atom.Entry, k atom.Kind, id, field, format string, args ...any) {
	is := Issue{Code: code, Kind: k, ID: id, Field: field, Message: fmt.Sprintf(format, args...)}
	if e != nil {
		is.Kind, is.ID, is.Version = e.Kind, e.ID, e.Version
	}
	c.issues = append(c.issues, is)
}

func (c *composer) get(k atom.Kind, p atom.Pin) *atom.Entry {
	e, err := c.lib.Get(k, p)
	if err != nil {
		c.add(IssueMissingAtom, nil, k, p.ID, "", "%v", err)
		return nil
	}
	return e
}

func (c *composer) compose() *Env {
	ie := c.get(atom.KindIntent, c.r.Intent)
	de := c.get(atom.KindData, c.r.Data)
	if ie == nil || de == nil {
		return nil
	}
	in, steps, goalFrom := c.expandSteps(ie, ie.MustIntent())
	data := de.MustData()
	env := &Env{Intent: ie, Composed: in, GoalFrom: goalFrom, Data: de, worlds: map[int64]*state.World{}, toolByKey: map[string]*Tool{}, cache: c.cache}

	servers := c.servers(ie, in)
	env.Servers = servers
	for _, s := range servers {
		env.Apps = append(env.Apps, s.MustServer().AppName())
	}

	// Rules: as pinned.
	for _, p := range c.r.Rules {
		if e := c.get(atom.KindRule, p); e != nil {
			env.Rules = append(env.Rules, e)
		}
	}

	// Pin every version so the recipe (and the id) say exactly what was used.
	pinned := atom.Recipe{Intent: ie.Pin(), Data: de.Pin(), Steps: steps, Bind: c.r.Bind, Seed: c.r.Seed}
	for _, s := range servers {
		pinned.Servers = append(pinned.Servers, s.Pin())
	}
	for _, r := range env.Rules {
		pinned.Rules = append(pinned.Rules, r.Pin())
	}
	c.r = pinned
	env.Recipe = pinned
	env.ID = pinned.Hash()

	env.Clock = time.Date(2026, 1, 15, 9, 0, 0, 0, time.UTC)
	if data.Clock != "" {
		if t, err := time.Parse(time.RFC3339, data.Clock); err == nil {
			env.Clock = t
		}
	}

	c.buildTools(env, in)
	env.kept = newKeptRules(env.Servers)
	base := c.buildWorld(env, c.r.Seed)
	if base == nil {
		return env
	}
	env.worlds[c.r.Seed] = base
	if c.worldOnly {
		return env
	}
	c.bind(env, in, data, base)
	c.render(env, in)
	return env
}

// servers are the recipe's servers as pinned, else one per app of the
// intent, sorted by id; an app no server serves is an issue.
func (c *composer) servers(ie *atom.Entry, in *atom.Intent) []*atom.Entry {
	var servers []*atom.Entry
	served := map[string]*atom.Entry{}
	for _, p := range c.r.Servers {
		if e := c.get(atom.KindServer, p); e != nil {
			servers = append(servers, e)
			served[e.MustServer().AppName()] = e
		}
	}
	for _, app := range in.Apps {
		if served[app] != nil {
			continue
		}
		if len(c.r.Servers) == 0 {
			if e := c.lib.ServerFor(app); e != nil {
				servers = append(servers, e)
				served[app] = e
				continue
			}
		}
		c.add(IssueMissingApp, ie, "", "", "apps", "intent needs app %q but no server atom serves it", app)
	}
	sort.Slice(servers, func(i, j int) bool { return servers[i].ID < servers[j].ID })
	return servers
}

func (c *composer) buildTools(env *Env, in *atom.Intent) {
	owner := map[string]*atom.Entry{}
	var all []*Tool
	for _, se := range env.Servers {
		s := se.MustServer()
		for i := range s.Tools {
			t := &s.Tools[i]
			if prev := owner[t.Name]; prev != nil {
				c.add(IssueToolConflict, se, "", "", fmt.Sprintf("tools[%d].name", i),
					"tool %q is also declared by server %s", t.Name, prev.ID)
				continue
			}
			owner[t.Name] = se
			tool, err := c.cache.tool(s, se, t)
			if err != nil {
				c.add(IssueBadData, se, "", "", fmt.Sprintf("tools[%d]", i), "%v", err)
				continue
			}
			if f := c.natives.For(t.Effect); f != nil {
				tool.native, tool.server = f, s
			}
			all = append(all, tool)
			env.toolByKey[t.Name] = tool
		}
	}
	if len(in.Tools) == 0 || c.full {
		env.tools = all
		return
	}
	surface := map[string]*Tool{}
	for i, name := range in.Tools {
		t := env.toolByKey[name]
		if t == nil {
			c.add(IssueUnknownTool, env.Intent, "", "", fmt.Sprintf("tools[%d]", i), "no server of the environment has tool %q", name)
			continue
		}
		surface[name] = t
	}
	for _, t := range all {
		if surface[t.Name] != nil {
			env.tools = append(env.tools, t)
		}
	}
	env.toolByKey = surface
}

// World returns the initial state for a seed (generated values differ by
// seed; fixed records and handles do not). Worlds are cached.
func (e *Env) World(seed int64) (*state.World, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if w := e.worlds[seed]; w != nil {
		return w, nil
	}
	c := &composer{r: e.Recipe, cache: e.cache}
	w := c.buildWorld(e, seed)
	if len(c.issues) > 0 {
		return nil, &ComposeError{Recipe: e.Recipe, Issues: c.issues}
	}
	if len(e.worlds) > 64 {
		for k := range e.worlds {
			if k != e.Recipe.Seed {
				delete(e.worlds, k)
			}
		}
	}
	e.worlds[seed] = w
	return w, nil
}

// buildWorld materialises the data atom over the servers' collections.
func (c *composer) buildWorld(env *Env, seed int64) *state.World {
	data := env.Data.MustData()
	wc := newWorldColls(env)
	c.addDataRecords(env, data, wc)
	if seed == 0 {
		seed = data.Seed
	}
	wc.keyRNG = gen.New(seed, "keys", env.Clock).Rand()
	c.addRuleDocuments(env, wc)
	for gi, g := range data.Generate {
		c.addGenerated(env, data, seed, gi, g, wc)
	}
	var out []*state.Collection
	for name, ci := range wc.colls {
		out = append(out, c.collection(env.Data, name, ci))
	}
	return state.NewWorld(env.Clock, out...)
}

// collection makes a world's collection. One that holds the data atom's
// records of it and nothing else is the same in every world built from
// that atom version, whatever the recipe or seed: it is made once per
// library and shared, so that its indexes, and the forms of its records
// that sessions derive (Collection.MemoIn), are built once for every
// environment of that data instead of once for each.
func (c *composer) collection(de *atom.Entry, name string, ci *worldColl) *state.Collection {
	recs := ci.data
	if c.cache == nil || de == nil || de.Version == "" || len(recs) == 0 || len(ci.records) != len(recs) {
		return state.NewCollection(name, ci.key, ci.records)
	}
	key := de.Ref() + "#" + name + "#" + ci.key
	return c.cache.colls.Get(key, func() *state.Collection { return state.NewCollection(name, ci.key, ci.records) })
}

// worldColl is one collection of a world being built.
type worldColl struct {
	key     string
	prefix  string
	records []state.Record
	keys    *keyMaker
	// data is the data atom's records of the collection, which records
	// starts with.
	data []state.Record
}

// keyMaker makes new keys for the collection, after its records so far.
func (ci *worldColl) keyMaker() *keyMaker {
	if ci.keys == nil {
		ci.keys = newKeyMaker(ci.key, ci.prefix, ci.records)
	}
	return ci.keys
}

// worldColls are the collections of a world being built, by "app.name",
// and the apps served.
type worldColls struct {
	colls  map[string]*worldColl
	apps   map[string]bool
	keyRNG *rand.Rand // new keys for records that have none
}

func newWorldColls(env *Env) *worldColls {
	wc := &worldColls{colls: map[string]*worldColl{}, apps: map[string]bool{}}
	for _, se := range env.Servers {
		s := se.MustServer()
		wc.apps[s.AppName()] = true
		for _, col := range s.Collections {
			wc.colls[s.AppName()+"."+col.Name] = &worldColl{key: col.KeyField(), prefix: col.Prefix()}
		}
	}
	return wc
}

// addDataRecords adds the data atom's records of the apps served.
func (c *composer) addDataRecords(env *Env, data *atom.Data, wc *worldColls) {
	for _, app := range slices.Sorted(maps.Keys(data.Records)) {
		if !wc.apps[app] {
			continue // data for apps this environment does not serve
		}
		for _, n := range slices.Sorted(maps.Keys(data.Records[app])) {
			ci := wc.colls[app+"."+n]
			if ci == nil {
				c.add(IssueBadData, env.Data, "", "", "records."+app+"."+n, "app %s has no collection %q", app, n)
				continue
			}
			ci.records = append(ci.records, data.Records[app][n]...)
			ci.data = data.Records[app][n]
		}
	}
}

// addRuleDocuments adds the documents that rules placed as documents live in.
func (c *composer) addRuleDocuments(env *Env, wc *worldColls) {
	for _, re := range env.Rules {
		ru := re.MustRule()
		if ru.Placement != "document" || ru.Document == nil {
			continue
		}
		name := ru.Document.App + "." + ru.Document.Collection
		ci := wc.colls[name]
		if ci == nil {
			if wc.apps[ru.Document.App] {
				c.add(IssueBadData, re, "", "", "document", "no collection %s for the rule's document", name)
			}
			continue
		}
		rec := state.Record{}
		for k, v := range ru.Document.Fields {
			if s, ok := v.(string); ok {
				v = strings.ReplaceAll(s, "{{text}}", ru.Text)
			}
			rec[k] = v
		}
		if _, ok := rec[ci.key]; !ok {
			rec[ci.key] = ci.keyMaker().next(wc.keyRNG)
		}
		ci.records = append(ci.records, rec)
	}
}

// addGenerated adds the records of the data atom's gi-th generator.
func (c *composer) addGenerated(env *Env, data *atom.Data, seed int64, gi int, g atom.Generator, wc *worldColls) {
	name := g.App + "." + g.Collection
	ci := wc.colls[name]
	if ci == nil {
		if wc.apps[g.App] {
			c.add(IssueBadData, env.Data, "", "", fmt.Sprintf("generate[%d]", gi), "app %s has no collection %q", g.App, g.Collection)
		}
		return
	}
	var like state.Record
	if g.Like != "" {
		h := data.Handles[g.Like]
		for _, r := range ci.records {
			if k, _ := state.KeyOf(r, ci.key); k == h.Key {
				like = r
			}
		}
	}
	src := gen.New(seed, fmt.Sprintf("%s#%d", name, gi), env.Clock)
	fields := slices.Sorted(maps.Keys(g.Fields))
	specs := make([]gen.Spec, len(fields))
	parsed := make([]bool, len(fields))
	for j, f := range fields {
		sp, err := c.cache.parseSpec(g.Fields[f])
		specs[j], parsed[j] = sp, err == nil // a bad spec is reported by lint
	}
	for i := 0; i < g.Count; i++ {
		row := src.NewRow()
		// Sized once: growing a map field by field was most of the
		// world's allocations.
		rec := make(state.Record, len(like)+len(fields)+1)
		for k, v := range like {
			rec[k] = v
		}
		for j, f := range fields {
			if parsed[j] {
				rec[f] = src.Value(specs[j], row)
			}
		}
		if _, ok := rec[ci.key]; !ok || like != nil {
			if _, set := g.Fields[ci.key]; !set {
				rec[ci.key] = ci.keyMaker().next(wc.keyRNG)
			}
		}
		ci.records = append(ci.records, rec)
	}
}

func (c *composer) bind(env *Env, in *atom.Intent, data *atom.Data, w *state.World) {
	env.Bindings = map[string]Binding{}
	names := slices.Sorted(maps.Keys(in.Slots))
	for _, n := range names {
		slot := in.Slots[n]
		if o, ok := c.r.Bind[n]; ok {
			slot = o
		}
		switch {
		case slot.Value != nil:
			env.Bindings[n] = Binding{Value: slot.Value}
		case slot.Handle != "":
			h, ok := data.Handles[slot.Handle]
			if !ok {
				c.add(IssueUnboundSlot, env.Intent, "", "", "slots."+n, "slot %q names handle %q, which data %s does not export", n, slot.Handle, data.ID)
				continue
			}
			col := w.Collection(h.App + "." + h.Collection)
			var rec state.Record
			if col != nil {
				rec, _ = col.Lookup(h.Key)
			}
			if rec == nil {
				c.add(IssueMissingRecord, env.Data, "", "", "handles."+slot.Handle, "handle %q names %s.%s %q, which is not in the data", slot.Handle, h.App, h.Collection, h.Key)
				continue
			}
			val := any(h.Key)
			if h.Display != "" {
				val = rec[h.Display]
			}
			env.Bindings[n] = Binding{Value: val, Handle: slot.Handle, App: h.App, Coll: h.Collection, Key: h.Key}
		default:
			c.add(IssueUnboundSlot, env.Intent, "", "", "slots."+n, "slot %q has neither a handle nor a value", n)
		}
	}
	// Slots used but not declared.
	key := ""
	if in == env.Intent.Atom {
		key = env.Intent.ID + "@" + env.Intent.Version
	}
	for _, n := range c.cache.usedSlots(key, in) {
		if _, ok := in.Slots[n]; !ok {
			c.add(IssueUnboundSlot, env.Intent, "", "", "instruction", "slot {{%s}} is used but not declared", n)
		}
	}
	c.world = w
}

// render fills slots into the instruction, the assertions and the plan, and
// compiles the checks.
func (c *composer) render(env *Env, in *atom.Intent) {
	if len(c.issues) > 0 {
		return
	}
	env.System = c.fill(in.System, env).(string)
	env.Instruction = c.fill(in.Instruction, env).(string)
	known := map[string]bool{}
	for _, n := range env.worldNames() {
		known[n] = true
	}
	compile := func(e *atom.Entry, field string, a assert.Assertion, source string) {
		a.Target = c.fill(a.Target, env).(string)
		a.Expr = c.fill(a.Expr, env).(string)
		orig := a.Where
		a.Where = c.fillPreds(a.Where, env)
		if source == "goal" {
			c.besideLonger(env, orig, a.Where)
		}
		if len(a.Except) > 0 {
			a.Except = c.fillPreds(a.Except, env)
		}
		if len(a.ExceptAlso) > 0 {
			also := make([][]assert.Predicate, len(a.ExceptAlso))
			for i, alt := range a.ExceptAlso {
				also[i] = c.fillPreds(alt, env)
			}
			a.ExceptAlso = also
		}
		if a.ReadsCollection() && !known[a.Target] {
			c.add(IssueBadAssertion, e, "", "", field, "assertion reads %s, which no server of the environment has", a.Target)
			return
		}
		if source == "goal" && c.world != nil {
			a = withKinds(env.Servers, state.New(c.world), a)
		}
		p, err := c.cache.compile(a)
		if err != nil {
			c.add(IssueBadAssertion, e, "", "", field, "%v", err)
			return
		}
		env.Checks = append(env.Checks, assert.Check{Program: p, Source: source})
	}
	for i, a := range in.Goal {
		compile(env.GoalFrom[i].Entry, fmt.Sprintf("goal[%d]", i), a, "goal")
	}
	for _, re := range env.Rules {
		for i, a := range re.MustRule().Checks {
			compile(re, fmt.Sprintf("checks[%d]", i), a, "rule:"+re.ID)
		}
	}
	// The fence comes last: readers of Checks find the goal's, then each
	// rule's, in order.
	if len(c.issues) == 0 && (c.fence || !atom.IsFrozen(env.Intent.Atom) && !in.NoFence) {
		env.Checks = append(env.Checks, fenceCheck(env))
	}
	env.Plan = c.planSteps(env, in.Plan, "plan")
	env.OtherBranch = c.planSteps(env, in.OtherBranch, "other_branch")
}

// planSteps fills a list of plan calls, reporting tools outside the surface.
func (c *composer) planSteps(env *Env, calls []atom.PlanCall, field string) []PlanStep {
	var out []PlanStep
	for i, p := range calls {
		if env.toolByKey[p.Tool] == nil {
			c.add(IssueUnknownTool, env.Intent, "", "", fmt.Sprintf("%s[%d].tool", field, i), "%s calls %q, which is not in the tool surface", field, p.Tool)
		}
		args, _ := c.fill(map[string]any(p.Args), env).(map[string]any)
		if args == nil {
			args = map[string]any{}
		}
		out = append(out, PlanStep{Tool: p.Tool, Args: args})
	}
	return out
}

func (e *Env) worldNames() []string {
	w := e.worlds[e.Recipe.Seed]
	if w == nil {
		return nil
	}
	return w.Names()
}

// fillPreds renders the slot templates of predicates' values, in a copy.
func (c *composer) fillPreds(ps []assert.Predicate, env *Env) []assert.Predicate {
	out := make([]assert.Predicate, len(ps))
	for i, p := range ps {
		p.Value = c.fill(p.Value, env)
		out[i] = p
	}
	return out
}

// fill replaces {{slot}} and {{slot.field}} in strings inside v. A string
// that is exactly one placeholder takes the bound value's type.
func (c *composer) fill(v any, env *Env) any {
	switch x := v.(type) {
	case string:
		if !strings.Contains(x, "{{") {
			return x
		}
		if p, ok := atom.WholePlaceholder(x); ok {
			if val, ok := c.slotValue(env, p.Slot, p.Field); ok {
				return val
			}
			return x
		}
		return atom.ReplacePlaceholders(x, func(p atom.Placeholder) string {
			if val, ok := c.slotValue(env, p.Slot, p.Field); ok {
				return fmt.Sprint(val)
			}
			return p.Text
		})
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = c.fill(e, env)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = c.fill(e, env)
		}
		return out
	}
	return v
}

func (c *composer) slotValue(env *Env, slot, field string) (any, bool) {
	b, ok := env.Bindings[slot]
	if !ok {
		return nil, false
	}
	if field == "" {
		return b.Value, true
	}
	if b.Handle == "" {
		if m, ok := b.Value.(map[string]any); ok {
			v, ok := m[field]
			return v, ok
		}
		return nil, false
	}
	col := c.world.Collection(b.App + "." + b.Coll)
	if col == nil {
		return nil, false
	}
	rec, ok := col.Lookup(b.Key)
	if !ok {
		return nil, false
	}
	v, ok := rec[field]
	if !ok {
		c.add(IssueUnboundSlot, env.Intent, "", "", "slots."+slot, "{{%s.%s}}: record %s has no field %q", slot, field, b.Key, field)
	}
	return v, ok
}
