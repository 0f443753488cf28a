package coherence

import (
	"slices"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestServiceNowIncidentStates: an incident of the built-in atom carries a
// resolution (resolved_at, close_code, close_notes) only once Resolved (6)
// or Closed (7), and its priority is ServiceNow's default lookup of its
// impact and urgency (impact + urgency - 1): an In Progress incident with
// a close code, or a 1/1 incident of priority 3, is a violation; a
// resolved one with its resolution, or a 2/3 one of priority 4, is not.
func TestServiceNowIncidentStates(t *testing.T) {
	ss := map[string]*atom.Server{"servicenow": builtinServer(t, "servicenow")}
	w := state.NewWorld(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC),
		state.NewCollection("servicenow.incident", "sys_id", []state.Record{
			{"sys_id": "inc1", "state": 2, "impact": 2, "urgency": 2, "priority": 3, "opened_at": "2026-02-01T09:00:00Z", "resolved_at": "2026-02-02T09:00:00Z", "close_code": "Solved (Permanently)"},
			{"sys_id": "inc2", "state": 1, "impact": 1, "urgency": 1, "priority": 3, "opened_at": "2026-02-01T09:00:00Z"},
			{"sys_id": "inc3", "state": 6, "impact": 2, "urgency": 3, "priority": 4, "opened_at": "2026-02-01T09:00:00Z", "resolved_at": "2026-02-02T09:00:00Z", "close_code": "Solved (Permanently)", "close_notes": "Restarted the service."},
			{"sys_id": "inc4", "state": 3, "impact": 3, "urgency": 3, "priority": 5, "opened_at": "2026-02-01T09:00:00Z"},
		}))
	if got, want := violatedFields(ss, w, "servicenow.incident", ""), []string{"inc1 close_code", "inc1 resolved_at", "inc2 priority"}; !slices.Equal(got, want) {
		t.Errorf("incident violations %v, want %v", got, want)
	}
}
