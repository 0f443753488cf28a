package synth

import (
	"context"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify"
)

// TestWorkflowOverTwoStates: a status of two values (Calendly's scheduled
// events, active or canceled) still gives workflows: the policy covers
// active events and cancels them, the record past the start is one
// already canceled (so the goal asks nothing of its status), and the
// environments verify.
func TestWorkflowOverTwoStates(t *testing.T) {
	c, _ := readWorld(t, 54, "calendly", "box", "quip")
	lib, err := c.Library()
	if err != nil {
		t.Fatal(err)
	}
	const prefix = "wf.calendly.scheduled_events.status."
	for _, in := range c.Intents {
		if !strings.HasPrefix(in.ID, prefix) {
			continue
		}
		for _, a := range in.Goal {
			if a.Label == "a record past the starting state is left alone" {
				t.Errorf("%s: asks that the record already canceled is not canceled", in.ID)
			}
		}
	}
	var rs []atom.Recipe
	for _, r := range c.Recipes {
		if strings.HasPrefix(r.Intent.ID, prefix) {
			rs = append(rs, r)
		}
	}
	if len(rs) == 0 {
		t.Fatal("no workflow over the scheduled events' two states")
	}
	for _, v := range verify.VerifyAll(context.Background(), lib, rs, verify.Options{Jobs: 2}) {
		if !v.Verified {
			t.Errorf("%s (%s) not verified: %+v", v.EnvID, v.Intent, v.RootCause)
		}
	}
}
