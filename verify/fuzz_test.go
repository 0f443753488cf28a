package verify

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/satisfy"
)

// FuzzSatisfy: whenever the planner derives a value for a field's
// predicates, the predicates hold on it.
func FuzzSatisfy(f *testing.F) {
	f.Add("equals", `"pending"`, "icontains", `"refund"`, false)
	f.Add("gt", `10`, "lt", `20`, false)
	f.Add("in", `["a","b"]`, "not_equals", `"a"`, false)
	f.Add("equals", `"x"`, "equals", `"y"`, true)
	f.Add("contains", `"Q3"`, "not_contains", `"q3"`, false)
	f.Add("gte", `"2026-01-01"`, "lte", `"2026-12-31"`, false)
	f.Add("matches", `"^\\D*4\\D*1\\D*$"`, "icontains", `"41"`, false)
	f.Fuzz(func(t *testing.T, op1, v1, op2, v2 string, list bool) {
		var ps []assert.Predicate
		for _, pv := range [][2]string{{op1, v1}, {op2, v2}} {
			var v any
			if json.Unmarshal([]byte(pv[1]), &v) != nil {
				return
			}
			raw, _ := json.Marshal(map[string]any{"f": map[string]any{pv[0]: v}})
			var w assert.Where
			if json.Unmarshal(raw, &w) != nil {
				return
			}
			ps = append(ps, w...)
		}
		if list {
			if add, ok := satisfy.List(ps, nil); ok && !satisfy.HoldsOn(add, ps) {
				t.Fatalf("elements %v do not satisfy %v", add, ps)
			}
			return
		}
		if v, ok := satisfy.Scalar(ps, atom.Field{}); ok && !satisfy.HoldsOn(v, ps) {
			t.Fatalf("value %v does not satisfy %v", v, ps)
		}
	})
}

// FuzzVerifyGoal: whatever goal an intent states, verification returns a
// verdict (no panic), and a failing verdict names a root cause from the
// taxonomy and an atom.
func FuzzVerifyGoal(f *testing.F) {
	f.Add("exists", "desk.tickets", "status", "equals", `"pending"`)
	f.Add("exists", "desk.comments", "body", "icontains", `"hello"`)
	f.Add("not_exists", "desk.tickets", "id", "equals", `"T-1"`)
	f.Add("count", "desk.tickets", "priority", "in", `["urgent"]`)
	f.Add("called", "desk_update_ticket", "status", "equals", `"solved"`)
	f.Add("exists", "desk.nothing", "x", "gt", `3`)
	f.Add("exists", "desk.tickets", "tags", "size", `2`)
	known := map[Code]bool{}
	for _, rc := range RootCauses() {
		known[rc.Code] = true
	}
	lib := loadFixture(f, "sound")
	f.Fuzz(func(t *testing.T, typ, target, field, op, value string) {
		var v any
		if json.Unmarshal([]byte(value), &v) != nil {
			return
		}
		doc := map[string]any{typ: target, "where": map[string]any{field: map[string]any{op: v}}}
		if typ == "count" {
			doc["bound"] = map[string]any{"min": 1}
		}
		raw, _ := json.Marshal(doc)
		var a assert.Assertion
		if json.Unmarshal(raw, &a) != nil {
			return
		}
		in := &atom.Intent{Kind: atom.KindIntent, ID: "fuzz", Apps: []string{"desk"}, Instruction: "Work on ticket {{ticket}}.",
			Slots: map[string]atom.Slot{"ticket": {Handle: "the_ticket"}}, Goal: []assert.Assertion{a}}
		l := lib.Clone()
		if _, err := l.Put(in, "fuzz", true); err != nil {
			return
		}
		verdict := Verify(context.Background(), l, atom.Recipe{Intent: atom.Pin{ID: "fuzz"}, Data: atom.Pin{ID: "acme"}})
		if verdict.Verified {
			return
		}
		rc := verdict.RootCause
		if rc == nil || !known[rc.Code] || rc.Atom.ID == "" || rc.Evidence.Message == "" {
			t.Fatalf("failing verdict without a proper root cause: %+v", rc)
		}
	})
}

// FuzzReadCEL: whatever cel an atom holds, reading it does not panic, and a
// reading is one the program agrees with: a record built to satisfy it
// makes the program hold (fail, negated) on a state holding that record.
func FuzzReadCEL(f *testing.F) {
	f.Add(`state["desk"]["tickets"].exists(r, r.status == "pending" && r.subject.lowerAscii().contains("refund"))`, false)
	f.Add(`!state["desk"]["tickets"].exists(r, r.tags.exists(t, t == "vip"))`, true)
	f.Add(`state["desk"]["tickets"].exists(r, r.subject.matches("^[A-Z]+-\\d+$") && r.priority in ["urgent", "high"])`, false)
	f.Add(`state["desk"]["tickets"].exists(r, (type(r.tags) == list ? r.tags.exists(e, e == "x") : r.tags == "x"))`, false)
	f.Add(`state["desk"]["tickets"].exists(r, r.id == "T-1" || r.id == "T-2")`, false)
	// A field the collection does not type as a list, iterated as one: no
	// reading (a scalar would satisfy the assertion and not the program).
	f.Add(`state["desk"]["tickets"].exists(r, r.taos.exists(t, t == "vip"))`, false)
	lib := loadFixture(f, "sound")
	env, err := episode.Compose(lib, lib.Recipes()[0], episode.Options{})
	if err != nil {
		f.Fatal(err)
	}
	in := newEnvInfo(env)
	f.Fuzz(func(t *testing.T, expr string, negative bool) {
		prog, err := assert.Compile(assert.Assertion{Type: assert.CEL, Expr: expr, Negative: negative})
		if err != nil {
			return
		}
		got := in.ReadCEL(prog)
		if got == nil {
			return
		}
		ci := in.Colls[got.Target]
		rec, ok := satisfy.RecordFor(got.Where, ci.Def, nil)
		if !ok {
			return // the reading checked a record typed by its own tests
		}
		key := ci.Def.KeyField()
		if _, has := rec[key]; !has {
			rec[key] = "probe"
		}
		w := state.NewWorld(env.Clock, state.NewCollection(got.Target, key, []state.Record{rec}))
		if prog.Eval(assert.Input{State: state.New(w)}).Holds == negative {
			t.Fatalf("%s read as %v, which the program does not agree with on %v", expr, got.Where, rec)
		}
	})
}
