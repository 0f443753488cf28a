package synth

import (
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestConversionEventOfTheAdvertiser synthesises LinkedIn Conversions
// worlds: an event is created and sent no earlier than its conversion
// happened and is sent in one of the world's ad accounts, never the lead's
// own company's.
func TestConversionEventOfTheAdvertiser(t *testing.T) {
	events := 0
	for seed := int64(1); seed <= 8; seed++ {
		c, _ := readWorld(t, seed, "linkedin_conversions", []string{"slack", "gmail"}[seed%2])
		for _, d := range c.Data {
			accounts := map[string]bool{}
			for _, a := range d.Records["linkedin_conversions"]["ad_accounts"] {
				accounts[state.Text(a["name"])] = true
			}
			for _, e := range d.Records["linkedin_conversions"]["events"] {
				events++
				if a := state.Text(e["account"]); a != "" && !accounts[a] {
					t.Errorf("%s: event %v sent in %q, none of the world's ad accounts", d.ID, e["id"], a)
				}
				h := state.Text(e["conversion_happened_at"])
				for _, f := range []string{"created_at", "event_time"} {
					if at := state.Text(e[f]); h != "" && at != "" && at < h {
						t.Errorf("%s: event %v %s %s, before its conversion happened at %s", d.ID, e["id"], f, at, h)
					}
				}
				if a := state.Text(e["account"]); a != "" && strings.EqualFold(a, state.Text(e["company"])) {
					t.Errorf("%s: event %v sent in %q, the lead's own company", d.ID, e["id"], a)
				}
			}
		}
	}
	t.Logf("%d events", events)
	if events < 10 {
		t.Errorf("%d events drawn, want more", events)
	}
}

// TestConversionEventReceivedAfterItHappened synthesises Facebook
// Conversions worlds: an event is received no earlier than its event_time.
func TestConversionEventReceivedAfterItHappened(t *testing.T) {
	events := 0
	for seed := int64(1); seed <= 4; seed++ {
		c, _ := readWorld(t, seed, "facebook_conversions", "slack")
		for _, d := range c.Data {
			for _, e := range d.Records["facebook_conversions"]["events"] {
				at, got := state.Text(e["event_time"]), state.Text(e["created_at"])
				if at == "" || got == "" {
					continue
				}
				events++
				if got < at {
					t.Errorf("%s: event %v received %s, before its event_time %s", d.ID, e["id"], got, at)
				}
			}
		}
	}
	t.Logf("%d events", events)
	if events < 10 {
		t.Errorf("%d events drawn, want more", events)
	}
}

// TestAdAccountOtherThanTheLeadsCompany: an event whose ad account is
// named as its lead's company, as a pass after conformWorld may leave it,
// is sent in another of the world's ad accounts, by its name (the
// reference is by name), whether or not a task names the event (a report
// naming it reads the event, and sets no account).
func TestAdAccountOtherThanTheLeadsCompany(t *testing.T) {
	m := newAppModel(builtinServers(t).ServerFor("linkedin_conversions"), nil)
	for _, named := range []bool{false, true} {
		ev := map[string]any{"id": "lce_98611", "account": "Ironclad Analytics", "company": "Ironclad Analytics"}
		d := &atom.Data{Records: map[string]map[string][]map[string]any{"linkedin_conversions": {
			"ad_accounts": {{"id": "509010689", "name": "Massive Partners"}, {"id": "509040318", "name": "Ironclad Analytics"}},
			"events":      {ev},
		}}}
		if named {
			d.Handles = map[string]atom.Handle{"linkedin_conversions_events_a": {App: "linkedin_conversions", Collection: "events", Key: "lce_98611"}}
		}
		val := newValuer(1, "b", time.Date(2026, 4, 13, 9, 0, 0, 0, time.UTC))
		db := &dataBuilder{val: val, p: &plan{}, d: d, keys: map[*collModel]map[string]string{}, used: map[string]bool{}}
		db.differentRefsLast([]*appModel{m})
		if ev["account"] != "Massive Partners" {
			t.Errorf("named %v: event sent in %v, want the other ad account, Massive Partners", named, ev["account"])
		}
	}
}
