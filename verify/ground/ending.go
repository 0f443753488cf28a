package ground

import (
	"slices"
	"strings"
)

// A rate a document names by the end of a record's work ("Resolution
// Rate", "close rate", "completion rate") names the records in the state
// that work ends in: a helpdesk's "closed" or "solved", a task's
// "completed". The share of those records among a person's is the rate
// (one closed conversation of six: 17%), though no document writes the
// state's own word.

// endStates are the values of a state field that say a record's work
// ended: a ticket's, a task's, and a meeting's or a webinar's held
// ("ended": the webinars that "have finished").
var endStates = []string{"closed", "resolved", "solved", "completed", "complete", "done", "finished", "ended"}

// endRates are the words a rate of that ending is named by, each before
// "rate".
var endRates = []string{"resolution", "resolve", "resolved", "close", "closed", "closure", "completion", "solve", "solved", "solution"}

// namesRate reports whether a document other than the one at doc names
// the records whose state is w as a rate: "<w> rate" itself, or, where w
// is a state that work ends in, a rate of ending work.
func (ctx *Visible) namesRate(w string, doc int) bool {
	if len(w) < 3 {
		return false
	}
	words := []string{w}
	if slices.Contains(endStates, w) {
		words = append(words, endRates...)
	}
	for i, d := range ctx.Docs {
		if i == doc {
			continue
		}
		for _, r := range words {
			if strings.Contains(" "+d.text+" ", " "+r+" rate ") {
				return true
			}
		}
	}
	return false
}

// namesEndState reports whether a document other than the one at doc names
// the records whose state is w by another word for work ended, where w is
// the one value of its field (values) that ends work: "resolved"
// conversations are those whose state is "closed" where no state is
// "resolved". Where two values end work (Zendesk's "solved" and
// "closed"), a word for either names neither.
func (ctx *Visible) namesEndState(w string, values []string, doc int) bool {
	if !slices.Contains(endStates, w) {
		return false
	}
	for _, v := range values {
		if v != w && slices.Contains(endStates, v) {
			return false
		}
	}
	return slices.ContainsFunc(endStates, func(e string) bool { return e != w && ctx.named(e, doc) })
}

// draftActs are the acts a record in draft has not had yet: a draft is
// an invoice, a mail or a post not yet sent, published or submitted.
var draftActs = []string{"sent", "send", "published", "publish", "submitted", "submit", "issued", "issue"}

// namesDraft reports whether a document other than the one at doc names
// the records whose state is w, a draft, by the act a draft has not had:
// the invoices "we haven't sent out yet", "not yet published", "unsent".
func (ctx *Visible) namesDraft(w string, doc int) bool {
	if w != "draft" {
		return false
	}
	for i, d := range ctx.Docs {
		if i != doc && deniesAct(strings.Fields(d.text), draftActs) {
			return true
		}
	}
	return false
}

// deniesAct reports whether loose words deny one of acts: "un" before it
// in one word, or a negation (seen.go) up to three words before ("haven't
// sent": loose "haven t sent").
func deniesAct(toks []string, acts []string) bool {
	for i, tok := range toks {
		if after, ok := strings.CutPrefix(tok, "un"); ok && slices.Contains(acts, after) {
			return true
		}
		if !slices.Contains(acts, tok) {
			continue
		}
		if slices.ContainsFunc(toks[max(0, i-3):i], func(n string) bool { return slices.Contains(negations, n) }) {
			return true
		}
	}
	return false
}

// pendingActs are the acts a pending record awaits: a subscription not
// yet confirmed, a registration not yet approved, an invitation not yet
// accepted, an address not yet verified.
var pendingActs = []string{"confirmed", "confirm", "approved", "approve", "accepted", "accept", "verified", "verify"}

// namesPending reports whether a document other than the one at doc
// names the records whose state is w, pending, by the act they await,
// denied: the subscribers who "haven't confirmed their subscription yet",
// the "unapproved" registrants. Where a value of the field (values) is
// such an act, or its denial, the words name that value, not this one.
func (ctx *Visible) namesPending(w string, values []string, doc int) bool {
	if w != "pending" {
		return false
	}
	if slices.ContainsFunc(values, func(v string) bool {
		after, _ := strings.CutPrefix(v, "un")
		return slices.Contains(pendingActs, after)
	}) {
		return false
	}
	for i, d := range ctx.Docs {
		if i != doc && deniesAct(strings.Fields(d.text), pendingActs) {
			return true
		}
	}
	return false
}
