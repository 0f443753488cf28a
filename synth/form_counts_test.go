package synth

import (
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestUnreadWithinAllSubmissions synthesises Jotform worlds: no form
// counts more new (unread) submissions than submissions in all.
func TestUnreadWithinAllSubmissions(t *testing.T) {
	forms := 0
	for seed := int64(1); seed <= 4; seed++ {
		c, _ := readWorld(t, seed, "jotform")
		for _, d := range c.Data {
			for _, f := range d.Records["jotform"]["forms"] {
				n, okN := state.Number(f["new"])
				all, okAll := state.Number(f["count"])
				if !okN || !okAll {
					continue
				}
				forms++
				if n > all {
					t.Errorf("%s: form %v counts %v new of %v submissions", d.ID, f["id"], f["new"], f["count"])
				}
			}
		}
	}
	t.Logf("%d forms with both counts", forms)
	if forms < 10 {
		t.Errorf("%d forms with both counts drawn, want more", forms)
	}
}

// TestEveryResponseOfAForm synthesises Google Forms worlds beside other
// apps: every response names a form the world holds.
func TestEveryResponseOfAForm(t *testing.T) {
	responses := 0
	for seed := int64(1); seed <= 4; seed++ {
		c, _ := readWorld(t, seed, "google_forms", "zoho_books", "constant_contact")
		for _, d := range c.Data {
			forms := map[string]bool{}
			for _, f := range d.Records["google_forms"]["forms"] {
				forms[state.Text(f["formId"])] = true
			}
			for _, r := range d.Records["google_forms"]["responses"] {
				responses++
				if !forms[state.Text(r["formId"])] {
					t.Errorf("%s: response %v names no form of the world (%q)", d.ID, r["responseId"], r["formId"])
				}
			}
		}
	}
	t.Logf("%d responses", responses)
	if responses < 10 {
		t.Errorf("%d responses drawn, want more", responses)
	}
}

// TestWatchesNotifyATopic synthesises Google Forms worlds: a watch's
// target is a Cloud Pub/Sub topic's resource name, not a sentence.
func TestWatchesNotifyATopic(t *testing.T) {
	watches := 0
	for seed := int64(1); seed <= 4; seed++ {
		c, _ := readWorld(t, seed, "google_forms", "zoho_books")
		for _, d := range c.Data {
			for _, w := range d.Records["google_forms"]["watches"] {
				topic := state.Text(w["target_topic"])
				if topic == "" {
					continue
				}
				watches++
				if !strings.HasPrefix(topic, "projects/") || !strings.Contains(topic, "/topics/") || strings.Contains(topic, " ") {
					t.Errorf("%s: watch %v notifies %q, not a topic", d.ID, w["id"], topic)
				}
			}
		}
	}
	t.Logf("%d watches", watches)
	if watches < 10 {
		t.Errorf("%d watches drawn, want more", watches)
	}
}

// TestWatchesExpireWithinAWeek synthesises Google Forms worlds: a watch,
// active or suspended, expires after the world's clock and seven days
// after it at most, as a watch expires seven days after it is made or
// renewed and an expired one is gone.
func TestWatchesExpireWithinAWeek(t *testing.T) {
	watches := 0
	for seed := int64(1); seed <= 4; seed++ {
		c, _ := readWorld(t, seed, "google_forms", "zoho_books")
		for _, d := range c.Data {
			clock, err := time.Parse(time.RFC3339, d.Clock)
			if err != nil {
				t.Fatalf("%s: clock %q: %v", d.ID, d.Clock, err)
			}
			for _, w := range d.Records["google_forms"]["watches"] {
				at, ok := atom.Time(w["expireTime"])
				if !ok {
					continue
				}
				watches++
				if !at.After(clock) || at.Sub(clock) > 7*24*time.Hour {
					t.Errorf("%s: watch %v (%v) expires %v, not within a week of the clock %s", d.ID, w["id"], w["state"], w["expireTime"], d.Clock)
				}
			}
		}
	}
	t.Logf("%d watches", watches)
	if watches < 10 {
		t.Errorf("%d watches drawn, want more", watches)
	}
}
