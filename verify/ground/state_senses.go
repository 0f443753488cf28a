package ground

import (
	"slices"
	"strings"

	"github.com/legoenv/legoenv/internal/inflect"
	"github.com/legoenv/legoenv/state"
	"github.com/legoenv/legoenv/verify/satisfy"
)

// A product stores a state in one word and a person asks for it by what
// the state means: the registrants "turned down" are those whose status
// is "denied", the calls "nobody picked up" those whose status is
// "no-answer", the envelopes "fully executed" and the meetings that
// "took place" those "completed", the estimates the customer "said yes
// to" those "Accepted". A sense of a state is the words products write it
// in and the phrases plain speech means it by; a phrase names the value
// of its sense where that value is its field's only one of the sense, so
// a field that writes two (a "declined" beside a "denied") is named by
// neither.

// stateSense is one meaning of a state: the values products store it as
// (loose) and the loose phrases that ask for it.
type stateSense struct {
	values, phrases []string
	// verbs are verb phrases in their base form ("turn down"), read in
	// every form of their verb (inflect.VerbForms) as phrases of the sense
	verbs []string
	// doneVerbs are verb phrases read only in their past and past
	// participle forms, where the others ask for the thing to be done or
	// speak of it under way: "took care of" names work ended, "take care
	// of" asks for it and "taking place" is a meeting not yet over
	doneVerbs []string
	// opposites are phrases that, for a yes-or-no field named by a
	// value, ask for the records the field is false on ("live" channels
	// are those not paused)
	opposites []string
	// notBefore are the words that, right after a phrase, make it
	// another phrase: the work "still on his plate" is unfinished work,
	// not a booking still on
	notBefore []string
	// beside, where given, are the values one of which the field must
	// also hold for the sense to name its value: "pending" awaits a
	// decision only where the field holds what the decision ends in
	beside []string
	// openEnded phrases read as the start of a longer one where a phrase
	// or a value of another sense follows ("still on" of "still on
	// hold")
	openEnded bool
}

// withVerbForms returns the senses with the forms of their verb phrases
// among their phrases.
func withVerbForms(senses []stateSense) []stateSense {
	for i, s := range senses {
		ps := slices.Clone(s.phrases)
		for _, v := range s.verbs {
			ps = append(ps, inflect.VerbForms(v, false)...)
		}
		for _, v := range s.doneVerbs {
			ps = append(ps, inflect.VerbForms(v, true)...)
		}
		senses[i].phrases = slices.Compact(ps)
	}
	return senses
}

