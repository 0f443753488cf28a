package evolve

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/inflect"
	"github.com/legoenv/legoenv/verify"
)

// toolSpec is a tool to synthesise: the effect the goal needs.
type toolSpec struct {
	name       string // given by the intent (it calls a tool that is missing); else made in the app's style
	verb       string // the verb of a given name
	effect     string
	collection string
	fields     []string
	set        map[string]any
	keyField   string
	argTypes   map[string]string // JSON types of arguments seen in a plan
}

func repairMissingTool(ctx context.Context, req Request) (Proposal, error) {
	s, ok := req.Atom.Server()
	if !ok {
		return Proposal{}, noRepair("blamed atom %s is not a server", req.Atom.Ref())
	}
	var specs []toolSpec
	for _, f := range edits[*verify.AddTool](req) {
		if f.App != "" && f.App != s.AppName() {
			continue
		}
		if f.Effect != "" {
			specs = append(specs, toolSpec{effect: f.Effect, collection: f.Collection, fields: f.Fields, set: f.Set, keyField: f.KeyField})
		}
	}
	// Tools an intent calls by name (its surface or plan) without any
	// server having them: the name says the effect, the plan the arguments.
	for _, v := range req.Failures {
		if v.RootCause == nil || v.RootCause.Evidence.Tool == "" {
			continue
		}
		if sp, ok := inferTool(req.Lib, v, s, v.RootCause.Evidence.Tool); ok {
			specs = append(specs, sp)
		}
	}
	// The catalogue is matched need by need: merged, two needs that two
	// operations make would match none.
	needs := specs
	specs = mergeSpecs(specs)
	if len(specs) == 0 {
		return Proposal{}, noRepair("no add_tool fix names an effect on server %s", s.ID)
	}
	ns, err := clone(s)
	if err != nil {
		return Proposal{}, err
	}
	if cat := req.Lib.Operations(s.AppName()); len(cat) > 0 {
		return fromCatalogue(s, ns, needs, cat)
	}
	var added []string
	for _, sp := range specs {
		t, err := synthesise(ns, sp)
		if err != nil {
			continue
		}
		ns.Tools = append(ns.Tools, t)
		added = append(added, t.Name)
	}
	if len(added) == 0 {
		return Proposal{}, noRepair("no tool could be synthesised on server %s", s.ID)
	}
	return Proposal{Atom: ns, Note: "added tool " + strings.Join(added, ", ")}, nil
}

// mergeSpecs joins specs for the same effect so that one tool serves every
// environment of the group: the union of their fields.
func mergeSpecs(in []toolSpec) []toolSpec {
	var out []toolSpec
	idx := map[string]int{}
	for _, sp := range in {
		setKey, _ := json.Marshal(sp.set)
		k := strings.Join([]string{sp.name, sp.effect, sp.collection, sp.keyField, string(setKey)}, "\x00")
		i, ok := idx[k]
		if !ok {
			idx[k] = len(out)
			sp.fields = append([]string(nil), sp.fields...)
			out = append(out, sp)
			continue
		}
		have := map[string]bool{}
		for _, f := range out[i].fields {
			have[f] = true
		}
		for _, f := range sp.fields {
			if !have[f] {
				out[i].fields = append(out[i].fields, f)
				have[f] = true
			}
		}
		for a, t := range sp.argTypes {
			if out[i].argTypes == nil {
				out[i].argTypes = map[string]string{}
			}
			out[i].argTypes[a] = t
		}
	}
	return out
}

// verbEffects maps the verbs tool names start with to effect kinds.
var verbEffects = map[string]string{
	"create": "create", "add": "create", "new": "create", "log": "create", "post": "create", "send": "create", "write": "create",
	"insert": "create", "open": "create", "file": "create", "record": "create", "make": "create", "reply": "create", "comment": "create",
	"update": "update", "set": "update", "edit": "update", "change": "update", "mark": "update", "assign": "update", "move": "update",
	"close": "update", "resolve": "update", "modify": "update", "patch": "update", "archive": "update", "flag": "update",
	"delete": "delete", "remove": "delete", "drop": "delete", "destroy": "delete",
	"search": "search", "find": "search", "list": "search", "query": "search", "lookup": "search",
	"get": "get", "read": "get", "fetch": "get", "show": "get", "view": "get", "retrieve": "get",
	"tag": "append", "label": "append", "append": "append", "attach": "append",
}

