package episode

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/legoenv/legoenv/atom"
)

// Tool is one callable tool of an environment.
type Tool struct {
	Name        string
	Description string
	App         string
	Input       map[string]any // the atom's JSON Schema
	Effect      atom.Effect
	Server      *atom.Entry

	schema *jsonschema.Schema
	impl   Effect
	raw    json.RawMessage // Input, encoded once
	// takes lists the arguments the tool takes; nil when its schema
	// accepts any (additionalProperties given as true or a schema).
	takes map[string]bool
	// names are the argument names of its schema, each its own key: a
	// call's decoded arguments share them (see scanObject).
	names map[string]string
	// simple checks the arguments of a schema of strings and string lists
	// without the validator; nil for any other schema.
	simple *simpleSchema
	// invalid is the product's code that starts a refusal of arguments.
	invalid string
	// native is the Go implementation of the tool's script, if the
	// composition was given one (Options.Natives); server is its server.
	native NativeFunc
	server *atom.Server
}

func newTool(s *atom.Server, se *atom.Entry, t *atom.Tool) (*Tool, error) {
	sch, err := atom.CompileSchema(t.Input)
	if err != nil {
		return nil, fmt.Errorf("tool %s: %w", t.Name, err)
	}
	raw, _ := json.Marshal(t.Input)
	tool := &Tool{Name: t.Name, Description: t.Description, App: s.AppName(), Input: t.Input, Effect: t.Effect, Server: se, schema: sch, raw: raw, invalid: s.InvalidArguments, simple: simpleOf(t.Input)}
	tool.names = map[string]string{}
	for k := range atom.InputProperties(t.Input) {
		tool.names[k] = k
	}
	if open, ok := t.Input["additionalProperties"]; !ok || open == false {
		tool.takes = atom.InputProperties(t.Input)
	}
	impl, err := buildEffect(s, t)
	if err != nil {
		return nil, fmt.Errorf("tool %s: %w", t.Name, err)
	}
	tool.impl = impl
	return tool, nil
}

// Writes reports whether the tool's effect can change the state, and which
// collection ("app.collection"; "" for Starlark, which may write any).
func (t *Tool) Writes() (bool, string) {
	switch t.Effect.Kind {
	case "search", "get", "unresolved":
		return false, ""
	case "starlark":
		return true, ""
	}
	return true, t.App + "." + t.Effect.Collection
}

// Def is a tool definition as agents see it: the same source feeds the
// OpenAI function list and the MCP tool list.
type Def struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"inputSchema"`
}

// Def returns the tool's definition.
func (t *Tool) Def() Def { return Def{Name: t.Name, Description: t.Description, InputSchema: t.raw} }

// OpenAI returns the tool in OpenAI function-calling form.
func (d Def) OpenAI() map[string]any {
	return map[string]any{
		"type": "function",
		"function": map[string]any{
			"name":        d.Name,
			"description": d.Description,
			"parameters":  d.InputSchema,
		},
	}
}

// OpenAITools renders a list of definitions for the chat completions API.
func OpenAITools(defs []Def) []map[string]any {
	out := make([]map[string]any, len(defs))
	for i, d := range defs {
		out[i] = d.OpenAI()
	}
	return out
}

// validate checks decoded arguments against the tool's schema and returns a
// message an agent can act on.
func (t *Tool) validate(args map[string]any) error {
	if t.simple != nil && t.simple.accepts(args) {
		return nil
	}
	err := t.unexpected(args)
	if err == nil {
		err = t.schema.Validate(any(args))
		var ve *jsonschema.ValidationError
		if ok := asValidation(err, &ve); ok {
			err = fmt.Errorf("invalid arguments for %s: %s", t.Name, validationText(ve))
		} else if err != nil {
			err = fmt.Errorf("invalid arguments for %s: %v", t.Name, err)
		}
	}
	if err != nil && t.invalid != "" {
		return fmt.Errorf("%s: %w", t.invalid, err)
	}
	return err
}

// unexpected rejects an argument the tool does not take, as a function
// rejects an unexpected keyword: a tool whose schema lists its arguments
// takes those alone unless the schema says additionalProperties. Silently
// ignoring it would let a misspelt filter return every record.
func (t *Tool) unexpected(args map[string]any) error {
	if t.takes == nil {
		return nil
	}
	var extra []string
	for k := range args {
		if !t.takes[k] {
			extra = append(extra, k)
		}
	}
	if len(extra) == 0 {
		return nil
	}
	sort.Strings(extra)
	takes := make([]string, 0, len(t.takes))
	for k := range t.takes {
		takes = append(takes, k)
	}
	sort.Strings(takes)
	what := "takes no arguments"
	if len(takes) > 0 {
		what = "takes: " + strings.Join(takes, ", ")
	}
	noun := "argument"
	if len(extra) > 1 {
		noun = "arguments"
	}
	return fmt.Errorf("invalid arguments for %s: unexpected %s %s (%s %s)", t.Name, noun, quoteAll(extra), t.Name, what)
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}

func asValidation(err error, ve **jsonschema.ValidationError) bool {
	v, ok := err.(*jsonschema.ValidationError)
	if ok {
		*ve = v
	}
	return ok
}

func validationText(ve *jsonschema.ValidationError) string {
	var msgs []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			msg := e.Error()
			if i := strings.LastIndex(msg, "': "); i >= 0 {
				msg = msg[i+3:]
			}
			loc := "/" + strings.Join(e.InstanceLocation, "/")
			if loc == "/" {
				msgs = append(msgs, msg)
			} else {
				msgs = append(msgs, loc+": "+msg)
			}
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	sort.Strings(msgs)
	if len(msgs) > 5 {
		msgs = msgs[:5]
	}
	return strings.Join(msgs, "; ")
}