// stateSenses are the meanings of states products store under a word of
// their own, each with the idioms people ask for it by, in American and
// British English. A phrase belongs to one sense only and holds no phrase
// of another (TestSensePhrasesAreApart), so that it never names a value
// of another meaning, and ordinary wording that names no state says none
// (TestSensePhrasesNameNoStateInPlainWording).
var stateSenses = withVerbForms([]stateSense{
	// a request or an offer turned away
	{values: []string{"denied", "declined", "rejected", "refused"},
		phrases: []string{"declined", "refused", "rejected", "denied", "said no", "says no", "vetoed", "nixed", "got a no", "gave us a no",
			"thumbs down", "came back with a no", "a hard no", "unsuccessful", "didn t make the cut", "did not make the cut", "rebuffed", "a no go"},
		verbs: []string{"turn down", "turn away", "knock back", "shoot down"}},
	// a call no one answered (Aircall writes a missed call "missed")
	{values: []string{"no answer", "noanswer", "unanswered", "missed"},
		phrases: []string{"nobody picked up", "no one picked up", "nobody answered", "no one answered", "went unanswered", "unanswered", "no answer",
			"didn t pick up", "did not pick up", "never picked up", "rang out", "nobody took the call", "no one took the call", "never got answered",
			"didn t get answered", "did not get answered", "got no answer", "rang and rang"}},
	// work carried through to its end: a contract signed by everyone, a
	// meeting held
	{values: []string{"completed", "complete", "executed", "signed", "esigned"},
		phrases: []string{"fully executed", "executed", "take place", "fully signed", "signed by all", "signed by both", "signed by everyone",
			"signed by everybody", "countersigned", "actually happened", "all signatures in", "every signature in"},
		doneVerbs: []string{"take place", "be held"}},
	// an offer the other side agreed to
	{values: []string{"accepted", "agreed"},
		phrases: []string{"say yes", "says yes", "agreed to", "take us up on", "got a yes", "gave us a yes", "came back with a yes", "went for it",
			"gone for it", "a yes from"},
		doneVerbs: []string{"say yes", "take us up on", "take the offer", "jump at"}},
	// something stopped from running until someone starts it again: a
	// campaign, a channel
	{values: []string{"paused", "disabled", "suspended"},
		phrases:   []string{"on ice", "on pause", "suspended", "stopped running", "frozen", "halted", "gone dark"},
		verbs:     []string{"switch off", "turn off", "shut off"},
		opposites: []string{"live", "running", "switched on", "turned on"}},
	// work set aside for now
	{values: []string{"on hold", "hold", "onhold", "temp hold"},
		phrases: []string{"parked", "back burner", "backburner", "sidelined", "in limbo", "shelved", "on standby", "holding pattern", "stalled"},
		verbs:   []string{"set aside", "put aside"}},
	// a request filed that nobody has touched yet
	{values: []string{"submitted", "new"},
		phrases: []string{"brand new", "untouched", "nobody has touched", "no one has touched", "not yet looked at", "just come in", "fresh in",
			"just arrived", "just landed", "newly arrived", "yet to be looked at", "not looked at yet", "nobody has looked at", "no one has looked at"}},
	// a planned thing that will not happen
	{values: []string{"cancelled", "canceled", "voided", "void"},
		phrases: []string{"axed", "pulled the plug", "pulled out", "dropped out", "bailed", "scrapped", "canned", "ditched", "no longer happening",
			"not happening anymore", "not going ahead", "won t go ahead", "isn t going ahead", "off the calendar", "off the table"},
		verbs:     []string{"call off", "pull the plug"},
		doneVerbs: []string{"back out", "pull out", "drop out"}},
	// a matter ended for good
	{values: []string{"closed"},
		phrases: []string{"closed for good", "shut for good"},
		verbs:   []string{"put to bed", "close out"}},
	// a message or a document that has left us
	{values: []string{"sent"},
		phrases:   []string{"go out", "goes out", "out the door", "dispatched", "hit send"},
		doneVerbs: []string{"go out", "send out", "send off", "mail out", "blast out", "fire off", "email out", "push out"}},
	// a matter seen through to its end, in whichever word the product
	// ends work with ("sorted" alone also means put in order, so only
	// its forms that say a matter was settled)
	{values: endStates,
		phrases: []string{"get sorted", "gets sorted", "been sorted", "all sorted", "all done", "done and dusted", "over and done with", "dealt with"},
		doneVerbs: []string{"get sorted", "sort out", "take care of", "see to", "square away", "finish up", "tick off", "wrap up",
			"iron out", "put right", "cross off", "check off"}},
	// a bill or an invoice paid in full
	{values: []string{"paid"},
		phrases:   []string{"settled", "paid in full", "fully paid", "been paid", "got paid", "payment received", "received payment for", "settled in full"},
		doneVerbs: []string{"settle up", "pay up", "pay off", "square up"}},
	// an approved bill or invoice that awaits its payment (Xero writes
	// "AUTHORISED" and shows it as "Awaiting Payment"), or one a product
	// calls unpaid
	{values: []string{"authorised", "authorized", "awaiting payment", "unpaid", "not paid", "payment due", "pending payment"},
		phrases: []string{"waiting to be paid", "waiting for payment", "waiting on payment", "awaiting payment", "yet to be paid", "still to be paid",
			"not yet paid", "unsettled"}},
	// a request let through by whoever decides
	{values: []string{"approved"},
		phrases: []string{"green light", "green lit", "green lighted", "rubber stamped", "okayed", "ok d", "given the go ahead", "got the go ahead", "thumbs up",
			"given the nod", "got the nod", "given the ok", "got the ok", "given the okay", "got the okay"},
		doneVerbs: []string{"sign off", "sign off on", "give the go ahead", "get the go ahead"}},
	// a request that waits on the decision of whoever lets it through:
	// "pending" means this only beside a value the decision ends in (a
	// Zoom registrant pending beside approved and denied), as Xero's
	// "SUBMITTED" is its "Awaiting Approval"
	{values: []string{"pending approval", "awaiting approval", "submitted", "pending"},
		phrases: []string{"waiting on our ok", "waiting for our ok", "waiting on the ok", "waiting for the ok", "waiting for approval", "waiting on approval",
			"awaiting approval", "waiting for sign off", "waiting on sign off", "awaiting sign off", "yet to be approved", "still to be approved",
			"waiting for a decision", "waiting on a decision", "awaiting a decision", "waiting for the nod", "awaiting the nod", "pending sign off",
			"up for approval", "waiting for the go ahead", "needs sign off", "needs approval", "still needs approval",
			"needs our ok"},
		beside: decisions},
	// a person who asked to receive no more mail
	{values: []string{"unsubscribed", "opted out", "optedout"},
		phrases: []string{"unsubbed", "taken off the list", "taken off our list", "taken off the mailing list", "left the list", "left our list",
			"asked to be taken off", "asked to be removed"},
		verbs: []string{"opt out"}},
	// an address mail no longer reaches (Mailchimp "cleans" an address
	// that bounced hard)
	{values: []string{"cleaned", "bounced", "hard bounce", "hardbounce"},
		phrases: []string{"hard bounced", "hard bounce", "hard bounces", "dead addresses", "dead address", "bad address", "bad addresses",
			"invalid address", "invalid addresses", "dud address", "dud addresses"},
		verbs: []string{"bounce"}},
	// a message sent that never reached its recipient
	{values: []string{"undelivered", "undeliverable", "not delivered", "delivery failed", "deliveryfailed"},
		phrases: []string{"never arrived", "didn t arrive", "did not arrive", "never got there", "never reached", "never made it", "got lost",
			"failed to arrive", "failed to deliver", "never landed", "didn t land", "did not land"}},
	// a message judged unwanted
	{values: []string{"spam", "junk", "likelyspam", "likely spam"},
		phrases: []string{"junk", "spammy"}},
	// a thing withdrawn for good
	{values: []string{"removed"},
		phrases:   []string{"take down", "takes down", "pulled down", "retired", "pulled for good"},
		doneVerbs: []string{"take down", "pull down", "kill off"}},
	// a matter kept but out of the way
	{values: []string{"archived"},
		phrases: []string{"in the archive", "moved to the archive", "out of the inbox"},
		verbs:   []string{"file away", "put away", "tuck away", "store away"}},
	// a matter set aside until a later time
	{values: []string{"snoozed", "deferred"},
		phrases: []string{"deferred", "postponed", "pushed to later", "put off until"},
		verbs:   []string{"put off", "kick down the road", "kick the can down the road"}},
	// a planned thing that will still happen: neither called off nor
	// over (a booking "active", an event "confirmed")
	{values: []string{"active", "confirmed", "scheduled", "upcoming"},
		phrases: []string{"still on", "still happening", "still scheduled", "still booked", "still planned", "still set", "still going ahead",
			"still a go", "still in the diary", "going ahead as planned", "firmed up", "set in stone"},
		notBefore: possessives, openEnded: true},
	// a call that reached someone who answered, a payment that went
	// through
	{values: []string{"completed", "answered", "succeeded", "success", "successful"},
		phrases: []string{"got through", "get through", "went through", "gone through", "got connected", "went off without a hitch"}},
	// work begun and not yet finished, or a meeting running now
	{values: []string{"in progress", "inprogress", "started", "ongoing", "underway"},
		phrases: []string{"in flight", "being worked on", "in the works", "on the go", "in full swing", "happening right now", "going on right now",
			"under way", "half done", "someone is on it"}},
	// a post or a page others can now see
	{values: []string{"published", "live", "posted"},
		phrases: []string{"go live", "goes live", "now live", "is live", "are live", "made public", "been posted", "got posted", "up on the site",
			"up on our site", "up on the blog"},
		doneVerbs: []string{"go live", "push live", "put live", "make live"}},
	// a matter handed up to someone with more say
	{values: []string{"escalated"},
		phrases: []string{"handed up", "raised with management", "raised to a manager", "raised with a manager", "raised with a supervisor",
			"raised to management", "flagged to management", "up the chain", "referred up"},
		doneVerbs: []string{"pass up the line", "send up the line", "take higher up", "kick upstairs", "send upstairs", "take upstairs", "pass upstairs"}},
	// a booking held but not yet firm
	{values: []string{"tentative", "provisional", "unconfirmed", "tentativelyaccepted", "tentatively accepted"},
		phrases:   []string{"provisional", "provisionally", "unconfirmed", "tbc", "to be confirmed", "not yet confirmed", "not confirmed yet", "tentatively"},
		doneVerbs: []string{"pencil in"}},
	// a matter that waits on the customer's reply
	{values: []string{"waiting on customer", "waiting for customer", "awaiting customer", "waiting on contact", "pending customer", "waitingforcustomer",
		"waiting for buyer response"},
		phrases: []string{"in the customer s court", "in the client s court", "in their court", "waiting to hear back", "waiting on the customer",
			"waiting for the customer", "waiting on the client", "waiting for the client", "waiting on a reply from", "waiting on them",
			"waiting for a reply from", "waiting for a response from", "waiting on a response from", "waiting on their reply", "waiting for their reply"}},
	// a deal or an opportunity that ended in our favour
	{values: []string{"closedwon", "closed won", "won"},
		phrases:   []string{"secured", "in the bag", "over the line", "a done deal", "landed the deal", "landed the contract", "landed the account"},
		doneVerbs: []string{"clinch", "seal the deal", "bag", "nail down", "sign on the dotted line"}},
	// a deal or an opportunity that ended against us
	{values: []string{"closedlost", "closed lost", "lost"},
		phrases: []string{"dead in the water", "a dead deal"},
		doneVerbs: []string{"go cold", "get away", "fizzle out", "come to nothing", "lose out on", "miss out on", "go to a competitor", "fall through",
			"go elsewhere", "choose a competitor", "walk away"}},
	// a thing whose time ran out
	{values: []string{"expired", "lapsed"},
		phrases:   []string{"run out", "past its expiry", "past their expiry", "past the expiry date", "out of date", "no longer valid"},
		doneVerbs: []string{"lapse", "run out", "time out"}},
	// a thing that was tried and did not work
	{values: []string{"failed", "error", "errored", "publish failed", "send failed permanently", "failure"},
		phrases:   []string{"didn t work", "did not work", "errored", "didn t go through", "did not go through"},
		doneVerbs: []string{"go wrong", "fall over", "error out"}},
	// a thing lined up to go at a later time
	{values: []string{"queued", "schedule"},
		phrases:   []string{"in the queue", "ready to send", "set to send", "up next"},
		doneVerbs: []string{"line up", "queue up", "tee up"}},
	// a bill past the day it was due
	{values: []string{"overdue", "past due", "pastdue"},
		phrases: []string{"past the due date", "past their due date", "past its due date", "behind on payment", "behind on payments",
			"behind with payment", "behind with payments", "in arrears", "late paying", "late with payment", "late on payment", "not paid on time"},
		doneVerbs: []string{"miss the due date", "miss their due date"}},
	// money handed back to whoever paid it: an order refunded, an
	// expense reimbursed
	{values: []string{"refunded", "reimbursed"},
		phrases:   []string{"got their money back", "given their money back", "money returned", "credited back", "got a refund", "given a refund", "issued a refund"},
		doneVerbs: []string{"pay back", "give the money back"}},
	// an order sent on its way to the customer
	{values: []string{"fulfilled", "shipped"},
		phrases: []string{"on its way", "on their way", "in transit", "out for delivery", "handed to the courier", "with the courier",
			"packed and shipped"},
		doneVerbs: []string{"ship out", "post out", "leave the warehouse"}},
	// an order not yet sent on its way
	{values: []string{"unfulfilled", "unshipped", "not shipped", "awaiting shipment"},
		phrases: []string{"yet to ship", "not yet shipped", "still to ship", "waiting to ship", "awaiting shipment", "not shipped yet", "yet to be shipped",
			"still to be shipped", "waiting to be shipped", "waiting to be packed", "still to be packed", "sitting in the warehouse"}},
	// a message or a parcel that reached whoever it was for
	{values: []string{"delivered"},
		phrases: []string{"arrived safely", "safely arrived", "got delivered", "been delivered", "reached their inbox", "reached the customer",
			"landed safely", "landed in their inbox", "made it through"}},
	// a message or a document written and not yet finished
	{values: []string{"draft", "drafts", "save", "draft pending"},
		phrases: []string{"still being written", "half written", "still being drafted", "in the drafts folder", "saved but not sent", "written but not sent",
			"not finished writing"}},
	// a person who did not come to what they were booked for
	{values: []string{"no show", "noshow"},
		phrases: []string{"didn t show up", "did not show up", "never showed up", "never showed", "didn t turn up", "did not turn up", "never turned up",
			"failed to show", "failed to show up", "failed to turn up", "missed their appointment", "missed the appointment"},
		doneVerbs: []string{"stand us up"}},
	// a message nobody has opened
	{values: []string{"unread", "unopened"},
		phrases: []string{"not yet read", "not read yet", "yet to be read", "still to read", "unopened", "not yet opened", "not opened yet",
			"haven t opened", "hasn t opened", "nobody has read", "no one has read", "never opened"}},
	// a matter closed and then opened once more
	{values: []string{"reopened", "re opened"},
		phrases:   []string{"back open", "opened again", "opened once more"},
		doneVerbs: []string{"open back up", "open up again"}},
	// a customer trying a product before paying for it
	{values: []string{"trialing", "trialling", "in trial", "trial"},
		phrases: []string{"on a trial", "on trial", "on the free trial", "on a free trial", "in their trial", "still trialling", "still trialing",
			"trying us out", "trying it out", "testing us out", "test driving"}},
	// a charge the customer contests with their bank
	{values: []string{"disputed", "chargeback", "in dispute"},
		phrases:   []string{"contested", "under dispute", "raised a dispute", "opened a dispute"},
		doneVerbs: []string{"charge back"}},
	// a debt given up on
	{values: []string{"uncollectible", "write off", "written off", "bad debt"},
		phrases:   []string{"bad debt", "never going to be paid", "not collectable", "uncollectable", "given up on collecting"},
		doneVerbs: []string{"write off"}},
	// a bill paid in part
	{values: []string{"partially paid", "part paid", "partiallypaid", "part_paid", "partially_paid"},
		phrases: []string{"paid in part", "partly paid", "part paid", "half paid", "made a part payment", "made a partial payment"}},
	// a matter someone is weighing before deciding
	{values: []string{"under review", "in review", "inreview", "reviewing"},
		phrases: []string{"being reviewed", "being looked at", "being looked into", "under consideration", "being considered", "being checked",
			"getting looked at", "up for review", "with the reviewers"}},
	// a matter nobody owns yet
	{values: []string{"unassigned"},
		phrases: []string{"nobody owns", "no one owns", "without an owner", "with no owner", "has no owner", "have no owner", "up for grabs",
			"nobody assigned", "no one assigned", "not assigned to anyone", "assigned to nobody", "assigned to no one", "unowned", "unclaimed"}},
	// a candidate given the job
	{values: []string{"hired"},
		phrases:   []string{"joined the team", "got the job", "landed the job"},
		doneVerbs: []string{"bring on board", "come on board", "get the job", "land the job", "join the team"}},
	// a lead or a candidate judged not to fit
	{values: []string{"disqualified", "unqualified", "bad fit", "badfit"},
		phrases:   []string{"not a fit", "not a good fit", "poor fit", "wrong fit", "not the right fit", "didn t qualify", "did not qualify"},
		doneVerbs: []string{"rule out", "screen out"}},
	// a thing thrown away
	{values: []string{"deleted", "trashed", "trash"},
		phrases:   []string{"in the bin", "in the trash", "in the recycle bin", "erased"},
		doneVerbs: []string{"bin", "throw away"}},
	// a batch going out or a payment being handled right now
	{values: []string{"sending", "processing", "in process", "executing"},
		phrases: []string{"being sent", "being processed", "going out now", "going out right now", "still sending", "mid send", "still going out",
			"in the middle of sending"}},
	// a product none of is left to sell
	{values: []string{"out of stock", "outofstock", "sold out", "soldout"},
		phrases: []string{"none left in stock", "nothing left in stock", "no stock left", "zero stock", "none in stock", "sold through"}},
	// a product ordered from the supplier, waiting on its stock
	{values: []string{"onbackorder", "on backorder", "backordered", "back ordered"},
		phrases: []string{"on back order", "back ordered", "waiting on stock", "waiting for stock", "awaiting stock", "waiting on a restock",
			"waiting for a restock", "awaiting restock"}},
	// a call that reached the answering machine
	{values: []string{"voicemail"},
		phrases:   []string{"left a voicemail", "got voicemail", "hit voicemail", "got the machine", "answering machine"},
		doneVerbs: []string{"go to voicemail", "go to the machine"}},
	// work nobody has begun
	{values: []string{"to do", "todo", "not started", "notstarted", "unstarted", "backlog"},
		phrases: []string{"not yet started", "not started yet", "yet to start", "yet to be started", "still to start", "haven t started", "hasn t started",
			"not begun", "not yet begun", "yet to begin", "nobody has started", "no one has started", "in the backlog"}},
	// a person on the mailing list
	{values: []string{"subscribed"},
		phrases:   []string{"on the mailing list", "on our mailing list", "getting our emails", "receiving our emails"},
		doneVerbs: []string{"opt in", "join the list", "join our list", "join the mailing list"}},
	// a campaign or a feature running
	{values: []string{"enabled", "active"},
		phrases: []string{"up and running", "still running"},
		verbs:   []string{"switch on", "turn on"}},
	// a document sent out that waits for its signatures
	{values: []string{"out for signature", "awaiting signature", "waiting for signature"},
		phrases: []string{"waiting for a signature", "waiting on a signature", "waiting to be signed", "still to be signed", "yet to be signed",
			"not yet signed", "awaiting a signature", "out for signing", "with the signer", "with the signers", "unsigned", "not signed yet"}},
})

