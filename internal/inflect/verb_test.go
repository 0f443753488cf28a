package inflect

import (
	"slices"
	"testing"
)

// A verb phrase is read in every form of its verb, regular ("turned
// down", "vetoes", "carried out", "tying"), doubled where English doubles
// ("binned", "submitted", "quitting"; not "visitted"), in British and
// American spelling ("cancelled" and "canceled", "authorised" and
// "authorized", "learnt" and "learned"), irregular ("took", "taken",
// "got", "gotten", "was held"), with an object pronoun before a particle
// ("called it off"); a phrase of what has been done only in its past
// forms ("took place", never "taking place" nor "take place").
func TestVerbForms(t *testing.T) {
	for _, c := range []struct {
		phrase    string
		done      bool
		want, not []string
	}{
		{"turn down", false, []string{"turn down", "turns down", "turned down", "turning down", "turned them down", "turning it down"}, []string{"turnned down"}},
		{"call off", false, []string{"call off", "calls off", "called off", "calling off", "called it off"}, nil},
		{"go out", false, []string{"go out", "goes out", "went out", "gone out", "going out"}, nil},
		{"push out", false, []string{"pushes out", "pushed out", "pushing out"}, nil},
		{"buzz", false, []string{"buzzes", "buzzed", "buzzing"}, nil},
		{"veto", false, []string{"veto", "vetoes", "vetoed", "vetoing"}, nil},
		{"carry out", false, []string{"carries out", "carried out", "carrying out"}, nil},
		{"tie up", false, []string{"ties up", "tied up", "tying up"}, nil},
		{"file away", false, []string{"files away", "filed away", "filing away", "filed it away"}, []string{"fileing away"}},
		{"see to", false, []string{"sees to", "saw to", "seen to", "seeing to"}, nil},
		{"quit", false, []string{"quits", "quit", "quitting"}, []string{"quited"}},
		{"submit", false, []string{"submitted", "submitting"}, []string{"submited"}},
		{"visit", false, []string{"visited", "visiting"}, []string{"visitted"}},
		{"cancel", false, []string{"cancelled", "canceled", "cancelling", "canceling", "cancels"}, nil},
		{"authorize", false, []string{"authorized", "authorised", "authorises", "authorizing"}, nil},
		{"learn", false, []string{"learnt", "learned", "learns", "learning"}, nil},
		{"okay", false, []string{"okayed", "okays"}, []string{"okaied"}},
		{"bin", true, []string{"binned"}, []string{"bin", "bins", "binning"}},
		{"take place", true, []string{"took place", "taken place"}, []string{"take place", "takes place", "taking place"}},
		{"get sorted", true, []string{"got sorted", "gotten sorted"}, []string{"getting sorted"}},
		{"be held", true, []string{"was held", "were held", "been held"}, []string{"being held"}},
		{"pencil in", true, []string{"pencilled in", "penciled in", "pencilled it in"}, []string{"pencil in"}},
		{"", false, nil, nil},
	} {
		got := VerbForms(c.phrase, c.done)
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("VerbForms(%q, %v) = %q, want it to hold %q", c.phrase, c.done, got, w)
			}
		}
		for _, w := range c.not {
			if slices.Contains(got, w) {
				t.Errorf("VerbForms(%q, %v) = %q, want it without %q", c.phrase, c.done, got, w)
			}
		}
	}
}
