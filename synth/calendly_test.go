package synth

import (
	"regexp"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// TestCalendlyRecordsAgree: the Calendly records drawn break no rule of
// their server (a no-show stamp only on a no-show, a cancellation only on
// a canceled booking, an event ending after it starts, a location kind of
// the product's), an invitee's text reminder goes to a phone number, and
// every scheduled event has its start and end.
func TestCalendlyRecordsAgree(t *testing.T) {
	c, servers := readWorld(t, 52, "calendly")
	phone := regexp.MustCompile(`^\+?[0-9][0-9 ()-]{6,}$`)
	events, reminders := 0, 0
	for _, d := range c.Data {
		for _, v := range violationsOf(d, servers, "", "") {
			t.Errorf("%s", v)
		}
		for _, rec := range d.Records["calendly"]["scheduled_events"] {
			if events++; !atom.IsSet(rec["start_time"]) || !atom.IsSet(rec["end_time"]) {
				t.Errorf("%s: scheduled event %v has no start or end: %v, %v", d.ID, rec["id"], rec["start_time"], rec["end_time"])
			}
		}
		for _, rec := range d.Records["calendly"]["invitees"] {
			if n, ok := rec["text_reminder_number"].(string); ok {
				if reminders++; !phone.MatchString(n) {
					t.Errorf("%s: invitee %v's text reminder number %q is no phone number", d.ID, rec["id"], n)
				}
			}
		}
	}
	if events < 10 || reminders < 10 {
		t.Errorf("%d scheduled events and %d text reminder numbers drawn, want more", events, reminders)
	}
}
