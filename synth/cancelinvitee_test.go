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

// TestOneOnOneEventsCancelWithTheirInvitee synthesises Calendly: no
// invitee of an active one-on-one event (type kind solo) is canceled, its
// cancelling having cancelled the event.
func TestOneOnOneEventsCancelWithTheirInvitee(t *testing.T) {
	solo, bad := 0, 0
	for seed := int64(27); seed < 31; seed++ {
		c, _ := readWorld(t, seed, "calendly", "zoom", "gmail")
		for _, d := range c.Data {
			kind := map[string]string{}
			for _, et := range d.Records["calendly"]["event_types"] {
				kind[state.Text(et["id"])] = state.Text(et["kind"])
			}
			events := map[string]map[string]any{}
			for _, ev := range d.Records["calendly"]["scheduled_events"] {
				events[state.Text(ev["id"])] = ev
			}
			for _, inv := range d.Records["calendly"]["invitees"] {
				ev := events[state.Text(inv["event_id"])]
				if ev == nil || kind[state.Text(ev["event_type_id"])] != "solo" {
					continue
				}
				solo++
				if state.Text(inv["status"]) != state.Text(ev["status"]) {
					if bad++; bad <= 5 {
						t.Errorf("%s: invitee %s is %s on %s one-on-one event %s", d.ID, inv["id"], inv["status"], ev["status"], ev["id"])
					}
				}
			}
		}
	}
	t.Logf("%d invitees of one-on-one events, %d apart from their event", solo, bad)
	if solo == 0 {
		t.Errorf("no invitee of a one-on-one event drawn")
	}
}
