package ground

import (
	"strings"
	"testing"
	"time"
)

// A quoted template whose slot is a word in capitals the text defines
// ("'Next release: DATE', where DATE is the second Thursday of next
// month") is filled by the day the definition names (the thirteenth
// batch's slack_releases_topic_second_thursday_next_month); another day,
// other words, or a capital word no phrase defines fill nothing.
func TestVisibleFillsNamedSlots(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-11-12T09:00:00Z") // a Thursday
	ctx := &Visible{Clock: clock}
	ctx.Add("instruction", `Set the topic of #releases to 'Next release: DATE', where DATE is the second Thursday of next month written as YYYY-MM-DD. Label the card 'Status: OK' and the folder 'Batch: TODAY'.`)
	if got := ctx.Find("Next release: 2026-12-10", "topic"); !strings.Contains(got, "template") {
		t.Errorf("Find(the filled template) = %q, want the instruction's template", got)
	}
	for _, v := range []string{"Next release: 2026-12-03", "Last release: 2026-12-10", "Batch: 2026-11-12"} {
		if got := ctx.Find(v, "topic"); got != "" {
			t.Errorf("Find(%q) = %q, want nothing", v, got)
		}
	}
}
