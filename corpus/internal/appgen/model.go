package main

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// The expanded forms keep the order fields and arguments are written in, so
// the YAML reads like the product's documentation.

type server struct {
	ID     string
	Family string
	Desc   string
	Colls  []*collection
	Tools  []*tool
	Ops    []*tool // the catalogue of the app's operations
}

type collection struct {
	Name   string
	Desc   string
	Key    string
	Prefix string
	Fields []*field
}

func (c *collection) field(name string) *field {
	for _, f := range c.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

func (c *collection) key() string {
	if c.Key != "" {
		return c.Key
	}
	return "id"
}

type field struct {
	Name   string
	Type   string
	Items  string
	Format string
	Enum   []any
	Desc   string
	Role   string
	Ref    string
}

type tool struct {
	Name     string
	Desc     string
	Props    []*prop
	Required []string
	Effect   effect
}

type prop struct {
	Name   string
	Type   string
	Items  string
	Format string
	Enum   []any
	Min    *int
	Max    *int
	Desc   string
}

type filter struct{ Arg, Field, Op string }

type effect struct {
	Kind       string
	Collection string
	Key        string
	Filters    []filter
	LimitArg   string
	Fields     [][2]string // argument -> field
	Set        map[string]any
	Field      string
	Value      string
}

var fieldTypes = map[string][3]string{ // code -> type, items, format
	"s": {"string", "", ""}, "i": {"integer", "", ""}, "n": {"number", "", ""}, "b": {"boolean", "", ""},
	"date": {"string", "", "date"}, "dt": {"string", "", "date-time"}, "email": {"string", "", "email"},
	"url": {"string", "", "uri"}, "[]": {"array", "string", ""}, "[i]": {"array", "integer", ""},
	"[n]": {"array", "number", ""}, "[o]": {"array", "object", ""}, "o": {"object", "", ""}, "any": {"", "", ""},
}

// parseFields reads the field DSL of a collection.
func parseFields(dsl string, docs map[string]string) ([]*field, error) {
	var out []*field
	seen := map[string]bool{}
	for _, tok := range strings.Fields(dsl) {
		name, rest, _ := strings.Cut(tok, ":")
		var enum string
		if i := strings.IndexByte(name, '='); i >= 0 {
			name, enum = name[:i], name[i+1:]
		} else if i := strings.IndexByte(rest, '='); i >= 0 {
			rest, enum = rest[:i], rest[i+1:]
		}
		if rest == "" {
			rest = "s"
		}
		ft, ok := fieldTypes[rest]
		if !ok {
			return nil, fmt.Errorf("field %q: unknown type %q", name, rest)
		}
		if seen[name] {
			return nil, fmt.Errorf("field %q twice", name)
		}
		seen[name] = true
		f := &field{Name: name, Type: ft[0], Items: ft[1], Format: ft[2], Desc: docs[name]}
		if enum != "" {
			for _, v := range strings.Split(enum, "|") {
				v = strings.ReplaceAll(v, "+", " ")
				if f.Type == "integer" {
					n, err := strconv.Atoi(v)
					if err != nil {
						return nil, fmt.Errorf("field %q: enum value %q is not an integer", name, v)
					}
					f.Enum = append(f.Enum, n)
				} else {
					f.Enum = append(f.Enum, v)
				}
			}
		}
		out = append(out, f)
	}
	for d := range docs {
		if !seen[d] {
			return nil, fmt.Errorf("docs for unknown field %q", d)
		}
	}
	return out, nil
}

var argRE = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)(?:=([A-Za-z_][A-Za-z0-9_.]*))?(?:@([a-z]+))?(\*)?(?::(\S+))?$`)

type arg struct {
	name, field, op, typ string
	required             bool
}

func parseArgs(dsl string) ([]arg, error) {
	var out []arg
	for _, tok := range strings.Fields(dsl) {
		m := argRE.FindStringSubmatch(tok)
		if m == nil {
			return nil, fmt.Errorf("bad argument token %q", tok)
		}
		a := arg{name: m[1], field: m[2], op: m[3], required: m[4] != "", typ: m[5]}
		if a.field == "" {
			a.field = a.name
		}
		out = append(out, a)
	}
	return out, nil
}

var searchOps = map[string]bool{"equals": true, "iequals": true, "contains": true, "icontains": true, "gt": true, "gte": true, "lt": true, "lte": true, "in": true}

// expand turns a spec (with its AutomationBench collections already read)
// into a server.
func expand(a App, abColls []*collection) (*server, error) {
	s := &server{ID: a.ID, Family: a.Family, Desc: a.Desc}
	s.Colls = append(s.Colls, abColls...)
	for _, c := range a.Colls {
		fs, err := parseFields(c.Fields, c.Docs)
		if err != nil {
			return nil, fmt.Errorf("%s: collection %s: %w", a.ID, c.Name, err)
		}
		col := &collection{Name: c.Name, Desc: c.Desc, Key: c.Key, Prefix: c.Prefix, Fields: fs}
		if existing := s.coll(c.Name); existing != nil {
			return nil, fmt.Errorf("%s: collection %s twice", a.ID, c.Name)
		}
		if col.Key != "" && col.Key != "id" && col.field(col.Key) == nil {
			return nil, fmt.Errorf("%s: collection %s: key %q is not a field", a.ID, c.Name, col.Key)
		}
		s.Colls = append(s.Colls, col)
	}
	for _, t := range a.Tools {
		tl, err := expandTool(s, t)
		if err != nil {
			return nil, fmt.Errorf("%s: tool %s: %w", a.ID, t.Name, err)
		}
		s.Tools = append(s.Tools, tl)
	}
	return s, nil
}

func (s *server) coll(name string) *collection {
	for _, c := range s.Colls {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// fieldOf finds the field an argument names: a field of the collection, or
// its key.
func fieldOf(c *collection, name string) *field {
	if f := c.field(name); f != nil {
		return f
	}
	if name == c.key() {
		return &field{Name: name, Type: "string", Desc: "Unique identifier"}
	}
	return nil
}

func expandTool(s *server, t T) (*tool, error) {
	c := s.coll(t.Coll)
	if c == nil {
		return nil, fmt.Errorf("no collection %q", t.Coll)
	}
	name := t.Name
	if !strings.HasPrefix(name, s.ID+"_") {
		name = s.ID + "_" + name
	}
	args, err := parseArgs(t.Args)
	if err != nil {
		return nil, err
	}
	tl := &tool{Name: name, Desc: t.Desc, Effect: effect{Kind: t.Kind, Collection: c.Name, Set: t.Set}}
	keyed := t.Kind == "get" || t.Kind == "update" || t.Kind == "delete" || t.Kind == "append"
	if keyed && len(args) == 0 {
		return nil, fmt.Errorf("%s needs an argument naming the record", t.Kind)
	}
	if t.Kind == "append" && len(args) < 2 {
		return nil, fmt.Errorf("append needs the record argument and the value argument")
	}
	for i, a := range args {
		p := &prop{Name: a.name}
		isKey := keyed && i == 0
		f := fieldOf(c, a.field)
		switch {
		case a.typ == "limit":
			if t.Kind != "search" {
				return nil, fmt.Errorf("argument %s: a limit is for searches", a.name)
			}
			one, hundred := 1, 100
			p.Type, p.Min, p.Max, p.Desc = "integer", &one, &hundred, "Maximum number of results to return"
			tl.Effect.LimitArg = a.name
		case f == nil:
			return nil, fmt.Errorf("argument %s: no field %q in %s", a.name, a.field, c.Name)
		default:
			p.Type, p.Items, p.Format, p.Enum, p.Desc = f.Type, f.Items, f.Format, f.Enum, f.Desc
			if p.Desc == "" {
				p.Desc = humanize(f.Name)
			}
		}
		if a.typ != "" && a.typ != "limit" {
			ft, ok := fieldTypes[a.typ]
			if !ok {
				return nil, fmt.Errorf("argument %s: unknown type %q", a.name, a.typ)
			}
			p.Type, p.Items, p.Format = ft[0], ft[1], ft[2]
		}
		switch {
		case isKey:
			p.Type, p.Items, p.Enum = "string", "", nil
			if a.field == c.key() {
				p.Desc = "ID of the " + singular(c.Name)
			}
			if a.name != c.key() || a.field != c.key() {
				tl.Effect.Key = a.name
				if a.name != a.field {
					tl.Effect.Fields = append(tl.Effect.Fields, [2]string{a.name, a.field})
				}
			}
			a.required = true
		case t.Kind == "search" && a.typ != "limit":
			op := a.op
			if op == "" {
				op = "equals"
				if f.Type == "string" && f.Format == "" && len(f.Enum) == 0 && f.Name != c.key() && !strings.HasSuffix(f.Name, "_id") && !strings.HasSuffix(f.Name, "Id") {
					op = "icontains"
				}
			}
			if !searchOps[op] {
				return nil, fmt.Errorf("argument %s: unknown operator %q", a.name, op)
			}
			if p.Type == "array" {
				p.Type, p.Items = p.Items, ""
				p.Desc += " (matches any one of the values)"
			}
			if op == "in" {
				p.Items, p.Type = p.Type, "array"
			}
			switch op {
			case "icontains", "contains":
				p.Desc += " (matches part of the text)"
			case "gte", "lte", "gt", "lt":
				p.Desc += rangeHint(op, f.Format != "" || p.Type == "string")
			}
			tl.Effect.Filters = append(tl.Effect.Filters, filter{Arg: a.name, Field: a.field, Op: op})
		case t.Kind == "append" && i == 1:
			if f.Type != "array" {
				return nil, fmt.Errorf("append field %q is not a list", a.field)
			}
			p.Type, p.Items, p.Format, p.Enum = f.Items, "", "", nil
			if p.Type == "" {
				p.Type = "string"
			}
			if a.name == a.field {
				p.Desc = "Value to add to " + words(a.field)
			}
			tl.Effect.Field, tl.Effect.Value = a.field, a.name
			a.required = true
		case t.Kind == "append":
			return nil, fmt.Errorf("append takes two arguments")
		case t.Kind == "create" || t.Kind == "update":
			if a.op != "" {
				return nil, fmt.Errorf("argument %s: operators are for searches", a.name)
			}
			if a.name != a.field {
				tl.Effect.Fields = append(tl.Effect.Fields, [2]string{a.name, a.field})
			}
		default:
			if t.Kind != "search" {
				return nil, fmt.Errorf("argument %s does nothing in a %s", a.name, t.Kind)
			}
		}
		tl.Props = append(tl.Props, p)
		if a.required {
			tl.Required = append(tl.Required, a.name)
		}
	}
	for k, v := range t.Set {
		for _, a := range args {
			if a.field == k && !(keyed && a.name == args[0].name) {
				return nil, fmt.Errorf("set %s: argument %s writes the same field", k, a.name)
			}
		}
		f := c.field(k)
		if f == nil {
			return nil, fmt.Errorf("set: no field %q in %s", k, c.Name)
		}
		if err := fits(f, v); err != nil {
			return nil, fmt.Errorf("set %s: %w", k, err)
		}
	}
	if t.Kind == "get" || t.Kind == "delete" {
		if len(args) > 1 {
			return nil, fmt.Errorf("%s takes one argument", t.Kind)
		}
	}
	if tl.Desc == "" {
		tl.Desc = defaultDesc(t.Kind, c, args)
	}
	return tl, nil
}

// fits checks that a constant suits a field.
func fits(f *field, v any) error {
	if s, ok := v.(string); ok && s == "$now" {
		if (f.Type != "string" && f.Type != "") || (f.Format != "date-time" && f.Format != "") {
			return fmt.Errorf("$now is a date-time string; field is %s %s", f.Type, f.Format)
		}
		return nil
	}
	if len(f.Enum) > 0 {
		for _, e := range f.Enum {
			if fmt.Sprint(e) == fmt.Sprint(v) {
				return nil
			}
		}
		return fmt.Errorf("%v is not one of %v", v, f.Enum)
	}
	switch v.(type) {
	case string:
		if f.Type != "string" && f.Type != "" {
			return fmt.Errorf("a string for a %s field", f.Type)
		}
	case bool:
		if f.Type != "boolean" && f.Type != "" {
			return fmt.Errorf("a boolean for a %s field", f.Type)
		}
	case int, float64:
		if f.Type != "integer" && f.Type != "number" && f.Type != "" {
			return fmt.Errorf("a number for a %s field", f.Type)
		}
	case []any:
		if f.Type != "array" && f.Type != "" {
			return fmt.Errorf("a list for a %s field", f.Type)
		}
	case nil:
	default:
		return fmt.Errorf("unsupported constant %T", v)
	}
	return nil
}

func humanize(name string) string {
	name = strings.TrimSuffix(name, "_")
	var b strings.Builder
	for i, r := range name {
		switch {
		case r == '_' || r == '.':
			if b.Len() > 0 && !strings.HasSuffix(b.String(), " ") {
				b.WriteByte(' ')
			}
		case r >= 'A' && r <= 'Z' && i > 0:
			b.WriteByte(' ')
			b.WriteRune(r + 'a' - 'A')
		default:
			b.WriteRune(r)
		}
	}
	s := strings.TrimSpace(b.String())
	s = strings.ReplaceAll(s, " id", " ID")
	if s == "id" {
		s = "ID"
	}
	if s == "" {
		return name
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func singular(s string) string {
	switch {
	case strings.HasSuffix(s, "ies"):
		return s[:len(s)-3] + "y"
	case strings.HasSuffix(s, "sses"), strings.HasSuffix(s, "ches"), strings.HasSuffix(s, "shes"), strings.HasSuffix(s, "xes"):
		return s[:len(s)-2]
	case strings.HasSuffix(s, "s") && !strings.HasSuffix(s, "ss"):
		return s[:len(s)-1]
	}
	return s
}

func words(s string) string { return strings.ToLower(humanize(s)) }

func defaultDesc(kind string, c *collection, args []arg) string {
	one, many := words(singular(c.Name)), words(c.Name)
	names := func(from int) string {
		var ns []string
		for _, a := range args[from:] {
			if a.typ != "limit" {
				ns = append(ns, words(a.name))
			}
		}
		sort.Strings(ns)
		return strings.Join(ns, ", ")
	}
	switch kind {
	case "search":
		if len(args) == 0 {
			return "List " + many + "."
		}
		return "Find " + many + " by " + names(0) + "."
	case "get":
		return "Get one " + one + " by " + words(args[0].name) + "."
	case "create":
		return "Create " + article(one) + "."
	case "update":
		return "Update the " + names(1) + " of " + article(one) + "."
	case "delete":
		return "Delete " + article(one) + " permanently."
	case "append":
		return "Add to the " + words(args[1].field) + " of " + article(one) + "."
	}
	return kind + " " + many
}

// rangeHint says how a range filter compares, in words that suit a date or
// a number.
func rangeHint(op string, isTime bool) string {
	words := map[string][2]string{
		"gte": {" (at least)", " (on or after)"},
		"lte": {" (at most)", " (on or before)"},
		"gt":  {" (more than)", " (after)"},
		"lt":  {" (less than)", " (before)"},
	}[op]
	if isTime {
		return words[1]
	}
	return words[0]
}

// article puts "a" or "an" before a noun.
func article(noun string) string {
	if noun != "" && strings.ContainsRune("aeio", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
}
