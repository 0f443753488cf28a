package corpus_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/corpus"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/importer/automationbench"
	"github.com/legoenv/legoenv/state"
)

// AutomationBench's state schemas, which the importer reads; the servers of
// the benchmark's apps keep their collections and field names.
const abSchemas = "../testdata/automationbench/schemas"

// minApps is the least number of applications the corpus serves.
const minApps = 130

// The servers load once per test binary (loading validates every file
// against the published schema, the slow part).
var servers struct {
	once sync.Once
	lib  *atom.Library
	ds   atom.Diagnostics
	err  error
}

func loadServers(t *testing.T) (*atom.Library, []*atom.Server) {
	t.Helper()
	servers.once.Do(func() { servers.lib, servers.ds, servers.err = atom.Load(corpus.BuiltinServers()) })
	lib, ds, err := servers.lib, servers.ds, servers.err
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		t.Errorf("lint: %v", d)
	}
	var out []*atom.Server
	for _, e := range lib.Heads(atom.KindServer) {
		out = append(out, e.MustServer())
	}
	return lib, out
}

func TestBuiltinCounts(t *testing.T) {
	_, servers := loadServers(t)
	families := map[string]int{}
	tools := map[string]string{}
	for _, s := range servers {
		t.Run(s.ID, func(t *testing.T) {
			if s.Family == "" {
				t.Error("no family")
			}
			if len(s.Collections) < 3 {
				t.Errorf("%d collections, want at least 3", len(s.Collections))
			}
			if len(s.Tools) < 6 {
				t.Errorf("%d tools, want at least 6", len(s.Tools))
			}
			if s.Description == "" {
				t.Error("no description")
			}
			for _, tl := range s.Tools {
				if !strings.HasPrefix(tl.Name, s.ID+"_") {
					t.Errorf("tool %s does not start with %s_", tl.Name, s.ID)
				}
				if prev, dup := tools[tl.Name]; dup {
					t.Errorf("tool %s is also declared by %s", tl.Name, prev)
				}
				tools[tl.Name] = s.ID
				if tl.Effect.Kind == "unresolved" {
					t.Errorf("tool %s is unresolved", tl.Name)
				}
			}
		})
		families[s.Family]++
	}
	if n := len(servers); n < minApps {
		t.Errorf("%d apps, want at least %d", n, minApps)
	}
	if n := len(families); n < 12 {
		t.Errorf("%d families, want at least 12: %v", n, families)
	}
}

// TestBuiltinHasAutomationBenchApps checks that the server of every app of
// AutomationBench keeps the benchmark's collections and field names, as the
// importer reads them from the benchmark's state schemas.
func TestBuiltinHasAutomationBenchApps(t *testing.T) {
	lib, _ := loadServers(t)
	schemas, err := automationbench.LoadSchemas(abSchemas)
	if err != nil {
		t.Fatal(err)
	}
	if len(schemas.Apps) < 40 {
		t.Fatalf("the index lists %d apps", len(schemas.Apps))
	}
	for name, app := range schemas.Apps {
		if name == "meta" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			e := lib.ServerFor(name)
			if e == nil {
				t.Fatalf("no server for AutomationBench app %s", name)
			}
			s := e.MustServer()
			for _, coll := range app.Collections {
				c := s.Collection(coll.Name)
				if c == nil {
					t.Errorf("no collection %s", coll.Name)
					continue
				}
				for _, f := range coll.Fields {
					if _, ok := c.Fields[f.Name]; !ok {
						t.Errorf("%s has no field %s", coll.Name, f.Name)
					}
				}
			}
		})
	}
}

