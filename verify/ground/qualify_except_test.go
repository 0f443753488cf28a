package ground

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
)

// A count over a period's records that leaves out those holding a value
// ("not counting cancelled ones", the value written "canceled") and keeps
// those a plural names ("product demos" for "Product Demo"): the
// fourteenth batch's slack_calendly_demos_this_month_count. Where the
// text leaves nothing out, the count is not derived.
func TestDeriveCountLeavingOutAValue(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-12-09T10:00:00Z")
	ds := []atom.Derivation{{Op: atom.DeriveCount}}
	events := `[{"id":"e1","name":"Product Demo","start_time":"2026-12-02T15:00:00Z","status":"active"},
		{"id":"e2","name":"Product Demo","start_time":"2026-12-07T16:00:00Z","status":"active"},
		{"id":"e3","name":"Product Demo","start_time":"2026-12-10T14:00:00Z","status":"canceled"},
		{"id":"e4","name":"Product Demo","start_time":"2026-12-15T17:00:00Z","status":"active"},
		{"id":"e5","name":"Partner Onboarding","start_time":"2026-12-03T13:00:00Z","status":"active"},
		{"id":"e6","name":"Product Demo","start_time":"2026-11-26T15:00:00Z","status":"active"}]`
	for _, c := range []struct {
		instruction, figure string
		want                bool
	}{
		{"How many product demos are booked this month, not counting cancelled ones?", "3", true},
		{"How many product demos are booked this month?", "3", false}, // nothing left out
	} {
		ctx := &Visible{Clock: clock, Docs: []ContextDoc{NewDoc("the instruction", c.instruction)}}
		ctx.Add("events", events)
		if got := ctx.Derive(c.figure, ds); (got != "") != c.want {
			t.Errorf("%q: derive(%s) = %q, want derived %v", c.instruction, c.figure, got, c.want)
		}
	}
}
