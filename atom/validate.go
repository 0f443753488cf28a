package atom

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/gen"
)

// slotPattern is the form of {{slot}} and {{slot.field}} placeholders in
// templates.
const slotPattern = `\{\{\s*([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_ ]*))?\s*\}\}`

// slotRE finds placeholders; only this file reads it.
var slotRE = regexp.MustCompile(slotPattern)

// SlotPattern is the compiled form of a placeholder, for a reader that
// needs its submatches (the slot, then the field); a *regexp.Regexp is
// safe for concurrent use and this one is never replaced.
func SlotPattern() *regexp.Regexp { return slotRE }

// Placeholder is one {{slot}} or {{slot.field}} in a template.
type Placeholder struct {
	Text  string // as written, braces included
	Slot  string
	Field string // "" for {{slot}}
}

func placeholderOf(m []string) Placeholder { return Placeholder{Text: m[0], Slot: m[1], Field: m[2]} }

// Placeholders returns the placeholders of s in order, repeats included.
func Placeholders(s string) []Placeholder {
	var out []Placeholder
	for _, m := range slotRE.FindAllStringSubmatch(s, -1) {
		out = append(out, placeholderOf(m))
	}
	return out
}

// HasPlaceholder says whether s holds a placeholder.
func HasPlaceholder(s string) bool { return slotRE.MatchString(s) }

// WholePlaceholder returns the placeholder s is, white space around it
// aside; ok is false when s holds no placeholder or more than one.
func WholePlaceholder(s string) (p Placeholder, ok bool) {
	m := slotRE.FindStringSubmatch(s)
	if m == nil || m[0] != strings.TrimSpace(s) {
		return Placeholder{}, false
	}
	return placeholderOf(m), true
}

// ReplacePlaceholders returns s with each placeholder replaced by what f
// returns for it.
func ReplacePlaceholders(s string, f func(Placeholder) string) string {
	return slotRE.ReplaceAllStringFunc(s, func(text string) string {
		return f(placeholderOf(slotRE.FindStringSubmatch(text)))
	})
}

// validate checks that recipes name atoms the library has; cross-atom facts (an
// app without a server, a slot without a handle) are left to composition and
// verification, which can blame the atom at fault.
func (l *Library) validate() Diagnostics {
	var ds Diagnostics
	for i, r := range l.recipes {
		at := l.RecipeOrigin(i)
		check := func(k Kind, p Pin, field string) {
			if _, err := l.Get(k, p); err != nil {
				d := at
				d.Field = at.Field + "." + field
				d.Message = err.Error()
				ds = append(ds, d)
			}
		}
		check(KindIntent, r.Intent, "intent")
		check(KindData, r.Data, "data")
		for j, p := range r.Servers {
			check(KindServer, p, fmt.Sprintf("servers[%d]", j))
		}
		for j, p := range r.Rules {
			check(KindRule, p, fmt.Sprintf("rules[%d]", j))
		}
	}
	return ds
}

// ValidateEntry checks one atom on its own.
func ValidateEntry(e *Entry) Diagnostics {
	switch a := e.Atom.(type) {
	case *Server:
		return validateServer(e, a)
	case *Data:
		return validateData(e, a)
	case *Rule:
		return validateRule(e, a)
	case *Intent:
		return validateIntent(e, a)
	}
	return nil
}

func validateServer(e *Entry, s *Server) Diagnostics {
	var ds Diagnostics
	colls := map[string]bool{}
	for i, c := range s.Collections {
		f := fmt.Sprintf("collections[%d].name", i)
		if colls[c.Name] {
			ds = append(ds, e.Diag(Error, f, "duplicate collection %q", c.Name))
		}
		colls[c.Name] = true
		for j, v := range c.Volatile {
			if _, ok := c.Fields[v]; !ok {
				ds = append(ds, e.Diag(Error, fmt.Sprintf("collections[%d].volatile[%d]", i, j), "volatile field %q is not a field of %s", v, c.Name))
			}
		}
		for _, name := range slices.Sorted(maps.Keys(c.Fields)) {
			if err := checkDefault(c.Fields[name]); err != nil {
				ds = append(ds, e.Diag(Error, fmt.Sprintf("collections[%d].fields.%s.default", i, name), "%v", err))
			}
		}
	}
	names := map[string]int{}
	for i, t := range s.Tools {
		at := fmt.Sprintf("tools[%d]", i)
		if !ValidToolName(t.Name) {
			ds = append(ds, e.Diag(Error, at+".name", "tool name %q must match %s", t.Name, toolNameRE))
		}
		if j, dup := names[t.Name]; dup {
			ds = append(ds, e.Diag(Error, at+".name", "tool %q is also tools[%d]", t.Name, j))
		}
		names[t.Name] = i
		if err := CheckInputSchema(t.Input); err != nil {
			ds = append(ds, e.Diag(Error, at+".input", "%v", err))
		}
		ds = append(ds, validateEffect(e, s, t, at+".effect")...)
		ds = append(ds, validateToolName(e, s, t, at+".name")...)
	}
	ds = append(ds, validateBehaviour(e, s)...)
	ds = append(ds, validateParentRefs(e, s)...)
	ds = append(ds, validateNouns(e, s)...)
	return append(ds, validateRoles(e, s)...)
}

