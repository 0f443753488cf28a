package synth

import (
	"testing"

	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/gen"
	"github.com/legoenv/legoenv/state"
)

// TestLinesNamedForTheirFunction: the RingCentral extensions synthesised
// that are not a user's (departments, announcements, voicemail) are named
// for what they serve and hold no one's address; a user extension is a
// person's; the worlds break no rule of their extensions.
func TestLinesNamedForTheirFunction(t *testing.T) {
	c, servers := readWorld(t, 27, "ringcentral")
	lines, users := 0, 0
	for _, d := range c.Data {
		for _, v := range violationsOf(d, servers, "", "") {
			if v.Collection == "ringcentral.extensions" {
				t.Errorf("%s: %s %s: %s", d.ID, v.Collection, v.Key, v.Message)
			}
		}
		for _, r := range d.Records["ringcentral"]["extensions"] {
			name := state.Text(r["name"])
			if r["type"] == "User" {
				users++
				continue
			}
			lines++
			if !coherence.FitsRole("department", name) || r["email"] != nil || name != "" && gen.IsFirstName(name) {
				t.Errorf("%s: %v extension %q holds %v", d.ID, r["type"], name, r["email"])
			}
		}
	}
	t.Logf("%d department, announcement and voicemail extensions, %d users", lines, users)
	if lines < 5 || users < 5 {
		t.Errorf("only %d extensions of a line and %d of a user drawn", lines, users)
	}
}
