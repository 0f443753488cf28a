package assert

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/state"
)

func TestMatchesPlanShape(t *testing.T) {
	a := mustAssert(t, `{"matches_plan":"gmail","ignore":["gmail.messages.sent_at"],"label":"as the plan leaves it"}`)
	if a.Type != MatchesPlan || a.Target != "gmail" || len(a.Ignore) != 1 {
		t.Fatalf("parsed %+v", a)
	}
	b, _ := json.Marshal(a)
	var back Assertion
	if err := json.Unmarshal(b, &back); err != nil || back.Ignore[0] != "gmail.messages.sent_at" {
		t.Fatalf("round trip %s: %v %+v", b, err, back)
	}
	for _, bad := range []string{
		`{"matches_plan":""}`,
		`{"matches_plan":"gmail","ignore":["sent_at"]}`,
		`{"matches_plan":"gmail","where":{"id":"m1"}}`,
	} {
		var a Assertion
		if err := json.Unmarshal([]byte(bad), &a); err != nil {
			continue
		}
		if _, err := Compile(a); err == nil {
			t.Errorf("%s compiles", bad)
		}
	}
	var x Assertion
	if err := json.Unmarshal([]byte(`{"matches_plan":"gmail","ignore":"x"}`), &x); err == nil {
		t.Error("ignore as a string is accepted")
	}
}

func TestMatchesPlanEval(t *testing.T) {
	w := testWorld()
	ref := state.New(w)
	rec, _ := ref.Get("gmail.messages", "m1")
	upd := map[string]any{}
	for k, v := range rec {
		upd[k] = v
	}
	upd["subject"] = "Paid"
	upd["sent_at"] = "2026-01-15"
	_ = ref.Replace("gmail.messages", "m1", upd)

	prog := func(src string) *Program {
		p, err := Compile(mustAssert(t, src))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	strict := prog(`{"matches_plan":"*"}`)
	loose := prog(`{"matches_plan":"gmail.messages","ignore":["gmail.messages.sent_at"]}`)

	same := state.New(w)
	_ = same.Replace("gmail.messages", "m1", upd)
	if out := strict.Eval(Input{State: same, Reference: ref}); !out.Holds {
		t.Errorf("same writes: %s", out.Reason)
	}

	// The agent writes the subject but a different timestamp, and deletes m2.
	other := state.New(w)
	upd2 := map[string]any{}
	for k, v := range upd {
		upd2[k] = v
	}
	upd2["sent_at"] = "2026-01-16"
	_ = other.Replace("gmail.messages", "m1", upd2)
	if out := strict.Eval(Input{State: other, Reference: ref}); out.Holds || !strings.Contains(out.Reason, "sent_at") {
		t.Errorf("different timestamp, strict: %v %s", out.Holds, out.Reason)
	}
	if out := loose.Eval(Input{State: other, Reference: ref}); !out.Holds {
		t.Errorf("different timestamp, ignored: %s", out.Reason)
	}
	_ = other.Delete("gmail.messages", "m2")
	if out := loose.Eval(Input{State: other, Reference: ref}); out.Holds || !strings.Contains(out.Reason, "m2 is missing") {
		t.Errorf("deleted record: %v %s", out.Holds, out.Reason)
	}
	if out := strict.Eval(Input{State: other}); out.Holds {
		t.Error("holds with no reference state")
	}
	if out := prog(`{"matches_plan":"slack"}`).Eval(Input{State: same, Reference: ref}); out.Holds {
		t.Error("holds on a scope with no collection")
	}
}

// TestMatchesPlanScore: when the plan changes nothing the assertion is
// already true at the start, so it is not counted (reward 1) unless the
// agent changes something, which fails it.
func TestMatchesPlanScore(t *testing.T) {
	w := testWorld()
	p, err := Compile(mustAssert(t, `{"matches_plan":"*"}`))
	if err != nil {
		t.Fatal(err)
	}
	checks := []Check{{Program: p, Source: "goal"}}
	ref, initial, final := state.New(w), state.New(w), state.New(w)
	r := Score(checks, Input{State: initial, Reference: ref}, Input{State: final, Reference: ref})
	if !r.Passed || r.Counted != 0 {
		t.Errorf("nothing to do, nothing done: %+v", r)
	}
	_ = final.Delete("gmail.messages", "m2")
	r = Score(checks, Input{State: initial, Reference: ref}, Input{State: final, Reference: ref})
	if r.Passed || r.Counted != 1 || r.Reward != 0 {
		t.Errorf("nothing to do, a record deleted: %+v", r)
	}
}