// TestBuiltinToolsWork calls every tool of every app with valid arguments in
// a small environment holding one record per collection, and checks the
// declared effect on the state.
func TestBuiltinToolsWork(t *testing.T) {
	lib, servers := loadServers(t)
	for _, s := range servers {
		t.Run(s.ID, func(t *testing.T) {
			seeds := map[string]map[string]any{}
			recs := map[string][]map[string]any{}
			for i := range s.Collections {
				c := &s.Collections[i]
				r := seedRecord(c)
				seeds[c.Name] = r
				recs[c.Name] = []map[string]any{r}
			}
			writable(s, seeds)
			id := "probe_" + s.ID
			if _, err := lib.Put(&atom.Data{Kind: atom.KindData, ID: id, Clock: "2026-03-02T09:00:00Z", Records: map[string]map[string][]map[string]any{s.AppName(): recs}}, "probe", true); err != nil {
				t.Fatal(err)
			}
			if _, err := lib.Put(&atom.Intent{Kind: atom.KindIntent, ID: id, Apps: []string{s.AppName()}, Instruction: "Probe every tool.",
				Goal: []assert.Assertion{{Type: assert.CEL, Expr: "true"}}}, "probe", true); err != nil {
				t.Fatal(err)
			}
			env, err := episode.Compose(lib, atom.Recipe{Intent: atom.Pin{ID: id}, Data: atom.Pin{ID: id}}, episode.Options{})
			if err != nil {
				t.Fatal(err)
			}
			sess, err := episode.NewSession(env, episode.SessionOptions{})
			if err != nil {
				t.Fatal(err)
			}
			for i := range s.Tools {
				tl := &s.Tools[i]
				t.Run(tl.Name, func(t *testing.T) {
					sess.Reset()
					probeTool(t, sess, s, tl, seeds, env.Clock)
				})
			}
		})
	}
}

