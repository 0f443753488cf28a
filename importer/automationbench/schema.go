package automationbench

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Schemas are AutomationBench's app state schemas: one JSON Schema per app
// and the index naming them.
type Schemas struct {
	Dir  string
	Apps map[string]*App

	byLength []string // app names, longest first, for prefix matching
}

// App is one simulated application's state model.
type App struct {
	Name        string
	Class       string // the state class of _index.json ("GmailState")
	Description string
	Collections []*Coll  // in schema order
	Settings    []*Field // scalar properties of the state (a current user id, ...)
}

// Coll is one collection of an app's state.
type Coll struct {
	Name        string
	Title       string // the record class ("FreshdeskTicket")
	Description string
	Key         string
	Fields      []*Field // in schema order
	Required    []string
	Open        bool // records are untyped objects
	Actions     bool // the app's action log (stored as action key -> records)

	byName map[string]*Field
}

// Field is one field of a record.
type Field struct {
	Name        string
	Type        string // string, number, integer, boolean, array, object, or "" (any)
	Items       string // element type of arrays
	Format      string
	Enum        []any
	Description string
	Default     any
	HasDefault  bool
	Const       bool     // the schema fixes its one value (an API object's type tag)
	Elem        []*Field // fields of object elements (array items or a nested object)
	ElemTitle   string
	Observed    bool // not in the schema; seen in imported data
	Nullable    bool // the schema lets it be null (an unassigned ticket's assignee_id)
	// KeptRef: a field that would name who acts (organization_id) but
	// refers to records the app keeps (Zendesk's organizations), so the
	// user gives it (markKeptRefs).
	KeptRef bool
	// Stated: a positive assertion of a task asks for this field to equal
	// a value (markStatedFields), so it is the user's to set even where
	// its name reads as the server's counter.
	Stated bool
	// Codes: the names the product's documentation gives the field's
	// codes (documentedCodes).
	Codes map[string]string
}

// Field returns the named field, or nil.
func (c *Coll) Field(name string) *Field {
	if c.byName == nil {
		c.byName = map[string]*Field{}
		for _, f := range c.Fields {
			c.byName[f.Name] = f
		}
	}
	return c.byName[name]
}

func (c *Coll) addField(f *Field) {
	c.Fields = append(c.Fields, f)
	c.byName = nil
}

