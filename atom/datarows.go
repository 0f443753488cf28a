package atom

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// A data atom is mostly records, and each record is written as one line
// of JSON (rowsOfData). Taking every record through JSON tokens and a YAML
// node only to write it back as JSON cost a build about a tenth of its CPU
// time, so marshalData writes the records straight from their values and
// builds nodes only for the rest of the atom. The bytes are the general
// path's: TestDataRowsAreTheSame holds the two together, and a record
// (or atom) the direct path was not made for goes the general way.

// headKeys are the data atom's fields written before its records, in the
// order the Data type declares them.
var headKeys = []string{"kind", "id", "description", "clock", "seed"}

// marshalData renders a data atom as marshalYAML does.
func marshalData(d *Data) ([]byte, error) {
	if !rowsAreDirect(d.Records) {
		return marshalYAML(d)
	}
	rest := *d
	rest.Records = nil
	b, err := json.Marshal(&rest)
	if err != nil {
		return nil, fmt.Errorf("marshal: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	top, err := jsonNode(dec)
	if err != nil {
		return nil, fmt.Errorf("marshal: %w", err)
	}
	at := 0
	for at < len(top.Content) && slices.Contains(headKeys, top.Content[at].Value) {
		at += 2
	}
	// The general path writes the top mapping a pair at a time, which
	// gives the bytes of the pairs before and after the records each
	// written as one mapping (TestChunkedYAMLIsTheSame).
	w := &chunkWriter{force: map[*yaml.Node]bool{}}
	if err := w.writePairs(top.Content[:at]); err != nil {
		return nil, fmt.Errorf("marshal: %w", err)
	}
	w.buf.WriteString("records:\n")
	if err := w.writeRecords(d.Records); err != nil {
		return nil, fmt.Errorf("marshal: %w", err)
	}
	if err := w.writePairs(top.Content[at:]); err != nil {
		return nil, fmt.Errorf("marshal: %w", err)
	}
	return w.buf.Bytes(), nil
}

// writePairs writes key-value pairs of a block mapping at the top level.
func (w *chunkWriter) writePairs(pairs []*yaml.Node) error {
	if len(pairs) == 0 {
		return nil
	}
	return w.write(&yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: pairs}, 0)
}

// rowsAreDirect reports whether the records have the shape the direct
// path writes: every app with collections, every collection with records,
// and names that stay plain keys (splitMapping's test).
func rowsAreDirect(records map[string]map[string][]map[string]any) bool {
	if len(records) == 0 {
		return false
	}
	for app, colls := range records {
		if len(colls) == 0 || !plainKey(app) {
			return false
		}
		for coll, rows := range colls {
			if len(rows) == 0 || !plainKey(coll) {
				return false
			}
		}
	}
	return true
}

func plainKey(s string) bool { return len(s) <= 64 && !strings.ContainsAny(s, "\n\r") }

// writeRecords writes the records block after its "records:" line, apps
// and collections in sorted order as JSON gives them.
func (w *chunkWriter) writeRecords(records map[string]map[string][]map[string]any) error {
	keys, err := renderKeys(records)
	if err != nil {
		return err
	}
	for _, app := range slices.Sorted(maps.Keys(records)) {
		w.buf.WriteString("  " + keys[app] + ":\n")
		colls := records[app]
		for _, coll := range slices.Sorted(maps.Keys(colls)) {
			w.buf.WriteString("    " + keys[coll] + ":\n")
			for _, rec := range colls[coll] {
				if err := w.writeRecord(rec, 6); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// renderKeys writes every app and collection name as yaml.v3 writes it
// as a key, with one encoder: each is a line "key: null" of one mapping.
func renderKeys(records map[string]map[string][]map[string]any) (map[string]string, error) {
	names := map[string]bool{}
	for app, colls := range records {
		names[app] = true
		for coll := range colls {
			names[coll] = true
		}
	}
	m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	order := slices.Sorted(maps.Keys(names))
	for _, k := range order {
		m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: k}, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"})
	}
	var buf bytes.Buffer
	if err := encodeIndented(&buf, m, 0, "", ""); err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != len(order) {
		return nil, fmt.Errorf("%d keys written as %d lines", len(order), len(lines))
	}
	out := make(map[string]string, len(order))
	for i, k := range order {
		key, ok := strings.CutSuffix(lines[i], ": null")
		if !ok {
			return nil, fmt.Errorf("key %q written as %q", k, lines[i])
		}
		out[k] = key
	}
	return out, nil
}

// writeRecord writes one record as a "- " item: one line of JSON when it
// has no line break and no mapping whose keys an assertion's order would
// move, otherwise through its node, as the general path does.
func (w *chunkWriter) writeRecord(rec map[string]any, indent int) error {
	if !assertionShaped(rec) {
		if w.json == nil {
			w.json = json.NewEncoder(&w.quote)
			w.json.SetEscapeHTML(false)
		}
		w.quote.Reset()
		if err := w.json.Encode(rec); err != nil {
			return err
		}
		line := bytes.TrimSuffix(w.quote.Bytes(), []byte("\n"))
		// encoding/json writes an invalid byte as \ufffd, the general
		// path's second encoding as the rune itself.
		if !jsonHasLineBreak(line) && !bytes.Contains(line, []byte(`\ufffd`)) {
			w.buf.WriteString(strings.Repeat(" ", indent))
			w.buf.WriteString("- ")
			writeSpaced(&w.buf, line)
			w.buf.WriteByte('\n')
			return nil
		}
	}
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	n, err := jsonNode(dec)
	if err != nil {
		return err
	}
	if !hasLineBreak(n) {
		n.Style = yaml.FlowStyle
	}
	return w.writeRow(n, indent)
}

// assertionShaped reports whether v holds a mapping that assertionOrder
// would reorder, or a value whose JSON keys it cannot see (a struct). The
// types records are made of are read without reflection.
func assertionShaped(v any) bool {
	switch x := v.(type) {
	case nil, string, bool, int, int64, float64, json.Number, []string:
		return false
	case []any:
		return slices.ContainsFunc(x, assertionShaped)
	case map[string]any:
		typed := false
		for k, e := range x {
			i := slices.Index(assertionKeys, k)
			if i < 0 {
				return slices.ContainsFunc(slices.Collect(maps.Values(x)), assertionShaped)
			}
			typed = typed || i < 6
			if assertionShaped(e) {
				return true
			}
		}
		return typed
	}
	return reflectAssertionShaped(reflect.ValueOf(v))
}

func reflectAssertionShaped(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer:
		return !v.IsNil() && reflectAssertionShaped(v.Elem())
	case reflect.Struct:
		return true
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return false
		}
		for i := range v.Len() {
			if reflectAssertionShaped(v.Index(i)) {
				return true
			}
		}
	case reflect.Map:
		return assertionMap(v)
	}
	return false
}

func assertionMap(v reflect.Value) bool {
	if v.Type().Key().Kind() != reflect.String {
		return true
	}
	typed, all := false, v.Len() > 0
	for it := v.MapRange(); it.Next(); {
		i := slices.Index(assertionKeys, it.Key().String())
		all = all && i >= 0
		typed = typed || i >= 0 && i < 6
		if reflectAssertionShaped(it.Value()) {
			return true
		}
	}
	return all && typed
}

// jsonHasLineBreak reports whether a string in compact JSON holds a line
// break (written \n or \r).
func jsonHasLineBreak(b []byte) bool {
	for i := 0; i+1 < len(b); i++ {
		if b[i] == '\\' {
			if b[i+1] == 'n' || b[i+1] == 'r' {
				return true
			}
			i++
		}
	}
	return false
}

// writeSpaced writes compact JSON with a space after each ':' and ','
// outside strings, as writeJSON separates them.
func writeSpaced(buf *bytes.Buffer, b []byte) {
	in := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		buf.WriteByte(c)
		switch {
		case in && c == '\\':
			i++
			buf.WriteByte(b[i])
		case c == '"':
			in = !in
		case !in && (c == ':' || c == ','):
			buf.WriteByte(' ')
		}
	}
}
