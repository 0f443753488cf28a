package ui

import (
	"encoding/json"
	"reflect"
	"sort"
	"strings"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
)

// maxRows bounds the rows of one collection table; the rest is counted.
const maxRows = 200

// cell renders a record value for a table: scalars as text, lists and
// objects as compact JSON, long values cut.
func cell(v any) string {
	var s string
	switch v.(type) {
	case map[string]any, []any:
		b, _ := json.Marshal(v)
		s = string(b)
	default:
		s = state.Text(v)
	}
	if len(s) > 120 {
		s = s[:117] + "..."
	}
	return s
}

// columns lists the fields of records: the key first, then the others in
// alphabetical order.
func columns(key string, recs []state.Record) []string {
	seen := map[string]bool{key: true}
	var rest []string
	for _, r := range recs {
		for f := range r {
			if !seen[f] {
				seen[f] = true
				rest = append(rest, f)
			}
		}
	}
	sort.Strings(rest)
	return append([]string{key}, rest...)
}

// table is one collection of the initial state.
type table struct {
	Name    string // "app.collection"
	Columns []string
	Rows    []tableRow
	More    int // rows left out
	Targets int
	Similar int
}

type tableRow struct {
	Cells []string
	Mark  string // "target", "lookalike" or ""
	Note  string // which slot or handle
}

// appTables groups the tables of one app.
type appTables struct {
	App    string
	Tables []table
}

// marks says which records of the initial state the task names (slot
// bindings, keys the goal's assertions name) and which are generated
// look-alikes of them: coll -> key -> note.
type marks struct {
	target, similar map[string]map[string]string
}

func (m marks) put(dst map[string]map[string]string, coll, key, note string) {
	if dst[coll] == nil {
		dst[coll] = map[string]string{}
	}
	if dst[coll][key] == "" {
		dst[coll][key] = note
	}
}

func markRecords(env *episode.Env, w *state.World) marks {
	m := marks{target: map[string]map[string]string{}, similar: map[string]map[string]string{}}
	for slot, b := range env.Bindings {
		if b.Handle != "" {
			m.put(m.target, b.App+"."+b.Coll, b.Key, "slot "+slot)
		}
	}
	for _, c := range env.Checks {
		a := c.Program.Assertion
		col := w.Collection(a.Target)
		if !a.IsState() || col == nil {
			continue
		}
		for _, p := range a.Where {
			if p.Field == col.Key && p.Op == "equals" {
				if _, ok := col.Lookup(state.Text(p.Value)); ok {
					m.put(m.target, a.Target, state.Text(p.Value), "named by "+c.Source)
				}
			}
		}
	}
	data, ok := env.Data.Data()
	if !ok {
		return m
	}
	for _, g := range data.Generate {
		h, ok := data.Handles[g.Like]
		if g.Like == "" || !ok || h.App != g.App || h.Collection != g.Collection {
			continue
		}
		name := g.App + "." + g.Collection
		col := w.Collection(name)
		if col == nil {
			continue
		}
		like, ok := col.Lookup(h.Key)
		if !ok {
			continue
		}
		// A look-alike copies every field of its model but those drawn anew.
		var kept []string
		for f := range like {
			if _, drawn := g.Fields[f]; !drawn && f != col.Key {
				kept = append(kept, f)
			}
		}
		if len(kept) == 0 {
			continue
		}
		for _, r := range col.Records {
			k, _ := state.KeyOf(r, col.Key)
			if k == h.Key || !sameFields(r, like, kept) {
				continue
			}
			m.put(m.similar, name, k, "look-alike of "+g.Like)
		}
	}
	return m
}

func sameFields(a, b state.Record, fields []string) bool {
	for _, f := range fields {
		if !reflect.DeepEqual(a[f], b[f]) {
			return false
		}
	}
	return true
}

// stateTables renders a world as tables per app, marked.
func stateTables(w *state.World, m marks) []appTables {
	var out []appTables
	for _, name := range w.Names() {
		col := w.Collection(name)
		app, _, _ := strings.Cut(name, ".")
		if len(out) == 0 || out[len(out)-1].App != app {
			out = append(out, appTables{App: app})
		}
		t := table{Name: name, Columns: columns(col.Key, col.Records)}
		for _, r := range col.Records {
			k, _ := state.KeyOf(r, col.Key)
			tr := tableRow{}
			if n := m.target[name][k]; n != "" {
				tr.Mark, tr.Note = "target", n
				t.Targets++
			} else if n := m.similar[name][k]; n != "" {
				tr.Mark, tr.Note = "lookalike", n
				t.Similar++
			}
			if len(t.Rows) >= maxRows && tr.Mark == "" {
				t.More++
				continue
			}
			for _, c := range t.Columns {
				tr.Cells = append(tr.Cells, cell(r[c]))
			}
			t.Rows = append(t.Rows, tr)
		}
		last := &out[len(out)-1]
		last.Tables = append(last.Tables, t)
	}
	return out
}
