package synth

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/state"
)

// digitsRE is a RingCentral extension number as the product has one:
// digits alone ("101"), never "EXT-8609".
var digitsRE = regexp.MustCompile(`^[0-9]+$`)

// TestFilesSpacesAndCallsAsTheProducts synthesises Google Drive, Google
// Chat and RingCentral worlds: a Drive file named with no extension is a
// Google Docs, Sheets or Slides file, never an image, JSON or CSV; a
// Chat group chat or direct message has no display name and no invited
// member; a RingCentral extension is dialled by digits, one number per
// extension, and its calls started by the clock, only an answered one
// recorded. Coherence finds no rule broken in them.
func TestFilesSpacesAndCallsAsTheProducts(t *testing.T) {
	files, spaces, members, exts, calls := 0, 0, 0, 0, 0
	types := map[string]int{}
	for _, seed := range []int64{55, 7} {
		c, servers := readWorld(t, seed, "google_drive", "google_chat", "ringcentral")
		for _, d := range c.Data {
			for _, v := range violationsOf(d, servers, "", "") {
				t.Errorf("%s", v)
			}
			for _, f := range d.Records["google_drive"]["files"] {
				files++
				mt := state.Text(f["mime_type"])
				types[mt]++
				if !strings.Contains(state.Text(f["name"]), ".") && !strings.HasPrefix(mt, "application/vnd.google-apps.") {
					t.Errorf("%s: file %v %q is %s", d.ID, f["id"], f["name"], mt)
				}
			}
			kind := map[string]string{}
			for _, s := range d.Records["google_chat"]["spaces"] {
				spaces++
				kind[state.Text(s["name"])] = state.Text(s["spaceType"])
				if state.Text(s["spaceType"]) != "SPACE" && state.Text(s["displayName"]) != "" {
					t.Errorf("%s: %s %v is named %q", d.ID, s["spaceType"], s["name"], s["displayName"])
				}
			}
			for _, m := range d.Records["google_chat"]["memberships"] {
				members++
				if k := kind[state.Text(m["space"])]; k != "SPACE" && state.Text(m["state"]) == "INVITED" {
					t.Errorf("%s: %v is invited to the %s %v", d.ID, m["member_email"], k, m["space"])
				}
			}
			seen := map[string]bool{}
			for _, x := range d.Records["ringcentral"]["extensions"] {
				exts++
				n := state.Text(x["extensionNumber"])
				if !digitsRE.MatchString(n) || seen[n] {
					t.Errorf("%s: extension %v has number %q, not digits of its own", d.ID, x["id"], n)
				}
				seen[n] = true
			}
			clock, _ := time.Parse(time.RFC3339, d.Clock)
			for _, cl := range d.Records["ringcentral"]["call_log"] {
				calls++
				if at, err := time.Parse(time.RFC3339, state.Text(cl["startTime"])); err == nil && at.After(clock) {
					t.Errorf("%s: call %v starts %v, after the clock %v", d.ID, cl["id"], cl["startTime"], d.Clock)
				}
				if state.Text(cl["recording_id"]) != "" && state.Text(cl["result"]) != "Accepted" {
					t.Errorf("%s: %v call %v is recorded", d.ID, cl["result"], cl["id"])
				}
			}
		}
	}
	t.Logf("%d files by type %v, %d spaces, %d memberships, %d extensions, %d calls", files, types, spaces, members, exts, calls)
	if files < 5 || spaces < 5 || members < 5 || exts < 5 || calls < 5 {
		t.Errorf("too few records drawn to tell")
	}
}
