package automationbench

import (
	"encoding/json"
	"strings"
	"testing"
)

// Rules made from the twelfth batch's working half (testdata/made_up/batch12.txt).

// A sheet cell's value is given as a field's is: whole, or by a part it
// holds or lacks (google_sheets_row_cell_contains {column, value_contains}).
func TestCellValueByPart(t *testing.T) {
	initial := map[string]any{"google_sheets": map[string]any{"spreadsheets": []any{map[string]any{
		"id": "ss_v", "title": "Vendors", "worksheets": []any{map[string]any{"id": "ws_v", "title": "Active", "rows": []any{
			map[string]any{"row_id": 1, "cells": map[string]any{"Vendor": "Tessellate Print", "Due": ""}}}}}}}}}
	cases := []struct {
		check map[string]any
		want  string
	}{
		{map[string]any{"type": "google_sheets_row_cell_contains", "spreadsheet_id": "ss_v", "worksheet_id": "ws_v", "row_id": 1,
			"column": "Vendor", "value_contains": "Tessellate"}, `"cells.Vendor":{"icontains":"Tessellate"}`},
		{map[string]any{"type": "google_sheets_row_cell_equals", "spreadsheet_id": "ss_v", "worksheet_id": "ws_v", "row_id": 1,
			"column": "Due", "value_not_contains": "2025"}, `"cells.Due":{"not_contains":"2025"}`},
	}
	for _, c := range cases {
		g, _ := json.Marshal(importOne(t, initial, c.check)[0])
		if !strings.Contains(string(g), c.want) {
			t.Errorf("%v: goal lacks %s\n%s", c.check, c.want, g)
		}
	}
}