// inferTool reads the effect a missing tool must have from its name and
// from how the intent's plan calls it.
func inferTool(lib *atom.Library, v verify.Verdict, s *atom.Server, name string) (toolSpec, bool) {
	words := toolWords(s, name)
	if len(words) < 2 {
		return toolSpec{}, false
	}
	verb, noun := words[0], words[1:]
	effect, known := verbEffects[verb]
	if !known {
		return toolSpec{}, false
	}
	sp := toolSpec{name: name, verb: verb, effect: effect, argTypes: map[string]string{}}
	var args []string
	if ie, err := lib.Get(atom.KindIntent, v.Recipe.Intent); err == nil {
		for _, pc := range ie.MustIntent().Plan {
			if pc.Tool != name {
				continue
			}
			for a, val := range pc.Args {
				args = append(args, a)
				sp.argTypes[a] = jsonType(val)
			}
		}
	}
	sort.Strings(args)
	coll := matchCollection(s, noun)
	// "add_label" on messages, "tag_ticket": appending to a list field.
	if effect == "append" || coll == nil {
		for i := range s.Collections {
			c := &s.Collections[i]
			if coll != nil && c != coll {
				continue
			}
			for _, fname := range sortedFields(c) {
				fd := c.Fields[fname]
				if fd.Type != "array" {
					continue
				}
				one := inflect.Singular(fname)
				if one == verb || one == strings.Join(noun, "_") || fname == strings.Join(noun, "_") {
					sp.effect, sp.collection, sp.fields = "append", c.Name, []string{fname}
					sp.keyField = keyArg(args, c)
					return sp, true
				}
			}
		}
	}
	if coll == nil {
		return toolSpec{}, false
	}
	sp.collection = coll.Name
	if sp.effect == "append" {
		return toolSpec{}, false
	}
	for _, a := range args {
		if sp.effect != "create" && (a == coll.KeyField() || a == "id") {
			sp.keyField = a
			continue
		}
		sp.fields = append(sp.fields, a)
	}
	if goalFields := goalFieldsOn(lib, v, s.AppName()+"."+coll.Name); sp.effect == "create" {
		for _, f := range goalFields {
			if !slices.Contains(sp.fields, f) && f != coll.KeyField() {
				sp.fields = append(sp.fields, f)
			}
		}
	}
	return sp, true
}

// goalFieldsOn lists the fields the intent's goal constrains on a collection.
func goalFieldsOn(lib *atom.Library, v verify.Verdict, coll string) []string {
	ie, err := lib.Get(atom.KindIntent, v.Recipe.Intent)
	if err != nil {
		return nil
	}
	var out []string
	for _, a := range ie.MustIntent().Goal {
		if a.Target != coll || a.IsNegative() {
			continue
		}
		for _, p := range a.Where {
			head, _, _ := strings.Cut(p.Field, ".")
			if !slices.Contains(out, head) {
				out = append(out, head)
			}
		}
	}
	return out
}

func keyArg(args []string, c *atom.Collection) string {
	for _, a := range args {
		if a == c.KeyField() || a == "id" || strings.HasSuffix(a, "_id") {
			return a
		}
	}
	return ""
}