func probeTool(t *testing.T, sess *episode.Session, s *atom.Server, tl *atom.Tool, seeds map[string]map[string]any, clock time.Time) {
	c := s.Collection(tl.Effect.Collection)
	if c == nil {
		t.Fatalf("no collection %s", tl.Effect.Collection)
	}
	name := s.AppName() + "." + c.Name
	seed := seeds[c.Name]
	seedKey := fmt.Sprint(seed[c.KeyField()])
	props, _ := tl.Input["properties"].(map[string]any)
	args := map[string]any{}
	e := tl.Effect
	keyArg := e.Key
	if keyArg == "" {
		keyArg = c.KeyField()
	}
	fieldOf := func(arg string) string {
		if f, ok := e.Fields[arg]; ok {
			return f
		}
		return arg
	}
	switch e.Kind {
	case "search":
		for _, f := range e.Filters {
			field := f.Field
			if field == "" {
				field = f.Arg
			}
			v := seed[field]
			if l, ok := v.([]any); ok {
				v = l[0]
			}
			switch f.Op {
			case "icontains", "contains":
				if str, ok := v.(string); ok && len(str) > 3 {
					v = str[1 : len(str)-1]
				}
			case "in":
				v = []any{v}
			}
			args[f.Arg] = v
		}
		if e.LimitArg != "" {
			args[e.LimitArg] = float64(5)
		}
	case "get", "update", "delete", "append":
		match := c.KeyField()
		if f, ok := e.Fields[keyArg]; ok {
			match = f
		} else if keyArg != c.KeyField() {
			if _, isField := c.Fields[keyArg]; isField {
				match = keyArg
			}
		}
		args[keyArg] = seed[match]
		if e.Kind == "update" {
			for p, ps := range props {
				if p != keyArg {
					args[p] = newValue(ps.(map[string]any), p)
				}
			}
		}
		if e.Kind == "append" {
			args[e.Value] = newValue(props[e.Value].(map[string]any), e.Value)
		}
	case "create":
		for p, ps := range props {
			args[p] = newValue(ps.(map[string]any), p)
		}
	default:
		t.Fatalf("effect kind %s is not declarative", e.Kind)
	}
	resolveArgs(t, sess, s, c, tl, args, seeds)
	if lc := c.Lifecycle; lc != nil && (e.Kind == "update" || e.Kind == "append") {
		// A record with no state yet may move to any: the declared
		// machine is tested in package episode and by the examples.
		rec := state.Record{}
		for f, v := range seed {
			rec[f] = v
		}
		delete(rec, lc.Field)
		if err := sess.State().Replace(name, seedKey, rec); err != nil {
			t.Fatal(err)
		}
	}
	raw, _ := json.Marshal(args)
	before := len(sess.State().Records(name))
	obs := sess.Call(episode.ToolCall{Name: tl.Name, Args: raw})
	if obs.IsError {
		t.Fatalf("call %s: %s", raw, obs.Content)
	}
	var res any
	if err := json.Unmarshal([]byte(obs.Content), &res); err != nil {
		t.Fatalf("observation is not JSON: %v", err)
	}
	st := sess.State()
	after := st.Records(name)
	setOK := func(rec state.Record) {
		for k, v := range e.Set {
			if v == "$now" {
				v = c.Fields[k].Now(clock)
			}
			if !jsonEqual(rec[k], v) {
				t.Errorf("set %s: got %v, want %v", k, rec[k], v)
			}
		}
	}
	switch e.Kind {
	case "search":
		m, _ := res.(map[string]any)
		if total, _ := m["total"].(float64); total != 1 {
			t.Errorf("search %s found %v records, want the seed record: %s", raw, m["total"], obs.Content)
		}
		if len(after) != before {
			t.Error("search changed the collection")
		}
		// Each filter must be able to exclude the record.
		for _, f := range e.Filters {
			ps, _ := props[f.Arg].(map[string]any)
			miss, ok := missValue(ps, args[f.Arg], f.Op)
			if !ok {
				continue
			}
			missArgs := map[string]any{}
			for k, v := range args {
				missArgs[k] = v
			}
			missArgs[f.Arg] = miss
			rawMissArgs, _ := json.Marshal(missArgs)
			o := sess.Call(episode.ToolCall{Name: tl.Name, Args: rawMissArgs})
			var mm map[string]any
			_ = json.Unmarshal([]byte(o.Content), &mm)
			if o.IsError || mm["total"] != float64(0) {
				t.Errorf("filter %s does not exclude: %s -> %s", f.Arg, rawMissArgs, o.Content)
			}
		}
	case "get":
		if !jsonEqual(res, seed) {
			t.Errorf("get returned %s, want the seed record", obs.Content)
		}
	case "create":
		if len(after) != before+1 {
			t.Fatalf("create: %d records, want %d", len(after), before+1)
		}
		m, _ := res.(map[string]any)
		k, _ := state.KeyOf(m, c.KeyField())
		rec, ok := st.Get(name, k)
		if !ok {
			t.Fatalf("created record %q not in the state", k)
		}
		for a, v := range args {
			if !jsonEqual(rec[fieldOf(a)], v) {
				t.Errorf("create: field %s = %v, want %v", fieldOf(a), rec[fieldOf(a)], v)
			}
		}
		setOK(rec)
	case "update":
		rec, ok := st.Get(name, seedKey)
		if !ok {
			t.Fatal("updated record is gone")
		}
		for a, v := range args {
			if a == keyArg {
				continue
			}
			if !jsonEqual(rec[fieldOf(a)], v) {
				t.Errorf("update: field %s = %v, want %v", fieldOf(a), rec[fieldOf(a)], v)
			}
		}
		setOK(rec)
		if len(args) == 1 && len(e.Set) == 0 {
			t.Error("update with nothing to change")
		}
	case "delete":
		if _, ok := st.Get(name, seedKey); ok || len(after) != before-1 {
			t.Error("delete left the record")
		}
	case "append":
		rec, _ := st.Get(name, seedKey)
		want := append(append([]any{}, seed[e.Field].([]any)...), args[e.Value])
		if !jsonEqual(rec[e.Field], want) {
			t.Errorf("append: %s = %v, want %v", e.Field, rec[e.Field], want)
		}
	}
}

func jsonEqual(a, b any) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	var x, y any
	_ = json.Unmarshal(ja, &x)
	_ = json.Unmarshal(jb, &y)
	return reflect.DeepEqual(x, y)
}

// seedRecord makes one record that fills every field with a value of its
// type, so that every filter of a search has something to match.
func seedRecord(c *atom.Collection) map[string]any {
	r := map[string]any{}
	for name, f := range c.Fields {
		r[name] = seedValue(name, f)
	}
	r[c.KeyField()] = "seed-" + c.Name
	// A write an only_when rule refuses (a fulfilled order cancelled) is
	// tested by the examples: the seed holds a value the rule lets move.
	for _, inv := range c.Invariants {
		if inv.Rule != "only_when" || inv.Error == "" {
			continue
		}
		for _, v := range c.Fields[inv.Fields[0]].Enum {
			if r[inv.Fields[0]] = v; !inv.Gates(r) {
				break
			}
		}
	}
	return r
}