// checkDefault checks a field's default: a string, number or boolean
// (records share it), and one of the field's values where it lists them.
func checkDefault(fd Field) error {
	switch fd.Default.(type) {
	case nil:
		return nil
	case string, bool, float64, int, int64:
	default:
		return fmt.Errorf("default %v: only a string, number or boolean", fd.Default)
	}
	if len(fd.Enum) > 0 && !slices.ContainsFunc(fd.Enum, func(v any) bool { return fmt.Sprint(v) == fmt.Sprint(fd.Default) }) {
		return fmt.Errorf("default %v is not one of the field's values %v", fd.Default, fd.Enum)
	}
	return nil
}

// CheckInputSchema checks that a tool input is an object JSON Schema that compiles.
func CheckInputSchema(in map[string]any) error {
	if t, _ := in["type"].(string); t != "object" {
		return fmt.Errorf(`input schema must have type "object"`)
	}
	_, err := CompileSchema(in)
	return err
}

// CompileSchema compiles a JSON Schema given as a decoded JSON value.
func CompileSchema(in map[string]any) (*jsonschema.Schema, error) {
	b, err := json.Marshal(in)
	if err != nil {
		return nil, err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	c := newSchemaCompiler()
	if err := c.AddResource("input.json", doc); err != nil {
		return nil, err
	}
	sch, err := c.Compile("input.json")
	if err != nil {
		return nil, fmt.Errorf("invalid JSON Schema: %v", err)
	}
	return sch, nil
}

// noLoader refuses every URL: a schema in an atom is outside input, and
// the compiler's default loader would read "$ref": "file:///etc/passwd"
// from disk. Only the schema itself and the drafts' meta-schemas (built
// into the compiler) can be referred to.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("$ref to %s: schemas may refer only to themselves (no files, no network)", url)
}

// newSchemaCompiler is a JSON Schema compiler that loads nothing.
func newSchemaCompiler() *jsonschema.Compiler {
	c := jsonschema.NewCompiler()
	c.UseLoader(noLoader{})
	return c
}

// InputProperties lists the argument names a tool input declares.
func InputProperties(in map[string]any) map[string]bool {
	out := map[string]bool{}
	props, _ := in["properties"].(map[string]any)
	for k := range props {
		out[k] = true
	}
	return out
}

// InputRequired lists the argument names a tool input requires.
func InputRequired(in map[string]any) map[string]bool {
	out := map[string]bool{}
	switch req := in["required"].(type) {
	case []any:
		for _, r := range req {
			if k, ok := r.(string); ok {
				out[k] = true
			}
		}
	case []string:
		for _, k := range req {
			out[k] = true
		}
	}
	return out
}

