package atom

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// oddRecords are records the direct path must write as the general path
// does or hand back to it: assertion-shaped keys (which assertionOrder
// moves), line breaks in keys and values, HTML characters, invalid UTF-8,
// typed values, a struct, numbers JSON writes with exponents.
var oddRecords = []map[string]any{
	{"exists": "x", "cel": "y"},
	{"called": 1, "count": 2},
	{"id": "1", "nested": map[string]any{"label": "l", "where": map[string]any{"a": 1}, "exists": true}},
	{"id": "2", "k\ney": 1},
	{"id": "3", "body": "one\ntwo"},
	{"id": "4", "html": "<a href='x'>&amp;</a>"},
	{"id": "5", "bad": "caf\xe9", "sep": "\u2028"},
	{"id": "6", "tags": []string{"a", "b"}, "m": map[string]string{"z": "1", "a": "2"}, "n": int64(1) << 50},
	{"id": "7", "at": time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC), "f": 1e21, "g": 1.5e-9, "h": 0.1},
	{"id": "8", "empty": map[string]any{}, "none": nil, "list": []any{}, "bytes": []byte("hi"), "arr": [2]int{1, 2}},
	{"id": "9", "backslash": `a\nb`, "quote": `"q"`},
}

// plainAwkward are the awkward strings that can name an app or a
// collection written key by key.
func plainAwkward(r *rand.Rand) string {
	for {
		if s := awkward[r.IntN(len(awkward))]; plainKey(s) {
			return s
		}
	}
}

func randomData(r *rand.Rand, doc int) *Data {
	d := &Data{Kind: KindData, ID: fmt.Sprint("d", doc), Description: awkward[doc%len(awkward)], Seed: int64(doc),
		Records: map[string]map[string][]map[string]any{}}
	if doc%2 == 0 {
		d.Clock = "2026-05-04T10:00:00Z"
	}
	if doc%3 == 0 {
		d.Handles = map[string]Handle{"h": {}}
		d.Frozen = true
	}
	for a := range 1 + r.IntN(3) {
		colls := map[string][]map[string]any{}
		for c := range 1 + r.IntN(4) {
			var rows []map[string]any
			for range 1 + r.IntN(40) {
				row := map[string]any{"id": r.IntN(1000)}
				for range r.IntN(6) {
					row[awkward[r.IntN(len(awkward))]] = randomValue(r, 1)
				}
				if r.IntN(8) == 0 {
					row = oddRecords[r.IntN(len(oddRecords))]
				}
				rows = append(rows, row)
			}
			colls[fmt.Sprintf("%s_%d", plainAwkward(r), c)] = rows
		}
		d.Records[fmt.Sprintf("app%d %s", a, plainAwkward(r))] = colls
	}
	return d
}

// The direct path writes exactly the general path's bytes, and takes the
// documents it was made for.
func TestDataRowsAreTheSame(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	direct := 0
	for doc := range 60 {
		d := randomData(r, doc)
		if doc == 7 {
			d.Records["empty app"] = map[string][]map[string]any{}
		}
		if doc == 8 {
			d.Records["app"] = map[string][]map[string]any{"none": nil}
		}
		if rowsAreDirect(d.Records) {
			direct++
		}
		if diff := againstGeneral(t, d); diff != "" {
			t.Fatalf("document %d differs:\n%s", doc, diff)
		}
	}
	if direct < 50 {
		t.Errorf("the direct path took %d of 60 documents", direct)
	}
}

func TestOddRecordsAreTheSame(t *testing.T) {
	for i, rec := range oddRecords {
		d := &Data{Kind: KindData, ID: "odd", Records: map[string]map[string][]map[string]any{"app": {"c": {rec, {"id": "plain"}}}}}
		if diff := againstGeneral(t, d); diff != "" {
			t.Errorf("record %d differs:\n%s", i, diff)
		}
	}
}

// againstGeneral marshals d by Marshal and by the general path and says
// where they differ ("" when they do not).
func againstGeneral(t *testing.T, d *Data) string {
	got, err := Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	want, err := marshalYAML(d)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(got, want) {
		return ""
	}
	return firstDiff(string(want), string(got))
}

// A data atom of a few thousand records, as synthesis writes them, by the
// general path (the baseline) and the direct one.
func BenchmarkMarshalData(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	d := &Data{Kind: KindData, ID: "bench", Clock: "2026-05-04T10:00:00Z", Records: map[string]map[string][]map[string]any{}}
	for a := range 3 {
		colls := map[string][]map[string]any{}
		for c := range 5 {
			var rows []map[string]any
			for i := range 200 {
				rows = append(rows, map[string]any{"id": fmt.Sprint(100000 + i), "name": "Invoice budget for Brightline Inc",
					"email": "fiona.castellanos@harborpointllc.example", "amount": r.Float64() * 1000, "status": r.IntN(3),
					"created_at": "2026-03-09T14:00:00Z", "tags": []string{"billing"}})
			}
			colls[fmt.Sprint("coll", c)] = rows
		}
		d.Records[fmt.Sprint("app", a)] = colls
	}
	for _, c := range []struct {
		name string
		f    func(any) ([]byte, error)
	}{{"general", marshalYAML}, {"direct", Marshal}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.f(d); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
