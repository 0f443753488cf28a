package ground

import (
	"slices"
	"testing"
	"time"
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

// A day named by its weekday is read against the clock: "this Friday",
// "next Tuesday", and the days of "next week, Monday to Friday"; a weekday
// the text does not name, or another week's, is not found.
func TestVisibleFindsWeekdays(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-04-14T09:00:00Z") // a Tuesday
	cases := []struct {
		text, value string
		want        bool
	}{
		{"Create a task due this Friday, high priority.", "2026-04-17", true},
		{"Create a task due this Friday, high priority.", "2026-04-24", false},
		{"Book it next Tuesday from 14:00 to 15:00 UTC.", "2026-04-21T15:00:00Z", true},
		{"Book it next Tuesday from 14:00 to 15:00 UTC.", "2026-04-14", false},
		{"Book it next Tuesday from 14:00 to 15:00 UTC.", "2026-04-22", false},
		{"Log time off for all of next week, Monday to Friday.", "2026-04-20", true},
		{"Log time off for all of next week, Monday to Friday.", "2026-04-24", true},
		{"Log time off for Monday to Friday.", "2026-04-24", false},
		{"Next Friday works for the review.", "2026-04-17", true},
		{"Next Friday works for the review.", "2026-04-24", true},
		{"Due by the end of the week.", "2026-04-17", false},
	}
	for _, c := range cases {
		ctx := &Visible{Clock: clock}
		ctx.Add("instruction", c.text)
		if got := ctx.Find(c.value, "due_date") != ""; got != c.want {
			t.Errorf("%q: found %s = %v, want %v", c.text, c.value, got, c.want)
		}
	}
}
