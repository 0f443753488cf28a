package coherence

import (
	"slices"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestConversionEventOfTheAdvertiser: a LinkedIn Conversions event is
// created no earlier than its conversion happened (the built-in atom's
// before rule) and is sent in one of the world's ad accounts, not in the
// lead's own company (account, a reference to an ad account by name).
func TestConversionEventOfTheAdvertiser(t *testing.T) {
	ss := map[string]*atom.Server{"linkedin_conversions": builtinServer(t, "linkedin_conversions")}
	account := state.Record{"id": "509086682", "name": "Bluebird LLC", "status": "ACTIVE"}
	for _, c := range []struct {
		name, account, happened, created string
		field                            string // "" when nothing is wrong
	}{
		{"sent after the conversion, in the ad account", "Bluebird LLC", "2026-04-10T09:00:00Z", "2026-04-10T11:00:00Z", ""},
		{"created before the conversion", "Bluebird LLC", "2026-04-10T09:00:00Z", "2026-02-28T09:00:00Z", "created_at"},
		{"sent in the lead's company", "Pied Piper Partners", "2026-04-10T09:00:00Z", "2026-04-10T11:00:00Z", "account"},
	} {
		ev := state.Record{"id": "lce_79511", "account": c.account, "company": "Pied Piper Partners", "status": "pending",
			"conversion_happened_at": c.happened, "created_at": c.created}
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
