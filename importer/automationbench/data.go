package automationbench

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/legoenv/legoenv/internal/isotime"
	"github.com/legoenv/legoenv/state"
)

// appData is one app's initial state, normalised into flat collections.
type appData struct {
	records map[string][]map[string]any // collection -> records
	order   []string                    // collections in the order they appeared
	keys    map[string]map[string]bool  // collection -> keys used
}

func (d *appData) add(coll string, r map[string]any) {
	if _, ok := d.records[coll]; !ok {
		d.order = append(d.order, coll)
	}
	d.records[coll] = append(d.records[coll], r)
}

// normaliser turns AutomationBench's authored initial state (nested
// spreadsheets -> worksheets -> rows, aliased field names, keys under
// another name, action logs keyed by action) into flat collections whose
// records carry their key and their parents' references, the way the
// benchmark's state models normalise it on load.
type normaliser struct {
	app  *App
	file string
	base string // JSON path of the app's state
	data *appData
	errs []*Error
	// extra collects fields and collections the schema does not declare.
	extra *extraFields
	// bags: collection -> its free-form object field (a row's cells), where
	// undeclared scalar fields of a record belong.
	bags map[string]string
}

// extraFields are fields (and untyped collections) seen in imported data
// that the schema does not declare; servers declare them too so that tools
// can write them and assertions can read them.
type extraFields struct {
	fields map[string]map[string]map[string]*Field // app -> collection -> field
	colls  map[string]map[string]bool              // app -> collections not in the schema
}

func newExtraFields() *extraFields {
	return &extraFields{fields: map[string]map[string]map[string]*Field{}, colls: map[string]map[string]bool{}}
}

func (x *extraFields) note(app, coll, name string, v any) {
	if x == nil || v == nil {
		return
	}
	if x.fields[app] == nil {
		x.fields[app] = map[string]map[string]*Field{}
	}
	if x.fields[app][coll] == nil {
		x.fields[app][coll] = map[string]*Field{}
	}
	f := x.fields[app][coll][name]
	t, items := jsonType(v)
	if f == nil {
		x.fields[app][coll][name] = &Field{Name: name, Type: t, Items: items, Observed: true}
		return
	}
	if f.Type != t {
		if f.Type == "integer" && t == "number" || f.Type == "number" && t == "integer" {
			f.Type = "number"
		} else {
			f.Type, f.Items = "", ""
		}
	} else if f.Items != items {
		f.Items = ""
	}
}

func jsonType(v any) (string, string) {
	switch x := v.(type) {
	case string:
		return "string", ""
	case bool:
		return "boolean", ""
	case float64:
		if x == float64(int64(x)) {
			return "integer", ""
		}
		return "number", ""
	case map[string]any:
		return "object", ""
	case []any:
		items := ""
		for i, e := range x {
			t, _ := jsonType(e)
			if i == 0 {
				items = t
			} else if items != t {
				items = ""
			}
		}
		if items == "integer" {
			items = "number"
		}
		return "array", items
	}
	return "", ""
}

// normaliseApp flattens one app's state.
func normaliseApp(app *App, st map[string]any, file, base string, extra *extraFields, bags map[string]string) (*appData, []*Error) {
	n := &normaliser{app: app, file: file, base: base, extra: extra, bags: bags,
		data: &appData{records: map[string][]map[string]any{}, keys: map[string]map[string]bool{}}}
	keys := make([]string, 0, len(st))
	for k := range st {
		keys = append(keys, k)
	}
	// Schema order first (parents before the children nested in them), then the rest.
	rank := map[string]int{}
	for i, c := range app.Collections {
		rank[c.Name] = i
	}
	sort.SliceStable(keys, func(i, j int) bool {
		ri, iok := rank[keys[i]]
		rj, jok := rank[keys[j]]
		if iok != jok {
			return iok
		}
		if iok {
			return ri < rj
		}
		return keys[i] < keys[j]
	})
	var settings map[string]any
	for _, k := range keys {
		v := st[k]
		path := base + "." + k
		c := app.Collection(k)
		if c == nil {
			if f := n.setting(k); f != nil {
				if settings == nil {
					settings = map[string]any{"id": settingsKey}
				}
				settings[k] = v
				continue
			}
			if list, ok := v.([]any); ok && allObjects(list) {
				// A collection the schema does not name: keep it, untyped.
				c = &Coll{Name: k, Open: true, Key: "id"}
				app.Collections = append(app.Collections, c)
				if extra != nil {
					if extra.colls[app.Name] == nil {
						extra.colls[app.Name] = map[string]bool{}
					}
					extra.colls[app.Name][k] = true
				}
				n.errf(path, "not in the %s schema; imported as an untyped collection", app.Name)
			} else {
				n.errf(path, "not in the %s schema (known: %s); dropped", app.Name, strings.Join(collNames(app), ", "))
				continue
			}
		}
		if c.Actions {
			n.actions(c, v, path)
			continue
		}
		list, ok := v.([]any)
		if !ok {
			n.errf(path, "want a list of records")
			continue
		}
		for i, e := range list {
			r, ok := e.(map[string]any)
			if !ok {
				n.errf(fmt.Sprintf("%s[%d]", path, i), "a record must be an object")
				continue
			}
			n.record(c, r, nil, fmt.Sprintf("%s[%d]", path, i))
		}
	}
	if settings != nil {
		for k, v := range settings {
			n.extra.note(app.Name, settingsColl, k, v)
		}
		n.data.add(settingsColl, settings)
	}
	return n.data, n.errs
}