// decisions are the values a request's decision ends in; beside one of
// them a "pending" request awaits that decision.
var decisions = []string{"approved", "authorised", "authorized", "accepted", "denied", "declined", "rejected", "refused"}

// namesSense reports whether a document other than the one at doc names
// the records whose value is w by a phrase that means w's state or
// another value of it (https://mailchimp.com/developer/marketing/api/campaigns/:
// a campaign's status "save" is a draft), where w
// is the only value of its field (values) of that sense and the phrase
// is not denied ("never took place" names no completed meeting).
func (ctx *Visible) namesSense(w string, values []string, doc int) bool {
	for _, s := range stateSenses {
		if !slices.Contains(s.values, w) || slices.ContainsFunc(values, func(v string) bool { return v != w && slices.Contains(s.values, v) }) ||
			(s.beside != nil && !slices.ContainsFunc(values, func(v string) bool { return slices.Contains(s.beside, v) })) {
			continue
		}
		// the sense's other values name it too, none of them being the
		// field's: Mailchimp's campaigns "in draft" are those it stores
		// as "save"
		names := slices.Concat(s.phrases, slices.DeleteFunc(slices.Clone(s.values), func(v string) bool { return v == w }))
		for i, d := range ctx.Docs {
			if i != doc && slices.ContainsFunc(names, func(p string) bool { return s.says(d.prose, p) }) {
				return true
			}
		}
	}
	return false
}

