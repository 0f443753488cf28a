package automationbench

import (
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// Rules made from the thirteenth batch's working half (testdata/made_up/batch13.txt).

// A field whose name reads as the server's counter (employee_count) is the
// user's to set where a task asks for it to equal a value
// (hubspot_company_field_equals {field: employee_count}; the thirteenth
// batch's hubspot_company_headcount_from_sheet): the update tool offers
// it. Without such an assertion, or with one that only keeps it
// (field_not_changed), it stays the server's, as does a counter no task
// names.
func TestStatedCounterIsTheUsersToSet(t *testing.T) {
	equals := map[string]any{"type": "hubspot_company_field_equals", "name": "Ardent Systems", "field": "employee_count", "value": 1250}
	kept := map[string]any{"type": "hubspot_company_field_not_changed", "name": "Ardent Systems Group", "field": "employee_count"}
	cases := []struct {
		checks    []map[string]any
		tool, arg string
		offered   bool
	}{
		{[]map[string]any{equals}, "hubspot_update_company", "employee_count", true},
		{[]map[string]any{kept}, "hubspot_update_company", "employee_count", false},
		{nil, "hubspot_update_company", "employee_count", false},
		{[]map[string]any{equals}, "twitter_create_tweet", "like_count", false},
	}
	for _, c := range cases {
		s := testSchemas(t).clone()
		prepareApps(s, nil)
		markStatedFields(s, []*taskState{{task: &Task{Checks: c.checks}}})
		app, rest, ok := s.AppOf(c.tool)
		if !ok {
			t.Fatalf("%s: no app", c.tool)
		}
		tl := (&toolBuilder{app: s.App(app)}).Tool(c.tool, rest)
		if got := atom.InputProperties(tl.Input)[c.arg]; got != c.offered {
			t.Errorf("%v: %s offers %s: %v, want %v", c.checks, c.tool, c.arg, got, c.offered)
		}
	}
}
