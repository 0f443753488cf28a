package episode

import (
	"encoding/json"
	"testing"
)

// TestComputedFields: a field the product computes from others of its
// record follows them after a call, whichever tool wrote them: a
// ServiceNow incident's priority is its impact plus its urgency less one
// (its default priority lookup), a Google Ads campaign's monthly budget
// is its daily budget over an average month, and a record whose inputs
// are missing is left as it is.
func TestComputedFields(t *testing.T) {
	t.Run("servicenow priority", func(t *testing.T) {
		s := builtinSession(t, "servicenow", `    incident:
      - {sys_id: inc1, number: INC0010001, short_description: VPN down, impact: 3, urgency: 3, priority: 5, state: 2}
      - {sys_id: inc2, number: INC0010002, short_description: Printer jam, impact: 2, urgency: 2, priority: 3, state: 2}
`)
		runKept(t, s, "servicenow", []keptCall{
			{"servicenow_update_incident", `{"sys_id":"inc1","impact":1}`, `"impact":1`, "incident", "inc1", "priority", "3"},
			{"servicenow_update_incident", `{"sys_id":"inc1","urgency":1}`, `"urgency":1`, "incident", "inc1", "priority", "1"},
			{"servicenow_update_incident", `{"sys_id":"inc1","priority":4}`, `"sys_id":"inc1"`, "incident", "inc1", "priority", "1"},
			{"servicenow_get_incident", `{"sys_id":"inc2"}`, `"priority":3`, "incident", "inc2", "priority", "3"},
		})
	})
	t.Run("google ads monthly budget", func(t *testing.T) {
		s := builtinSession(t, "google_ads", `    campaigns:
      - {id: "20331001", name: Spring sale, status: ENABLED, daily_budget: 50, monthly_budget: 1520, clicks: 10, impressions: 100, ctr: 10}
`)
		runKept(t, s, "google_ads", []keptCall{
			{"google_ads_update_campaign_budget", `{"campaign_id":"20331001","daily_budget":100}`, `"daily_budget":100`, "campaigns", "20331001", "monthly_budget", "3040"},
		})
	})
}

// TestFenceLetsComputedFieldsFollow: a goal that asks for an incident's
// impact need not say its priority, which the product moves with it; a
// change to another incident's impact is still caught.
func TestFenceLetsComputedFieldsFollow(t *testing.T) {
	records := `    incident:
      - {sys_id: inc1, number: INC0010001, short_description: VPN down, impact: 3, urgency: 2, priority: 4, state: 2}
      - {sys_id: inc2, number: INC0010002, short_description: Printer jam, impact: 2, urgency: 2, priority: 3, state: 2}
`
	goal := "  - exists: servicenow.incident\n    where: {sys_id: inc1, impact: 1}\n"
	for _, c := range []struct {
		name    string
		updates []string
		want    bool
	}{
		{"the asked incident", []string{"inc1"}, true},
		{"another incident too", []string{"inc1", "inc2"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			data := "kind: data\nid: d\nclock: \"2026-03-02T10:00:00Z\"\nrecords:\n  servicenow:\n" + records
			s := yamlSession(t, builtinServer(t, "servicenow"), data, "kind: intent\nid: i\napps: [servicenow]\ninstruction: Raise INC0010001's impact to high.\ngoal:\n"+goal)
			for _, id := range c.updates {
				if o := s.Call(ToolCall{Name: "servicenow_update_incident", Args: json.RawMessage(`{"sys_id":"` + id + `","impact":1}`)}); o.IsError {
					t.Fatalf("update %s: %s", id, o.Content)
				}
			}
			if r, _ := s.State().Get("servicenow.incident", "inc1"); r["priority"] != 2 {
				t.Fatalf("inc1 priority %v, want 2", r["priority"])
			}
			if res := s.Evaluate(); res.Passed != c.want {
				t.Errorf("passed %v, want %v: %s", res.Passed, c.want, reasons(res))
			}
		})
	}
}