// writable lets the user write under each seed a write_when rule names (a
// calendar the user holds as writer): a change the rule refuses is tested
// by the examples.
// A seed a refers_to rule by follows names records no kind (a Linear
// team no estimate scale), so no value written under it is refused: a
// value off the kind is tested by the examples.
func writable(s *atom.Server, seeds map[string]map[string]any) {
	for _, c := range s.Collections {
		for _, f := range c.Fields {
			if ww := f.WriteWhen; ww != nil && seeds[f.Ref] != nil {
				seeds[f.Ref][ww.Field] = ww.In[0]
			}
		}
		for _, inv := range c.Invariants {
			if ref := c.Fields[inv.Fields[0]].Ref; inv.Follows() && seeds[ref] != nil {
				delete(seeds[ref], inv.Fields[1])
			}
		}
	}
}

func seedValue(name string, f atom.Field) any {
	if len(f.Enum) > 0 {
		return f.Enum[0]
	}
	switch f.Type {
	case "integer":
		return 3
	case "number":
		return 12.5
	case "boolean":
		return false
	case "object":
		return map[string]any{"k": "v"}
	case "array":
		switch f.Items {
		case "integer", "number":
			return []any{3}
		case "object":
			return []any{map[string]any{"k": "v"}}
		}
		return []any{"seed " + name}
	}
	if f.Type == "" {
		return 3 // fields of several types are mostly "integer or string"
	}
	if f.Format == "" && (strings.Contains(name, "time") || strings.HasSuffix(name, "_at")) {
		return "2026-01-10T10:00:00Z"
	}
	switch f.Format {
	case "date":
		return "2026-01-10"
	case "date-time":
		return "2026-01-10T10:00:00Z"
	case "email":
		return "seed." + strings.ReplaceAll(name, "_", "") + "@example.com"
	case "uri":
		return "https://example.com/seed/" + name
	}
	return "seed value of " + name
}

// newValue is a valid argument for a property, different from the seed.
func newValue(ps map[string]any, name string) any {
	if enum, ok := ps["enum"].([]any); ok && len(enum) > 0 {
		return enum[len(enum)-1]
	}
	switch ps["type"] {
	case "integer":
		n := 7.0
		if mx, ok := ps["maximum"].(float64); ok && n > mx {
			n = mx
		}
		return n
	case "number":
		return 42.5
	case "boolean":
		return true
	case "object":
		return map[string]any{"note": "new"}
	case "array":
		items, _ := ps["items"].(map[string]any)
		return []any{newValue(items, name)}
	}
	switch ps["format"] {
	case "date":
		return "2026-02-01"
	case "date-time":
		return "2026-02-01T09:30:00Z"
	case "email":
		return "new." + strings.ReplaceAll(name, "_", "") + "@example.com"
	case "uri":
		return "https://example.com/new/" + name
	}
	return "new " + name
}

// missValue is a valid argument for a search filter that the seed record
// does not match.
func missValue(ps map[string]any, hit any, op string) (any, bool) {
	if op == "in" {
		l, _ := hit.([]any)
		if len(l) == 0 {
			return nil, false
		}
		v, ok := missValue(itemsOf(ps), l[0], "equals")
		return []any{v}, ok
	}
	if enum, ok := ps["enum"].([]any); ok {
		for _, e := range enum {
			if !jsonEqual(e, hit) {
				return e, op == "equals" || op == "iequals"
			}
		}
		return nil, false
	}
	switch h := hit.(type) {
	case bool:
		return !h, true
	case float64, int:
		n, _ := json.Marshal(h)
		var f float64
		_ = json.Unmarshal(n, &f)
		switch op {
		case "gte", "gt":
			return f + 1000, true
		case "lte", "lt":
			return f - 1000, true
		}
		return f + 1, true
	case string:
		switch op {
		case "gte", "gt":
			return "9999-12-31T23:59:59Z", true
		case "lte", "lt":
			return "0001-01-01T00:00:00Z", true
		}
		switch ps["format"] {
		case "email":
			return "nobody@nowhere.example", true
		case "uri":
			return "https://nowhere.example/", true
		case "date":
			return "1999-01-01", true
		case "date-time":
			return "1999-01-01T00:00:00Z", true
		}
		return "no-such-value", true
	}
	return nil, false
}

