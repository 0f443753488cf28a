package automationbench

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/evolve"
	"github.com/legoenv/legoenv/verify"
)

// A benchmark goal that lets the same announcement go to a channel the
// task does not name fails discrimination with an `unchanged` fix; one
// round of evolve adds it to the frozen intent, keeping every assertion the
// task wrote, and the environment then verifies. A frozen intent is never
// rewritten otherwise.
func TestEvolveStrengthensAFrozenWeakGoal(t *testing.T) {
	task := map[string]any{
		"task": "made_up.release_notice",
		"prompt": []map[string]string{
			{"role": "system", "content": "You are a workflow automation agent."},
			{"role": "user", "content": "Post to the #engineering Slack channel that release v9.1 ships tonight."},
		},
		"info": map[string]any{
			"zapier_tools": []string{"slack_list_channels", "slack_send_channel_message"},
			"initial_state": map[string]any{
				"slack": map[string]any{
					"channels": []map[string]any{{"id": "C_ENG", "name": "engineering"}, {"id": "C_GEN", "name": "general"}},
					"messages": []any{},
				},
			},
			"assertions": []map[string]any{
				{"type": "slack_message_in_channel", "channel_name": "engineering", "text_contains": "v9.1"},
			},
		},
	}
	b, _ := json.Marshal(task)
	vs, lib := verifyImported(t, testSchemas(t), []Source{{File: "release_notice.json", Data: b}})
	v := vs["made_up.release_notice"]
	if v.Verified || v.RootCause == nil || v.RootCause.Code != verify.VerifierNotDiscriminating ||
		v.RootCause.SuggestedFix == nil || v.RootCause.SuggestedFix.Action() != verify.ActionAddAssertion {
		t.Fatalf("imported: want not_discriminating with an add_assertion fix, got %+v", v.RootCause)
	}
	old := lib.Head(atom.KindIntent, "made_up.release_notice").MustIntent()
	out, err := evolve.Run(context.Background(), lib, evolve.Options{Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	if r := out.Report.Rounds[0]; r.VerifiedBefore != 0 || r.VerifiedAfter != 1 {
		t.Fatalf("round: verified %d -> %d, want 0 -> 1 (%+v)", r.VerifiedBefore, r.VerifiedAfter, r.Repairs)
	}
	got := out.Library.Head(atom.KindIntent, "made_up.release_notice").MustIntent()
	if !got.Frozen || len(got.Goal) != len(old.Goal)+1 || got.Goal[len(old.Goal)].Type != assert.Unchanged {
		t.Fatalf("evolved goal: %+v", got.Goal)
	}
	for i := range old.Goal {
		if got.Goal[i].String() != old.Goal[i].String() {
			t.Errorf("goal[%d] changed: %s -> %s", i, old.Goal[i].String(), got.Goal[i].String())
		}
	}
}

// When the plan creates several records (four contacts added to one
// campaign), the added assertion excepts them by what they all share (the
// campaign), not by the first one's contact, so the plan itself still
// passes and a second campaign loses.
func TestEvolveStrengthensAcrossCreatedRecords(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(tasksDir, "sales_add_contact_to_campaign.json"))
	if err != nil {
		t.Fatal(err)
	}
	_, lib := verifyImported(t, testSchemas(t), []Source{{File: "sales_add_contact_to_campaign.json", Data: b}})
	out, err := evolve.Run(context.Background(), lib, evolve.Options{Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	if r := out.Report.Rounds[0]; r.VerifiedAfter != 1 {
		t.Fatalf("round: verified %d -> %d, want 1 after (%+v)", r.VerifiedBefore, r.VerifiedAfter, r.Repairs)
	}
	got := out.Library.Head(atom.KindIntent, "sales.add_contact_to_campaign").MustIntent()
	last := got.Goal[len(got.Goal)-1]
	if last.Type != assert.Unchanged || len(last.Except) != 1 || last.Except[0].Field != "CampaignId" {
		t.Fatalf("added assertion: %s", last.String())
	}
}
