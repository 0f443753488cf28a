package synth

import (
	"testing"

	"github.com/legoenv/legoenv/state"
)

// TestCanceledEventsInviteesAreCanceled synthesises Calendly: no invitee
// of a canceled scheduled event is active (cancelling an event cancels
// its invitees), over worlds that hold canceled events.
func TestCanceledEventsInviteesAreCanceled(t *testing.T) {
	canceled, invitees, bad := 0, 0, 0
	for seed := int64(27); seed < 31; seed++ {
		canceled, invitees, bad = countCanceledInvitees(t, seed, canceled, invitees, bad)
	}
	t.Logf("%d invitees of canceled events", invitees)
	if canceled == 0 {
		t.Errorf("no invitee of a canceled event drawn")
	}
}

// countCanceledInvitees adds, over Calendly worlds of seed, the invitees
// of canceled events and those of them still active, reporting the first.
func countCanceledInvitees(t *testing.T, seed int64, canceled, invitees, bad int) (int, int, int) {
	c, _ := readWorld(t, seed, "calendly", "zoom", "gmail")
	for _, d := range c.Data {
		status := map[string]string{}
		for _, ev := range d.Records["calendly"]["scheduled_events"] {
			status[state.Text(ev["id"])] = state.Text(ev["status"])
		}
		for _, inv := range d.Records["calendly"]["invitees"] {
			if status[state.Text(inv["event_id"])] != "canceled" {
				continue
			}
			canceled++
			if invitees++; state.Text(inv["status"]) != "canceled" {
				if bad++; bad <= 5 {
					t.Errorf("%s: invitee %s is %s on canceled event %s", d.ID, inv["id"], inv["status"], inv["event_id"])
				}
			}
		}
	}
	return canceled, invitees, bad
}
