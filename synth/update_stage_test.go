package synth

import (
	"slices"
	"testing"

	"github.com/legoenv/legoenv/state"
)

// statuspageStages are an outage's and a maintenance's statuses in the
// order an incident moves through them.
var statuspageStages = [][]string{
	{"investigating", "identified", "monitoring", "resolved"},
	{"scheduled", "in_progress", "verifying", "completed"},
}

// stageOf is where status stands in its order, and which order it is of.
func stageOf(status string) (order, at int) {
	for o, stages := range statuspageStages {
		if i := slices.Index(stages, status); i >= 0 {
			return o, i
		}
	}
	return -1, -1
}

// TestUpdatesNeverAheadOfTheirIncident synthesises Statuspage worlds: no
// update is further along than its incident (an incident investigating
// under a "monitoring" update, a maintenance in progress under a
// "verifying" one), while updates at an earlier stage than their incident
// stay, as its history.
func TestUpdatesNeverAheadOfTheirIncident(t *testing.T) {
	behind, checked := 0, 0
	for seed := int64(1); seed <= 8; seed++ {
		c, _ := readWorld(t, seed, "statuspage")
		for _, d := range c.Data {
			sp := d.Records["statuspage"]
			status := map[string]string{}
			for _, r := range sp["incidents"] {
				status[state.Text(r["id"])] = state.Text(r["status"])
			}
			for _, u := range sp["incident_updates"] {
				inc, ok := status[state.Text(u["incident_id"])]
				if !ok {
					continue
				}
				uo, ua := stageOf(state.Text(u["status"]))
				io, ia := stageOf(inc)
				if uo < 0 || uo != io {
					continue
				}
				checked++
				if ua > ia {
					t.Errorf("%s: update %v is %v, ahead of its incident %v (%v)", d.ID, u["id"], u["status"], u["incident_id"], inc)
				}
				if ua < ia {
					behind++
				}
			}
		}
	}
	t.Logf("%d updates checked, %d at an earlier stage than their incident", checked, behind)
	if checked < 20 || behind < 3 {
		t.Errorf("%d updates checked and %d of an earlier stage, want more", checked, behind)
	}
}
