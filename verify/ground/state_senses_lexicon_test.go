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

// The phrases the lexicon spelt out form by form before it read verb
// phrases in all their forms each still name the value they named.
func TestSensePhrasesOfTheHandWrittenLexiconStay(t *testing.T) {
	for _, c := range []struct {
		value   string
		phrases []string
	}{
		{"denied", []string{"turned down", "turn down", "turns down", "turning down", "declined", "refused", "rejected", "denied", "said no", "says no", "shot down", "vetoed", "nixed", "turned away", "got a no", "gave us a no", "thumbs down"}},
		{"no answer", []string{"nobody picked up", "no one picked up", "nobody answered", "no one answered", "went unanswered", "unanswered", "no answer", "didn t pick up", "did not pick up", "never picked up", "rang out"}},
		{"completed", []string{"fully executed", "executed", "took place", "taken place", "take place", "fully signed", "signed by all", "signed by both", "countersigned", "been held", "was held", "were held", "actually happened"}},
		{"accepted", []string{"said yes", "says yes", "say yes", "agreed to", "took us up on", "take us up on", "got a yes", "gave us a yes"}},
		{"paused", []string{"switched off", "switch off", "turned off", "turn off", "on ice", "on pause", "suspended"}},
		{"on hold", []string{"parked", "back burner", "backburner", "sidelined", "set aside", "put aside", "in limbo", "shelved"}},
		{"submitted", []string{"brand new", "untouched", "nobody has touched", "no one has touched", "not yet looked at", "just come in", "fresh in"}},
		{"cancelled", []string{"called off", "call off", "calls off", "calling off", "axed", "pulled the plug", "pulled out", "dropped out", "bailed"}},
		{"closed", []string{"put to bed", "closed out", "closed for good"}},
		{"sent", []string{"went out", "gone out", "go out", "goes out", "out the door", "sent out", "mailed out", "blasted out", "dispatched"}},
		{"closed", []string{"got sorted", "get sorted", "gets sorted", "been sorted", "sorted out", "taken care of", "seen to", "squared away", "all done", "finished up", "done and dusted", "ticked off"}},
		{"paid", []string{"settled", "settled up", "paid up", "paid off", "paid in full", "squared up"}},
		{"authorised", []string{"waiting to be paid", "waiting for payment", "waiting on payment", "awaiting payment"}},
		{"approved", []string{"green light", "green lit", "green lighted", "okayed", "rubber stamped", "given the go ahead", "got the go ahead", "thumbs up"}},
		{"pending approval", []string{"waiting on our ok", "waiting for our ok", "waiting on the ok", "waiting for the ok", "waiting for approval", "waiting on approval", "awaiting approval", "waiting for sign off", "waiting on sign off", "awaiting sign off", "yet to be approved", "still to be approved", "waiting for a decision", "waiting on a decision", "awaiting a decision", "waiting for the nod"}},
		{"unsubscribed", []string{"opted out", "opt out", "opts out", "opting out", "unsubbed", "taken off the list", "taken off our list", "left the list"}},
		{"cleaned", []string{"bounced", "bounce", "bounces", "bouncing", "hard bounced", "hard bounce", "dead addresses", "dead address"}},
		{"undelivered", []string{"never arrived", "didn t arrive", "did not arrive", "never got there", "never reached", "never made it", "got lost"}},
		{"spam", []string{"junk"}},
		{"removed", []string{"taken down", "take down", "took down", "takes down", "pulled down", "retired"}},
		{"archived", []string{"filed away", "file away", "files away", "put away", "tucked away", "stored away"}},
		{"snoozed", []string{"put off", "puts off", "putting off", "deferred", "kicked down the road"}},
		{"active", []string{"still on", "still happening", "still scheduled", "still booked", "still planned", "still set"}},
		{"completed", []string{"got through", "get through", "went through", "gone through"}},
		{"in progress", []string{"in flight", "being worked on", "in the works", "on the go", "in full swing", "happening right now", "going on right now"}},
		{"published", []string{"gone live", "went live", "go live", "goes live", "now live", "is live", "are live", "made public", "been posted", "got posted"}},
		{"escalated", []string{"passed up the line", "sent up the line", "taken higher up", "handed up", "raised with management", "raised to a manager"}},
		{"tentative", []string{"provisional", "provisionally", "unconfirmed", "tbc", "to be confirmed"}},
		{"waiting on customer", []string{"in the customer s court", "in the client s court", "in their court", "waiting to hear back", "waiting on the customer", "waiting for the customer", "waiting on the client", "waiting for the client", "waiting on a reply from"}},
		{"closedwon", []string{"clinched", "sealed the deal", "bagged", "secured", "nailed down", "signed on the dotted line"}},
		{"closedlost", []string{"went cold", "got away", "fizzled out", "came to nothing", "lost out on", "missed out on", "went to a competitor"}},
		{"expired", []string{"lapsed", "ran out", "run out", "timed out"}},
		{"failed", []string{"went wrong", "didn t work", "did not work", "errored", "fell over"}},
		{"queued", []string{"lined up", "queued up", "in the queue", "teed up"}},
	} {
		for _, p := range c.phrases {
			if !slices.ContainsFunc(stateSenses, func(s stateSense) bool { return slices.Contains(s.values, c.value) && slices.Contains(s.phrases, p) }) {
				t.Errorf("%q no longer names %q", p, c.value)
			}
		}
	}
}

