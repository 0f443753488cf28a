package synth

import (
	"slices"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestCountsKeepTheirDeclaredBounds: a number field the product bounds
// (HubSpot's NPS score from 0 to 10, the hour Buffer sends a post at) is
// drawn within its bounds in every synthesised record.
func TestCountsKeepTheirDeclaredBounds(t *testing.T) {
	checked := 0
	eachRecord(t, 8, []string{"hubspot", "buffer"}, func(d *atom.Data, app string, coll *atom.Collection, rec map[string]any) {
		for name, f := range coll.Fields {
			x, ok := state.Number(rec[name])
			if !f.Bounded() || !ok {
				continue
			}
			checked++
			if !f.Within(x) {
				t.Errorf("%s: %s.%s %v is outside %s", d.ID, app, coll.Name, x, f.BoundsText())
			}
		}
	})
	if checked < 24 {
		t.Fatalf("only %d bounded values checked", checked)
	}
}

// TestEngagementWithinItsAudience: no post, tweet or video is liked,
// shared or answered by more people than saw it, and a Buffer post has a
// published_at only once it is sent.
func TestEngagementWithinItsAudience(t *testing.T) {
	cases := []struct {
		app, coll, audience string
		counts              []string
	}{
		{"buffer", "posts", "impressions", []string{"likes", "comments", "shares"}},
		{"twitter", "tweets", "impression_count", []string{"like_count", "retweet_count", "reply_count"}},
		{"youtube", "videos", "view_count", []string{"like_count"}},
	}
	c := synthApps(t, 3, "buffer", "twitter", "youtube")
	checked, published := 0, 0
	for _, d := range c.Data {
		for _, tc := range cases {
			for _, rec := range d.Records[tc.app][tc.coll] {
				seen, ok := state.Number(rec[tc.audience])
				for _, f := range tc.counts {
					if x, xok := state.Number(rec[f]); ok && xok {
						checked++
						if x > seen {
							t.Errorf("%s: %s.%s %v: %s %v above %s %v", d.ID, tc.app, tc.coll, rec["id"], f, x, tc.audience, seen)
						}
					}
				}
				if tc.app == "buffer" && rec["published_at"] != nil {
					published++
					if rec["status"] != "sent" {
						t.Errorf("%s: buffer post %v is %v yet published at %v", d.ID, rec["id"], rec["status"], rec["published_at"])
					}
				}
			}
		}
	}
	if checked < 30 || published == 0 {
		t.Fatalf("only %d counts and %d published posts checked", checked, published)
	}
}

// TestGatedFieldsFollowTheirFlag: a field the server gates by a flag (an
// Outlook event's onlineMeetingUrl by isOnlineMeeting, an Instagram
// media's carousel_media_count by is_carousel) holds a value only where
// the flag is true.
func TestGatedFieldsFollowTheirFlag(t *testing.T) {
	apps := []string{"outlook_calendar", "instagram", "wrike"}
	c := synthApps(t, 2, apps...)
	src := builtinServers(t)
	checked := 0
	for _, app := range apps {
		for _, coll := range src.ServerFor(app).MustServer().Collections {
			for _, inv := range coll.Invariants {
				if inv.Rule != "only_when" || !slices.Equal(inv.In, []string{"true"}) {
					continue
				}
				for _, d := range c.Data {
					for _, rec := range d.Records[app][coll.Name] {
						checked++
						if rec[inv.Fields[0]] != nil && rec[inv.Fields[1]] != true {
							t.Errorf("%s: %s.%s %v has %s but %s %v", d.ID, app, coll.Name, rec["id"], inv.Fields[0], inv.Fields[1], rec[inv.Fields[1]])
						}
					}
				}
			}
		}
	}
	if checked < 10 {
		t.Fatalf("only %d records with gated fields checked", checked)
	}
}

// TestPhonesDialledInTheirCountry: a HubSpot company's phone number is
// written with its country's calling code: +1 in the United States and
// Canada, another code anywhere else.
func TestPhonesDialledInTheirCountry(t *testing.T) {
	c := synthApps(t, 3, "hubspot")
	abroad := 0
	for _, d := range c.Data {
		for _, rec := range d.Records["hubspot"]["companies"] {
			country, phone := str(rec["country"]), str(rec["phone"])
			if country == "" || phone == "" {
				continue
			}
			home := country == "US" || country == "CA"
			if !home {
				abroad++
			}
			if strings.HasPrefix(phone, "+1-") != home {
				t.Errorf("%s: company %v in %s has the phone %s", d.ID, rec["name"], country, phone)
			}
		}
	}
	if abroad == 0 {
		t.Fatal("no company outside North America drawn")
	}
}
