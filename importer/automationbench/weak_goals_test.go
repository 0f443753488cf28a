package automationbench

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/evolve"
	"github.com/legoenv/legoenv/verify"
)

// The sample's weak goals that one exception list could not fix: a row put
// in the source worksheet instead of the one the prompt names (a
// substitution, not an extra write), a plan that edits and adds rows of one
// collection, mails to several people, posts in three channels. Each fails
// discrimination with an add_assertion fix; one round of evolve adds
// negatives only (the intent is frozen) and the task then verifies. The
// check says which form of negative did it.
func TestEvolveFixesWeakGoals(t *testing.T) {
	cases := []struct {
		file, task string
		form       func(assert.Assertion) bool
		want       string
	}{
		{"marketing_trending_topic.json", "marketing.trending_topic", scopedOn("worksheet_id", "ws_topics", false),
			"the source worksheet ws_topics left unchanged"},
		{"sales_invalid_email_cleanup.json", "sales.invalid_email_cleanup", scopedOn("worksheet_id", "ws_email_rules", false),
			"the policy worksheet ws_email_rules left unchanged"},
		{"finance_employee_reimbursement.json", "finance.employee_reimbursement", scopedOn("worksheet_id", "ws_pending_reimb", true),
			"no row added to ws_pending_reimb, whose rows may change"},
		{"support_freshdesk_sla_monitoring.json", "support.freshdesk_sla_monitoring", alternatives("gmail.messages", 2),
			"gmail.messages unchanged but for the mails to the two managers"},
		{"sales_chatgpt_lead_classification_pipeline.json", "sales.chatgpt_lead_classification_pipeline", alternatives("slack.messages", 3),
			"slack.messages unchanged but for the three posts"},
	}
	for _, c := range cases {
		t.Run(c.task, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join(tasksDir, c.file))
			if err != nil {
				t.Fatal(err)
			}
			vs, lib := verifyImported(t, testSchemas(t), []Source{{File: c.file, Data: b}})
			v := vs[c.task]
			if v.Verified || v.RootCause == nil || v.RootCause.Code != verify.VerifierNotDiscriminating ||
				v.RootCause.SuggestedFix.Action() != verify.ActionAddAssertion {
				t.Fatalf("imported: want not_discriminating with an add_assertion fix, got %+v", v.RootCause)
			}
			old := lib.Head(atom.KindIntent, c.task).MustIntent()
			out, err := evolve.Run(context.Background(), lib, evolve.Options{Jobs: 2})
			if err != nil {
				t.Fatal(err)
			}
			if r := out.Report.Rounds[0]; r.VerifiedAfter != 1 {
				t.Fatalf("round: verified %d -> %d, want 1 after (%+v)", r.VerifiedBefore, r.VerifiedAfter, r.Repairs)
			}
			got := out.Library.Head(atom.KindIntent, c.task).MustIntent()
			for i := range old.Goal {
				if got.Goal[i].String() != old.Goal[i].String() {
					t.Errorf("goal[%d] changed: %s -> %s", i, old.Goal[i].String(), got.Goal[i].String())
				}
			}
			found := false
			for _, a := range got.Goal[len(old.Goal):] {
				if !a.IsNegative() {
					t.Errorf("added %s, which is not a negative", a.String())
				}
				found = found || c.form(a)
			}
			if !found {
				t.Errorf("no added assertion says %s: %v", c.want, got.Goal[len(old.Goal):])
			}
		})
	}
}

// scopedOn matches an unchanged scoped to field = value, excepting the
// scope's own records by key when keyed (they may change, none is added).
func scopedOn(field, value string, keyed bool) func(assert.Assertion) bool {
	return func(a assert.Assertion) bool {
		return a.Type == assert.Unchanged && len(a.Where) == 1 && a.Where[0].Field == field &&
			a.Where[0].Value == value && (len(a.Except) > 0) == keyed
	}
}

// alternatives matches an unchanged over coll with n exceptions.
func alternatives(coll string, n int) func(assert.Assertion) bool {
	return func(a assert.Assertion) bool {
		return a.Type == assert.Unchanged && a.Target == coll && len(a.Exceptions()) == n
	}
}
