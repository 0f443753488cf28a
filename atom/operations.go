package atom

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
)

// Operations is a catalogue of one app's real operations, kept as data
// beside its server atom (a YAML document of kind "operations"). A server
// atom serves some of them as tools; synthesis asks only for changes an
// operation of the app makes, and a repair that adds a missing tool takes
// it from here rather than inventing one.
type Operations struct {
	Kind        string `json:"kind"`
	App         string `json:"app"`
	Description string `json:"description,omitempty"`
	Operations  []Tool `json:"operations"`
}

// Operations returns the catalogue of app's operations, or nil.
func (l *Library) Operations(app string) []Tool { return l.ops[app] }

// SetOperations replaces app's catalogue.
func (l *Library) SetOperations(app string, ops []Tool) {
	if l.ops == nil {
		l.ops = map[string][]Tool{}
	}
	l.ops[app] = ops
}

// OperationApps lists the apps that have a catalogue, sorted.
func (l *Library) OperationApps() []string {
	out := slices.Sorted(maps.Keys(l.ops))
	return out
}

// MarshalOperations renders an app's catalogue as one YAML document.
func MarshalOperations(app string, ops []Tool) ([]byte, error) {
	return marshalYAML(Operations{Kind: "operations", App: app, Operations: ops})
}

// operationsFile is a catalogue as its file writes it. An entry is an
// operation of its own or, written "- tool: NAME", the tool of that name
// the app's server atom serves, as it is: a tool the server serves is
// written once, in the server atom, and an edit there is the catalogue's
// too. The loader expands the references once every server has loaded.
type operationsFile struct {
	Kind        string           `json:"kind"`
	App         string           `json:"app"`
	Description string           `json:"description,omitempty"`
	Operations  []operationEntry `json:"operations"`
}

type operationEntry struct {
	Ref string `json:"tool,omitempty"` // the server's tool this entry is
	Tool
}

// pendingOperations is a catalogue read but not yet expanded: its
// references need the servers, which may load after it.
type pendingOperations struct {
	file string
	pos  positions
	ops  operationsFile
}

func (l *Library) addOperations(file string, doc document, pending map[string]*pendingOperations) Diagnostics {
	if ds := schemaDiags(file, doc); len(ds) > 0 {
		return ds
	}
	b, _ := json.Marshal(doc.value)
	var o operationsFile
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	p := doc.pos.lookup("")
	if err := dec.Decode(&o); err != nil {
		return Diagnostics{{File: file, Line: p.Line, Col: p.Col, Severity: Error, Message: decodeMessage(err)}}
	}
	if pending[o.App] != nil || l.ops[o.App] != nil {
		return Diagnostics{{File: file, Line: p.Line, Col: p.Col, Field: "app", Severity: Error, Message: fmt.Sprintf("a second catalogue of operations for app %q", o.App)}}
	}
	var ds Diagnostics
	at := func(i int, field string, format string, args ...any) {
		f := fmt.Sprintf("operations[%d].%s", i, field)
		q := doc.pos.lookup(f)
		ds = append(ds, Diagnostic{File: file, Line: q.Line, Col: q.Col, Field: f, Severity: Error, Message: fmt.Sprintf(format, args...)})
	}
	names := map[string]bool{}
	for i, t := range o.Operations {
		name, field := t.Name, "name"
		if t.Ref != "" {
			name, field = t.Ref, "tool"
		}
		if names[name] {
			at(i, field, "operation %q twice", name)
		}
		names[name] = true
		if t.Ref != "" {
			continue
		}
		if err := CheckInputSchema(t.Input); err != nil {
			at(i, "input", "%s", err.Error())
		}
	}
	if ds.HasErrors() {
		return ds
	}
	pending[o.App] = &pendingOperations{file: file, pos: doc.pos, ops: o}
	return ds
}

// resolveOperations expands each pending catalogue's "tool:" entries into
// copies of its server's tools and installs the catalogue. A catalogue
// with an entry that names no tool of the server stays out, as a file with
// errors does.
func (l *Library) resolveOperations(pending map[string]*pendingOperations) Diagnostics {
	var ds Diagnostics
	for _, app := range slices.Sorted(maps.Keys(pending)) {
		p := pending[app]
		var tools map[string]Tool
		if se := l.ServerFor(app); se != nil {
			tools = map[string]Tool{}
			for _, t := range se.Atom.(*Server).Tools {
				tools[t.Name] = t
			}
		}
		ops := make([]Tool, 0, len(p.ops.Operations))
		bad := false
		for i, t := range p.ops.Operations {
			if t.Ref == "" {
				ops = append(ops, t.Tool)
				continue
			}
			st, ok := tools[t.Ref]
			if !ok {
				field := fmt.Sprintf("operations[%d].tool", i)
				q := p.pos.lookup(field)
				msg := fmt.Sprintf("the server atom of app %q has no tool %q (a \"tool:\" entry is a copy of one of its tools)", app, t.Ref)
				if tools == nil {
					msg = fmt.Sprintf("no server atom serves app %q, whose tool %q this entry copies", app, t.Ref)
				}
				ds = append(ds, Diagnostic{File: p.file, Line: q.Line, Col: q.Col, Field: field, Severity: Error, Message: msg})
				bad = true
				continue
			}
			ops = append(ops, copyTool(st))
		}
		if !bad {
			l.SetOperations(app, ops)
		}
	}
	return ds
}

// copyTool is a deep copy of t, so that the catalogue and the server atom
// share no maps; the JSON round trip gives the values a file's entry
// decodes to.
func copyTool(t Tool) Tool {
	b, err := json.Marshal(t)
	if err != nil {
		return t // a loaded tool always encodes; keep it rather than lose it
	}
	var c Tool
	if err := json.Unmarshal(b, &c); err != nil {
		return t
	}
	return c
}

// validateOperations checks each catalogue against its app's server, as a
// server's own tools are checked: effects on real collections and fields,
// names that keep their promise.
func (l *Library) validateOperations() Diagnostics {
	var ds Diagnostics
	for _, app := range l.OperationApps() {
		se := l.ServerFor(app)
		if se == nil {
			ds = append(ds, Diagnostic{File: "(operations)", Field: "app", Severity: Warning, Message: fmt.Sprintf("operations of app %q, which no server atom serves", app)})
			continue
		}
		s := se.MustServer()
		for i, t := range l.ops[app] {
			at := fmt.Sprintf("operations[%s][%d]", app, i)
			for _, d := range validateEffect(se, s, t, at+".effect") {
				d.Message = "operation " + t.Name + ": " + d.Message
				ds = append(ds, d)
			}
			ds = append(ds, validateToolName(se, s, t, at+".name")...)
		}
	}
	return ds
}
