package synth

import (
	"slices"
	"testing"
)

// TestTeamsAreNamedForTheirWork: a team (Mattermost's, Linear's,
// Opsgenie's) is named for what it does, not for a person or a
// customer's project ("Discount stakeholder for Cyberdyne Health").
func TestTeamsAreNamedForTheirWork(t *testing.T) {
	c := synthApps(t, 2, "mattermost", "linear", "opsgenie")
	n := 0
	for _, d := range c.Data {
		for app, field := range map[string]string{"mattermost": "display_name", "linear": "name", "opsgenie": "name"} {
			for _, rec := range d.Records[app]["teams"] {
				n++
				if name, _ := rec[field].(string); !slices.Contains(teamNames, name) {
					t.Errorf("%s: %s team named %q", d.ID, app, name)
				}
			}
		}
	}
	if n < 6 {
		t.Fatalf("drew %d teams", n)
	}
}
