package synth

import (
	"strings"
	"testing"
)

// TestOwnerTextFollowsItsAssignee synthesises Zendesk beside HubSpot and
// ActiveCampaign: a ticket's assignee is drawn anew among the agents once
// the texts are written (its refers_to rule on the user's role), and a
// text naming the ticket's owner ("assigned to ...") names the assignee it
// ends with, never the person drawn first.
func TestOwnerTextFollowsItsAssignee(t *testing.T) {
	owned := 0
	for seed := int64(1); seed <= 6; seed++ {
		c, servers := readWorld(t, seed, "zendesk", "hubspot", "activecampaign")
		for _, d := range c.Data {
			for _, rec := range d.Records["zendesk"]["tickets"] {
				if s, _ := rec["description"].(string); strings.Contains(strings.ToLower(s), "owner") || strings.Contains(s, "assigned to") {
					owned++
				}
			}
			for _, v := range checkData(t, d, servers) {
				if strings.Contains(v.String(), "as owner") {
					t.Errorf("%s", v)
				}
			}
		}
	}
	t.Logf("%d ticket texts naming an owner", owned)
	if owned == 0 {
		t.Error("no ticket text names its owner; the test reads nothing")
	}
}
