package evolve

import (
	"context"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify"
)

// A repair that makes an environment verify by dropping what the
// instruction does not ask for is rejected: the goal would accept less.
func TestGateRejectsADroppedAssertion(t *testing.T) {
	lib := loadDir(t, "../verify/testdata/stripped_instruction")
	drop := Func{Cause: verify.IntentGoalNotInInstruction, Label: "drop_goal", Fn: func(ctx context.Context, req Request) (Proposal, error) {
		in, _ := clone(req.Atom.MustIntent())
		in.Goal = append(in.Goal[1:], assert.Assertion{Type: assert.Unchanged, Target: "mail.messages",
			Except: []assert.Predicate{{Field: "to", Op: assert.OpEquals, Value: "{{contact.email}}"}}})
		return Proposal{Atom: in, Note: "goal[0] dropped"}, nil
	}}
	res, err := Run(context.Background(), lib, Options{Now: fixedNow, Repairers: []Repairer{drop}})
	if err != nil {
		t.Fatal(err)
	}
	r := res.Report.Rounds[0]
	if len(r.Repairs) != 1 || r.Repairs[0].Accepted || !strings.Contains(r.Repairs[0].Reason, "weakens the goal") {
		t.Fatalf("repairs %+v", r.Repairs)
	}
}

func TestShapeWeakens(t *testing.T) {
	pos := func(n int) assert.Assertion {
		a := assert.Assertion{Type: assert.Exists, Target: "desk.tickets"}
		for i := range n {
			a.Where = append(a.Where, assert.Predicate{Field: string(rune('a' + i)), Op: assert.OpEquals, Value: "x"})
		}
		return a
	}
	neg := func(n int) assert.Assertion { a := pos(n); a.Type = assert.NotExists; return a }
	keep := func(ignore ...string) assert.Assertion {
		return assert.Assertion{Type: assert.Unchanged, Target: "desk.tickets", Ignore: ignore,
			Except: []assert.Predicate{{Field: "id", Op: assert.OpEquals, Value: "T-1"}}}
	}
	scoped := func(a assert.Assertion) assert.Assertion {
		a.Where = []assert.Predicate{{Field: "status", Op: assert.OpEquals, Value: "open"}}
		return a
	}
	orT2 := func(a assert.Assertion) assert.Assertion {
		a.ExceptAlso = [][]assert.Predicate{{{Field: "id", Op: assert.OpEquals, Value: "T-2"}}}
		return a
	}
	cases := []struct {
		name     string
		old, new []assert.Assertion
		weaker   bool
	}{
		{"same", []assert.Assertion{pos(2)}, []assert.Assertion{pos(2)}, false},
		{"a predicate added", []assert.Assertion{pos(1)}, []assert.Assertion{pos(2)}, false},
		{"an assertion added", []assert.Assertion{pos(1)}, []assert.Assertion{pos(1), keep()}, false},
		{"a predicate dropped", []assert.Assertion{pos(2)}, []assert.Assertion{pos(1)}, true},
		{"an assertion dropped", []assert.Assertion{pos(1), neg(1)}, []assert.Assertion{pos(1)}, true},
		{"a negative narrowed", []assert.Assertion{pos(1), neg(1)}, []assert.Assertion{pos(1), neg(2)}, true},
		{"a positive made negative", []assert.Assertion{pos(1)}, []assert.Assertion{neg(1)}, true},
		{"more fields ignored", []assert.Assertion{pos(1), keep()}, []assert.Assertion{pos(1), keep("status")}, true},
		{"an unchanged given a scope", []assert.Assertion{pos(1), keep()}, []assert.Assertion{pos(1), scoped(keep())}, true},
		{"an unchanged given another exception", []assert.Assertion{pos(1), keep()}, []assert.Assertion{pos(1), orT2(keep())}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			why := shapeWeakens(&atom.Intent{Goal: c.old}, &atom.Intent{Goal: c.new})
			if (why != "") != c.weaker {
				t.Fatalf("weakens = %q, want %v", why, c.weaker)
			}
		})
	}
}

// The old version's failing probes are replayed on the new one: a goal
// that now accepts a wrong priority is caught although no assertion was
// dropped.
func TestProbesNowPass(t *testing.T) {
	lib := loadDir(t, "../verify/testdata/sound")
	var r atom.Recipe
	for _, x := range lib.Recipes() {
		if x.Intent.ID == "escalate" {
			r = x
		}
	}
	head := lib.Head(atom.KindIntent, "escalate")
	in, _ := clone(head.MustIntent())
	for i, p := range in.Goal[0].Where {
		if p.Field == "priority" {
			in.Goal[0].Where[i] = assert.Predicate{Field: "priority", Op: assert.OpIn, Value: []any{"urgent", "normal", "low"}}
		}
	}
	cand := lib.Clone()
	ent, err := cand.Put(in, head.File, true)
	if err != nil {
		t.Fatal(err)
	}
	nr := movePins(r, atom.KindIntent, "escalate", head.Version, ent.Version)
	if why := shapeWeakens(head.Atom, in); why != "" {
		t.Fatalf("the shape test should not see this one: %s", why)
	}
	why, err := probesNowPass(context.Background(), lib, r, cand, nr)
	if err != nil || !strings.Contains(why, "lost reward under the old version and passes under the new one") {
		t.Fatalf("why = %q, %v", why, err)
	}
	// The same intent unchanged in meaning passes.
	if why, _ := probesNowPass(context.Background(), lib, r, lib, r); why != "" {
		t.Fatalf("an unchanged intent: %s", why)
	}
}

// The over-action and toolset faults are repaired by the intent's own new
// version: the suggested negative assertion, the missing tool.
func TestRepairsOverActionAndToolset(t *testing.T) {
	for _, c := range []struct{ dir, note string }{
		{"../verify/testdata/over_action", "goal["},
		{"../verify/testdata/toolset", "tools added: desk_update_ticket"},
	} {
		t.Run(c.dir, func(t *testing.T) {
			res, err := Run(context.Background(), loadDir(t, c.dir), Options{Now: fixedNow})
			if err != nil {
				t.Fatal(err)
			}
			r := res.Report.Rounds[0]
			if r.VerifiedAfter != r.Total || r.Accepted == 0 {
				t.Fatalf("round %+v", r)
			}
			for _, rp := range r.Repairs {
				if !rp.Accepted || !strings.Contains(rp.Reason, c.note) {
					t.Errorf("repair %+v", rp)
				}
			}
		})
	}
}
