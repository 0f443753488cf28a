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
}

// stateSenses are the meanings of states products store under a word of
// their own.
var stateSenses = []stateSense{
	// a request or an offer turned away
	{values: []string{"denied", "declined", "rejected"},
		phrases: []string{"turned down", "turn down", "turns down", "turning down", "declined", "refused", "rejected", "denied", "said no", "says no"}},
	// a call no one answered
	{values: []string{"no answer", "noanswer", "unanswered"},
		phrases: []string{"nobody picked up", "no one picked up", "nobody answered", "no one answered", "went unanswered", "unanswered", "no answer"}},
	// work carried through to its end: a contract signed by everyone, a
	// meeting held
	{values: []string{"completed", "complete", "executed"},
		phrases: []string{"fully executed", "executed", "took place", "taken place", "take place"}},
	// an offer the other side agreed to
	{values: []string{"accepted", "agreed"},
		phrases: []string{"said yes", "says yes", "say yes", "agreed to"}},
	// something stopped from running until someone starts it again: a
	// campaign, a channel
	{values: []string{"paused", "disabled"},
		phrases:   []string{"switched off", "switch off", "turned off", "turn off"},
		opposites: []string{"live", "running", "switched on", "turned on"}},
	// work set aside for now
	{values: []string{"on hold", "hold", "onhold"},
		phrases: []string{"parked"}},
	// a request filed that nobody has touched yet
	{values: []string{"submitted", "new"},
		phrases: []string{"brand new", "untouched"}},
	// a planned thing that will not happen
	{values: []string{"cancelled", "canceled"},
		phrases: []string{"called off", "call off", "calls off", "calling off"}},
	// a matter ended for good
	{values: []string{"closed"},
		phrases: []string{"put to bed"}},
	// a message or a document that has left us
	{values: []string{"sent"},
		phrases: []string{"went out", "gone out", "go out", "goes out"}},
	// a matter seen through to its end, in whichever word the product
	// ends work with ("sorted" alone also means put in order, so only
	// its forms that say a matter was settled)
	{values: endStates,
		phrases: []string{"got sorted", "get sorted", "gets sorted", "been sorted", "sorted out"}},
	// a bill or an invoice paid in full
	{values: []string{"paid"},
		phrases: []string{"settled", "settled up", "paid up"}},
	// an approved bill or invoice that awaits its payment (Xero writes
	// "AUTHORISED" and shows it as "Awaiting Payment")
	{values: []string{"authorised", "authorized", "awaiting payment"},
		phrases: []string{"waiting to be paid", "waiting for payment", "waiting on payment", "awaiting payment"}},
	// a request let through by whoever decides
	{values: []string{"approved"},
		phrases: []string{"green light", "green lit", "green lighted"}},
	// a person who asked to receive no more mail
	{values: []string{"unsubscribed", "opted out", "optedout"},
		phrases: []string{"opted out", "opt out", "opts out", "opting out"}},
	// a message judged unwanted
	{values: []string{"spam", "junk"},
		phrases: []string{"junk"}},
	// a thing withdrawn for good
	{values: []string{"removed"},
		phrases: []string{"taken down", "take down", "took down", "takes down"}},
	// a matter kept but out of the way
	{values: []string{"archived"},
		phrases: []string{"filed away", "file away", "files away"}},
	// a matter set aside until a later time
	{values: []string{"snoozed"},
		phrases: []string{"put off", "puts off", "putting off"}},
	// a planned thing that will still happen: neither called off nor
	// over (a booking "active", an event "confirmed")
	{values: []string{"active", "confirmed", "scheduled", "upcoming"},
		phrases:   []string{"still on", "still happening", "still scheduled", "still booked", "still planned", "still set"},
		notBefore: possessives},
	// a call that reached someone who answered
	{values: []string{"completed", "answered"},
		phrases: []string{"got through", "get through", "went through", "gone through"}},
}

// namesSense reports whether a document other than the one at doc names
// the records whose value is w by a phrase that means w's state, where w
// is the only value of its field (values) of that sense and the phrase
// is not denied ("never took place" names no completed meeting).
func (ctx *Visible) namesSense(w string, values []string, doc int) bool {
	for _, s := range stateSenses {
		if !slices.Contains(s.values, w) || slices.ContainsFunc(values, func(v string) bool { return v != w && slices.Contains(s.values, v) }) {
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
func saysPhrase(text, p string) bool { return sayAt(text, p, nil) }

// says is saysPhrase for a phrase of the sense, not said where a word of
// its notBefore follows it.
func (s stateSense) says(text, p string) bool { return sayAt(text, p, s.notBefore) }

// sayAt is saysPhrase with the words that may not follow the phrase.
func sayAt(text, p string, notBefore []string) bool {
	toks := strings.Fields(text)
	want := strings.Fields(p)
	for i := 0; i+len(want) <= len(toks); i++ {
		if slices.Equal(toks[i:i+len(want)], want) &&
			!slices.ContainsFunc(toks[max(0, i-3):i], func(n string) bool { return slices.Contains(negations, n) }) &&
			(i+len(want) == len(toks) || !slices.Contains(notBefore, toks[i+len(want)])) {
			return true
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
