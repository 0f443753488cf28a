package ground

import (
	"slices"
	"strings"
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

// stateSenses are the meanings of states products store under a word of
// their own, each with the idioms people ask for it by. A phrase belongs
// to one sense only and holds no phrase of another
// (TestSensePhrasesAreApart), so that it never names a value of another
// meaning.
var stateSenses = []stateSense{
	// a request or an offer turned away
	{values: []string{"denied", "declined", "rejected", "refused"},
		phrases: []string{"turned down", "turn down", "turns down", "turning down", "declined", "refused", "rejected", "denied", "said no", "says no",
			"shot down", "vetoed", "nixed", "turned away", "got a no", "gave us a no", "thumbs down"}},
	// a call no one answered
	{values: []string{"no answer", "noanswer", "unanswered"},
		phrases: []string{"nobody picked up", "no one picked up", "nobody answered", "no one answered", "went unanswered", "unanswered", "no answer",
			"didn t pick up", "did not pick up", "never picked up", "rang out"}},
	// work carried through to its end: a contract signed by everyone, a
	// meeting held
	{values: []string{"completed", "complete", "executed"},
		phrases: []string{"fully executed", "executed", "took place", "taken place", "take place",
			"fully signed", "signed by all", "signed by both", "countersigned", "been held", "was held", "were held", "actually happened"}},
	// an offer the other side agreed to
	{values: []string{"accepted", "agreed"},
		phrases: []string{"said yes", "says yes", "say yes", "agreed to", "took us up on", "take us up on", "got a yes", "gave us a yes"}},
	// something stopped from running until someone starts it again: a
	// campaign, a channel
	{values: []string{"paused", "disabled", "suspended"},
		phrases:   []string{"switched off", "switch off", "turned off", "turn off", "on ice", "on pause", "suspended"},
		opposites: []string{"live", "running", "switched on", "turned on"}},
	// work set aside for now
	{values: []string{"on hold", "hold", "onhold"},
		phrases: []string{"parked", "back burner", "backburner", "sidelined", "set aside", "put aside", "in limbo", "shelved"}},
	// a request filed that nobody has touched yet
	{values: []string{"submitted", "new"},
		phrases: []string{"brand new", "untouched", "nobody has touched", "no one has touched", "not yet looked at", "just come in", "fresh in"}},
	// a planned thing that will not happen
	{values: []string{"cancelled", "canceled", "voided", "void"},
		phrases: []string{"called off", "call off", "calls off", "calling off", "axed", "pulled the plug", "pulled out", "dropped out", "bailed"}},
	// a matter ended for good
	{values: []string{"closed"},
		phrases: []string{"put to bed", "closed out", "closed for good"}},
	// a message or a document that has left us
	{values: []string{"sent"},
		phrases: []string{"went out", "gone out", "go out", "goes out", "out the door", "sent out", "mailed out", "blasted out", "dispatched"}},
	// a matter seen through to its end, in whichever word the product
	// ends work with ("sorted" alone also means put in order, so only
	// its forms that say a matter was settled)
	{values: endStates,
		phrases: []string{"got sorted", "get sorted", "gets sorted", "been sorted", "sorted out", "taken care of", "seen to", "squared away", "all done",
			"finished up", "done and dusted", "ticked off"}},
	// a bill or an invoice paid in full
	{values: []string{"paid"},
		phrases: []string{"settled", "settled up", "paid up", "paid off", "paid in full", "squared up"}},
	// an approved bill or invoice that awaits its payment (Xero writes
	// "AUTHORISED" and shows it as "Awaiting Payment")
	{values: []string{"authorised", "authorized", "awaiting payment"},
		phrases: []string{"waiting to be paid", "waiting for payment", "waiting on payment", "awaiting payment"}},
	// a request let through by whoever decides
	{values: []string{"approved"},
		phrases: []string{"green light", "green lit", "green lighted", "okayed", "rubber stamped", "given the go ahead", "got the go ahead", "thumbs up"}},
	// a request that waits on the decision of whoever lets it through:
	// "pending" means this only beside a value the decision ends in (a
	// Zoom registrant pending beside approved and denied), as Xero's
	// "SUBMITTED" is its "Awaiting Approval"
	{values: []string{"pending approval", "awaiting approval", "submitted", "pending"},
		phrases: []string{"waiting on our ok", "waiting for our ok", "waiting on the ok", "waiting for the ok", "waiting for approval", "waiting on approval",
			"awaiting approval", "waiting for sign off", "waiting on sign off", "awaiting sign off", "yet to be approved", "still to be approved",
			"waiting for a decision", "waiting on a decision", "awaiting a decision", "waiting for the nod"},
		beside: decisions},
	// a person who asked to receive no more mail
	{values: []string{"unsubscribed", "opted out", "optedout"},
		phrases: []string{"opted out", "opt out", "opts out", "opting out", "unsubbed", "taken off the list", "taken off our list", "left the list"}},
	// an address mail no longer reaches (Mailchimp "cleans" an address
	// that bounced hard)
	{values: []string{"cleaned", "bounced", "hard bounce", "hardbounce"},
		phrases: []string{"bounced", "bounce", "bounces", "bouncing", "hard bounced", "hard bounce", "dead addresses", "dead address"}},
	// a message sent that never reached its recipient
	{values: []string{"undelivered", "undeliverable", "not delivered"},
		phrases: []string{"never arrived", "didn t arrive", "did not arrive", "never got there", "never reached", "never made it", "got lost"}},
	// a message judged unwanted
	{values: []string{"spam", "junk"},
		phrases: []string{"junk"}},
	// a thing withdrawn for good
	{values: []string{"removed"},
		phrases: []string{"taken down", "take down", "took down", "takes down", "pulled down", "retired"}},
	// a matter kept but out of the way
	{values: []string{"archived"},
		phrases: []string{"filed away", "file away", "files away", "put away", "tucked away", "stored away"}},
	// a matter set aside until a later time
	{values: []string{"snoozed"},
		phrases: []string{"put off", "puts off", "putting off", "deferred", "kicked down the road"}},
	// a planned thing that will still happen: neither called off nor
	// over (a booking "active", an event "confirmed")
	{values: []string{"active", "confirmed", "scheduled", "upcoming"},
		phrases:   []string{"still on", "still happening", "still scheduled", "still booked", "still planned", "still set"},
		notBefore: possessives, openEnded: true},
	// a call that reached someone who answered
	{values: []string{"completed", "answered"},
		phrases: []string{"got through", "get through", "went through", "gone through"}},
	// work begun and not yet finished, or a meeting running now
	{values: []string{"in progress", "inprogress", "started", "ongoing", "underway"},
		phrases: []string{"in flight", "being worked on", "in the works", "on the go", "in full swing", "happening right now", "going on right now"}},
	// a post or a page others can now see
	{values: []string{"published", "live"},
		phrases: []string{"gone live", "went live", "go live", "goes live", "now live", "is live", "are live", "made public", "been posted", "got posted"}},
	// a matter handed up to someone with more say
	{values: []string{"escalated"},
		phrases: []string{"passed up the line", "sent up the line", "taken higher up", "handed up", "raised with management", "raised to a manager"}},
	// a booking held but not yet firm
	{values: []string{"tentative", "provisional", "unconfirmed"},
		phrases: []string{"provisional", "provisionally", "unconfirmed", "tbc", "to be confirmed"}},
	// a matter that waits on the customer's reply
	{values: []string{"waiting on customer", "waiting for customer", "awaiting customer", "waiting on contact", "pending customer"},
		phrases: []string{"in the customer s court", "in the client s court", "in their court", "waiting to hear back", "waiting on the customer",
			"waiting for the customer", "waiting on the client", "waiting for the client", "waiting on a reply from"}},
	// a deal or an opportunity that ended in our favour
	{values: []string{"closedwon", "closed won", "won"},
		phrases: []string{"clinched", "sealed the deal", "bagged", "secured", "nailed down", "signed on the dotted line"}},
	// a deal or an opportunity that ended against us
	{values: []string{"closedlost", "closed lost", "lost"},
		phrases: []string{"went cold", "got away", "fizzled out", "came to nothing", "lost out on", "missed out on", "went to a competitor"}},
	// a thing whose time ran out
	{values: []string{"expired", "lapsed"},
		phrases: []string{"lapsed", "ran out", "run out", "timed out"}},
	// a thing that was tried and did not work
	{values: []string{"failed", "error", "errored"},
		phrases: []string{"went wrong", "didn t work", "did not work", "errored", "fell over"}},
	// a thing lined up to go at a later time
	{values: []string{"queued", "schedule"},
		phrases: []string{"lined up", "queued up", "in the queue", "teed up"}},
}

// decisions are the values a request's decision ends in; beside one of
// them a "pending" request awaits that decision.
var decisions = []string{"approved", "authorised", "authorized", "accepted", "denied", "declined", "rejected", "refused"}

// namesSense reports whether a document other than the one at doc names
// the records whose value is w by a phrase that means w's state, where w
// is the only value of its field (values) of that sense and the phrase
// is not denied ("never took place" names no completed meeting).
func (ctx *Visible) namesSense(w string, values []string, doc int) bool {
	for _, s := range stateSenses {
		if !slices.Contains(s.values, w) || slices.ContainsFunc(values, func(v string) bool { return v != w && slices.Contains(s.values, v) }) ||
			(s.beside != nil && !slices.ContainsFunc(values, func(v string) bool { return slices.Contains(s.beside, v) })) {
			continue
		}
		for i, d := range ctx.Docs {
			if i != doc && slices.ContainsFunc(s.phrases, func(p string) bool { return s.says(d.prose, p) }) {
				return true
			}
		}
	}
	return false
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
	toks := strings.Fields(text)
	want := strings.Fields(p)
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
