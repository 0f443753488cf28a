package verify

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
)

func explainFixture(t *testing.T, fixture string, recipe int) Explanation {
	t.Helper()
	lib := loadFixture(t, fixture)
	env, err := episode.Compose(lib, lib.Recipes()[recipe], episode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return Explain(context.Background(), env)
}

// TestOverActionCarriedCreate: a create that carries a record over (a
// comment quoting one ticket's subject) is probed by the same create for
// another ticket, the look-alike first; a goal that does not protect the
// others keeps full reward and fails with an unchanged assertion as fix.
func TestOverActionCarriedCreate(t *testing.T) {
	ex := explainFixture(t, "over_action", 2)
	v := ex.Verdict
	if v.Verified || v.RootCause == nil || v.RootCause.Code != VerifierNotDiscriminating {
		t.Fatalf("verdict %+v, want not_discriminating", v.RootCause)
	}
	last := ex.Probes[len(ex.Probes)-1]
	if last.Kind != ProbeSibling || !last.Passed {
		t.Fatalf("last probe %+v, want a passing sibling probe", last)
	}
	extra := string(last.Plan[len(last.Plan)-1].Args)
	// T-3 shares the requester with T-1: it is the look-alike, and its
	// subject replaces T-1's in the carried comment.
	if !strings.Contains(extra, `"ticket_id":"T-3"`) || !strings.Contains(extra, "Invoice copy") {
		t.Errorf("extra write %s, want the comment for T-3 quoting its subject", extra)
	}
	if fix := v.RootCause.SuggestedFix; fix == nil || fix.Action() != ActionAddAssertion {
		t.Errorf("fix %+v, want add_assertion", fix)
	}
}

// TestOverActionSkipsRecordsAlreadySo: when a look-alike already holds the
// value the plan writes (its argument, or the constant its tool sets), the
// probe takes a record the write changes, so the environment still gets an
// over-action probe (and here loses reward).
func TestOverActionSkipsRecordsAlreadySo(t *testing.T) {
	overActionLoses(t, 3, `"T-2"`) // T-2 has priority low already
	overActionLoses(t, 4, "")
}

// overActionLoses checks that recipe gets over-action probes, that all
// lose reward, and that none writes a record whose key is skip.
func overActionLoses(t *testing.T, recipe int, skip string) {
	ex := explainFixture(t, "over_action", recipe)
	if !ex.Verdict.Verified {
		t.Fatalf("not verified: %+v", ex.Verdict.RootCause)
	}
	var over []Probe
	for _, p := range ex.Probes {
		if p.IsOverAction() {
			over = append(over, p)
		}
	}
	if len(over) == 0 {
		t.Fatalf("no over-action probe in %+v", ex.Probes)
	}
	for _, p := range over {
		extra := string(p.Plan[len(p.Plan)-1].Args)
		if skip != "" && strings.Contains(extra, skip) {
			t.Errorf("probe %q writes %s, which already holds the value", p.What, skip)
		}
		if p.Passed {
			t.Errorf("probe %q keeps full reward", p.What)
		}
	}
}

// TestOverActionFixProtectsEveryCollection: when over-actions on two
// collections keep full reward, the one fix carries an unchanged assertion
// for each, so one round of evolution can make the goal discriminating.
func TestOverActionFixProtectsEveryCollection(t *testing.T) {
	ex := explainFixture(t, "over_action", 5)
	add := addAssertionFix(t, ex)
	targets := []string{add.Assertion.Target}
	for _, a := range add.Also {
		targets = append(targets, a.Target)
	}
	if len(targets) != 2 || targets[0] == targets[1] {
		t.Fatalf("unchanged assertions on %v, want desk.tickets and desk.comments", targets)
	}
}

// TestOverActionAddedRecipient: a send to a list (to_list) and an invite
// that adds a person to a list (attendees) are probed with someone the
// goal and the instruction do not name added; a goal that only asks for
// the named person among them keeps full reward and fails, one that says
// how many people the list holds makes the probe lose.
func TestOverActionAddedRecipient(t *testing.T) {
	for _, tc := range []struct {
		recipe   int
		verified bool
	}{{0, false}, {1, true}, {2, false}, {3, true}} {
		ex := explainFixture(t, "recipients", tc.recipe)
		var added []Probe
		for _, p := range ex.Probes {
			if p.Kind == ProbeAddedRecipient {
				added = append(added, p)
			}
		}
		if len(added) != 1 {
			t.Fatalf("recipe %d: %d added_recipient probes in %+v, want 1", tc.recipe, len(added), ex.Probes)
		}
		p := added[0]
		if !p.IsOverAction() || p.Passed == tc.verified {
			t.Errorf("recipe %d: probe %q passed=%v, want passed=%v", tc.recipe, p.What, p.Passed, !tc.verified)
		}
		// The person added is one the data holds, of the named person's
		// domain, and not the one the instruction names.
		if !strings.Contains(p.What, "bruno.costa@client.example") {
			t.Errorf("recipe %d: probe %q, want bruno.costa@client.example added", tc.recipe, p.What)
		}
		if v := ex.Verdict; v.Verified != tc.verified {
			t.Errorf("recipe %d: verified %v (%+v), want %v", tc.recipe, v.Verified, v.RootCause, tc.verified)
		} else if !tc.verified && (v.RootCause.Code != VerifierNotDiscriminating || !strings.Contains(v.RootCause.Evidence.Message, "bruno.costa")) {
			t.Errorf("recipe %d: root cause %+v, want not_discriminating on the added person", tc.recipe, v.RootCause)
		}
	}
}

// TestRecipientListProbes: on a send whose recipients are a list, the
// list is a recipient like a "to" string: emptied (a free value),
// replaced by another person (a perturbation) and sent to another person
// as well (a sibling), each losing reward.
func TestRecipientListProbes(t *testing.T) {
	ex := explainFixture(t, "recipients", 1)
	want := map[string]string{ProbeFreeValue: "to_list empty", ProbePerturb: "with to_list=", ProbeSibling: "with to_list="}
	for _, p := range ex.Probes {
		if w, ok := want[p.Kind]; ok && strings.Contains(p.What, w) {
			if p.Passed {
				t.Errorf("probe %q keeps full reward", p.What)
			}
			delete(want, p.Kind)
		}
	}
	for kind, w := range want {
		t.Errorf("no %s probe %q in %+v", kind, w, ex.Probes)
	}
}

// TestAddedRecipientFix: the fix for a person added to a list of
// recipients is the intent's own assertion on the record with the list's
// length pinned, in the intent's slot terms; with it in the goal the
// environment verifies.
func TestAddedRecipientFix(t *testing.T) {
	for _, recipe := range []int{0, 2} {
		lib := loadFixture(t, "recipients")
		r := lib.Recipes()[recipe]
		v := Verify(context.Background(), lib, r)
		if v.RootCause == nil || v.RootCause.SuggestedFix == nil {
			t.Fatalf("recipe %d: root cause %+v, want one with a fix", recipe, v.RootCause)
		}
		add, ok := v.RootCause.SuggestedFix.Edit.(*AddAssertion)
		if !ok || add.Assertion.Type != assert.Exists {
			t.Fatalf("recipe %d: fix %+v, want an exists assertion", recipe, v.RootCause.SuggestedFix)
		}
		sized := false
		for _, p := range add.Assertion.Where {
			sized = sized || p.Op == assert.OpSize
			if s, ok := p.Value.(string); ok && strings.Contains(s, "@") {
				t.Errorf("recipe %d: fix names %q, want the slot", recipe, s)
			}
		}
		if !sized {
			t.Errorf("recipe %d: fix %s pins no size", recipe, add.Assertion.String())
		}
		e, err := lib.Get(atom.KindIntent, r.Intent)
		if err != nil {
			t.Fatal(err)
		}
		in := *e.MustIntent()
		in.Goal = append(slices.Clone(in.Goal), add.Assertion)
		ne, err := lib.Put(&in, e.File, true)
		if err != nil {
			t.Fatal(err)
		}
		r.Intent = atom.Pin{ID: ne.ID, Version: ne.Version}
		if v := Verify(context.Background(), lib, r); !v.Verified {
			t.Errorf("recipe %d: with the fix, %+v", recipe, v.RootCause)
		}
	}
}

// addAssertionFix is the add_assertion fix of a not-discriminating
// verdict; it fails t for any other verdict.
func addAssertionFix(t *testing.T, ex Explanation) *AddAssertion {
	t.Helper()
	rc := ex.Verdict.RootCause
	if rc == nil || rc.Code != VerifierNotDiscriminating || rc.SuggestedFix == nil {
		t.Fatalf("root cause %+v, want not_discriminating with a fix", rc)
	}
	add, ok := rc.SuggestedFix.Edit.(*AddAssertion)
	if !ok {
		t.Fatalf("fix %T, want add_assertion", rc.SuggestedFix.Edit)
	}
	return add
}
