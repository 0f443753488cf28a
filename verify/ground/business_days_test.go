package ground

import (
	"testing"
	"time"
)

// An offset in business days from a day only another text shows skips
// the weekend either way: "two business days after the case was opened"
// with a case opened on a Thursday is the Monday, "two business days
// before go-live" with a go-live on a Monday is the Thursday before (the
// fourteenth batch's sf_task_two_business_days_after_case_opened and
// slack_config_freeze_two_business_days_before_go_live). The day counted
// in calendar days, or from the wrong side, is not found.
func TestVisibleFindsBusinessDaysFromASeenDay(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-12-09T10:00:00Z") // a Wednesday
	for _, c := range []struct {
		instruction, observation, value string
		want                            bool
	}{
		{"Create a task due two business days after the case was opened.", `{"subject": "Coolant leak", "created_date": "2026-12-10T08:30:00Z"}`, "2026-12-14", true},
		{"Create a task due two business days after the case was opened.", `{"subject": "Coolant leak", "created_date": "2026-12-10T08:30:00Z"}`, "2026-12-12", false},
		{"Post the freeze, two business days before go-live.", `{"Client": "Harbor Bank", "Go-live": "2026-12-14"}`, "2026-12-10", true},
		{"Post the freeze, two business days before go-live.", `{"Client": "Harbor Bank", "Go-live": "2026-12-14"}`, "2026-12-12", false},
		{"Post the freeze, two business days before go-live.", `{"Client": "Harbor Bank", "Go-live": "2026-12-14"}`, "2026-12-16", false},
		{"Chase it three working days after the invoice date.", `{"invoice_number": "INV-9", "date": "2026-12-04"}`, "2026-12-09", true},
	} {
		ctx := &Visible{Clock: clock}
		ctx.Add("instruction", c.instruction)
		ctx.Add("observation", c.observation)
		if got := ctx.Find(c.value, "due_date") != ""; got != c.want {
			t.Errorf("%q with %q: found %s = %v, want %v", c.instruction, c.observation, c.value, got, c.want)
		}
	}
}

// A business-day offset from a day the text names counts back as well as
// on, skipping weekends.
func TestVisibleCountsBusinessDaysBack(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-12-09T10:00:00Z") // a Wednesday
	checkDays(t, clock, []dayCase{
		{"Freeze two business days before 14 December 2026.", "2026-12-10", true},
		{"Freeze two business days before 14 December 2026.", "2026-12-12", false},
	})
}

// An ordinal before "business day", "working day" or "weekday" and after
// or before counts that many business days from a day another text shows:
// the first weekday after a Friday is the Monday, the second business day
// after a Thursday the Monday, the third working day after a Thursday the
// Tuesday, the last business day before a Monday the Friday (the fifteenth
// batch's sf_task_first_weekday_after_offsite,
// hubspot_deal_close_second_business_day_after_quote_expiry,
// wave_invoice_due_third_business_day_after_kickoff and
// slack_renewal_notice_last_business_day_before_close). The day counted
// in calendar days, and a last business day after a day, are not found;
// an ordinal of a period stays the nth business day of the month.
func TestVisibleFindsNthBusinessDayFromASeenDay(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-12-09T10:00:00Z") // a Wednesday
	for _, c := range []struct {
		instruction, observation, value string
		want                            bool
	}{
		{"Create a task due the first weekday after the offsite.", `{"summary": "Partners offsite", "start__dateTime": "2026-12-18T09:00:00Z"}`, "2026-12-21", true},
		{"Create a task due the first weekday after the offsite.", `{"summary": "Partners offsite", "start__dateTime": "2026-12-18T09:00:00Z"}`, "2026-12-19", false},
		{"Set the close date to the second business day after the quote expires.", `{"quote_number": "QU-1", "expiry_date": "2026-12-17"}`, "2026-12-21", true},
		{"Set the close date to the second business day after the quote expires.", `{"quote_number": "QU-1", "expiry_date": "2026-12-17"}`, "2026-12-19", false},
		{"Due the third working day after the kickoff.", `{"summary": "Kickoff", "start__dateTime": "2026-12-10T14:00:00Z"}`, "2026-12-15", true},
		{"Post it on the last business day before the close date.", `{"name": "Renewal", "close_date": "2026-12-21"}`, "2026-12-18", true},
		{"Post it on the last business day before the close date.", `{"name": "Renewal", "close_date": "2026-12-21"}`, "2026-12-20", false},
		{"Post it on the last business day after the close date.", `{"name": "Renewal", "close_date": "2026-12-18"}`, "2026-12-21", false},
	} {
		ctx := &Visible{Clock: clock}
		ctx.Add("instruction", c.instruction)
		ctx.Add("observation", c.observation)
		if got := ctx.Find(c.value, "due_date") != ""; got != c.want {
			t.Errorf("%q with %q: found %s = %v, want %v", c.instruction, c.observation, c.value, got, c.want)
		}
	}
	checkDays(t, clock, []dayCase{
		{"Review on the first business day of next month.", "2027-01-01", true},
	})
}
