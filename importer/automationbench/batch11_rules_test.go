package automationbench

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify"
)

// Rules made from the eleventh batch's working half (testdata/made_up/batch11.txt)
// and from the earlier failures it lists (docs/automationbench.md).

// A write an app's action log records beside the state it changes keeps
// the state tool's declaration, and declares the entry it logs: once one
// task asserts the log's entry for creating an issue, another task's
// issue, checked by its summary, is still told from a wrong one (its
// summary varied), and under the fence the first task's goal on the log
// entry asks for the issue the call creates.
func TestLoggedStateWriteKeepsItsCollection(t *testing.T) {
	task := func(name, content string, state map[string]any, assertions ...any) Source {
		state["meta"] = map[string]any{"current_time": "2026-02-03T09:00:00Z"}
		b, _ := json.Marshal(map[string]any{"task": "made_up." + name,
			"prompt": []any{map[string]any{"role": "user", "content": content}},
			"info":   map[string]any{"zapier_tools": []any{"jira_create_issue"}, "initial_state": state, "assertions": assertions}})
		return Source{File: name + ".json", Data: b}
	}
	jira := func() map[string]any {
		return map[string]any{"jira": map[string]any{"actions": map[string]any{}, "issues": []any{},
			"projects": []any{map[string]any{"key": "OPS", "name": "Operations"}, map[string]any{"key": "WEB", "name": "Website"}}}}
	}
	srcs := []Source{
		task("logged", "Open a Jira task in OPS: 'Rotate the VPN certificate'.", jira(),
			map[string]any{"type": "jira_action_exists", "action_key": "create_issue",
				"params": map[string]any{"project": "OPS", "summary": "Rotate the VPN certificate"}}),
		task("by_summary", "Open a Jira issue in WEB titled 'Footer links point to staging'.", jira(),
			map[string]any{"type": "jira_issue_exists_with_summary", "summary_contains": "Footer links point to staging"},
			map[string]any{"type": "jira_issue_not_exists_with_summary", "summary_contains": "staging server down"}),
	}
	vs, lib := verifyImported(t, testSchemas(t), srcs)
	if v := vs["made_up.by_summary"]; !v.Verified {
		t.Errorf("made_up.by_summary not verified: %s", verdictReason(v))
	}
	var create *atom.Tool
	if e := lib.ServerFor("jira"); e != nil {
		s := e.MustServer()
		for i, tl := range s.Tools {
			if tl.Name == "jira_create_issue" {
				create = &s.Tools[i]
			}
		}
	}
	if create == nil || create.Effect.Kind != "starlark" || create.Effect.Collection != "issues" ||
		create.Effect.Log == nil || create.Effect.Log.Set["action_key"] != "create_issue" {
		t.Fatalf("jira_create_issue = %+v, want a Starlark effect declaring the issues it creates and the entry it logs", create)
	}
	// Under the fence, the issue the logged call creates is asked for by
	// the goal on its log entry.
	for _, v := range verify.VerifyAll(context.Background(), lib, lib.Recipes(), verify.Options{Jobs: 2, Fence: true}) {
		if v.Recipe.Intent.ID == "made_up.logged" && !v.Verified {
			t.Errorf("made_up.logged not verified under the fence: %s", verdictReason(v))
		}
	}
}

// A merging update declares the record it changes and the stamp it sets:
// under the fence, the updated_at it stamps goes with the field the goal
// asks it to change (a deal's stage), and is no unasked change.
func TestMergeUpdateDeclaresItsStamp(t *testing.T) {
	b, _ := json.Marshal(map[string]any{"task": "made_up.deal_won",
		"prompt": []any{map[string]any{"role": "user", "content": "Move the HubSpot deal 'Harbor Freight renewal' to closedwon."}},
		"info": map[string]any{"zapier_tools": []any{"hubspot_find_deal", "hubspot_update_deal"},
			"initial_state": map[string]any{"meta": map[string]any{"current_time": "2026-04-01T09:00:00Z"},
				"hubspot": map[string]any{"deals": []any{
					map[string]any{"id": "d1", "dealname": "Harbor Freight renewal", "dealstage": "contractsent", "properties": map[string]any{}},
					map[string]any{"id": "d2", "dealname": "Harbor Freight expansion", "dealstage": "contractsent", "properties": map[string]any{}}}}},
			"assertions": []any{
				map[string]any{"type": "hubspot_deal_field_equals", "dealname": "Harbor Freight renewal", "field": "dealstage", "value": "closedwon"},
				map[string]any{"type": "hubspot_deal_field_equals", "dealname": "Harbor Freight expansion", "field": "dealstage", "value": "contractsent"}}}})
	res := Import(testSchemas(t), []Source{{File: "deal_won.json", Data: b}})
	if res.Report.Failed > 0 {
		t.Fatalf("import failed: %v", res.Report.Errors)
	}
	dir := t.TempDir()
	if err := res.Write(dir); err != nil {
		t.Fatal(err)
	}
	lib, ds, err := atom.LoadDir(dir)
	if err != nil || ds.HasErrors() {
		t.Fatalf("load: %v %v", err, ds.Err())
	}
	if e := lib.ServerFor("hubspot"); e == nil || len(e.MustServer().ClockStamps("deals")["updated_at"]) == 0 {
		t.Fatal("no tool of hubspot deals is known to stamp updated_at")
	}
	for _, v := range verify.VerifyAll(context.Background(), lib, lib.Recipes(), verify.Options{Jobs: 2, Fence: true}) {
		if !v.Verified {
			t.Errorf("%s not verified under the fence: %s", v.Recipe.Intent.ID, verdictReason(v))
		}
	}
}