// FindStateBySense names the first document that asks for the state v
// of a field holding values by a phrase of its meaning, as a count is
// read by one (namesByMeaning): a Zendesk ticket marked "as awaiting
// their reply" is written pending, the status of a request waiting on
// its requester
// (https://developer.zendesk.com/api-reference/ticketing/tickets/tickets/).
func (ctx *Visible) FindStateBySense(v any, values []string) string {
	w := satisfy.Loose(state.Text(v))
	loose := make([]string, len(values))
	for i, x := range values {
		loose[i] = satisfy.Loose(x)
	}
	for i, d := range ctx.Docs {
		one := Visible{Docs: ctx.Docs[i : i+1], Clock: ctx.Clock}
		if one.namesByMeaning(w, loose, -1) {
			return d.Name + " (a phrase of its meaning)"
		}
	}
	return ""
}

// possessives are the words after which a phrase speaks of someone's
// things ("still on his plate").
var possessives = []string{"his", "her", "their", "my", "our", "your", "its"}

// saysPhrase reports whether loose text holds phrase p in whole words,
// with no negation (seen.go) up to three words before it.
func saysPhrase(text, p string) bool { return sayAt(text, p, nil, nil) }

// says is saysPhrase for a phrase of the sense, not said where a word of
// its notBefore follows it, nor where the words belong to a phrase or a
// value of another sense (claimed).
func (s stateSense) says(text, p string) bool {
	return sayAt(text, p, s.notBefore, func(toks []string, i, n int) bool { return s.claimed(toks, i, n) })
}

