package synth

import (
	"context"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify"
)

// TestRepointedRecordsLeaveTaskRecordsAlone: a background record that a
// refers_to rule moves onto a record of the kind its text was written for
// (a Statuspage update announcing an outage, moved off a maintenance) is
// never moved onto the incident a task posts its update to, whose goal
// counts that update once; the posting environments verify.
func TestRepointedRecordsLeaveTaskRecordsAlone(t *testing.T) {
	c, _ := readWorld(t, 56, "statuspage", "brevo", "attio")
	lib, err := c.Library()
	if err != nil {
		t.Fatal(err)
	}
	var rs []atom.Recipe
	for _, r := range c.Recipes {
		if strings.Contains(r.Intent.ID, ".statuspage.post.") {
			rs = append(rs, r)
		}
	}
	if len(rs) == 0 {
		t.Fatal("no environment posts to Statuspage")
	}
	for _, v := range verify.VerifyAll(context.Background(), lib, rs, verify.Options{Jobs: 2}) {
		if !v.Verified && v.RootCause.Code == "intent.contradictory_goal" {
			t.Errorf("%s (%s): %+v", v.EnvID, v.Intent, v.RootCause)
		}
	}
}
