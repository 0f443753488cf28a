package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadABSchema(t *testing.T) {
	schema := `{
	  "$defs": {
	    "Msg": {"properties": {
	      "sid": {"type": "string"},
	      "to_email": {"anyOf": [{"type": "string"}, {"type": "null"}], "description": "Recipient\n\nmore text"},
	      "status": {"type": "string", "enum": ["queued", "sent"]},
	      "reason": {"anyOf": [{"enum": ["a", null]}, {"type": "null"}]},
	      "n": {"anyOf": [{"type": "integer"}, {"type": "string"}]},
	      "due_date": {"type": "string"},
	      "tags": {"type": "array", "items": {"type": "string"}},
	      "parts": {"type": "array", "items": {"$ref": "#/$defs/Part"}},
	      "owner": {"$ref": "#/$defs/Part"}
	    }},
	    "Part": {"properties": {"body": {"type": "string"}}},
	    "Invoice": {"properties": {"invoice_id": {"type": "string"}, "total": {"type": "number"}}},
	    "Action": {"properties": {"id": {"type": "string"}, "action_key": {"type": "string"}}}
	  },
	  "properties": {
	    "messages": {"type": "array", "items": {"$ref": "#/$defs/Msg"}},
	    "invoices": {"type": "array", "items": {"$ref": "#/$defs/Invoice"}},
	    "actions": {"type": "object", "additionalProperties": {"type": "array", "items": {"$ref": "#/$defs/Action"}}},
	    "files": {"type": "array", "items": {"type": "object", "additionalProperties": true}},
	    "current_user_id": {"anyOf": [{"type": "string"}, {"type": "null"}]}
	  }
	}`
	colls, err := readABSchema([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range colls {
		names = append(names, c.Name)
	}
	if got := strings.Join(names, " "); got != "messages invoices actions files" {
		t.Fatalf("collections %q, want messages invoices actions files (in schema order, scalars left out)", got)
	}
	m := colls[0]
	if m.Key != "sid" || colls[1].Key != "invoice_id" || colls[2].Key != "" {
		t.Errorf("keys: %q %q %q", m.Key, colls[1].Key, colls[2].Key)
	}
	cases := []struct {
		field, typ, items, format, desc string
		enum                            int
	}{
		{"to_email", "string", "", "email", "Recipient", 0},
		{"status", "string", "", "", "", 2},
		{"reason", "", "", "", "", 1},
		{"n", "", "", "", "", 0},
		{"due_date", "string", "", "date", "", 0},
		{"tags", "array", "string", "", "", 0},
		{"parts", "array", "object", "", "", 0},
		{"owner", "object", "", "", "", 0},
	}
	for _, c := range cases {
		t.Run(c.field, func(t *testing.T) {
			f := m.field(c.field)
			if f == nil {
				t.Fatal("missing")
			}
			if f.Type != c.typ || f.Items != c.items || f.Format != c.format || f.Desc != c.desc || len(f.Enum) != c.enum {
				t.Errorf("got %+v", *f)
			}
		})
	}
	if len(colls[3].Fields) != 0 {
		t.Errorf("an open collection has no fields, got %d", len(colls[3].Fields))
	}
}

func TestReadABSchemaErrors(t *testing.T) {
	cases := []struct{ name, schema, want string }{
		{"not JSON", `{"properties": `, "schema:"},
		{"unknown ref", `{"properties": {"a": {"type": "array", "items": {"$ref": "#/$defs/Nope"}}}}`, "properties.a: $ref \"#/$defs/Nope\": no such definition"},
		{"external ref", `{"properties": {"a": {"type": "array", "items": {"$ref": "other.json#/x"}}}}`, "unsupported $ref"},
		{"array without items", `{"properties": {"a": {"type": "array"}}}`, "properties.a: array without items"},
		{"bad field type", `{"$defs": {"R": {"properties": {"x": {"type": "date"}}}}, "properties": {"a": {"type": "array", "items": {"$ref": "#/$defs/R"}}}}`, `properties.a.x: unsupported type "date"`},
		{"properties not an object", `{"properties": [1]}`, "properties must be an object"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := readABSchema([]byte(c.schema))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error containing %q", err, c.want)
			}
		})
	}
}

// FuzzReadABSchema: any input gives collections or an error, never a panic,
// and what it returns is well formed.
func FuzzReadABSchema(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "automationbench", "schemas", "*.json"))
	for i, p := range paths {
		if i%6 != 0 { // a spread of the real schemas as seeds
			continue
		}
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"properties": {"a": {"type": "object", "additionalProperties": {"type": "array", "items": {"$ref": "#/$defs/R"}}}}, "$defs": {"R": {"properties": {"id": {"type": "string"}}}}}`))
	types := map[string]bool{"": true, "string": true, "integer": true, "number": true, "boolean": true, "array": true, "object": true}
	f.Fuzz(func(t *testing.T, data []byte) {
		colls, err := readABSchema(data)
		if err != nil {
			return
		}
		for _, c := range colls {
			if c.Name == "" {
				t.Fatal("a collection without a name")
			}
			for _, fd := range c.Fields {
				if !types[fd.Type] || !types[fd.Items] {
					t.Fatalf("field %s.%s has type %q items %q", c.Name, fd.Name, fd.Type, fd.Items)
				}
			}
		}
	})
}
