// Package coherence checks that a library's initial states make sense: every
// value fits its field's type, enum, format and role; references resolve;
// lifecycles agree; one person is the same person in every app; and the
// records a task names cannot be told from the background by the form of
// their keys. It reads any library (a built corpus, an imported benchmark,
// a user's own) through the worlds its recipes compose.
package coherence

import (
	"fmt"
	"runtime"
	"slices"
	"sort"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"golang.org/x/sync/errgroup"
)

// The rules a violation names.
const (
	RuleType      = "type"      // the value's JSON type is not the field's
	RuleEnum      = "enum"      // the value is not one of the field's states
	RuleFormat    = "format"    // an email, date or URL that does not parse
	RuleRole      = "role"      // the value does not mean what the field's role says (words in an id, a date, a name)
	RuleRef       = "ref"       // a reference to a record that is not there, or a required one that names none
	RuleLifecycle = "lifecycle" // dates out of order, states that cannot go together
	RuleIdentity  = "identity"  // one address, two names; an address off its company's domain
	RuleIDForm    = "id_form"   // keys of one collection in more than one form
	RuleUniqueKey = "unique_key"
	RuleHeld      = "holds"     // a record the product makes itself (the atom's holds) missing from the world
	RuleInvariant = "invariant" // a rule the server atom declares: a lifecycle's stamps, lte, before, soon_after, at_most_one, unique, display, days_until, only_when, within, since, bounds
	RuleFields    = "fields"    // fields of one record that deny each other: a flag and a state, a share above its whole
	RuleSecret    = "secret"    // a payment card number in free text
)

// Rules returns the rules in report order, a fresh slice.
func Rules() []string { return slices.Clone(rules) }

// rules lists the rules in report order.
var rules = []string{RuleType, RuleEnum, RuleFormat, RuleRole, RuleRef, RuleLifecycle, RuleIdentity, RuleIDForm, RuleUniqueKey, RuleInvariant, RuleHeld, RuleFields, RuleSecret}

// Violation is one value, record or collection that breaks a rule.
type Violation struct {
	Rule       string `json:"rule"`
	Data       string `json:"data"`       // the data atom
	Collection string `json:"collection"` // app.collection
	Key        string `json:"key,omitempty"`
	Field      string `json:"field,omitempty"`
	Value      any    `json:"value,omitempty"`
	Message    string `json:"message"`
}

func (v Violation) String() string {
	at := v.Collection
	if v.Key != "" {
		at += "[" + v.Key + "]"
	}
	if v.Field != "" {
		at += "." + v.Field
	}
	return fmt.Sprintf("%s: %s: %s: %s", v.Data, v.Rule, at, v.Message)
}

// Report is the result over a library.
type Report struct {
	Data       int            `json:"data"`    // data atoms checked
	Records    int            `json:"records"` // records checked
	Violations []Violation    `json:"violations"`
	ByRule     map[string]int `json:"by_rule"`
	ByAtom     map[string]int `json:"by_atom"` // data atom -> violations
	// Skipped names data atoms no recipe composes (so no world to read).
	Skipped []string `json:"skipped,omitempty"`
	// Text is the most common sentence of each text role across the
	// worlds checked, the most repeated role first.
	Text []TextShare `json:"text,omitempty"`
}

// Check reads every data atom of lib that some recipe composes, in the
// world of the first recipe that uses it, and reports its violations.
func Check(lib *atom.Library) Report {
	rep := Report{ByRule: map[string]int{}, ByAtom: map[string]int{}}
	first := map[string]atom.Recipe{}
	var order []string
	for _, r := range lib.Recipes() {
		e, err := lib.Get(atom.KindData, r.Data)
		if err != nil {
			continue
		}
		if _, ok := first[e.Ref()]; !ok {
			first[e.Ref()] = r
			order = append(order, e.Ref())
		}
	}
	worlds := make([]checkedWorld, len(order))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, ref := range order {
		g.Go(func() error {
			worlds[i] = checkData(lib, first[ref])
			return nil
		})
	}
	g.Wait()
	used := map[string]bool{}
	text := NewTextTally()
	for i, cw := range worlds {
		if cw.skipped {
			rep.Skipped = append(rep.Skipped, order[i])
			continue
		}
		used[cw.data] = true
		rep.Data++
		rep.Records += cw.records
		rep.add(cw.violations)
		text.Merge(cw.text)
	}
	rep.Text = text.Shares()
	for _, e := range lib.Heads(atom.KindData) {
		if !used[e.ID] {
			rep.Skipped = append(rep.Skipped, e.Ref())
		}
	}
	sort.Strings(rep.Skipped)
	return rep
}

func serversOf(lib *atom.Library, env *episode.Env) map[string]*atom.Server {
	out := map[string]*atom.Server{}
	for _, p := range env.Recipe.Servers {
		if e, err := lib.Get(atom.KindServer, p); err == nil {
			s := e.MustServer()
			out[s.AppName()] = s
		}
	}
	for _, app := range env.Intent.MustIntent().Apps {
		if out[app] == nil {
			if e := lib.ServerFor(app); e != nil {
				out[app] = e.MustServer()
			}
		}
	}
	return out
}

