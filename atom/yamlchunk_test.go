package atom

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// wholeYAML encodes n with one encoder, as the writer did before pieces.
func wholeYAML(t testing.TB, n *yaml.Node) []byte {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(n); err != nil {
		t.Fatal(err)
	}
	if err := enc.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// nodeOf turns a Go value into the node the writer encodes.
func nodeOf(t testing.TB, v any) *yaml.Node {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	n, err := jsonNode(dec)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// Strings that stress the emitter: quotes, YAML indicators, line breaks,
// literal blocks with empty lines and indented lines, unicode, keywords.
var awkward = []string{
	"plain words", "yes", "no", "null", "~", "123", "1.5e3", "", " leading", "trailing ", "a: b", "- dash",
	"# hash", "quote ' and \"", "line one\nline two", "para\n\n  indented\nend", "\ttab", "ünïcødé ✓", "{flow}", "[x]",
	"multi\nline with trailing \nspace", "@at", "`tick`", "%pct", "very long " + strings.Repeat("words ", 40),
	"last line\n", "\nstarts with a break", "|pipe", ">fold", "x\r\ny",
}

func randomValue(r *rand.Rand, depth int) any {
	switch k := r.IntN(10); {
	case depth > 3 || k < 5:
		switch r.IntN(5) {
		case 0:
			return r.IntN(100000)
		case 1:
			return r.Float64() * 1000
		case 2:
			return r.IntN(2) == 0
		}
		return awkward[r.IntN(len(awkward))]
	case k < 8:
		m := map[string]any{}
		for i := range r.IntN(8) {
			m[fmt.Sprintf("%s%d", awkward[r.IntN(len(awkward))], i)] = randomValue(r, depth+1)
		}
		return m
	default:
		var l []any
		for range r.IntN(6) {
			l = append(l, randomValue(r, depth+1))
		}
		return l
	}
}

// The writer in pieces writes exactly the bytes one encoder writes, on
// documents shaped like data atoms (collections of many records) with
// every awkward string in keys and values.
func TestChunkedYAMLIsTheSame(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for doc := range 30 {
		records := map[string]any{}
		for c := range 1 + r.IntN(4) {
			var rows []any
			for range r.IntN(120) {
				row := map[string]any{"id": r.IntN(1000)}
				for range 1 + r.IntN(6) {
					row[awkward[r.IntN(len(awkward))]] = randomValue(r, 1)
				}
				rows = append(rows, row)
			}
			records[fmt.Sprintf("coll_%d", c)] = rows
		}
		var mixed []any
		for range 300 {
			mixed = append(mixed, randomValue(r, 2))
		}
		records["mixed"] = mixed
		v := map[string]any{"kind": "data", "id": fmt.Sprint("d", doc), "description": awkward[doc%len(awkward)],
			"records": map[string]any{"app": records, "other": randomValue(r, 0)}}
		n := nodeOf(t, v)
		got, err := encodeYAML(n, nil)
		if err != nil {
			t.Fatal(err)
		}
		if want := wholeYAML(t, n); !bytes.Equal(got, want) {
			t.Fatalf("document %d differs:\n%s", doc, firstDiff(string(want), string(got)))
		}
	}
}

func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range min(len(wl), len(gl)) {
		if wl[i] != gl[i] {
			return fmt.Sprintf("line %d: want %q, got %q", i+1, wl[i], gl[i])
		}
	}
	return fmt.Sprintf("want %d lines, got %d", len(wl), len(gl))
}

// BenchmarkMarshalDataAtom writes one data atom of 2,000 records whole
// and in pieces; the ratio of the two is the point.
func BenchmarkMarshalDataAtom(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	var rows []any
	for i := range 2000 {
		rows = append(rows, map[string]any{"id": i, "name": awkward[r.IntN(len(awkward))], "email": "a@b.example",
			"tags": []any{"x", "y"}, "amount": r.Float64(), "notes": awkward[r.IntN(len(awkward))]})
	}
	n := nodeOf(b, map[string]any{"kind": "data", "id": "d", "records": map[string]any{"app": map[string]any{"rows": rows}}})
	b.Run("whole", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			wholeYAML(b, n)
		}
	})
	b.Run("pieces", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := encodeYAML(n, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}