func jsonType(v any) string {
	switch v.(type) {
	case bool:
		return "boolean"
	case float64, int:
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "string"
}

// toolStyle is how an app names its tools: a prefix ("mail_"), a word
// separator ("_", "-" or "" for camelCase) and the verb it uses for each
// effect kind ("find" for search in a CRM whose tools say find).
type toolStyle struct {
	prefix string
	sep    string
	verbs  map[string]string
}

func styleOf(s *atom.Server) toolStyle {
	st := toolStyle{prefix: s.AppName() + "_", sep: "_", verbs: map[string]string{}}
	if len(s.Tools) == 0 {
		return st
	}
	names := make([]string, len(s.Tools))
	for i, t := range s.Tools {
		names[i] = t.Name
	}
	camel, dash := 0, 0
	for _, n := range names {
		if strings.Contains(n, "-") && !strings.Contains(n, "_") {
			dash++
		}
		if !strings.ContainsAny(n, "_-") && strings.IndexFunc(n, unicode.IsUpper) > 0 {
			camel++
		}
	}
	switch {
	case dash*2 > len(names):
		st.sep = "-"
	case camel*2 > len(names):
		st.sep = ""
	}
	st.prefix = commonPrefix(names, st.sep)
	for _, t := range s.Tools {
		words := splitWords(strings.TrimPrefix(t.Name, st.prefix), st.sep)
		if len(words) > 0 {
			if _, ok := st.verbs[t.Effect.Kind]; !ok {
				st.verbs[t.Effect.Kind] = words[0]
			}
		}
	}
	return st
}

// commonPrefix is the longest prefix, ending at a word boundary, that every
// name shares (a single tool's first word is its prefix only when it looks
// like an app name, i.e. the name has three or more words).
func commonPrefix(names []string, sep string) string {
	first := names[0]
	words := splitWords(first, sep)
	best := ""
	for n := 1; n < len(words); n++ {
		cand := joinWords(words[:n], sep)
		if sep != "" {
			cand += sep
		}
		all := true
		for _, name := range names {
			if !strings.HasPrefix(name, cand) || len(name) == len(cand) {
				all = false
				break
			}
		}
		if !all {
			break
		}
		if len(names) == 1 && len(words)-n < 2 {
			break
		}
		best = cand
	}
	return best
}

func splitWords(s, sep string) []string {
	if sep != "" {
		var out []string
		for _, w := range strings.Split(s, sep) {
			if w != "" {
				out = append(out, strings.ToLower(w))
			}
		}
		return out
	}
	var out []string
	cur := []rune{}
	for _, r := range s {
		if unicode.IsUpper(r) && len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
		cur = append(cur, r)
	}
	if len(cur) > 0 {
		out = append(out, strings.ToLower(string(cur)))
	}
	return out
}

func joinWords(ws []string, sep string) string {
	if sep != "" {
		return strings.Join(ws, sep)
	}
	var b strings.Builder
	for i, w := range ws {
		if i == 0 {
			b.WriteString(w)
			continue
		}
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

// toolWords splits a tool name of the server's app into words without the
// app prefix: "helpdesk_add_comment" -> [add comment].
func toolWords(s *atom.Server, name string) []string {
	st := styleOf(s)
	rest := name
	switch {
	case st.prefix != "" && strings.HasPrefix(name, st.prefix):
		rest = strings.TrimPrefix(name, st.prefix)
	case strings.HasPrefix(name, s.AppName()+"_"):
		rest = strings.TrimPrefix(name, s.AppName()+"_")
	}
	sep := st.sep
	if strings.Contains(rest, "_") {
		sep = "_"
	}
	return splitWords(rest, sep)
}

// matchCollection finds the collection a name's noun words refer to.
func matchCollection(s *atom.Server, noun []string) *atom.Collection {
	cands := []string{strings.Join(noun, "_")}
	for i := range noun {
		cands = append(cands, strings.Join(noun[i:], "_"), noun[i])
	}
	for _, w := range cands {
		for i := range s.Collections {
			c := &s.Collections[i]
			if c.Name == w || inflect.Singular(c.Name) == w || c.Name == w+"s" || c.Name == w+"es" {
				return c
			}
		}
	}
	return nil
}

// synthesise builds the tool for a spec on server s.
func synthesise(s *atom.Server, sp toolSpec) (atom.Tool, error) {
	c := s.Collection(sp.collection)
	if c == nil {
		return atom.Tool{}, fmt.Errorf("server %s has no collection %q", s.ID, sp.collection)
	}
	if _, ok := atom.EffectKindDoc(sp.effect); !ok || sp.effect == "starlark" || sp.effect == "unresolved" {
		return atom.Tool{}, fmt.Errorf("cannot synthesise a %q effect", sp.effect)
	}
	sp.set = maps.Clone(sp.set)
	if sp.set == nil {
		sp.set = map[string]any{}
	}
	key := sp.keyField
	needsKey := sp.effect == "update" || sp.effect == "delete" || sp.effect == "get" || sp.effect == "append"
	if needsKey && key == "" {
		key = c.KeyField()
	}
	var fields []string
	for _, f := range sp.fields {
		if f == "" || (needsKey && f == key) || (sp.effect == "create" && f == c.KeyField()) {
			continue
		}
		fields = append(fields, f)
	}
	st := styleOf(s)
	d := toolDraft{c: c, sp: sp, one: inflect.Singular(c.Name), verb: toolVerb(st, sp), key: key, fields: fields,
		eff: atom.Effect{Kind: sp.effect, Collection: c.Name}, props: map[string]any{}}
	d.nameWords = []string{d.verb, d.one}
	if err := d.surface(); err != nil {
		return atom.Tool{}, err
	}
	if needsKey && key != c.KeyField() {
		d.eff.Key = key
	}
	d.eff.Set = constantSet(sp.set, fields)
	name := toolName(st, sp.name, d.nameWords)
	if s.Tool(name) != nil {
		// A second tool under a numbered name would offer the agent two
		// look-alike operations; the app's own tool is the one to extend.
		return atom.Tool{}, fmt.Errorf("server %s already has a tool %s", s.ID, name)
	}
	return atom.Tool{Name: name, Description: d.desc, Input: atom.ObjectSchema(d.props, d.required), Effect: d.eff}, nil
}

// toolVerb is the verb of a synthesised tool's name: the spec's, else the
// app's verb for the effect, else the effect's own.
func toolVerb(st toolStyle, sp toolSpec) string {
	if sp.verb != "" {
		return sp.verb
	}
	// The verb says the effect ("update"), not the app's first tool of that
	// kind's verb: an update named cancel_* would promise a cancellation.
	verb := st.verbs[sp.effect]
	if sp.effect == "update" && verb != "update" && verb != "edit" && verb != "set" && verb != "modify" && verb != "change" {
		verb = ""
	}
	if verb == "" {
		verb = map[string]string{"create": "create", "update": "update", "delete": "delete", "search": "search", "get": "get", "append": "add"}[sp.effect]
	}
	return verb
}

// toolDraft is a synthesised tool in the making: what its effect needs
// (c, sp, key, fields) and what the surface says (desc, props, required,
// the words of its name).
type toolDraft struct {
	c         *atom.Collection
	sp        toolSpec
	one, verb string
	key       string
	fields    []string
	eff       atom.Effect
	desc      string
	nameWords []string
	props     map[string]any
	required  []string
}

// surface writes the description and arguments of the draft's effect.
func (d *toolDraft) surface() error {
	switch d.sp.effect {
	case "create":
		d.create()
	case "update":
		d.update()
	case "delete", "get":
		verb := map[string]string{"delete": "Delete", "get": "Get"}[d.sp.effect]
		d.desc = fmt.Sprintf("%s %s by its %s.", verb, article(spaced(d.one)), spaced(d.key))
		d.props[d.key] = map[string]any{"type": "string"}
		d.required = append(d.required, d.key)
	case "search":
		d.search()
	case "append":
		return d.appendTo()
	}
	return nil
}

func (d *toolDraft) create() {
	c, sp := d.c, d.sp
	d.desc = fmt.Sprintf("%s %s", capital(d.verb), article(spaced(d.one)))
	if len(d.fields) > 0 {
		d.desc += " with its " + listWords(humanAll(d.fields))
	}
	d.desc += "."
	for _, f := range d.fields {
		d.props[f] = argSchema(c, f, sp.argTypes[f])
		d.required = append(d.required, f)
	}
	// Stamp the creation time as the app's records are stamped.
	for _, f := range sortedFields(c) {
		if _, given := sp.set[f]; given || slices.Contains(d.fields, f) || c.Fields[f].Format != "date-time" {
			continue
		}
		if f == "created_at" || f == "created" || f == "date" || f == "timestamp" || f == "sent_at" || f == "posted_at" {
			sp.set[f] = "$now"
		}
	}
}

func (d *toolDraft) update() {
	d.desc = fmt.Sprintf("Update %s by its %s.", article(spaced(d.one)), spaced(d.key))
	d.props[d.key] = map[string]any{"type": "string", "description": fmt.Sprintf("The %s's %s", spaced(d.one), d.key)}
	d.required = append(d.required, d.key)
	for _, f := range d.fields {
		d.props[f] = argSchema(d.c, f, d.sp.argTypes[f])
	}
	if len(d.fields) > 0 {
		d.desc = fmt.Sprintf("Update the %s of %s given its %s.", listWords(humanAll(d.fields)), article(spaced(d.one)), spaced(d.key))
	}
}

func (d *toolDraft) search() {
	d.nameWords = []string{d.verb, d.c.Name}
	d.desc = fmt.Sprintf("Search %s", spaced(d.c.Name))
	if len(d.fields) > 0 {
		d.desc += " by " + strings.Join(d.fields, ", ")
	}
	d.desc += "."
	for _, f := range d.fields {
		d.props[f] = argSchema(d.c, f, d.sp.argTypes[f])
	}
	d.props["limit"] = map[string]any{"type": "integer", "minimum": 1, "maximum": 50}
}

func (d *toolDraft) appendTo() error {
	if len(d.fields) == 0 {
		return fmt.Errorf("append needs the list field")
	}
	list := d.fields[0]
	value := inflect.Singular(list)
	if value == list {
		value = list + "_value"
	}
	d.eff.Field, d.eff.Value = list, value
	d.nameWords = []string{d.verb, value}
	d.desc = fmt.Sprintf("Add %s to the %s of %s.", article(spaced(value)), spaced(list), article(spaced(d.one)))
	d.props[d.key] = map[string]any{"type": "string", "description": fmt.Sprintf("The %s's %s", spaced(d.one), d.key)}
	d.props[value] = map[string]any{"type": "string"}
	d.required = append(d.required, d.key, value)
	return nil
}

// constantSet is the effect's set: the constants of set that no argument
// writes (nil when none is left).
func constantSet(set map[string]any, fields []string) map[string]any {
	if len(set) == 0 {
		return nil
	}
	out := map[string]any{}
	for k, v := range set {
		if !slices.Contains(fields, k) {
			out[k] = v
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// toolName names a synthesised tool in the app's style (name when given),
// within the 64 characters a tool name may have.
func toolName(st toolStyle, name string, nameWords []string) string {
	if name == "" {
		name = st.prefix + joinWords(nameWords, st.sep)
		if st.sep == "" && st.prefix != "" {
			name = st.prefix + joinWords(append([]string{""}, nameWords...), "")
		}
	}
	if len(name) > 64 {
		name = name[:64]
	}
	return name
}

// argSchema is the input schema of an argument that writes field f: the
// field's type, except that a list of strings is passed comma-separated
// (the effect splits it), as the app's own tools do.
func argSchema(c *atom.Collection, f, seen string) map[string]any {
	fd, ok := c.Fields[f]
	out := map[string]any{}
	switch {
	case !ok:
		t := seen
		if t == "" || t == "array" || t == "object" {
			t = "string"
		}
		out["type"] = t
	case fd.Type == "array":
		out["type"] = "string"
		out["description"] = "comma-separated " + spaced(f)
	case fd.Type != "":
		out["type"] = fd.Type
	default:
		out["type"] = "string"
	}
	if ok && fd.Description != "" && out["description"] == nil {
		out["description"] = fd.Description
	}
	if ok && len(fd.Enum) > 0 && fd.Type != "array" {
		out["enum"] = append([]any(nil), fd.Enum...)
	}
	return out
}

func repairSchemaMismatch(ctx context.Context, req Request) (Proposal, error) {
	s, ok := req.Atom.Server()
	if !ok {
		return Proposal{}, noRepair("blamed atom %s is not a server", req.Atom.Ref())
	}
	ns, err := clone(s)
	if err != nil {
		return Proposal{}, err
	}
	var notes []string
	for _, f := range fixes(req, isFieldMove) {
		var m verify.FieldMove
		switch e := f.Edit.(type) {
		case *verify.AddField:
			m = verify.FieldMove(*e)
		case *verify.RenameField:
			m = verify.FieldMove(*e)
		}
		coll, to, from, tool := m.Collection, m.To, m.From, m.Tool
		c := ns.Collection(coll)
		if c == nil || to == "" {
			continue
		}
		switch f.Action() {
		case verify.ActionAddField:
			if _, ok := c.Fields[to]; ok {
				continue
			}
			if c.Fields == nil {
				c.Fields = map[string]atom.Field{}
			}
			c.Fields[to] = inferField(ns, c, tool, to, from)
			notes = append(notes, fmt.Sprintf("declared %s.%s", coll, to))
		case verify.ActionRenameField:
			t := ns.Tool(tool)
			if t == nil || from == "" || from == to {
				continue
			}
			if renameWrite(t, c, from, to) {
				notes = append(notes, fmt.Sprintf("%s writes %s instead of %s", tool, to, from))
			}
			if _, ok := c.Fields[to]; !ok {
				if c.Fields == nil {
					c.Fields = map[string]atom.Field{}
				}
				c.Fields[to] = inferField(ns, c, tool, to, from)
			}
		}
	}
	if len(notes) == 0 {
		return Proposal{}, noRepair("no rename_field or add_field fix applies to server %s", s.ID)
	}
	sort.Strings(notes)
	return Proposal{Atom: ns, Note: strings.Join(notes, "; ")}, nil
}

// isFieldMove accepts the add_field and rename_field fixes.
func isFieldMove(e verify.Edit) bool {
	switch e.(type) {
	case *verify.AddField, *verify.RenameField:
		return true
	}
	return false
}

// renameWrite makes tool t write field to where it wrote from.
func renameWrite(t *atom.Tool, c *atom.Collection, from, to string) bool {
	changed := false
	for arg, field := range t.Effect.Fields {
		if field == from {
			t.Effect.Fields[arg] = to
			changed = true
		}
	}
	if v, ok := t.Effect.Set[from]; ok {
		delete(t.Effect.Set, from)
		t.Effect.Set[to] = v
		changed = true
	}
	if !changed && atom.InputProperties(t.Input)[from] {
		if _, mapped := t.Effect.Fields[from]; !mapped {
			if t.Effect.Fields == nil {
				t.Effect.Fields = map[string]string{}
			}
			t.Effect.Fields[from] = to
			changed = true
		}
	}
	return changed
}

// inferField declares a field the way the tool that writes it, or the field
// it replaces, says it is typed.
func inferField(s *atom.Server, c *atom.Collection, tool, to, from string) atom.Field {
	if fd, ok := c.Fields[from]; ok && from != "" {
		fd.Description = ""
		return fd
	}
	if t := s.Tool(tool); t != nil {
		props, _ := t.Input["properties"].(map[string]any)
		for _, arg := range []string{to, from} {
			if p, ok := props[arg].(map[string]any); ok {
				if ty, _ := p["type"].(string); ty != "" && ty != "object" {
					return atom.Field{Type: ty}
				}
			}
		}
	}
	return atom.Field{}
}

func sortedFields(c *atom.Collection) []string {
	out := slices.Sorted(maps.Keys(c.Fields))
	return out
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// listWords renders "a, b and c".
func listWords(xs []string) string {
	if len(xs) == 1 {
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// spaced turns a snake_case name into words ("support_tickets" -> "support tickets").
func spaced(s string) string { return strings.ReplaceAll(s, "_", " ") }

// article puts "a" or "an" before a noun phrase.
func article(noun string) string {
	if noun != "" && strings.ContainsRune("aeiouAEIOU", rune(noun[0])) && !strings.HasPrefix(noun, "us") && !strings.HasPrefix(noun, "uni") {
		return "an " + noun
	}
	return "a " + noun
}

// humanAll turns field names into words.
func humanAll(fs []string) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = spaced(f)
	}
	return out
}

// fromCatalogue repairs server s (ns is its copy) with operations of the
// app's catalogue: for each effect a goal needs, the catalogued operation
// that makes it. Where the server has a tool of that name, the tool is
// extended to the operation (the arguments it lacks); otherwise the
// operation is added under its own name, with its own required arguments.
// What no catalogued operation makes is not repaired here: the task asks
// for something the product cannot do.
func fromCatalogue(s, ns *atom.Server, specs []toolSpec, cat []atom.Tool) (Proposal, error) {
	var notes []string
	done := map[string]bool{}
	for _, sp := range specs {
		op := findOperation(cat, sp, s)
		if op == nil || done[op.Name] {
			continue
		}
		done[op.Name] = true
		if t := ns.Tool(op.Name); t != nil {
			if sameTool(*t, *op) {
				continue
			}
			*t = extendTool(*t, *op)
			notes = append(notes, "extended "+op.Name+" to the app's operation")
			continue
		}
		ns.Tools = append(ns.Tools, *op)
		notes = append(notes, "added "+op.Name+" from the app's operations")
	}
	if len(notes) == 0 {
		return Proposal{}, noRepair("no operation in the catalogue of %s makes the change the goal needs", s.AppName())
	}
	return Proposal{Atom: ns, Note: strings.Join(notes, "; ")}, nil
}

// findOperation returns the catalogued operation that makes sp's change:
// the one the intent names, else one of the effect's kind on the
// collection that writes every field (or filters by it), preferring one
// the server already has under that name.
func findOperation(cat []atom.Tool, sp toolSpec, s *atom.Server) *atom.Tool {
	var best *atom.Tool
	for i := range cat {
		op := &cat[i]
		if sp.name != "" {
			if op.Name == sp.name {
				return op
			}
			continue
		}
		if op.Effect.Kind != sp.effect || op.Effect.Collection != sp.collection || !covers(*op, sp) {
			continue
		}
		if s.Tool(op.Name) != nil {
			return op
		}
		if best == nil {
			best = op
		}
	}
	return best
}

// covers reports whether an operation writes (or searches by) every field
// of sp, and sets its constants.
func covers(op atom.Tool, sp toolSpec) bool {
	fields := map[string]bool{}
	for arg := range atom.InputProperties(op.Input) {
		f := arg
		if m, ok := op.Effect.Fields[arg]; ok {
			f = m
		}
		fields[f] = true
	}
	for _, fl := range op.Effect.Filters {
		if fl.Field != "" {
			fields[fl.Field] = true
		} else {
			fields[fl.Arg] = true
		}
	}
	if op.Effect.Field != "" {
		fields[op.Effect.Field] = true
	}
	for _, f := range sp.fields {
		if !fields[f] {
			if _, set := op.Effect.Set[f]; !set {
				return false
			}
		}
	}
	for k, v := range sp.set {
		if ov, ok := op.Effect.Set[k]; ok && fmt.Sprint(ov) == fmt.Sprint(v) {
			continue
		}
		if !fields[k] {
			return false
		}
	}
	return true
}

func sameTool(a, b atom.Tool) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// extendTool widens t to the operation op of the same name: the arguments
// op has and t lacks, with what they write; t's own arguments, required
// ones and description stay.
func extendTool(t, op atom.Tool) atom.Tool {
	out, _ := cloneTool(t)
	props, _ := out.Input["properties"].(map[string]any)
	if props == nil {
		props = map[string]any{}
		out.Input["properties"] = props
	}
	opProps, _ := op.Input["properties"].(map[string]any)
	for _, name := range sortedMapKeys(opProps) {
		if _, ok := props[name]; ok {
			continue
		}
		props[name] = opProps[name]
		if f, ok := op.Effect.Fields[name]; ok {
			if out.Effect.Fields == nil {
				out.Effect.Fields = map[string]string{}
			}
			out.Effect.Fields[name] = f
		}
	}
	return out
}

func cloneTool(t atom.Tool) (atom.Tool, error) {
	b, err := json.Marshal(t)
	if err != nil {
		return t, err
	}
	var out atom.Tool
	err = json.Unmarshal(b, &out)
	return out, err
}

func sortedMapKeys(m map[string]any) []string {
	out := slices.Sorted(maps.Keys(m))
	return out
}
