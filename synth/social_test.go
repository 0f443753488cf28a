package synth

import (
	"regexp"
	"testing"
)

// TestSocialPostsAddressTheirFollowers: a post, a caption or a comment in
// a social app is written to the public; none opens as a letter to one
// person ("Hi Carmen, a short note for Cyberdyne Analytics").
func TestSocialPostsAddressTheirFollowers(t *testing.T) {
	letter := regexp.MustCompile(`^(Hi|Hello|Dear|Morning) |a short note for|before we talk next|I will call `)
	c := synthApps(t, 2, "facebook_pages", "buffer", "youtube")
	texts := 0
	for _, d := range c.Data {
		for app, colls := range d.Records {
			for coll, recs := range colls {
				for _, rec := range recs {
					for f, v := range rec {
						s, ok := v.(string)
						if !ok || textGroup(f) != "message" && textGroup(f) != "note" {
							continue
						}
						texts++
						if letter.MatchString(s) {
							t.Errorf("%s: %s.%s %s reads as a letter: %q", d.ID, app, coll, f, s)
						}
					}
				}
			}
		}
	}
	if texts < 20 {
		t.Fatalf("only %d texts drawn", texts)
	}
}