// Collection returns the named collection, or nil.
func (a *App) Collection(name string) *Coll {
	for _, c := range a.Collections {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// HasActions reports whether the app keeps an action log.
func (a *App) HasActions() bool { return a.Collection(actionsColl) != nil }

const actionsColl = "actions"

// App returns the named app, or nil.
func (s *Schemas) App(name string) *App { return s.Apps[name] }

// AppOf splits a name that starts with an app ("google_sheets_row_exists")
// into the app and the rest; the longest app name wins.
func (s *Schemas) AppOf(name string) (app, rest string, ok bool) {
	for _, a := range s.byLength {
		if strings.HasPrefix(name, a+"_") {
			return a, name[len(a)+1:], true
		}
	}
	return "", name, false
}

// LoadSchemas reads dir/_index.json and every app schema it names.
func LoadSchemas(dir string) (*Schemas, error) {
	idxPath := filepath.Join(dir, "_index.json")
	data, err := os.ReadFile(idxPath)
	if err != nil {
		return nil, fmt.Errorf("schemas: %w", err)
	}
	v, err := decodeOrdered(data)
	if err != nil {
		return nil, fmt.Errorf("%s: not JSON: %w", idxPath, err)
	}
	apps, _ := v.(*object)
	apps = apps.obj("apps")
	if apps == nil {
		return nil, fmt.Errorf("%s: apps: want an object of app -> {file, class}", idxPath)
	}
	s := &Schemas{Dir: dir, Apps: map[string]*App{}}
	for _, name := range apps.keys {
		ent := apps.obj(name)
		file := ent.str("file")
		if file == "" || strings.Contains(file, "..") || filepath.IsAbs(file) {
			return nil, fmt.Errorf("%s: apps.%s.file: want a file name in %s", idxPath, name, dir)
		}
		p := filepath.Join(dir, file)
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("schemas: app %s: %w", name, err)
		}
		app, err := ParseAppSchema(name, b)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		app.Class = ent.str("class")
		s.Apps[name] = app
	}
	s.index()
	return s, nil
}

func (s *Schemas) index() {
	s.byLength = s.byLength[:0]
	for n := range s.Apps {
		s.byLength = append(s.byLength, n)
	}
	sort.Slice(s.byLength, func(i, j int) bool {
		if len(s.byLength[i]) != len(s.byLength[j]) {
			return len(s.byLength[i]) > len(s.byLength[j])
		}
		return s.byLength[i] < s.byLength[j]
	})
}

// ParseAppSchema reads one app's state JSON Schema: every array of records
// becomes a collection, an object of action key -> records the action log,
// and scalars the app's settings.
func ParseAppSchema(name string, data []byte) (*App, error) {
	v, err := decodeOrdered(data)
	if err != nil {
		return nil, fmt.Errorf("not JSON: %w", err)
	}
	root, ok := v.(*object)
	if !ok {
		return nil, fmt.Errorf("want a JSON Schema object")
	}
	defs := root.obj("$defs")
	app := &App{Name: name, Description: root.str("description")}
	props := root.obj("properties")
	if props == nil {
		return nil, fmt.Errorf("properties: want the state's collections")
	}
	for _, pname := range props.keys {
		p := props.obj(pname)
		if p == nil {
			return nil, fmt.Errorf("properties.%s: want a schema object", pname)
		}
		typ := p.str("type")
		switch {
		case typ == "array":
			c := &Coll{Name: pname, Description: p.str("description")}
			item := p.obj("items")
			if ref := item.str("$ref"); ref != "" {
				def := resolveRef(defs, ref)
				if def == nil {
					return nil, fmt.Errorf("properties.%s.items: unknown $ref %q", pname, ref)
				}
				c.Title = def.str("title")
				if c.Description == "" {
					c.Description = firstLine(def.str("description"))
				}
				c.Fields = parseFields(defs, def, 0)
				c.Required = stringList(def.get("required"))
			} else {
				c.Open = true
			}
			app.Collections = append(app.Collections, c)
		case typ == "object" && isActionLog(defs, p):
			def := resolveRef(defs, p.obj("additionalProperties").obj("items").str("$ref"))
			c := &Coll{Name: pname, Title: def.str("title"), Actions: true,
				Description: "Actions performed through the app's tools: the action key and its parameters."}
			c.Fields = parseFields(defs, def, 0)
			app.Collections = append(app.Collections, c)
		case typ == "object":
			app.Settings = append(app.Settings, &Field{Name: pname, Type: "object", Description: p.str("description")})
		default:
			f := parseField(defs, pname, p, 0)
			app.Settings = append(app.Settings, f)
		}
	}
	for _, c := range app.Collections {
		c.Key = keyField(c)
	}
	markKeptRefs(app)
	markCodes(app)
	return app, nil
}

// markKeptRefs marks the fields that would name who acts (ownedActors:
// the caller's organization) where the app keeps a collection of what
// they name: a Zendesk ticket's organization_id is one of the app's
// organizations, which the user picks, not the caller's own.
func markKeptRefs(app *App) {
	for _, c := range app.Collections {
		for _, f := range c.Fields {
			x, ok := strings.CutSuffix(f.Name, "_id")
			if !ok || !ownedActors[f.Name] {
				continue
			}
			if target, _, found := entityOf(app, x); found && target != c {
				f.KeptRef = true
			}
		}
	}
}

func isActionLog(defs, p *object) bool {
	ap := p.obj("additionalProperties")
	if ap == nil || ap.str("type") != "array" {
		return false
	}
	ref := ap.obj("items").str("$ref")
	def := resolveRef(defs, ref)
	return def != nil && def.obj("properties").obj("action_key") != nil
}

// keyField picks the record key: id, else <singular>_id, else sid; "id"
// when there is none (keys are then generated on import).
func keyField(c *Coll) string {
	for _, k := range []string{"id", singular(c.Name) + "_id", "sid"} {
		if c.Field(k) != nil {
			return k
		}
	}
	return "id"
}

func resolveRef(defs *object, ref string) *object {
	const prefix = "#/$defs/"
	if !strings.HasPrefix(ref, prefix) {
		return nil
	}
	return defs.obj(strings.TrimPrefix(ref, prefix))
}

func parseFields(defs, def *object, depth int) []*Field {
	props := def.obj("properties")
	var out []*Field
	for _, n := range props.keys {
		f := parseField(defs, n, props.obj(n), depth)
		out = append(out, f)
	}
	return out
}

// parseField reads one property. Nullable unions collapse to their type;
// other unions leave the type open.
func parseField(defs *object, name string, p *object, depth int) *Field {
	f := &Field{Name: name, Description: firstLine(p.str("description"))}
	if f.Description == "" {
		f.Description = p.str("title")
	}
	if d, ok := p.vals["default"]; ok {
		f.Default, f.HasDefault = d, true
	}
	if e, ok := p.get("enum").([]any); ok {
		f.Enum = e
	}
	if c, ok := p.vals["const"]; ok {
		f.Enum, f.Const = []any{c}, true
	}
	f.Format = p.str("format")
	sch := p
	if alts, ok := p.get("anyOf").([]any); ok {
		var nonNull []*object
		for _, a := range alts {
			if ao, ok := a.(*object); ok && ao.str("type") != "null" {
				nonNull = append(nonNull, ao)
			} else if ok {
				f.Nullable = true
			}
		}
		if len(nonNull) != 1 {
			return f // an open union
		}
		sch = nonNull[0]
		if f.Format == "" {
			f.Format = sch.str("format")
		}
		if f.Enum == nil {
			f.Enum, _ = sch.get("enum").([]any)
		}
	}
	if ref := sch.str("$ref"); ref != "" {
		f.Type = "object"
		if def := resolveRef(defs, ref); def != nil && depth < 4 {
			f.ElemTitle = def.str("title")
			if e, ok := def.get("enum").([]any); ok {
				f.Type, f.Enum = "string", e
			} else {
				f.Elem = parseFields(defs, def, depth+1)
			}
		}
		return f
	}
	f.Type = sch.str("type")
	switch f.Type {
	case "array":
		it := sch.obj("items")
		if ref := it.str("$ref"); ref != "" {
			f.Items = "object"
			if def := resolveRef(defs, ref); def != nil && depth < 4 {
				f.ElemTitle = def.str("title")
				if e, ok := def.get("enum").([]any); ok {
					f.Items = "string"
					_ = e
				} else {
					f.Elem = parseFields(defs, def, depth+1)
				}
			}
		} else {
			f.Items = it.str("type")
		}
	case "string", "number", "integer", "boolean", "object":
	default:
		f.Type = ""
	}
	return f
}

func stringList(v any) []string {
	list, _ := v.([]any)
	var out []string
	for _, e := range list {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = strings.TrimSpace(s[:i])
	}
	return s
}

// elemField returns the named field of a list-of-object field's elements.
func (f *Field) elemField(name string) *Field {
	for _, e := range f.Elem {
		if e.Name == name {
			return e
		}
	}
	return nil
}

// isObjectList reports whether the field holds a list of records.
func (f *Field) isObjectList() bool { return f.Type == "array" && f.Items == "object" }

// isMap reports whether the field is a free-form object (cells, params).
func (f *Field) isMap() bool { return f.Type == "object" && len(f.Elem) == 0 }

// clone copies the schemas so that an import can declare fields and
// collections without changing the caller's.
func (s *Schemas) clone() *Schemas {
	out := &Schemas{Dir: s.Dir, Apps: make(map[string]*App, len(s.Apps))}
	for n, a := range s.Apps {
		ca := *a
		ca.Collections = make([]*Coll, len(a.Collections))
		for i, c := range a.Collections {
			cc := *c
			cc.Fields = make([]*Field, len(c.Fields))
			for j, f := range c.Fields {
				cf := *f
				cc.Fields[j] = &cf
			}
			cc.byName = nil
			ca.Collections[i] = &cc
		}
		out.Apps[n] = &ca
	}
	out.index()
	return out
}