const (
	settingsColl = "settings"
	settingsKey  = "settings"
)

func (n *normaliser) setting(name string) *Field {
	for _, f := range n.app.Settings {
		if f.Name == name {
			return f
		}
	}
	return nil
}

func (n *normaliser) errf(path, format string, args ...any) {
	n.errs = append(n.errs, &Error{File: n.file, Path: path, Message: fmt.Sprintf(format, args...)})
}

func allObjects(list []any) bool {
	for _, e := range list {
		if _, ok := e.(map[string]any); !ok {
			return false
		}
	}
	return true
}

func collNames(app *App) []string {
	var out []string
	for _, c := range app.Collections {
		out = append(out, c.Name)
	}
	return out
}

// actions flattens {"action_key": [records]} into action records.
func (n *normaliser) actions(c *Coll, v any, path string) {
	m, ok := v.(map[string]any)
	if !ok {
		n.errf(path, "want an object of action key -> list of action records")
		return
	}
	keys := slices.Sorted(maps.Keys(m))
	for _, k := range keys {
		list, ok := m[k].([]any)
		if !ok {
			n.errf(path+"."+k, "want a list of action records")
			continue
		}
		for i, e := range list {
			r, ok := e.(map[string]any)
			if !ok {
				n.errf(fmt.Sprintf("%s.%s[%d]", path, k, i), "an action record must be an object")
				continue
			}
			r = flattenAction(r, k)
			n.record(c, r, nil, fmt.Sprintf("%s.%s[%d]", path, k, i))
		}
	}
}

// flattenAction lifts an action record's params beside its action key, so
// that an action is a record whose fields are the call's arguments (what
// a tool that records actions writes). A parameter named like the record's
// own fields stays under params.
func flattenAction(r map[string]any, key string) map[string]any {
	out := map[string]any{}
	for k, v := range r {
		if k != "params" {
			out[k] = v
		}
	}
	if _, ok := out["action_key"]; !ok {
		out["action_key"] = key
	}
	params, _ := r["params"].(map[string]any)
	kept := map[string]any{}
	for k, v := range params {
		if _, taken := out[k]; taken || k == "params" {
			kept[k] = v
			continue
		}
		out[k] = v
	}
	if len(kept) > 0 {
		out["params"] = kept
	}
	return out
}

type parentRef struct {
	coll *Coll
	key  string
	rec  map[string]any
}

// record normalises one record and the records nested in it.
func (n *normaliser) record(c *Coll, in map[string]any, parent *parentRef, path string) {
	r := copyMap(in)
	nested := n.placeFields(c, r)
	n.inferKey(c, r, parent)
	k := n.claimKey(c, r, path)
	var children []map[string]any
	var childColl []*Coll
	for _, f := range nested {
		list := r[f].([]any)
		delete(r, f)
		cc := n.app.Collection(f)
		if cc == nil {
			cc = n.app.Collection(plural(f))
		}
		for _, e := range list {
			children = append(children, e.(map[string]any))
			childColl = append(childColl, cc)
		}
	}
	for f, v := range r {
		if c.Field(f) == nil {
			n.extra.note(n.app.Name, c.Name, f, v)
		}
	}
	n.data.add(c.Name, r)
	pr := &parentRef{coll: c, key: k, rec: r}
	idx := map[string]int{}
	for i, ch := range children {
		cc := childColl[i]
		n.record(cc, ch, pr, fmt.Sprintf("%s.%s[%d]", path, cc.Name, idx[cc.Name]))
		idx[cc.Name]++
	}
}

// placeFields moves the fields of r the schema names otherwise to the
// schema's names (an alias, a cell beside the row's cells) and returns
// those holding records of another collection, in name order.
func (n *normaliser) placeFields(c *Coll, r map[string]any) []string {
	var nested []string
	names := slices.Sorted(maps.Keys(r))
	for _, f := range names {
		if c.Field(f) != nil || c.Open && !n.nestedColl(c, f, r[f]) {
			continue
		}
		if n.nestedColl(c, f, r[f]) {
			nested = append(nested, f)
			continue
		}
		if to := dataAlias(c, f); to != "" {
			if _, taken := r[to]; !taken {
				r[to] = r[f]
				delete(r, f)
				continue
			}
		}
		if bag := n.bags[c.Name]; bag != "" && bag != f && !isMapValue(r[f]) {
			// A cell written beside the row's cells rather than in them.
			cells, _ := r[bag].(map[string]any)
			cells = copyMap(cells)
			if _, taken := cells[f]; !taken {
				cells[f] = r[f]
				r[bag] = cells
				delete(r, f)
			}
		}
	}
	return nested
}