func validateEffect(e *Entry, s *Server, t Tool, at string) Diagnostics {
	var ds Diagnostics
	ef := t.Effect
	if _, ok := EffectKindDoc(ef.Kind); !ok {
		return Diagnostics{e.Diag(Error, at+".kind", "unknown effect kind %q (known: %s)", ef.Kind, strings.Join(EffectKindNames(), ", "))}
	}
	switch ef.Kind {
	case "starlark":
		if ef.Code == "" {
			return Diagnostics{e.Diag(Error, at+".code", "starlark effect needs code defining run(args, db)")}
		}
		opts := &syntax.FileOptions{While: true, TopLevelControl: true}
		f, err := opts.Parse(t.Name+".star", ef.Code, 0)
		if err != nil {
			return Diagnostics{e.Diag(Error, at+".code", "starlark: %v", err)}
		}
		// Compiling resolves names, so a call to a builtin the sandbox does
		// not offer (open, time, ...) is found here, not at run time.
		if _, _, err := starlark.SourceProgramOptions(opts, t.Name+".star", ef.Code, func(string) bool { return false }); err != nil {
			return Diagnostics{e.Diag(Error, at+".code", "starlark: %v", err)}
		}
		hasRun := false
		for _, st := range f.Stmts {
			if d, ok := st.(*syntax.DefStmt); ok && d.Name.Name == "run" {
				hasRun = true
			}
		}
		if !hasRun {
			ds = append(ds, e.Diag(Error, at+".code", "starlark code must define run(args, db)"))
		}
		return ds
	case "unresolved":
		return nil
	}
	c := s.Collection(ef.Collection)
	if c == nil {
		return Diagnostics{e.Diag(Error, at+".collection", "no collection %q in server %s", ef.Collection, s.ID)}
	}
	ds = append(ds, checkEffectFields(e, c, t, at)...)
	ds = append(ds, validateMarks(e, s, c, ef, at)...)
	ds = append(ds, validateCascades(e, s, c, ef, at)...)
	args := InputProperties(t.Input)
	for i, f := range ef.Filters {
		if !args[f.Arg] {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("%s.filters[%d].arg", at, i), "filter argument %q is not in the tool's input", f.Arg))
		}
	}
	if ef.Kind == "append" || ef.Kind == "remove" {
		if ef.Field == "" || ef.Value == "" {
			ds = append(ds, e.Diag(Error, at, "%s needs field and value", ef.Kind))
		} else if fd, ok := c.Fields[ef.Field]; ok && fd.Type != "" && fd.Type != "array" {
			ds = append(ds, e.Diag(Error, at+".field", "%s field %q is a %s, not an array", ef.Kind, ef.Field, fd.Type))
		}
	}
	for arg := range ef.Fields {
		if !args[arg] {
			ds = append(ds, e.Diag(Error, at+".fields."+arg, "argument %q is not in the tool's input", arg))
		}
	}
	return ds
}

func validateData(e *Entry, d *Data) Diagnostics {
	var ds Diagnostics
	if d.Clock != "" {
		if _, err := time.Parse(time.RFC3339, d.Clock); err != nil {
			ds = append(ds, e.Diag(Error, "clock", "clock must be RFC 3339 (2026-01-15T09:00:00Z): %v", err))
		}
	}
	for i, g := range d.Generate {
		at := fmt.Sprintf("generate[%d]", i)
		for f, spec := range g.Fields {
			if _, err := gen.Parse(spec); err != nil {
				ds = append(ds, e.Diag(Error, at+".fields."+f, "%v", err))
			}
		}
		if g.Like != "" {
			if _, ok := d.Handles[g.Like]; !ok {
				ds = append(ds, e.Diag(Error, at+".like", "no handle %q", g.Like))
			}
		}
	}
	return ds
}

func validateRule(e *Entry, r *Rule) Diagnostics {
	var ds Diagnostics
	for i, a := range r.Checks {
		if _, err := assert.Compile(a); err != nil {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("checks[%d]", i), "%v", err))
		}
	}
	if r.Placement == "document" && r.Document == nil {
		ds = append(ds, e.Diag(Error, "document", "placement document needs document: {app, collection, fields}"))
	}
	return ds
}

func validateIntent(e *Entry, in *Intent) Diagnostics {
	var ds Diagnostics
	if in.NoFence {
		ds = append(ds, e.Diag(Warning, "no_fence", "the goal is scored without the whole-world fence: a write it does not name keeps full reward"))
	}
	for i, d := range in.Derive {
		at := fmt.Sprintf("derive[%d]", i)
		if err := d.Check(); err != nil {
			ds = append(ds, e.Diag(Error, at, "%v", err))
		} else if d.Field == "" && d.Op != DeriveCount {
			ds = append(ds, e.Diag(Warning, at, "%s names no field: a figure may then match any field's numbers by coincidence", d.Op))
		}
	}
	for i, a := range in.Goal {
		// Slots are bound at composition; compile with placeholders as they are.
		if _, err := assert.Compile(a); err != nil {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("goal[%d]", i), "%v", err))
		}
	}
	for name, s := range in.Slots {
		if s.Handle != "" && s.Value != nil {
			ds = append(ds, e.Diag(Error, "slots."+name, "a slot has a handle or a value, not both"))
		}
	}
	for _, p := range Placeholders(in.Instruction) {
		if _, ok := in.Slots[p.Slot]; !ok {
			ds = append(ds, e.Diag(Warning, "instruction", "slot {{%s}} is not declared in slots", p.Slot))
		}
	}
	for i, t := range in.Tools {
		if !ValidToolName(t) {
			ds = append(ds, e.Diag(Error, fmt.Sprintf("tools[%d]", i), "tool name %q must match %s", t, toolNameRE))
		}
	}
	return ds
}
