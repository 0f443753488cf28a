package ground

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Senses asked by the everyday idioms of the twenty-fourth batch's working
// tasks: tickets "on the back burner" are those on hold, campaigns "on
// ice" the paused ones, issues "in flight" those in progress, posts "gone
// live" the published ones, campaigns "out the door" the sent ones
// (beside sending and scheduled), registrants "still waiting on our OK"
// the pending ones beside approved and denied, tickets with the ball "in
// the customer's court" those waiting on the customer, texts that "never
// arrived" the undelivered ones, subscribers whose addresses
// "hard-bounced" the cleaned ones. A "pending" that awaits nobody's
// decision (no approved or denied beside it) is named by no approval
// phrase, "still on hold" and "still on the back burner" name no active
// record, and a text without the phrase names no group.
func TestDeriveCountOfAStateNamedByEverydayIdioms(t *testing.T) {
	tickets := records("status", "hold", 13, "open", 4, "new", 3, "pending", 3, "solved", 2)
	campaigns := records("status", "PAUSED", 12, "ENABLED", 7, "REMOVED", 2)
	issues := records("status", "In Progress", 13, "To Do", 5, "Done", 4)
	media := records("status", "published", 14, "pending", 4, "failed", 3)
	sends := records("status", "sent", 12, "save", 4, "schedule", 3, "sending", 2)
	registrants := records("status", "pending", 12, "approved", 6, "denied", 3)
	waiting := records("state", "waiting_on_customer", 12, "submitted", 3, "open", 4, "resolved", 3)
	texts := records("status", "undelivered", 13, "delivered", 6, "sent", 2, "queued", 2)
	members := records("status", "cleaned", 11, "subscribed", 6, "unsubscribed", 3, "pending", 4)
	bookings := records("status", "active", 11, "hold", 6, "cancelled", 3)
	checkCounts(t, []countCase{
		{"Email how many of our tickets are on the back burner at the moment, as 'Back burner: N'.", "tickets", tickets, "13", true},
		{"Email how many of our tickets there are, as 'Tickets: N'.", "tickets", tickets, "13", false},
		{"Post how many of our campaigns are on ice right now, as 'On ice: N'.", "campaigns", campaigns, "12", true},
		{"Text how many issues are in flight, as 'In flight: N'.", "issues", issues, "13", true},
		{"Text how many of our posts have gone live, as 'Gone live: N'.", "media", media, "14", true},
		{"Text how many of our posts have never gone live.", "media", media, "14", false},
		{"Post how many of our campaigns are already out the door, as 'Out the door: N'.", "campaigns", sends, "12", true},
		{"Email how many registrants are still waiting on our OK, as 'Waiting on us: N'.", "registrants", registrants, "12", true},
		{"Email how many tickets are awaiting a decision.", "tickets", tickets, "3", false},
		{"Post how many tickets have the ball in the customer's court, as 'With them: N'.", "tickets", waiting, "12", true},
		{"Email how many of the texts we sent never arrived, as 'Never arrived: N'.", "texts", texts, "13", true},
		{"Email how many subscribers we have whose addresses hard-bounced, as 'Hard-bounced: N'.", "subscribers", members, "11", true},
		{"Post how many bookings are still on hold.", "bookings", bookings, "11", false},
		{"Post how many bookings are still on the back burner.", "bookings", bookings, "11", false},
		{"Post how many bookings are still on the back burner.", "bookings", bookings, "6", true},
	})
}

// Two values of one meaning in a field leave its phrases naming neither
// (Zendesk's solved beside closed: "taken care of"), and a value the
// phrase of another value's sense writes is not named by it: bills
// "waiting to be paid" are the authorised ones, not the paid ones beside
// them, and invoices "paid off" are the paid ones, not the authorised.
func TestSenseOfTwoValuesNamesNeither(t *testing.T) {
	tickets := records("status", "solved", 14, "closed", 4, "open", 6)
	bills := records("status", "AUTHORISED", 13, "PAID", 6, "DRAFT", 4)
	checkCounts(t, []countCase{
		{"Email how many tickets have been taken care of.", "tickets", tickets, "14", false},
		{"Email how many tickets have been taken care of.", "tickets", tickets, "4", false},
		{"Email how many tickets are closed for good.", "tickets", tickets, "4", true},
		{"Email how many bills are waiting to be paid.", "bills", bills, "13", true},
		{"Email how many bills are waiting to be paid.", "bills", bills, "6", false},
		{"Email how many bills are paid off.", "bills", bills, "6", true},
		{"Email how many bills are paid off.", "bills", bills, "13", false},
	})
}

// No phrase of one sense holds, in whole words, a phrase of another: each
// idiom means one state.
func TestSensePhrasesAreApart(t *testing.T) {
	for i, a := range stateSenses {
		for j, b := range stateSenses {
			if i == j {
				continue
			}
			for _, p := range a.phrases {
				for _, q := range b.phrases {
					if strings.Contains(" "+p+" ", " "+q+" ") {
						t.Errorf("%q (sense of %v) holds %q (sense of %v)", p, a.values, q, b.values)
					}
				}
			}
		}
	}
}

// Every phrase names the value of its own sense and no value of another
// sense beside it: a field holding the sense's first value beside the
// first values of two other senses (and a decision, where the sense
// awaits one).
func TestSensePhraseNamesNoOtherValue(t *testing.T) {
	for i, s := range stateSenses {
		var others []string
		if s.beside != nil {
			others = append(others, s.beside[0])
		}
		for k := 1; len(others) < 2; k++ {
			if v := stateSenses[(i+k)%len(stateSenses)].values[0]; !slices.Contains(s.values, v) && !slices.Contains(others, v) {
				others = append(others, v)
			}
		}
		recs := records("status", s.values[0], 11, others[0], 5, others[1], 3)
		for _, p := range s.phrases {
			text := fmt.Sprintf("Email how many records are %s, as 'Records: N'.", p)
			checkCounts(t, []countCase{
				{text, "records", recs, "11", true},
				{text, "records", recs, "5", false},
				{text, "records", recs, "3", false},
			})
		}
	}
}
