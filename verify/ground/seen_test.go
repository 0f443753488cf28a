package ground

import (
	"slices"
	"strings"
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

// dayCase is a text, a value a goal checks, and whether the text names it.
type dayCase struct {
	text, value string
	want        bool
}

// checkDays finds each case's value in its text, read against clock.
func checkDays(t *testing.T, clock time.Time, cases []dayCase) {
	t.Helper()
	for _, c := range cases {
		ctx := &Visible{Clock: clock}
		ctx.Add("instruction", c.text)
		if got := ctx.Find(c.value, "due_date") != ""; got != c.want {
			t.Errorf("%s, %q: found %s = %v, want %v", clock.Format("2006-01-02"), c.text, c.value, got, c.want)
		}
	}
}

// A day named by its weekday is read against the clock: "this Friday",
// "next Tuesday", and the days of "next week, Monday to Friday"; a weekday
// the text does not name, or another week's, is not found.
func TestVisibleFindsWeekdays(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-04-14T09:00:00Z") // a Tuesday
	checkDays(t, clock, []dayCase{
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
	})
}

// Days named by an offset from today or by a month's end are read against
// the clock (the fifth batch's asana_task_due_end_of_month,
// sf_task_in_three_days_contact, xero_invoice_due_end_next_month).
func TestVisibleFindsRelativeDays(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-05-06T09:00:00Z") // a Wednesday
	checkDays(t, clock, []dayCase{
		{"Create a task due in three days, priority High.", "2026-05-09", true},
		{"Create a task due in three days, priority High.", "2026-05-10", false},
		{"Create a task due in 3 days.", "2026-05-09", true},
		{"Book it two weeks from today.", "2026-05-20", true},
		{"Book it two weeks from today.", "2026-05-13", false},
		{"File it, due a week from now.", "2026-05-13T17:00:00Z", true},
		{"Due the last day of this month.", "2026-05-31", true},
		{"Due the last day of this month.", "2026-05-30", false},
		{"Due at the end of the month.", "2026-05-31", true},
		{"Invoice them, due at the end of next month.", "2026-06-30", true},
		{"Invoice them, due at the end of next month.", "2026-05-31", false},
		{"Send it in the days after the launch.", "2026-05-07", false},
		{"Due in 900 days.", "2028-10-22", false},
		// The first of a month, or of a weekday in it
		// (qb_invoice_consulting_first_next_month, gcal_team_lunch_first_friday).
		{"Invoice them, due the first of next month.", "2026-06-01", true},
		{"Invoice them, due the first of next month.", "2026-05-01", false},
		{"Due on the 1st of the month.", "2026-06-01", true},
		{"Due the first day of this month.", "2026-05-01", true},
		{"Lunch on the first Friday of next month at noon.", "2026-06-05T12:00:00Z", true},
		{"Lunch on the first Friday of next month at noon.", "2026-06-01", false},
		{"Lunch on the first Monday of this month.", "2026-05-04", true},
	})
	// Business days skip the weekend: from a Thursday, the next business
	// day is Friday and the second is Monday (asana_due_next_business_day).
	thursday, _ := time.Parse(time.RFC3339, "2026-05-07T09:00:00Z")
	checkDays(t, thursday, []dayCase{
		{"Create it due the next business day.", "2026-05-08", true},
		{"Reply in two working days.", "2026-05-11", true},
		{"Reply in two working days.", "2026-05-09", false},
		{"Create it due the next business day.", "2026-05-09", false},
	})
	// The first business day of a month that starts on a Saturday is its
	// Monday the 3rd; the last business day of a month that ends on a
	// Monday is that Monday (gcal_close_review_first_business_day_next_month).
	july, _ := time.Parse(time.RFC3339, "2026-07-29T09:00:00Z")
	checkDays(t, july, []dayCase{
		{"Book the review on the first business day of next month.", "2026-08-03T10:00", true},
		{"Book the review on the first business day of next month.", "2026-08-01", false},
		{"Book the review on the second working day of next month.", "2026-08-04", true},
		{"Close the books on the last business day of this month.", "2026-07-31", true},
		{"Close the books on the last business day of next month.", "2026-08-31", true},
	})
	// The end of next month from the last day of a long month is the last
	// day of the month after, not a day of the one after that.
	late, _ := time.Parse(time.RFC3339, "2026-01-31T09:00:00Z")
	checkDays(t, late, []dayCase{
		{"Due at the end of next month.", "2026-02-28", true},
		{"Due at the end of next month.", "2026-03-03", false},
	})
}

// A quoted template of one placeholder is filled whole by a value whose
// words beside the slot are the template's and whose slot holds a value
// the agent saw, even with a single word of its own on either side
// (the sixth batch's trello_onboarding_cards_next_monday,
// confluence_postmortem_from_jira, sf_opportunity_from_intro_email);
// a slot filled with something unseen, a template's words changed, or a
// template left unquoted is not.
func TestVisibleFillsQuotedTemplates(t *testing.T) {
	ctx := &Visible{}
	ctx.Add("instruction", `Create a card named "Onboard <name>" for each hire, a page titled "Postmortem: <summary of the Jira incident resolved yesterday>" and an opportunity "<her company> - Pilot". Also log Review <name>.`)
	ctx.Add("observation", `[{"Name": "Ola Berg"}, {"summary": "Tracking API returned 502s"}, {"account_name": "Tidewater Foods"}]`)
	for _, v := range []string{"Onboard Ola Berg", "Postmortem: Tracking API returned 502s", "Tidewater Foods - Pilot"} {
		if got := ctx.Find(v, "title"); !strings.Contains(got, "template") {
			t.Errorf("Find(%q) = %q, want the instruction's template", v, got)
		}
	}
	for _, v := range []string{"Onboard Kai Moss", "Offboard Ola Berg", "Tidewater Foods - Renewal", "Review Ola Berg"} {
		if got := ctx.Find(v, "title"); got != "" {
			t.Errorf("Find(%q) = %q, want nothing", v, got)
		}
	}
}

// Quoted words a joining phrase follows are a template whose slot comes
// after them (the eighth batch's canva_flyers_for_next_week_workshops,
// docusign_contract_for_pipefy_contract_phase): the words then a value
// the agent saw are grounded; the words alone, other words, a value
// unseen, or quoted words no joining phrase follows are not.
func TestVisibleFillsJoinedPrefixes(t *testing.T) {
	ctx := &Visible{}
	ctx.Add("instruction", `Make a flyer titled 'Flyer - ' followed by the event title, and send it with subject "Service agreement - " plus the card title. Name the folder "Archive" for the account.`)
	ctx.Add("observation", `[{"summary": "Workshop: Resume writing"}, {"title": "Halvorsen Foods"}, {"account_name": "Kelp Robotics"}]`)
	for _, v := range []string{"Flyer - Workshop: Resume writing", "Service agreement - Halvorsen Foods"} {
		if got := ctx.Find(v, "title"); !strings.Contains(got, "template") {
			t.Errorf("Find(%q) = %q, want the instruction's template", v, got)
		}
	}
	for _, v := range []string{"Flyer - Board meeting", "Poster - Workshop: Resume writing", "Archive Kelp Robotics"} {
		if got := ctx.Find(v, "title"); got != "" {
			t.Errorf("Find(%q) = %q, want nothing", v, got)
		}
	}
}

// A subject with a reply's or a forward's prefix is grounded by the
// subject the agent saw (gmail_reply_subject_re_original); a prefix
// before a subject nobody showed grounds nothing.
func TestVisibleFindsReplySubjects(t *testing.T) {
	ctx := &Visible{}
	ctx.Add("instruction", "Reply to Gwen's latest email, keeping her subject.")
	ctx.Add("observation", `[{"subject": "Pilot scope for Q3", "from_": "gwen@tidewater.example"}]`)
	for _, v := range []string{"Re: Pilot scope for Q3", "RE:Pilot scope for Q3", "Fwd: Pilot scope for Q3"} {
		if got := ctx.Find(v, "subject"); got == "" {
			t.Errorf("Find(%q) found nothing, want the observation", v)
		}
	}
	for _, v := range []string{"Re: Pilot scope for Q4", "Re:", "Ref: Pilot scope for Q3"} {
		if got := ctx.Find(v, "subject"); got != "" {
			t.Errorf("Find(%q) = %q, want nothing", v, got)
		}
	}
}

// An amount changed by a percentage in one phrase states the figure it
// comes to (qb_invoice_discounted_amount); figures the phrase does not
// make, or a percentage with no amount beside it, are not found.
func TestVisibleFindsPercentageAdjustments(t *testing.T) {
	ctx := &Visible{}
	ctx.Add("instruction", "Invoice Dune Bakery for our $1,450.00 fee less their 10% loyalty discount. Bill Pine Bistro $800 plus 20% VAT, and pay the agent 15% of $2,000. Everyone gets 5% more.")
	for _, f := range []float64{1305, 960, 300} {
		if got := ctx.Find(f, "total_amt"); got == "" {
			t.Errorf("Find(%v) found nothing", f)
		}
	}
	for _, f := range []float64{1595, 640, 1740, 2100} {
		if got := ctx.Find(f, "total_amt"); got != "" {
			t.Errorf("Find(%v) = %q, want nothing", f, got)
		}
	}
}

// A count at a price each states the total it comes to
// (qb_invoice_consulting_first_next_month); numbers the text does not
// join so are not multiplied.
func TestVisibleFindsCountsAtAPrice(t *testing.T) {
	ctx := &Visible{}
	ctx.Add("instruction", "Invoice Harbor Cafe for 12 hours of menu consulting at $150 an hour, and Pine Bistro for 40 chairs at $25 each. Order 3 tables; they cost $90.")
	for _, f := range []float64{1800, 1000} {
		if got := ctx.Find(f, "total_amt"); got == "" {
			t.Errorf("Find(%v) found nothing", f)
		}
	}
	for _, f := range []float64{270, 3750, 6000} {
		if got := ctx.Find(f, "total_amt"); got != "" {
			t.Errorf("Find(%v) = %q, want nothing", f, got)
		}
	}
}

// A count spelled out at a price each states its total as a count in
// digits does (the nineteenth batch's
// xero_invoice_ashdown_panes_quantity_price): eleven panes at $85 each
// are 935, twenty-four chairs at $30 each 720; a count not joined to a
// price so is not multiplied.
func TestVisibleFindsSpelledCountsAtAPrice(t *testing.T) {
	ctx := &Visible{}
	ctx.Add("instruction", "Invoice Ashdown Glaziers for eleven replacement panes at $85 each, and Vale Cafe for twenty-four chairs at $30 each. Order three tables; they cost $90.")
	for _, f := range []float64{935, 720} {
		if got := ctx.Find(f, "total"); got == "" {
			t.Errorf("Find(%v) found nothing", f)
		}
	}
	for _, f := range []float64{270, 2550} {
		if got := ctx.Find(f, "total"); got != "" {
			t.Errorf("Find(%v) = %q, want nothing", f, got)
		}
	}
}

// A day written out in full ("1 July 2026") is the day a relative phrase
// or a date the agent saw names, as an ISO date is
// (the ninth batch's gmail_price_list_bcc_active_distributors); another
// day written so is not.
func TestVisibleFindsDaysWrittenOut(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-06-18T09:00:00Z")
	checkDays(t, clock, []dayCase{
		{"Say prices take effect on the first of next month.", "1 July 2026", true},
		{"Say prices take effect on the first of next month.", "July 1, 2026", true},
		{"Say prices take effect on the first of next month.", "1 June 2026", false},
		{"The new rate applies from 2026-07-01.", "1 July 2026", true},
		{"The new rate applies from 1 July 2026.", "2026-07-01", true},
		{"The new rate applies from 1 July 2026.", "2 July 2026", false},
	})
}

// A day counted from another day the agent saw ("fifteen days after the
// invoice date", with a mail dated "2 April 2026") is found through both
// texts (the ninth batch's qb_bill_from_emailed_vendor_invoice); the
// wrong count, a day no text names, or an offset no text states is not.
func TestVisibleFindsDaysAfterASeenDay(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-04-06T09:00:00Z")
	for _, c := range []struct {
		instruction, observation, value string
		want                            bool
	}{
		{"Enter the bill, due fifteen days after the invoice date.", `{"body": "invoice RL-5521 dated 2 April 2026"}`, "2026-04-17", true},
		{"Enter the bill, due 2 weeks after the invoice date.", `{"body": "invoice dated 2026-04-02"}`, "2026-04-16", true},
		{"Enter the bill, due fifteen days after the invoice date.", `{"body": "invoice RL-5521 dated 2 April 2026"}`, "2026-04-18", false},
		{"Enter the bill, due fifteen days after the invoice date.", `{"body": "invoice RL-5521"}`, "2026-04-17", false},
		{"Enter the bill with its due date.", `{"body": "invoice RL-5521 dated 2 April 2026"}`, "2026-04-17", false},
	} {
		ctx := &Visible{Clock: clock}
		ctx.Add("instruction", c.instruction)
		ctx.Add("observation", c.observation)
		if got := ctx.Find(c.value, "due_date") != ""; got != c.want {
			t.Errorf("%q with %q: found %s = %v, want %v", c.instruction, c.observation, c.value, got, c.want)
		}
	}
}

// Days are read by a grammar of parts, not by whole phrases: the nth or
// last weekday of a month, the start or end of a week or a month, an
// offset before or after any anchor it names (today, tomorrow, a
// weekday, a day written out, another offset), and a weekday before
// today. A day the phrase does not name is not found.
func TestVisibleReadsDayGrammar(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-06-10T09:00:00Z") // a Wednesday
	checkDays(t, clock, []dayCase{
		{"Due the third Wednesday of next month.", "2026-07-15", true},
		{"Due the third Wednesday of next month.", "2026-07-08", false},
		{"Due the last Friday of this month.", "2026-06-26", true},
		{"Due the last Friday of this month.", "2026-06-19", false},
		{"Meet on the 2nd Tuesday of this month.", "2026-06-09", true},
		{"Due by the end of next week.", "2026-06-19", true},
		{"Due by the end of next week.", "2026-06-12", false},
		{"Due by the end of this week (Friday).", "2026-06-12", true},
		{"Block the start of next week.", "2026-06-15", true},
		{"Due at the start of next month.", "2026-07-01", true},
		{"Due at the beginning of next month.", "2026-06-01", false},
		{"Book it the day after tomorrow.", "2026-06-12", true},
		{"Book it the day after tomorrow.", "2026-06-11", false},
		{"It went out yesterday.", "2026-06-09", true},
		{"Log the calls from last Monday.", "2026-06-08", true},
		{"Log the calls from last Monday.", "2026-06-15", false},
		{"Run it a week from Friday.", "2026-06-19", true},
		{"Two weeks after next Monday works.", "2026-06-29", true},
		{"Draft it ten days before 20 March 2027.", "2027-03-10", true},
		{"Draft it ten days before 20 March 2027.", "2027-03-30", false},
		{"Follow up three days ago.", "2026-06-07", true},
		{"Reply within 2 business days.", "2026-06-12", true},
		{"Add it, due by month end.", "2026-06-30", true},
		{"Add it, due by month end.", "2026-06-10", false},
		{"Close it by next month end.", "2026-07-31", true},
		{"Report at quarter end.", "2026-06-30", true},
		{"Book the stock take on the 3rd.", "2026-07-03", true},
		{"Book the stock take on the 3rd.", "2026-06-03", false},
		{"Pay it on the 21st of the month.", "2026-06-21", true},
		{"Meet on the 3rd Monday of next month.", "2026-07-03", false},
	})
}

// An offset whose anchor is a day only another text shows is counted
// either way from it: "two days before the launch" with "launches on 14
// May 2026", "the day after the kickoff" with a kickoff on 2026-06-03.
func TestVisibleFindsDaysBeforeOrAfterASeenDay(t *testing.T) {
	clock, _ := time.Parse(time.RFC3339, "2026-05-05T09:00:00Z")
	for _, c := range []struct {
		instruction, observation, value string
		want                            bool
	}{
		{"Schedule the prep call two days before the launch.", `{"body": "the line launches on 14 May 2026"}`, "2026-05-12", true},
		{"Schedule the prep call two days before the launch.", `{"body": "the line launches on 14 May 2026"}`, "2026-05-16", false},
		{"Date it the day after the kickoff.", `{"summary": "Kickoff", "start": "2026-06-03"}`, "2026-06-04", true},
		{"Date it the day after the kickoff.", `{"summary": "Kickoff", "start": "2026-06-03"}`, "2026-06-02", false},
		// A time stamp names its day (the tenth batch's monday_recap_item_day_after_kickoff).
		{"Date it the day after the kickoff.", `{"summary": "Kickoff", "start__dateTime": "2026-06-03T13:00:00Z"}`, "2026-06-04", true},
		{"Date it the day after the kickoff.", `{"summary": "Kickoff", "start__dateTime": "2026-06-03T13:00:00Z"}`, "2026-06-05", false},
	} {
		ctx := &Visible{Clock: clock}
		ctx.Add("instruction", c.instruction)
		ctx.Add("observation", c.observation)
		if got := ctx.Find(c.value, "due_date") != ""; got != c.want {
			t.Errorf("%q with %q: found %s = %v, want %v", c.instruction, c.observation, c.value, got, c.want)
		}
	}
}