// sayAt is saysPhrase with the words that may not follow the phrase and
// a test of the words it is found at that rules them out.
func sayAt(text, p string, notBefore []string, ruled func(toks []string, i, n int) bool) bool {
	want := strings.Fields(p)
	// most phrases are not in a text: split it into words only where
	// the phrase's first word is in it
	if len(want) > 0 && !strings.Contains(text, want[0]) {
		return false
	}
	toks := strings.Fields(text)
	for i := 0; i+len(want) <= len(toks); i++ {
		if slices.Equal(toks[i:i+len(want)], want) &&
			!slices.ContainsFunc(toks[max(0, i-3):i], func(n string) bool { return slices.Contains(negations, n) }) &&
			(i+len(want) == len(toks) || !slices.Contains(notBefore, toks[i+len(want)])) &&
			(ruled == nil || !ruled(toks, i, len(want))) {
			return true
		}
	}
	return false
}

// claimed reports whether the n words at i, a phrase of s, are part of
// a phrase or a value of another sense that goes on past them or holds
// them ("still on" of "still on ice" is the paused "on ice", "executed"
// of "fully executed" the phrase that holds it), or, for a sense whose
// phrases open onto more (openEnded), whether such a phrase or value
// follows them, after an article at most ("still on the back burner").
func (s stateSense) claimed(toks []string, i, n int) bool {
	end := i + n
	next := end
	if next < len(toks) && slices.Contains([]string{"the", "a", "an"}, toks[next]) {
		next++
	}
	for _, o := range stateSenses {
		if &o.phrases[0] == &s.phrases[0] {
			continue
		}
		for _, q := range slices.Concat(o.phrases, o.values) {
			qw := strings.Fields(q)
			for j := max(0, i-len(qw)+1); j < end && j+len(qw) <= len(toks); j++ {
				if slices.Equal(toks[j:j+len(qw)], qw) && (j+len(qw) > end || (j+len(qw) == end && j < i)) {
					return true
				}
			}
			if s.openEnded && next+len(qw) <= len(toks) && slices.Equal(toks[next:next+len(qw)], qw) {
				return true
			}
		}
	}
	return false
}

