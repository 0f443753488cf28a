package automationbench

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// Rules made from the twenty-first batch's working half
// (testdata/made_up/batch21.txt; docs/automationbench.md).

// A Starlark read that lists a collection whole asks for the most results
// its limit allows (the twenty-first batch's slack_sf_cases_escalated_count):
// Salesforce's find_records tool, called with a record type alone, shows
// its first 20 records, so the 11 escalated cases of 21 were never all in
// sight and the count was not grounded; called with its limit, it shows
// all of them and the plan reads them before it posts the count.
func TestStarlarkListingAsksForItsWholeLimit(t *testing.T) {
	var cases []any
	for i := range 21 {
		cases = append(cases, map[string]any{"id": fmt.Sprintf("cs-%c%c", 'a'+i%26, 'a'+i/26), "subject": "Dishwasher fault",
			"status": "New", "priority": "High", "is_closed": false, "is_escalated": i%2 == 0})
	}
	b, _ := json.Marshal(map[string]any{"task": "made_up.sf_escalated_cases",
		"prompt": []any{map[string]any{"role": "user", "content": "Post in #support-leads how many Salesforce cases have been escalated, as 'Escalated: N'."}},
		"info": map[string]any{"zapier_tools": []any{"salesforce_find_records", "slack_send_channel_message"},
			"initial_state": map[string]any{"salesforce": map[string]any{"cases": cases},
				"slack": map[string]any{"channels": []any{map[string]any{"id": "C-main", "name": "support-leads", "is_channel": true}}, "users": []any{}, "messages": []any{}},
				"meta":  map[string]any{"current_time": "2026-12-09T10:00:00Z"}},
			"assertions": []any{
				map[string]any{"type": "slack_message_in_channel", "channel_name": "support-leads", "text_contains": "Escalated: 11"},
				map[string]any{"type": "slack_message_not_in_channel", "channel_name": "support-leads", "text_contains": "Escalated: 10"},
				map[string]any{"type": "slack_message_not_in_channel", "channel_name": "support-leads", "text_contains": "Escalated: 21"}}}})
	vs, _ := verifyImported(t, testSchemas(t), []Source{{File: "sf_escalated_cases.json", Data: b}})
	v := vs["made_up.sf_escalated_cases"]
	if !v.Verified {
		t.Fatalf("not verified: %s", verdictReason(v))
	}
	var read string
	for _, c := range v.Plan {
		if c.Name == "salesforce_find_records" && strings.Contains(string(c.Args), `"cases"`) {
			read = string(c.Args)
		}
	}
	if !strings.Contains(read, `"limit":200`) {
		t.Errorf("the plan reads the cases with %q, want their whole limit (200): %v", read, v.Plan)
	}
}
