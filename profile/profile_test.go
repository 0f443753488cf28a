package profile

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/internal/testlib"
)

func exampleEnv(t *testing.T, intent, data string) *episode.Env {
	t.Helper()
	lib := testlib.Example(t)
	for _, r := range lib.Recipes() {
		if r.Intent.ID == intent && r.Data.ID == data {
			env, err := episode.Compose(lib, r, episode.Options{})
			if err != nil {
				t.Fatal(err)
			}
			return env
		}
	}
	t.Fatalf("no recipe %s/%s", intent, data)
	return nil
}

func TestMeasureCrossAppLookup(t *testing.T) {
	env := exampleEnv(t, "email_account_owner", "initech_sales")
	m := Measure(env, -1)
	// The owner's address and the renewal date are in the CRM, not in the
	// instruction: the goal needs information only the data holds, read
	// from one collection, and one message to send.
	if !m.DataOnly {
		t.Errorf("DataOnly = false, want true")
	}
	if m.Needed != 2 {
		t.Errorf("Needed = %d, want 2 (one read, one write)", m.Needed)
	}
	if m.Apps != 2 || m.Assertions != 2 || m.Negatives != 1 {
		t.Errorf("apps %d assertions %d negatives %d, want 2 2 1", m.Apps, m.Assertions, m.Negatives)
	}
	// The internal-email rule is in the prompt and checks the messages the
	// goal checks.
	if m.RulesPrompt != 1 || !m.RuleRelevant {
		t.Errorf("RulesPrompt %d RuleRelevant %v, want 1 true", m.RulesPrompt, m.RuleRelevant)
	}
	if m.Calls != max(m.PlanSteps, m.Needed) {
		t.Errorf("Calls %d is not max(plan %d, needed %d)", m.Calls, m.PlanSteps, m.Needed)
	}
}

func TestSummarize(t *testing.T) {
	ms := []Env{
		{Family: "a", Calls: 2, PlanSteps: 2, Apps: 1, Assertions: 1, PromptWords: 10, Tools: 20},
		{Family: "a", Calls: 5, PlanSteps: -1, Apps: 3, Assertions: 4, Negatives: 1, PromptWords: 30, Tools: 8, DataOnly: true, RulesData: 1, RuleRelevant: true},
		{Family: "b", Calls: 9, PlanSteps: 9, Apps: 4, Assertions: 7, Negatives: 2, PromptWords: 50, Tools: 6, RulesPrompt: 1},
	}
	p := Summarize("x", ms, 5)
	if p.CallsMedian != 5 || p.PlanMedian != 5.5 {
		t.Errorf("medians calls %v plan %v, want 5 and 5.5", p.CallsMedian, p.PlanMedian)
	}
	if p.Calls5 != 2.0/3 || p.Calls8 != 1.0/3 || p.Apps3 != 2.0/3 || p.NegativeShare != 2.0/3 {
		t.Errorf("shares %+v", p)
	}
	if p.AssertionsMean != 4 || p.PromptWordsMedian != 30 || p.ToolsMedian != 8 {
		t.Errorf("assertions %v words %v tools %v", p.AssertionsMean, p.PromptWordsMedian, p.ToolsMedian)
	}
	if p.RuleRelevantShare != 0.5 || p.RulesDataShare != 1.0/3 || p.RulesPromptShare != 1.0/3 {
		t.Errorf("rules: relevant %v data %v prompt %v", p.RuleRelevantShare, p.RulesDataShare, p.RulesPromptShare)
	}
	if p.Families != 2 || p.Top4Share != 1 || p.TopFamilies[0] != "a" {
		t.Errorf("families %d top4 %v %v", p.Families, p.Top4Share, p.TopFamilies)
	}
}

func TestRecipesAndTable(t *testing.T) {
	lib := testlib.Example(t)
	p, ms, bad, err := Recipes(context.Background(), "example", lib, lib.Recipes(), Options{Planner: true, Jobs: 2})
	if err != nil || bad != 0 {
		t.Fatalf("err %v bad %d", err, bad)
	}
	if p.Envs != len(lib.Recipes()) || len(ms) != p.Envs || p.PlanKnown != 1 {
		t.Errorf("envs %d measures %d plan known %v", p.Envs, len(ms), p.PlanKnown)
	}
	var b bytes.Buffer
	if err := WriteTable(&b, p, Profile{Name: "other"}); err != nil {
		t.Fatal(err)
	}
	head := strings.SplitN(b.String(), "\n", 2)[0]
	if !strings.Contains(head, "example") || !strings.Contains(head, "other") {
		t.Errorf("header %q lacks a column", head)
	}
	if !strings.Contains(b.String(), "need information only the data holds") {
		t.Errorf("table lacks the data-only row:\n%s", b.String())
	}
}
