package propose

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/legoenv/legoenv/atom"
)

// Guide is what a model needs to know of the atom format beyond examples.
const Guide = `legoenv atoms are YAML documents with kind (server, data, rule or intent) and id (lower case, digits, _ . -).
- server: one app. collections (name, fields {field: {type}}) and tools (name, description, input: a JSON Schema object, effect).
  Effects: {kind: search|get|create|update|delete|append, collection: NAME}; update and get take the record key as argument "id" unless key: says otherwise; append needs field: (a list field) and value: (the argument appended); create and update may set constants with set: {field: value}.
- data: records: {app: {collection: [records]}}, each record with its key field (id unless the collection says otherwise); handles: {name: {app, collection, key, display}} name the records intents bind slots to.
- rule: text the agent sees, and checks (assertions, usually not_exists or not_called) that must hold at the end.
- intent: apps, instruction with {{slot}} and {{slot.field}} placeholders, slots: {name: {handle: HANDLE}}, goal: assertions over the final state, plan: [{tool, args}] the tool calls that reach the goal.
Assertions: {exists|not_exists: app.collection, where: {field: value or {op: value}}, label: text}, {count: app.collection, where: ..., equals|min|max: N}, {called|not_called: tool_name, where: {arg: ...}}.
Ops: equals, iequals, not_equals, contains, icontains, not_contains, in, gt, gte, lt, lte, present, matches, size.
A goal must not already hold before the agent acts, must be reachable with the tools, and must fail when the agent acts on the wrong record.`

// DescribeServers lists apps with their collections and tools, one block
// each: what an intent can use.
func DescribeServers(lib *atom.Library) string {
	var b strings.Builder
	for _, e := range lib.Heads(atom.KindServer) {
		s := e.MustServer()
		fmt.Fprintf(&b, "app %s (server %s", s.AppName(), s.ID)
		if s.Family != "" {
			fmt.Fprintf(&b, ", family %s", s.Family)
		}
		b.WriteString(")\n")
		for _, c := range s.Collections {
			fields := make([]string, 0, len(c.Fields))
			for f, d := range c.Fields {
				t := d.Type
				if t == "" {
					t = "any"
				}
				if len(d.Enum) > 0 {
					t += fmt.Sprintf(" %v", d.Enum)
				}
				fields = append(fields, f+": "+t)
			}
			sort.Strings(fields)
			fmt.Fprintf(&b, "  collection %s.%s (key %s): %s\n", s.AppName(), c.Name, c.KeyField(), strings.Join(fields, ", "))
		}
		for _, t := range s.Tools {
			props := make([]string, 0)
			for p := range atom.InputProperties(t.Input) {
				props = append(props, p)
			}
			sort.Strings(props)
			eff := t.Effect.Kind
			if t.Effect.Collection != "" {
				eff += " " + t.Effect.Collection
			}
			fmt.Fprintf(&b, "  tool %s(%s) [%s]: %s\n", t.Name, strings.Join(props, ", "), eff, t.Description)
		}
	}
	return b.String()
}

// DescribeData lists data atoms with the apps they fill and their handles,
// with each handle's record: what slots can bind to.
func DescribeData(lib *atom.Library) string {
	var b strings.Builder
	for _, e := range lib.Heads(atom.KindData) {
		d := e.MustData()
		apps := slices.Sorted(maps.Keys(d.Records))
		fmt.Fprintf(&b, "data %s (records for %s)\n", d.ID, strings.Join(apps, ", "))
		names := slices.Sorted(maps.Keys(d.Handles))
		for _, n := range names {
			h := d.Handles[n]
			fmt.Fprintf(&b, "  handle %s: %s.%s %q", n, h.App, h.Collection, h.Key)
			if rec := handleRecord(d, h); rec != nil {
				fmt.Fprintf(&b, " %s", compactRecord(rec))
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

func handleRecord(d *atom.Data, h atom.Handle) map[string]any {
	for _, r := range d.Records[h.App][h.Collection] {
		for _, k := range []string{"id", "key"} {
			if fmt.Sprint(r[k]) == h.Key {
				return r
			}
		}
		for _, v := range r {
			if s, ok := v.(string); ok && s == h.Key {
				return r
			}
		}
	}
	return nil
}

func compactRecord(r map[string]any) string {
	keys := slices.Sorted(maps.Keys(r))
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%v", k, r[k])
	}
	s := "{" + strings.Join(parts, ", ") + "}"
	if len(s) > 400 {
		s = s[:400] + "...}"
	}
	return s
}

// Example renders the first head atom of a kind as YAML, or "" when the
// library has none.
func Example(lib *atom.Library, k atom.Kind) string {
	heads := lib.Heads(k)
	if len(heads) == 0 {
		return ""
	}
	b, err := atom.Marshal(heads[0].Atom)
	if err != nil {
		return ""
	}
	return string(b)
}

// ids lists the ids of a kind's heads.
func ids(lib *atom.Library, k atom.Kind) string {
	var out []string
	for _, e := range lib.Heads(k) {
		out = append(out, e.ID)
	}
	if len(out) == 0 {
		return "(none)"
	}
	return strings.Join(out, ", ")
}
