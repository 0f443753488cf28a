package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

var collNameRE = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// AutomationBench describes each app's state as one JSON Schema object whose
// properties are its collections: arrays of a $defs record, or (for apps
// that only log actions) an object of action key -> array of records.
// readABSchema turns those into collections, keeping field order and
// descriptions. Scalar properties (the current user's id) are not
// collections and are left out.

type jsonSchema struct {
	Ref         string                 `json:"$ref"`
	Type        any                    `json:"type"`
	Format      string                 `json:"format"`
	Enum        []any                  `json:"enum"`
	Const       any                    `json:"const"`
	Description string                 `json:"description"`
	AnyOf       []*jsonSchema          `json:"anyOf"`
	Items       *jsonSchema            `json:"items"`
	Properties  orderedProps           `json:"properties"`
	AddProps    json.RawMessage        `json:"additionalProperties"`
	Defs        map[string]*jsonSchema `json:"$defs"`
}

// orderedProps keeps the properties in the order the schema lists them.
type orderedProps struct {
	Names []string
	Props map[string]*jsonSchema
}

func (o *orderedProps) UnmarshalJSON(b []byte) error {
	o.Props = map[string]*jsonSchema{}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != '{' {
		return fmt.Errorf("properties must be an object")
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		name, _ := t.(string)
		var s jsonSchema
		if err := dec.Decode(&s); err != nil {
			return fmt.Errorf("property %q: %w", name, err)
		}
		if _, dup := o.Props[name]; !dup {
			o.Names = append(o.Names, name)
		}
		o.Props[name] = &s
	}
	_, err = dec.Token()
	return err
}

func (s *jsonSchema) typeName() string {
	switch t := s.Type.(type) {
	case string:
		return t
	case []any:
		var ts []string
		for _, x := range t {
			if str, ok := x.(string); ok && str != "null" {
				ts = append(ts, str)
			}
		}
		if len(ts) == 1 {
			return ts[0]
		}
	}
	return ""
}

// readABSchema parses one app's state schema.
func readABSchema(data []byte) ([]*collection, error) {
	var root jsonSchema
	if err := json.Unmarshal(data, &root); err != nil {
		return nil, fmt.Errorf("schema: %w", err)
	}
	var out []*collection
	for _, name := range root.Properties.Names {
		p := root.Properties.Props[name]
		if p == nil {
			continue
		}
		var rec *jsonSchema
		switch p.typeName() {
		case "array":
			if p.Items == nil {
				return nil, fmt.Errorf("properties.%s: array without items", name)
			}
			rec = p.Items
		case "object":
			// An action log: action key -> list of records.
			if len(p.AddProps) > 0 && p.AddProps[0] == '{' {
				var ap jsonSchema
				if err := json.Unmarshal(p.AddProps, &ap); err != nil {
					return nil, fmt.Errorf("properties.%s.additionalProperties: %w", name, err)
				}
				if ap.typeName() == "array" && ap.Items != nil {
					rec = ap.Items
				}
			}
		}
		if rec == nil {
			continue
		}
		if !collNameRE.MatchString(name) {
			return nil, fmt.Errorf("properties.%s: collection names are letters, digits, _ and -", name)
		}
		col := &collection{Name: name}
		if rec.Ref != "" {
			def, err := resolve(&root, rec.Ref)
			if err != nil {
				return nil, fmt.Errorf("properties.%s: %w", name, err)
			}
			rec = def
		}
		col.Desc = oneLine(rec.Description)
		for _, fn := range rec.Properties.Names {
			fs := rec.Properties.Props[fn]
			f, err := abField(&root, fn, fs)
			if err != nil {
				return nil, fmt.Errorf("properties.%s.%s: %w", name, fn, err)
			}
			col.Fields = append(col.Fields, f)
		}
		col.Key = abKey(col)
		out = append(out, col)
	}
	return out, nil
}

func resolve(root *jsonSchema, ref string) (*jsonSchema, error) {
	name, ok := strings.CutPrefix(ref, "#/$defs/")
	if !ok {
		return nil, fmt.Errorf("unsupported $ref %q", ref)
	}
	d := root.Defs[name]
	if d == nil {
		return nil, fmt.Errorf("$ref %q: no such definition", ref)
	}
	return d, nil
}

func abField(root *jsonSchema, name string, s *jsonSchema) (*field, error) {
	f := &field{Name: name, Desc: oneLine(s.Description)}
	t := s
	if len(s.AnyOf) > 0 {
		var alts []*jsonSchema
		for _, a := range s.AnyOf {
			if a.typeName() != "null" || a.Ref != "" {
				alts = append(alts, a)
			}
		}
		if len(alts) != 1 {
			return f, nil // several types: any
		}
		t = alts[0]
	}
	if t.Ref != "" {
		if _, err := resolve(root, t.Ref); err != nil {
			return nil, err
		}
		f.Type = "object"
		return f, nil
	}
	f.Type = t.typeName()
	f.Format = t.Format
	switch f.Type {
	case "array":
		if t.Items != nil {
			if t.Items.Ref != "" {
				f.Items = "object"
			} else {
				f.Items = t.Items.typeName()
			}
			switch f.Items {
			case "string", "integer", "number", "boolean", "object", "":
			default:
				return nil, fmt.Errorf("unsupported item type %q", f.Items)
			}
		}
	case "string", "integer", "number", "boolean", "object", "":
	default:
		return nil, fmt.Errorf("unsupported type %q", f.Type)
	}
	for _, e := range t.Enum {
		if e != nil {
			f.Enum = append(f.Enum, jsonNumber(e))
		}
	}
	if t.Const != nil && len(f.Enum) == 0 {
		f.Enum = []any{jsonNumber(t.Const)}
	}
	// The schemas carry no email or date formats; the names say them, and
	// data synthesis reads formats to make realistic values.
	if f.Type == "string" && f.Format == "" && len(f.Enum) == 0 {
		switch {
		case name == "email" || strings.HasSuffix(name, "_email") || name == "email_address" || name == "from_" || name == "reply_to":
			f.Format = "email"
		case name == "date" || strings.HasSuffix(name, "_date"):
			f.Format = "date"
		}
	}
	return f, nil
}

func jsonNumber(v any) any {
	if n, ok := v.(float64); ok && n == float64(int64(n)) {
		return int(n)
	}
	return v
}

// abKey picks the key field: id where the record has one, else Twilio's
// sid, else the record's own <entity>_id (Xero), else id (the spec
// may say otherwise).
func abKey(c *collection) string {
	if c.field("id") != nil {
		return ""
	}
	if c.field("sid") != nil {
		return "sid"
	}
	if f := c.field(singular(c.Name) + "_id"); f != nil {
		return f.Name
	}
	return ""
}

func oneLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.Index(s, "\n\n"); i >= 0 {
		s = s[:i]
	}
	return strings.Join(strings.Fields(s), " ")
}
