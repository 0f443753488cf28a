package automationbench

import (
	"encoding/json"
	"testing"
)

// Rules made from the tenth batch's working half (testdata/made_up/batch10.txt).

// In an app that keeps only an action log, every write is an action of its
// own, however the parameters other actions record name the log's fields:
// a status change beside an item created with column_values is logged, not
// an update of a logged action (monday_status_two_items, broken once
// monday_recap_item_day_after_kickoff shared its library).
func TestActionLogWritesAreActionsOfTheirOwn(t *testing.T) {
	task := func(name, content string, tools []any, assertion map[string]any) Source {
		b, _ := json.Marshal(map[string]any{"task": "made_up." + name,
			"prompt": []any{map[string]any{"role": "user", "content": content}},
			"info": map[string]any{"zapier_tools": tools,
				"initial_state": map[string]any{"meta": map[string]any{"current_time": "2026-05-06T09:00:00Z"},
					"monday": map[string]any{"actions": map[string]any{}}},
				"assertions": []any{assertion}}})
		return Source{File: name + ".json", Data: b}
	}
	srcs := []Source{
		task("create", "On monday.com board brd_1, add an item 'Order labels' with its Date column set to 2026-05-08.",
			[]any{"monday_create_item"},
			map[string]any{"type": "monday_action_exists", "action_key": "create_item",
				"params": map[string]any{"board_id": "brd_1", "item_name": "Order labels", "column_values": map[string]any{"date": "2026-05-08"}}}),
		task("status", "On monday.com board brd_1, set the status of item itm_7 to Delivered.",
			[]any{"monday_change_status_column_value"},
			map[string]any{"type": "monday_action_exists", "action_key": "change_status_column_value",
				"params": map[string]any{"board_id": "brd_1", "item_id": "itm_7", "value": "Delivered"}}),
	}
	vs, _ := verifyImported(t, testSchemas(t), srcs)
	for _, id := range []string{"made_up.create", "made_up.status"} {
		if v := vs[id]; !v.Verified {
			t.Errorf("%s not verified: %s", id, verdictReason(v))
		}
	}
}