// inferKey gives r its key from <singular>_id where it has none, and the
// references its parent holds.
func (n *normaliser) inferKey(c *Coll, r map[string]any, parent *parentRef) {
	key := c.Key
	if _, ok := r[key]; !ok || r[key] == nil {
		if v, ok := r[singular(c.Name)+"_id"]; ok && v != nil {
			if num, isNum := v.(float64); isNum && parent != nil {
				// A position within the parent (row 2 of a worksheet), not an id.
				r[key] = parent.key + "_" + state.Text(num)
			} else {
				r[key] = v
			}
		}
	}
	if parent == nil {
		return
	}
	ref := singular(parent.coll.Name) + "_id"
	if _, has := r[ref]; !has && (c.Field(ref) != nil || c.Open) {
		r[ref] = parent.key
	}
	// Inherit the parent's own references (a row gets its spreadsheet).
	for pf, pv := range parent.rec {
		if pf != parent.coll.Key && strings.HasSuffix(pf, "_id") && c.Field(pf) != nil {
			if _, has := r[pf]; !has {
				r[pf] = pv
			}
		}
	}
}

// claimKey makes r's key unique in its collection (a fresh one when it
// has none or repeats another's, reported) and returns it.
func (n *normaliser) claimKey(c *Coll, r map[string]any, path string) string {
	key := c.Key
	used := n.data.keys[c.Name]
	if used == nil {
		used = map[string]bool{}
		n.data.keys[c.Name] = used
	}
	k, ok := keyString(r[key])
	if !ok {
		k = n.freshKey(c, used)
		r[key] = k
	} else if used[k] {
		nk := n.freshKey(c, used)
		n.errf(path+"."+key, "duplicate key %q in %s; imported as %q", k, c.Name, nk)
		k = nk
		r[key] = k
	}
	used[k] = true
	return k
}

// nestedColl reports whether field f of a record holds records of another
// collection of the app (worksheets inside a spreadsheet).
func (n *normaliser) nestedColl(c *Coll, f string, v any) bool {
	list, ok := v.([]any)
	if !ok || !allObjects(list) {
		return false
	}
	if c.Field(f) != nil {
		return false
	}
	cc := n.app.Collection(f)
	if cc == nil {
		cc = n.app.Collection(plural(f))
	}
	return cc != nil && cc != c && !cc.Actions
}

// dataAlias maps a field name the data uses onto the schema's name for it:
// a different spelling ("Email"), a trailing underscore ("from" for
// "from_"), the record's own prefix ("account_name" for "name",
// "spreadsheet_id" for "id", or the other way round), a "_name" suffix
// ("stage_name" for "stage")
// or an "is_" boolean ("active" for "is_active").
func dataAlias(c *Coll, f string) string {
	sq := squash(f)
	for _, fd := range c.Fields {
		if squash(fd.Name) == sq {
			return fd.Name
		}
	}
	if c.Field(f+"_") != nil {
		return f + "_"
	}
	if p := singular(c.Name) + "_"; strings.HasPrefix(f, p) && c.Field(f[len(p):]) != nil {
		return f[len(p):]
	}
	if s, ok := strings.CutSuffix(f, "_name"); ok && c.Field(s) != nil {
		return s
	}
	if c.Field(singular(c.Name)+"_"+f) != nil {
		return singular(c.Name) + "_" + f // "name" for "account_name"
	}
	if c.Field("is_"+f) != nil {
		return "is_" + f
	}
	return ""
}

func (n *normaliser) freshKey(c *Coll, used map[string]bool) string {
	prefix := idPrefix(c)
	for i := len(used) + 1; ; i++ {
		k := fmt.Sprintf("%s%d", prefix, i)
		if !used[k] {
			return k
		}
	}
}

// idPrefix is the prefix of generated keys: the collection's singular.
func idPrefix(c *Coll) string {
	return singular(c.Name) + "_"
}

func keyString(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, x != ""
	case float64:
		return fmt.Sprint(x), true
	case bool:
		return fmt.Sprint(x), true
	}
	return "", false
}

func copyMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// clockOf reads meta.current_time as RFC 3339 (a time without a zone is UTC).
func clockOf(meta map[string]any) (string, error) {
	s, ok := meta["current_time"].(string)
	if !ok {
		if meta["current_time"] != nil {
			return "", fmt.Errorf("want an ISO 8601 time")
		}
		return "", nil
	}
	if t, ok := isotime.Parse(s); ok {
		return t.UTC().Format(time.RFC3339), nil
	}
	return "", fmt.Errorf("%q is not an ISO 8601 time", s)
}
