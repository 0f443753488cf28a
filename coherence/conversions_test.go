package coherence

import (
	"slices"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestConversionEventOfTheAdvertiser: a LinkedIn Conversions event is
// created and sent (created_at, event_time) no earlier than its
// conversion happened (the built-in atom's before rules) and is sent in
// one of the world's ad accounts, not in the lead's own company (account,
// a reference to an ad account by name, and differs from company): an ad
// account named as the lead's company is not the advertiser's either.
func TestConversionEventOfTheAdvertiser(t *testing.T) {
	ss := map[string]*atom.Server{"linkedin_conversions": builtinServer(t, "linkedin_conversions")}
	account := state.Record{"id": "509086682", "name": "Bluebird LLC", "status": "ACTIVE"}
	for _, c := range []struct {
		name, account, happened, created, sent string
		field                                  string // "" when nothing is wrong
	}{
		{"sent after the conversion, in the ad account", "Bluebird LLC", "2026-04-10T09:00:00Z", "2026-04-10T11:00:00Z", "2026-04-10T11:00:00Z", ""},
		{"created before the conversion", "Bluebird LLC", "2026-04-10T09:00:00Z", "2026-02-28T09:00:00Z", "2026-04-10T11:00:00Z", "created_at"},
		{"sent before the conversion", "Bluebird LLC", "2026-04-10T09:00:00Z", "2026-04-10T11:00:00Z", "2026-03-05T15:00:00Z", "event_time"},
		{"sent in the lead's company", "Pied Piper Partners", "2026-04-10T09:00:00Z", "2026-04-10T11:00:00Z", "2026-04-10T11:00:00Z", "account"},
		{"sent in the ad account of the lead's company", "Bluebird LLC", "2026-04-10T09:00:00Z", "2026-04-10T11:00:00Z", "2026-04-10T11:00:00Z", "account"},
	} {
		company := "Pied Piper Partners"
		if c.field == "account" {
			company = c.account
		}
		ev := state.Record{"id": "lce_79511", "account": c.account, "company": company, "status": "pending",
			"conversion_happened_at": c.happened, "created_at": c.created, "event_time": c.sent}
		w := state.NewWorld(time.Date(2026, 5, 12, 9, 0, 0, 0, time.UTC),
			state.NewCollection("linkedin_conversions.ad_accounts", "id", []state.Record{account}),
			state.NewCollection("linkedin_conversions.events", "id", []state.Record{ev}))
		var got []string
		for _, v := range CheckWorld("d", ss, w) {
			got = append(got, v.Field)
		}
		if c.field == "" && len(got) > 0 || c.field != "" && !slices.Contains(got, c.field) {
			t.Errorf("%s: violations %v, want on %q", c.name, got, c.field)
		}
	}
}

// TestConversionEventReceivedAfterItHappened: a Facebook Conversions
// event is received (created_at) no earlier than its event_time (the
// built-in atom's before rule).
func TestConversionEventReceivedAfterItHappened(t *testing.T) {
	ss := map[string]*atom.Server{"facebook_conversions": builtinServer(t, "facebook_conversions")}
	ds := state.Record{"id": "8164001", "name": "Website events", "events_received": 1}
	for _, c := range []struct {
		happened, received string
		want               int
	}{
		{"2026-03-23T10:00:00Z", "2026-03-23T10:05:00Z", 0},
		{"2026-03-23T10:00:00Z", "2026-02-20T10:00:00Z", 1},
	} {
		ev := state.Record{"id": "ev_13713", "dataset_id": "8164001", "event_name": "Lead", "status": "success",
			"event_time": c.happened, "created_at": c.received, "events_received": 1}
		w := state.NewWorld(time.Date(2026, 5, 13, 9, 0, 0, 0, time.UTC),
			state.NewCollection("facebook_conversions.datasets", "id", []state.Record{ds}),
			state.NewCollection("facebook_conversions.events", "id", []state.Record{ev}))
		vs := CheckWorld("d", ss, w)
		if got := countOn(vs, "facebook_conversions.events", "created_at"); got != c.want {
			t.Errorf("event at %s received %s: %d violations on created_at, want %d (%v)", c.happened, c.received, got, c.want, vs)
		}
	}
}