// Ordinary task wording that names no state says no phrase of any sense:
// a user who "signed up" in the last 30 days, a case "with the customer's
// email" in its subject, "the total still owed" on invoices, a task
// "turned into" an Asana task, a "money-back guarantee", figures
// "halfway through the quarter".
func TestSensePhrasesNameNoStateInPlainWording(t *testing.T) {
	for _, text := range []string{
		"Tag every Intercom user who signed up in the last 30 days with 'onboarding'.",
		"Add the person who signed up on the webinar form (see the sign-up email) to HubSpot with first and last name and email.",
		"Open a high-priority Salesforce case for each Gorgias ticket tagged chargeback, with the customer's email in the subject.",
		"Email the controller the total still owed on the QuickBooks invoices, as 'Balance: $X'.",
		"Turn that request into an Asana task in the Facilities project, assigned to the person who asked, due Friday.",
		"Set up a Zoom meeting \"Arm calibration clinic\" next Monday at 15:00 UTC for 45 minutes.",
		"Create a Salesforce task \"Follow up\" for the contact.",
		"Reply to the customer and let them know the order number.",
		"Add a row to the Leads sheet with the name, email and company from the form.",
		"Post in #sales the deal name and amount of every deal over $10,000.",
		"Schedule a Google Calendar event with the candidate for Thursday at 10:00.",
		"Forward the supplier's W-9 to accounts payable and add them to the Vendors table.",
		"Text the shift lead how many conversations are in the Returns mailbox, as 'Returns: N'.",
		"Look up the contact in HubSpot and update their phone number from the email.",
		"Send the customer a thank-you email with the recording link.",
		"Remind the customer of our money-back guarantee and quote the fixed price.",
		"Halfway through the quarter, post the sales figures in #sales.",
	} {
		prose := NewDoc("the instruction", text).prose
		for _, s := range stateSenses {
			for _, p := range s.phrases {
				if s.says(prose, p) {
					t.Errorf("%q says %q (sense of %v)", text, p, s.values)
				}
			}
		}
	}
}

// Senses of states the lexicon read no phrase of, and verb phrases in
// forms it did not spell out: invoices "past their due date" are the
// overdue ones, orders "on their way" the fulfilled ones, candidates
// "ruled out" the disqualified ones, events someone "called it off" on
// the cancelled ones, bookings "pencilled in" the tentative ones, debts
// "written off" the uncollectible ones, envelopes "yet to be signed" those
// out for signature, tickets "nobody owns" the unassigned ones, campaigns
// someone is "switching off" the paused ones. A denied phrase names none.
func TestDeriveCountOfAStateNamedByVerbFormsAndNewSenses(t *testing.T) {
	invoices := records("status", "overdue", 11, "paid", 6, "draft", 3)
	orders := records("status", "fulfilled", 12, "unfulfilled", 5, "cancelled", 2)
	leads := records("status", "disqualified", 13, "qualified", 5, "new", 3)
	events := records("status", "cancelled", 11, "confirmed", 14)
	bookings := records("status", "tentative", 12, "confirmed", 6)
	debts := records("status", "uncollectible", 11, "open", 7, "paid", 4)
	envelopes := records("status", "out_for_signature", 13, "completed", 6, "voided", 2)
	tickets := records("status", "unassigned", 12, "open", 6, "closed", 3)
	campaigns := records("status", "paused", 11, "enabled", 6, "removed", 2)
	checkCounts(t, []countCase{
		{"Email how many invoices are past their due date, as 'Late: N'.", "invoices", invoices, "11", true},
		{"Email how many invoices there are, as 'Invoices: N'.", "invoices", invoices, "11", false},
		{"Text how many orders are on their way, as 'Shipped: N'.", "orders", orders, "12", true},
		{"Post how many leads we ruled out, as 'Ruled out: N'.", "leads", leads, "13", true},
		{"Post how many leads we never ruled out.", "leads", leads, "13", false},
		{"Email how many events the organisers called off, as 'Off: N'.", "events", events, "11", true},
		{"Email how many events someone has called it off on.", "events", events, "11", true},
		{"Email how many bookings are only pencilled in, as 'Pencilled: N'.", "bookings", bookings, "12", true},
		{"Email how many bookings are only penciled in.", "bookings", bookings, "12", true},
		{"Email how many debts we have written off, as 'Written off: N'.", "debts", debts, "11", true},
		{"Post how many envelopes are yet to be signed, as 'To chase: N'.", "envelopes", envelopes, "13", true},
		{"Post how many tickets nobody owns, as 'Unowned: N'.", "tickets", tickets, "12", true},
		{"Text how many campaigns we are switching off, as 'Off: N'.", "campaigns", campaigns, "11", true},
	})
}