// checkedWorld is what Check learns of one data atom.
type checkedWorld struct {
	skipped    bool // the recipe does not compose, or its world cannot be built
	data       string
	records    int
	violations []Violation
	text       TextTally
}

// checkData checks the world a recipe builds from its data atom.
func checkData(lib *atom.Library, r atom.Recipe) checkedWorld {
	env, err := episode.Compose(lib, r, episode.Options{WorldOnly: true})
	if err != nil {
		return checkedWorld{skipped: true}
	}
	w, err := env.World(r.Seed)
	if err != nil {
		return checkedWorld{skipped: true}
	}
	servers := serversOf(lib, env)
	text := NewTextTally()
	tallyText(servers, w, text)
	return checkedWorld{data: env.Data.ID, records: w.Len(), violations: CheckWorld(env.Data.ID, servers, w), text: text}
}

func (r *Report) add(vs []Violation) {
	for _, v := range vs {
		r.Violations = append(r.Violations, v)
		r.ByRule[v.Rule]++
		r.ByAtom[v.Data]++
	}
}

// CheckWorld checks one initial state: servers by app name give each
// collection's fields and roles. Collections of an app without a server
// (rule documents of another app) are not judged.
func CheckWorld(data string, servers map[string]*atom.Server, w *state.World) []Violation {
	c := &checker{data: data, servers: servers, w: w, people: map[string]personSeen{}, personNames: map[string]bool{}, companies: map[string]bool{}}
	for _, name := range w.Names() {
		c.collectNames(name)
	}
	for _, name := range w.Names() {
		c.collection(name)
	}
	c.staffDomain()
	sort.SliceStable(c.out, func(i, j int) bool {
		a, b := c.out[i], c.out[j]
		if a.Collection != b.Collection {
			return a.Collection < b.Collection
		}
		return a.Key < b.Key
	})
	return c.out
}

// CheckRecord checks one record of collection coll of server s on its own
// (types, enums, formats, roles, its own lifecycle), without the world
// around it: synthesis uses it to keep what it writes coherent.
func CheckRecord(s *atom.Server, coll *atom.Collection, rec map[string]any) []Violation {
	return ShapeOf(s, coll).CheckRecord(rec)
}

// CheckRecord is the package's CheckRecord for a record of the shape's
// collection.
func (sh *Shape) CheckRecord(rec map[string]any) []Violation {
	c := &checker{servers: map[string]*atom.Server{sh.server.AppName(): sh.server}, people: map[string]personSeen{}, personNames: map[string]bool{}}
	c.record(sh, sh.server.AppName()+"."+sh.def.Name, rec)
	return c.out
}

type personSeen struct {
	name, where string
}

type checker struct {
	data        string
	servers     map[string]*atom.Server
	w           *state.World
	out         []Violation
	people      map[string]personSeen // email -> the name first seen with it
	personNames map[string]bool       // every person's full name in the world
	companies   map[string]bool       // every company's name in the world
	home        string                // the domain the workspace's own people share, once homeRead
	homeRead    bool
	// shapes are the shapes of the world's collections by name, derived on
	// first use; nil for the collections of an app without a server.
	shapes map[string]*Shape
}

func (c *checker) add(rule, coll, key, field string, value any, format string, args ...any) {
	c.out = append(c.out, Violation{Rule: rule, Data: c.data, Collection: coll, Key: key, Field: field, Value: value, Message: fmt.Sprintf(format, args...)})
}

func (c *checker) def(name string) (*atom.Server, *atom.Collection) {
	app, coll := state.Split(name)
	s := c.servers[app]
	if s == nil {
		return nil, nil
	}
	return s, s.Collection(coll)
}

// shape returns the shape of the world's collection name, or nil when no
// server defines it.
func (c *checker) shape(name string) *Shape {
	if sh, ok := c.shapes[name]; ok {
		return sh
	}
	var sh *Shape
	if s, def := c.def(name); def != nil {
		sh = ShapeOf(s, def)
	}
	if c.shapes == nil {
		c.shapes = map[string]*Shape{}
	}
	c.shapes[name] = sh
	return sh
}

func (c *checker) collection(name string) {
	sh := c.shape(name)
	if sh == nil {
		return
	}
	col := c.w.Collection(name)
	keys := map[string]bool{}
	for _, rec := range col.Records {
		k, _ := state.KeyOf(rec, col.Key)
		if keys[k] {
			c.add(RuleUniqueKey, name, k, col.Key, nil, "key %q is used by another record", k)
		}
		keys[k] = true
		c.record(sh, name, rec)
	}
	if sh.fields[col.Key].role != atom.RoleShortCode {
		// Short codes are random letters and digits, one form by
		// declaration (roleProblem checks each).
		c.idForm(sh, name, col)
	}
	c.invariants(sh.def, name, col)
	c.mailbox(sh.def, name, col)
	c.held(sh.def, name, col)
	c.required(sh, name, col)
	c.partDates(sh, name, col)
	c.sealedParts(sh, name, col)
	c.sittingParts(sh, name, col)
	c.counters(sh, name, col)
	c.partAmounts(sh, name, col)
	c.itemTotals(sh, name, col)
}
