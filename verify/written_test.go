package verify

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify/facts"
	"github.com/legoenv/legoenv/verify/ground"
)

// rowGoal checks one row of a forecast sheet, named by its agent, one
// number per assertion (as AutomationBench writes them).
func rowGoal(agent string, cells map[string]string) []assert.Assertion {
	var out []assert.Assertion
	for _, k := range []string{"Current Load", "Capacity", "Utilization %"} {
		out = append(out, assert.Assertion{Type: assert.Exists, Target: "google_sheets.rows", Where: []assert.Predicate{
			{Field: "cells.Agent Name", Op: assert.OpEquals, Value: agent},
			{Field: "cells." + k, Op: assert.OpEquals, Value: cells[k]},
			{Field: "worksheet_id", Op: assert.OpEquals, Value: "ws_forecast"},
		}})
	}
	return out
}

// A utilization a row states beside its load and its capacity is declared
// as their ratio; a figure the row's other numbers do not give, or a few
// of something, declares nothing.
func TestDiscoverFromTheCheckedRecord(t *testing.T) {
	want := atom.Derivation{Op: atom.DeriveRatio, Field: "Capacity", With: "Current Load"}
	ds := DiscoverDerivations(rowGoal("Alice Park", map[string]string{"Current Load": "2", "Capacity": "5", "Utilization %": "40"}), []string{"Log utilization."}, nil, "", nil)
	if !slices.Contains(ds, want) {
		t.Errorf("40 beside 2 and 5: %v, want %v", ds, want)
	}
	for _, util := range []string{"75", "8"} {
		ds := DiscoverDerivations(rowGoal("Alice Park", map[string]string{"Current Load": "4", "Capacity": "4", "Utilization %": util}), []string{"Log utilization."}, nil, "", nil)
		if len(ds) != 0 {
			t.Errorf("%s beside 4 and 4: %v, want nothing declared", util, ds)
		}
	}
}

// A value a write states is derived from two others of the record it
// writes only when both are grounded at that step and the intent declares
// the operation over those two fields; a wrong figure is not.
func TestGroundInTheWrittenRecord(t *testing.T) {
	ratio := []atom.Derivation{{Op: atom.DeriveRatio, Field: "Capacity", With: "Current Load"}}
	lits := []literal{
		{goal: 0, target: "google_sheets.rows", field: "cells.Current Load", op: assert.OpEquals, value: "2"},
		{goal: 1, target: "google_sheets.rows", field: "cells.Capacity", op: assert.OpEquals, value: "5"},
		{goal: 2, target: "google_sheets.rows", field: "cells.Utilization %", op: assert.OpEquals, value: "40"},
		{goal: 3, target: "google_sheets.rows", field: "cells.Utilization %", op: assert.OpEquals, value: "60"},
	}
	read := func(baseline string) *ground.Visible {
		ctx := &ground.Visible{Docs: []ground.ContextDoc{ground.NewDoc("the instruction", "Log each agent's load, capacity and utilization.")}}
		ctx.Add("baselines", baseline)
		return ctx
	}
	util := func(ds []atom.Derivation, baseline, value string) string {
		in := &envInfo{&facts.Info{Intent: &atom.Intent{Derive: ds}}}
		raw, _ := json.Marshal(map[string]any{"cells": map[string]any{"Current Load": "2", "Capacity": "5", "Utilization %": value}})
		for _, g := range in.groundStep(read(baseline), 0, episode.ToolCall{Name: "google_sheets_add_row", Args: raw}, lits, map[string]bool{}) {
			if g.Arg == "cells.Utilization %" {
				return g.Source
			}
		}
		t.Fatalf("utilization %s not traced", value)
		return ""
	}
	seen := `[{"Agent":"Carol","Capacity":"5","Open":"2"}]`
	if util(ratio, seen, "40") == "" {
		t.Error("40 = 2 / 5, both read: want it derived")
	}
	if src := util(ratio, seen, "60"); src != "" {
		t.Errorf("60 beside 2 and 5: derived as %q, want it ungrounded", src)
	}
	if src := util(nil, seen, "40"); src != "" {
		t.Errorf("40 with no ratio declared: derived as %q", src)
	}
	if src := util(ratio, `[{"Agent":"Carol","Capacity":"7"}]`, "40"); src != "" {
		t.Errorf("40 where neither 2 nor 5 was read: derived as %q", src)
	}
}
