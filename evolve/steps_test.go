package evolve

import (
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/internal/testlib"
)

// A step intent's users include every workflow that reuses it, so that a
// repair of the step re-verifies them.
func TestUsersOfStep(t *testing.T) {
	lib := testlib.Example(t)
	wf := &atom.Intent{Kind: atom.KindIntent, ID: "opt_out_workflow", Apps: []string{"helpdesk"}, Instruction: "Flag {{who}}.",
		Slots: map[string]atom.Slot{"who": {Handle: "dnc_contact"}},
		Goal:  []assert.Assertion{{Type: assert.Exists, Target: "helpdesk.tickets"}},
		Steps: []atom.Step{{Intent: "mark_do_not_contact", Bind: map[string]string{"dnc": "who"}}}}
	if _, err := lib.Put(wf, "intents/opt_out_workflow.yaml", true); err != nil {
		t.Fatal(err)
	}
	rs := append(lib.Recipes(), atom.Recipe{Intent: atom.Pin{ID: wf.ID}, Data: atom.Pin{ID: "northwind_support"}})
	step, _ := lib.Get(atom.KindIntent, atom.Pin{ID: "mark_do_not_contact"})
	users := usersOf(lib, rs, atom.KindIntent, step.ID, step.Version)
	found := false
	for _, i := range users {
		if rs[i].Intent.ID == wf.ID {
			found = true
		}
	}
	if !found {
		t.Errorf("users of %s@%s: %v; the workflow is not among them", step.ID, step.Version, users)
	}
	res, ok := resolve(lib, rs[len(rs)-1])
	if !ok || len(res.Servers) != 2 || len(res.Steps) != 1 {
		t.Errorf("resolve: ok %v servers %v steps %v; want crm and helpdesk and the step pinned", ok, res.Servers, res.Steps)
	}
}
