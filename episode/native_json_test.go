package episode

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestRecordJSONWith checks that an update's answer written from the old
// record's text is the new record as StarJSON writes it, whatever the
// write changed: given fields, fields a behaviour stamped or dropped, new
// keys, and values shared with the old record.
func TestRecordJSONWith(t *testing.T) {
	items := []any{map[string]any{"id": "a", "price": 1.5}}
	addr := map[string]any{"city": "Oslo", "zip": "0150"}
	old := state.Record{"id": "o1", "status": "pending", "items": items, "address": addr, "n": 2.0, "z": nil, "flag": true}
	cases := []struct {
		name   string
		fields map[string]any
		edit   func(rec state.Record)
	}{
		{"one scalar", map[string]any{"status": "cancelled"}, nil},
		{"new keys", map[string]any{"a_first": "x", "zz_last": []any{"b", "a"}}, nil},
		{"a list given anew", map[string]any{"items": []any{map[string]any{"id": "b", "price": -0.0}}}, nil},
		{"the same value given", map[string]any{"address": addr}, nil},
		{"a stamp beside", map[string]any{"status": "done"}, func(rec state.Record) { rec["done_at"] = "2024-01-01T00:00:00Z" }},
		{"a stamp dropped", map[string]any{"status": "open"}, func(rec state.Record) { delete(rec, "flag") }},
		{"a shared map replaced", map[string]any{}, func(rec state.Record) { rec["address"] = map[string]any{"city": "Bergen"} }},
		{"a shared list cut", map[string]any{}, func(rec state.Record) { rec["items"] = items[:0] }},
		{"a number changed", map[string]any{}, func(rec state.Record) { rec["n"] = 3.0 }},
		{"a list appended to", map[string]any{"items": append(items[:1:1], map[string]any{"id": "c"})}, nil},
		{"a list's element changed", map[string]any{"items": []any{map[string]any{"id": "a", "price": 2.0}}}, nil},
		{"a list's elements moved", map[string]any{"items": []any{"x", items[0]}}, nil},
		{"a list emptied", map[string]any{"items": []any{}}, nil},
		{"a list made null", map[string]any{"items": []any(nil)}, nil},
		{"a list where there was none", map[string]any{"n": []any{items[0]}}, nil},
		// As many keys as the old record, not the same ones: the last one
		// or the first one is another.
		{"the last key swapped", map[string]any{"a0": 1.0}, func(rec state.Record) { delete(rec, "z") }},
		{"the first key swapped", map[string]any{"zz": "x", "status": "y"}, func(rec state.Record) { delete(rec, "address") }},
	}
	rj := newRecordJSON(old)
	if want, _ := StarJSON(old); rj == nil || rj.text != want {
		t.Fatalf("recordJSON text = %v, want %s", rj, want)
	}
	for _, c := range cases {
		rec := state.Record{}
		for k, v := range old {
			rec[k] = v
		}
		for k, v := range c.fields {
			rec[k] = v
		}
		if c.edit != nil {
			c.edit(rec)
		}
		got, ok := rj.with(old, rec)
		want, _ := StarJSON(rec)
		if !ok || got != want {
			t.Errorf("%s: with = %s (%v), want %s", c.name, got, ok, want)
		}
	}
	if _, ok := rj.with(old, state.Record{"id": "o1", "bad": func() {}}); ok {
		t.Error("with took a value JSON cannot hold")
	}
}