func itemsOf(ps map[string]any) map[string]any {
	it, _ := ps["items"].(map[string]any)
	return it
}

// TestBuiltinAppsOfAFamilyDiffer guards against apps that are one product
// under several names: two apps of a family must not share most of their
// field names (collection.field) or most of their tool names (without the
// app prefix).
func TestBuiltinAppsOfAFamilyDiffer(t *testing.T) {
	_, servers := loadServers(t)
	byFamily := map[string][]*atom.Server{}
	for _, s := range servers {
		byFamily[s.Family] = append(byFamily[s.Family], s)
	}
	for fam, ss := range byFamily {
		for i := range ss {
			for j := i + 1; j < len(ss); j++ {
				a, b := ss[i], ss[j]
				if f := jaccard(fieldNames(a), fieldNames(b)); f > 0.6 {
					t.Errorf("%s: %s and %s share %.0f%% of their field names", fam, a.ID, b.ID, 100*f)
				}
				if f := jaccard(toolSuffixes(a), toolSuffixes(b)); f > 0.8 {
					t.Errorf("%s: %s and %s share %.0f%% of their tool names", fam, a.ID, b.ID, 100*f)
				}
			}
		}
	}
}

func fieldNames(s *atom.Server) map[string]bool {
	m := map[string]bool{}
	for _, c := range s.Collections {
		for f := range c.Fields {
			m[c.Name+"."+f] = true
		}
	}
	return m
}

func toolSuffixes(s *atom.Server) map[string]bool {
	m := map[string]bool{}
	for _, t := range s.Tools {
		m[strings.TrimPrefix(t.Name, s.ID+"_")] = true
	}
	return m
}

func jaccard(a, b map[string]bool) float64 {
	both := 0
	for k := range a {
		if b[k] {
			both++
		}
	}
	union := len(a) + len(b) - both
	if union == 0 {
		return 1
	}
	return float64(both) / float64(union)
}

// resolveArgs points every argument that writes a reference that must
// resolve at the seed record of the referenced collection (a copy keyed
// "7" where the argument is a number).
func resolveArgs(t *testing.T, sess *episode.Session, s *atom.Server, c *atom.Collection, tl *atom.Tool, args map[string]any, seeds map[string]map[string]any) {
	e := tl.Effect
	if e.Kind != "create" && e.Kind != "update" && e.Kind != "append" {
		return
	}
	props, _ := tl.Input["properties"].(map[string]any)
	for a := range args {
		f := e.FieldOf(a)
		if e.Kind == "append" && a == e.Value {
			f = e.Field
		}
		fd := c.Fields[f]
		if fd.Resolve == "" || (e.Kind != "create" && a == e.Key) {
			continue
		}
		ref := fd.Ref
		if fd.RefBy != "" {
			// A reference by kind names the first kind's record, and the
			// kind's argument says which.
			kind := slices.Sorted(maps.Keys(fd.Refs))[0]
			ref = fd.Refs[kind]
			for ka := range props {
				if e.FieldOf(ka) == fd.RefBy {
					args[ka] = kind
				}
			}
		}
		rc := s.Collection(ref)
		by := fd.RefKey(rc)
		var k any = seeds[ref][by]
		if ps, _ := props[a].(map[string]any); strings.Contains(fmt.Sprint(ps), "integer") {
			rec := state.Record{}
			for x, v := range seeds[ref] {
				rec[x] = v
			}
			rec[rc.KeyField()] = "7"
			if by != rc.KeyField() {
				rec[by] = float64(7)
			}
			// A value unique within a field (ref_per: an iid within its
			// project) names the record of the seeded one, which the
			// call's own reference there names.
			if pc := s.Collection(c.Fields[fd.RefPer].Ref); fd.RefPer != "" && pc != nil {
				rec[fd.RefPer] = seeds[pc.Name][pc.KeyField()]
			}
			if err := sess.State().Insert(s.AppName()+"."+ref, rec); err != nil {
				t.Fatal(err)
			}
			k = float64(7)
		}
		if fd.Type == "array" && (e.Kind != "append" || a != e.Value) {
			args[a] = []any{k}
		} else {
			args[a] = k
		}
	}
}
