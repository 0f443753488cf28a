package synth

import (
	"slices"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"

	"github.com/legoenv/legoenv/state"
)

// TestEstimatesFollowTheirTeam synthesises Linear: every issue's estimate
// is a point of its team's one estimate scale (https://linear.app/docs/estimates),
// and no issue's team was moved for it (each team named is one of the world's).
func TestEstimatesFollowTheirTeam(t *testing.T) {
	c, _ := readWorld(t, 64, "linear")
	scales := map[string][]float64{
		"exponential": {0, 1, 2, 4, 8, 16, 32, 64},
		"fibonacci":   {0, 1, 2, 3, 5, 8, 13, 21},
		"tShirt":      {0, 1, 2, 3, 5, 8, 13, 21},
		"linear":      {0, 1, 2, 3, 4, 5, 6, 7},
	}
	estimates, bad := 0, 0
	for _, d := range c.Data {
		ln := d.Records["linear"]
		for _, is := range ln["issues"] {
			x, ok := state.Number(is["estimate"])
			if !ok {
				continue
			}
			estimates++
			team := findRec(ln["teams"], "id", state.Text(is["teamId"]))
			if team == nil || !slices.Contains(scales[state.Text(team["issueEstimationType"])], x) {
				if bad++; bad <= 10 {
					t.Errorf("%s: issue %v estimates %v, off its team %v's scale", d.ID, is["id"], x, team)
				}
			}
		}
	}
	if estimates == 0 {
		t.Fatal("no Linear issue holds an estimate")
	}
	t.Logf("%d estimates, %d off their team's scale", estimates, bad)
}

// TestEstimateFollowsNotTheTeam keeps a Linear issue's estimate to its
// team's scale by moving the estimate to the scale's nearest point: the
// issue stays on its team, whatever its text, and the team keeps its
// scale, so the other issues of the team, and a group of issues a task
// selects by team, stay as they were drawn.
func TestEstimateFollowsNotTheTeam(t *testing.T) {
	m := newAppModel(builtinServers(t).ServerFor("linear"), nil)
	cm := m.byName["issues"]
	d := &atom.Data{Records: map[string]map[string][]map[string]any{"linear": {
		"teams": {
			{"id": "team-1", "name": "Platform", "key": "PLT", "issueEstimationType": "exponential"},
			{"id": "team-2", "name": "Growth", "key": "GRO", "issueEstimationType": "fibonacci"},
		},
		"issues": {
			{"id": "iss-1", "teamId": "team-1", "title": "Fix login", "description": "Login fails on Safari.", "estimate": 3.0},
			{"id": "iss-2", "teamId": "team-1", "title": "Rotate keys", "estimate": 13.0},
			{"id": "iss-3", "teamId": "team-1", "title": "Cache pages", "estimate": 16.0},
			{"id": "iss-4", "teamId": "team-2", "title": "Pricing page", "description": "New tiers.", "estimate": 4.0},
		},
	}}}
	val := newValuer(1, "b", time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	db := &dataBuilder{val: val, p: &plan{}, d: d, keys: map[*collModel]map[string]string{}, used: map[string]bool{}, rows: map[string]row{}}
	db.kindedRefs([]*appModel{m})
	for _, inv := range cm.c.Invariants {
		if inv.Rule == "refers_to" {
			referToKind(m, cm, inv, d)
		}
	}
	db.dropUnkinded(m)
	want := map[string][2]any{"iss-1": {"team-1", 2.0}, "iss-2": {"team-1", 16.0}, "iss-3": {"team-1", 16.0}, "iss-4": {"team-2", 3.0}}
	issues := d.Records["linear"]["issues"]
	if len(issues) != len(want) {
		t.Fatalf("%d issues left of %d", len(issues), len(want))
	}
	for _, is := range issues {
		w := want[state.Text(is["id"])]
		if is["teamId"] != w[0] || is["estimate"] != w[1] {
			t.Errorf("issue %v: team %v estimate %v, want team %v estimate %v", is["id"], is["teamId"], is["estimate"], w[0], w[1])
		}
	}
	for i, scale := range []string{"exponential", "fibonacci"} {
		if got := d.Records["linear"]["teams"][i]["issueEstimationType"]; got != scale {
			t.Errorf("team %d's scale became %v, drawn %s", i+1, got, scale)
		}
	}
}
