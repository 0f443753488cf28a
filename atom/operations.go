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

func (l *Library) addOperations(file string, doc document) Diagnostics {
	if ds := schemaDiags(file, doc); len(ds) > 0 {
		return ds
	}
	b, _ := json.Marshal(doc.value)
	var o Operations
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	p := doc.pos.lookup("")
	if err := dec.Decode(&o); err != nil {
		return Diagnostics{{File: file, Line: p.Line, Col: p.Col, Severity: Error, Message: decodeMessage(err)}}
	}
	if l.ops[o.App] != nil {
		return Diagnostics{{File: file, Line: p.Line, Col: p.Col, Field: "app", Severity: Error, Message: fmt.Sprintf("a second catalogue of operations for app %q", o.App)}}
	}
	var ds Diagnostics
	names := map[string]bool{}
	for i, t := range o.Operations {
		if names[t.Name] {
			q := doc.pos.lookup(fmt.Sprintf("operations[%d].name", i))
			ds = append(ds, Diagnostic{File: file, Line: q.Line, Col: q.Col, Field: fmt.Sprintf("operations[%d].name", i), Severity: Error, Message: fmt.Sprintf("operation %q twice", t.Name)})
		}
		names[t.Name] = true
		if err := CheckInputSchema(t.Input); err != nil {
			q := doc.pos.lookup(fmt.Sprintf("operations[%d].input", i))
			ds = append(ds, Diagnostic{File: file, Line: q.Line, Col: q.Col, Field: fmt.Sprintf("operations[%d].input", i), Severity: Error, Message: err.Error()})
		}
	}
	if ds.HasErrors() {
		return ds
	}
	l.SetOperations(o.App, o.Operations)
	return ds
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