// senseFlag reads which records a loose text names by a yes-or-no field
// whose word w is a value of a sense: those holding it where the text
// says a phrase of the sense ("switched off": paused), those not holding
// it where it says a phrase denied ("never went out": sent false) or an
// opposite ("still live": paused false). ok is false where the text says
// none.
func senseFlag(text, w string) (want, ok bool) {
	for _, s := range stateSenses {
		if !slices.Contains(s.values, w) {
			continue
		}
		for _, p := range s.phrases {
			if s.says(text, p) {
				return true, true
			}
			if strings.Contains(" "+text+" ", " "+p+" ") {
				return false, true
			}
		}
		if slices.ContainsFunc(s.opposites, func(p string) bool { return saysPhrase(text, p) }) {
			return false, true
		}
	}
	return false, false
}

// namedInSenseOnly reports whether every document other than the one at
// doc that writes w writes it only inside a phrase of a sense that names
// another value of the field (values): "waiting to be paid" names the
// authorised bills, not the paid ones beside them.
func (ctx *Visible) namedInSenseOnly(w string, values []string, doc int) bool {
	found := false
	for i, d := range ctx.Docs {
		if i == doc || !strings.Contains(d.text, " "+w+" ") {
			continue
		}
		rest := d.text
		for _, s := range stateSenses {
			if slices.Contains(s.values, w) || !slices.ContainsFunc(values, func(v string) bool { return v != w && slices.Contains(s.values, v) }) {
				continue
			}
			for _, p := range s.phrases {
				rest = strings.ReplaceAll(rest, " "+p+" ", " ")
			}
		}
		if strings.Contains(rest, " "+w+" ") {
			return false
		}
		found = true
	}
	return found
}
