package ground

import (
	"strings"
	"testing"
	"time"
)

// A quoted template whose slot is a day written as its format ("'Harbor
// Bank config freeze: YYYY-MM-DD'") is filled by a day the agent can find
// (the fourteenth batch's slack_config_freeze_two_business_days_before_go_live:
// two business days before a go-live a sheet row shows); another day, or
// the template's words changed, fill nothing.
func TestVisibleFillsDateMasks(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-12-09T10:00:00Z") // a Wednesday
	ctx := &Visible{Clock: clock}
	ctx.Add("instruction", `Look up Harbor Bank's go-live in the sheet and post 'Harbor Bank config freeze: YYYY-MM-DD', the freeze being two business days before go-live.`)
	ctx.Add("observation", `{"Client": "Harbor Bank", "Go-live": "2026-12-14"}`)
	if got := ctx.Find("Harbor Bank config freeze: 2026-12-10", "text"); !strings.Contains(got, "template") {
		t.Errorf("Find(the filled template) = %q, want the instruction's template", got)
	}
	for _, v := range []string{"Harbor Bank config freeze: 2026-12-11", "Harbor Bank go-live: 2026-12-10"} {
		if got := ctx.Find(v, "text"); got != "" {
			t.Errorf("Find(%q) = %q, want nothing", v, got)
		}
	}
}
