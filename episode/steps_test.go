package episode_test

import (
	"context"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/testlib"
	"github.com/legoenv/legoenv/verify"
)

// workflowLib is the example library with a workflow that reuses two of
// its intents as steps.
func workflowLib(t *testing.T) *atom.Library {
	t.Helper()
	lib := testlib.Example(t)
	wf := &atom.Intent{Kind: atom.KindIntent, ID: "escalate_and_opt_out", Family: "workflow", Apps: []string{"helpdesk"},
		Instruction: "Ticket {{tk}} is a billing error: make it urgent, tag it \"escalated\" and tell {{ld}} ({{ld.email}}) with the ticket id. Then flag {{who}} as do-not-contact.",
		Slots:       map[string]atom.Slot{"tk": {Handle: "the_ticket"}, "ld": {Handle: "billing_lead"}, "who": {Handle: "dnc_contact"}},
		Goal:        []assert.Assertion{{Type: assert.Exists, Target: "helpdesk.tickets", Where: assert.Where{{Field: "id", Op: assert.OpEquals, Value: "{{tk}}"}}}},
		Steps: []atom.Step{
			{Intent: "escalate_ticket", Bind: map[string]string{"ticket": "tk", "lead": "ld"}},
			{Intent: "mark_do_not_contact", Bind: map[string]string{"dnc": "who"}},
		}}
	if _, err := lib.Put(wf, "intents/escalate_and_opt_out.yaml", true); err != nil {
		t.Fatal(err)
	}
	return lib
}

func TestStepsExpand(t *testing.T) {
	lib := workflowLib(t)
	r := atom.Recipe{Intent: atom.Pin{ID: "escalate_and_opt_out"}, Data: atom.Pin{ID: "northwind_support"}}
	env, err := episode.Compose(lib, r, episode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Goal: the workflow's one, escalate_ticket's four (two of them
	// unchanged), mark_do_not_contact's two; then the whole-world fence.
	if len(env.Checks) != 8 || len(env.GoalFrom) != 7 || env.Checks[7].Source != episode.FenceSource {
		t.Fatalf("checks %d, goal sources %d; want 7 and the fence", len(env.Checks), len(env.GoalFrom))
	}
	if env.GoalFrom[5].Entry.ID != "mark_do_not_contact" || env.GoalFrom[5].Index != 0 {
		t.Errorf("goal[5] from %s[%d], want mark_do_not_contact[0]", env.GoalFrom[5].Entry.ID, env.GoalFrom[5].Index)
	}
	if got := strings.Join(env.Apps, ","); got != "crm,helpdesk,mail" {
		t.Errorf("apps %s, want the steps' apps too", got)
	}
	if len(env.Plan) != 5 || env.Plan[4].Args["id"] != "con_3" {
		t.Errorf("plan %+v: want the steps' plans with the slots renamed", env.Plan)
	}
	if len(env.Recipe.Steps) != 2 || env.Recipe.Steps[1].Version == "" {
		t.Errorf("recipe step pins %v, want both steps pinned", env.Recipe.Steps)
	}
	v := verify.VerifyEnv(context.Background(), env)
	if !v.Verified {
		t.Errorf("workflow not verified: %+v", v.RootCause)
	}
}

// A new version of a step intent reaches every workflow that uses it: the
// composed goal changes and so does the environment's id.
func TestStepFixReachesWorkflow(t *testing.T) {
	lib := workflowLib(t)
	r := atom.Recipe{Intent: atom.Pin{ID: "escalate_and_opt_out"}, Data: atom.Pin{ID: "northwind_support"}}
	before, err := episode.Compose(lib, r, episode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	old, err := lib.Get(atom.KindIntent, atom.Pin{ID: "mark_do_not_contact"})
	if err != nil {
		t.Fatal(err)
	}
	fixed := *old.MustIntent()
	fixed.Goal = append(append([]assert.Assertion(nil), fixed.Goal...), assert.Assertion{Type: assert.NotExists, Target: "crm.contacts",
		Where: assert.Where{{Field: "id", Op: assert.OpEquals, Value: "{{dnc.id}}"}, {Field: "name", Op: assert.OpEquals, Value: ""}}, Label: "the contact keeps its name"})
	if _, err := lib.Put(&fixed, old.File, true); err != nil {
		t.Fatal(err)
	}
	after, err := episode.Compose(lib, r, episode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(after.Checks) != len(before.Checks)+1 {
		t.Errorf("checks %d after the step's fix, want %d", len(after.Checks), len(before.Checks)+1)
	}
	if after.ID == before.ID || after.Recipe.Steps[1].Version == before.Recipe.Steps[1].Version {
		t.Errorf("the environment id or step pin did not change with the step's version")
	}
	// A recipe pinning the old step version still composes the old goal.
	pinned, err := episode.Compose(lib, before.Recipe, episode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if pinned.ID != before.ID || len(pinned.Checks) != len(before.Checks) {
		t.Errorf("the pinned recipe composes %s with %d checks, want %s with %d", pinned.ID, len(pinned.Checks), before.ID, len(before.Checks))
	}
}

func TestStepMissing(t *testing.T) {
	lib := workflowLib(t)
	e, _ := lib.Get(atom.KindIntent, atom.Pin{ID: "escalate_and_opt_out"})
	in := *e.MustIntent()
	in.Steps = []atom.Step{{Intent: "no_such_intent"}}
	if _, err := lib.Put(&in, e.File, true); err != nil {
		t.Fatal(err)
	}
	_, err := episode.Compose(lib, atom.Recipe{Intent: atom.Pin{ID: in.ID}, Data: atom.Pin{ID: "northwind_support"}}, episode.Options{})
	if err == nil || !strings.Contains(err.Error(), "steps[0].intent") {
		t.Errorf("err = %v, want one naming steps[0].intent", err)
	}
}

// Pin gives a workflow's recipe the id Compose gives it: the steps are
// pinned and their apps served the same way.
func TestPinWorkflow(t *testing.T) {
	lib := workflowLib(t)
	r := atom.Recipe{Intent: atom.Pin{ID: "escalate_and_opt_out"}, Data: atom.Pin{ID: "northwind_support"}}
	env, err := episode.Compose(lib, r, episode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := episode.Pin(lib, r).Hash(); got != env.ID {
		t.Fatalf("Pin gives %s, Compose %s", got, env.ID)
	}
	if got := episode.Pin(lib, env.Recipe).Hash(); got != env.ID {
		t.Fatalf("Pin of the pinned recipe gives %s, Compose %s", got, env.ID)
	}
}
