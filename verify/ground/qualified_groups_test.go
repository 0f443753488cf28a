package ground

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
)

// A count or a share over the records a named period qualifies: how many
// were opened today, what share of last month's (or yesterday's) are
// closed (the fourteenth batch's twilio_sms_helpscout_conversations_opened_today_count,
// gmail_helpscout_closed_share_last_month, twilio_sms_hiver_closed_share_yesterday).
// The figure over every record, or over the wrong period, is not derived.
func TestDeriveCountsAndSharesOverANamedPeriod(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-12-09T10:00:00Z")
	ds := []atom.Derivation{{Op: atom.DeriveCount}, {Op: atom.DeriveRatio}}
	convs := `[{"id":"c1","status":"closed","created_at":"2026-11-03T10:00:00Z"},{"id":"c2","status":"active","created_at":"2026-11-12T10:00:00Z"},
		{"id":"c3","status":"closed","created_at":"2026-11-20T10:00:00Z"},{"id":"c4","status":"closed","created_at":"2026-11-28T10:00:00Z"},
		{"id":"c5","status":"closed","created_at":"2026-12-08T09:00:00Z"},{"id":"c6","status":"active","created_at":"2026-12-08T15:00:00Z"},
		{"id":"c7","status":"active","created_at":"2026-12-09T07:00:00Z"},{"id":"c8","status":"pending","created_at":"2026-12-09T08:00:00Z"},
		{"id":"c9","status":"closed","created_at":"2026-12-09T09:00:00Z"}]`
	for _, c := range []struct {
		instruction, figure string
		want                bool
	}{
		{"Text the lead how many conversations were opened today.", "3", true},
		{"Text the lead how many conversations were opened today.", "2", false}, // yesterday's
		{"What share of last month's conversations are closed? Email it as a percentage.", "75%", true},
		{"What share of last month's conversations are closed? Email it as a percentage.", "56%", false}, // 5 of all 9
		{"Text the share of yesterday's conversations that are closed.", "50%", true},
		{"Text the share of yesterday's conversations that are closed.", "33%", false}, // today's 1 of 3
		{"How many of last month's conversations are closed?", "3", true},
		// A statement of the date qualifies no records (the sample's
		// marketing_multi_touch_attribution: "Today is January 27, 2026").
		{"Today is December 9, 2026. What share of last month's conversations are closed?", "75%", true},
	} {
		ctx := &Visible{Clock: clock, Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		ctx.Add("conversations", convs)
		if got := ctx.Derive(c.figure, ds); (got != "") != c.want {
			t.Errorf("%q: derive(%s) = %q, want derived %v", c.instruction, c.figure, got, c.want)
		}
	}
}
