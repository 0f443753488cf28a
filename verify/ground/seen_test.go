package ground

import (
	"slices"
	"testing"
)

// A value is found in what the agent saw in the form it was shown, and
// only there; numbers are read as quantities, not as parts of ids or
// dates.
func TestVisibleFindsWhatWasShown(t *testing.T) {
	ctx := &Visible{}
	ctx.Add("message", "Please move ticket tkt_601 to Escalated and note the 2026-02-15 deadline; 3 items remain.")
	if got := ctx.Find("Escalated", "status"); got != "message" {
		t.Errorf("Find(Escalated) = %q, want message", got)
	}
	if got := ctx.Find("Resolved", "status"); got != "" {
		t.Errorf("Find(Resolved) = %q, want nothing: nobody showed it", got)
	}
	nums := StandaloneNumbers("tkt_601 on 2026-02-15: 3 items, 1,250.5 dollars")
	if !slices.Equal(nums, []float64{3, 1250.5}) {
		t.Errorf("StandaloneNumbers = %v, want [3 1250.5]", nums)
	}
	if got := NumberTexts("a 1,250 and -3.5"); !slices.Equal(got, []string{"1,250", "-3.5"}) {
		t.Errorf("NumberTexts = %q", got)
	}
}
