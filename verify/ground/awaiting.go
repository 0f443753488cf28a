package ground

import (
	"slices"
	"strings"
)

// Records are often asked by what they wait for, or by a status a
// product writes as a phrase the ask words otherwise. A Pipefy phase
// "Awaiting Review" holds the cards "still waiting for review"; HubSpot's
// "Waiting on us" the tickets "waiting on our team"; a helpdesk's
// "pending" the tickets "awaiting a reply from the requester"; a lead
// "Open - Not Contacted" is one that has "not been contacted yet"; a
// Jira "In Review" issue is one "under review".

// awaitCues are the words that say a record waits: for an act ("awaiting
// approval", "yet to be signed", "still needs review") or for a person
// ("waiting on the customer").
var awaitCues = [][]string{{"awaiting"}, {"awaits"}, {"await"}, {"waiting"}, {"waits"}, {"wait"}, {"pending"}, {"yet", "to"}, {"still", "needs"}, {"still", "need"}}

// awaitFillers are the words between a cue and what is awaited.
var awaitFillers = []string{"on", "for", "the", "a", "an", "be", "been", "from", "s", "their", "its"}

// sameParty are the words of one party a record may wait on: "us" is
// "our team", "we".
var sameParty = [][]string{{"us", "our", "we", "ours"}}

// awaitReplies are what a pending record of a helpdesk waits for: a reply
// of the person who asked.
var awaitReplies = []string{"reply", "response", "answer", "customer", "requester", "client", "user"}

// cueAt gives the number of words of the await cue at i of toks, 0 where
// none begins there.
func cueAt(toks []string, i int) int {
	for _, c := range awaitCues {
		if i+len(c) <= len(toks) && slices.Equal(toks[i:i+len(c)], c) {
			return len(c)
		}
	}
	return 0
}

// awaited splits a value into what it says its records await: "awaiting
// review" awaits "review", "waiting on us" awaits "us"; ok is false where
// the value does not begin with a cue.
func awaited(v string) ([]string, bool) {
	toks := strings.Fields(v)
	n := cueAt(toks, 0)
	if n == 0 {
		return nil, false
	}
	obj := slices.DeleteFunc(slices.Clone(toks[n:]), func(w string) bool { return slices.Contains(awaitFillers, w) })
	return obj, len(obj) > 0
}

// sameStem reports whether two words are forms of one, or share their
// stems but for a last letter ("approval" and "approved", "shipment" and
// "shipped").
func sameStem(a, b string) bool {
	if SameWord(a, b) {
		return true
	}
	x, y := WordBase(a), WordBase(b)
	n := 0
	for n < len(x) && n < len(y) && x[n] == y[n] {
		n++
	}
	return n >= 4 && n >= min(len(x), len(y))-1
}

// sameAwaited reports whether a word of a text names a word of what a
// value awaits: a form of it, or a word of the same party.
func sameAwaited(t, o string) bool {
	if len(o) >= 4 && sameStem(t, o) {
		return true
	}
	return slices.ContainsFunc(sameParty, func(p []string) bool { return slices.Contains(p, t) && slices.Contains(p, o) })
}

// saysAwaits reports whether loose words say that something waits for
// one of obj: a cue, then within four words (fillers not counted) a word
// naming it.
func saysAwaits(toks []string, match func(string) bool) bool {
	for i := range toks {
		n := cueAt(toks, i)
		if n == 0 {
			continue
		}
		seen := 0
		for _, t := range toks[i+n:] {
			if slices.Contains(awaitFillers, t) {
				continue
			}
			if match(t) {
				return true
			}
			if seen++; seen == 4 {
				break
			}
		}
	}
	return false
}

// namesAwaited reports whether a document other than the one at doc
// names the records whose value is w, a value saying what its records
// await, by another phrase awaiting the same: "Awaiting Review" by
// "still waiting for review" or "yet to be reviewed", "Waiting on us" by
// "waiting on our team".
func (ctx *Visible) namesAwaited(w string, doc int) bool {
	obj, ok := awaited(w)
	if !ok {
		return false
	}
	match := func(t string) bool { return slices.ContainsFunc(obj, func(o string) bool { return sameAwaited(t, o) }) }
	for i, d := range ctx.Docs {
		if i != doc && saysAwaits(strings.Fields(d.text), match) {
			return true
		}
	}
	return false
}

// namesPendingReply reports whether a document other than the one at doc
// names the records whose state is w, pending, as waiting for a reply or
// for the person who asked: a helpdesk's pending tickets are those
// "awaiting a reply from the requester". Where a value of the field
// itself says what it awaits ("waiting on customer"), the words name
// that value.
func (ctx *Visible) namesPendingReply(w string, values []string, doc int) bool {
	if w != "pending" || slices.ContainsFunc(values, func(v string) bool { _, ok := awaited(v); return ok }) {
		return false
	}
	match := func(t string) bool {
		return slices.Contains(awaitReplies, t) || slices.Contains(awaitReplies, WordBase(t))
	}
	for i, d := range ctx.Docs {
		if i != doc && saysAwaits(strings.Fields(d.text), match) {
			return true
		}
	}
	return false
}

// namesPendingAct reports whether a document other than the one at doc
// names the records whose state is w, pending, as waiting for the act a
// pending record lacks (ending.go's pendingActs): the registrants
// "awaiting approval", the subscribers "still waiting for confirmation",
// the invitations "yet to be accepted". Unlike a denial of the act ("not
// approved", which a field holding "approved" reads as every other
// value), waiting for it names the pending records alone, beside an
// "approved" and a "denied". Where a value of the field itself says what
// it awaits ("awaiting approval"), the words name that value.
func (ctx *Visible) namesPendingAct(w string, values []string, doc int) bool {
	if w != "pending" || slices.ContainsFunc(values, func(v string) bool { _, ok := awaited(v); return ok }) {
		return false
	}
	match := func(t string) bool {
		return slices.ContainsFunc(pendingActs, func(a string) bool { return len(t) >= 4 && sameStem(t, a) })
	}
	for i, d := range ctx.Docs {
		if i != doc && saysAwaits(strings.Fields(d.text), match) {
			return true
		}
	}
	return false
}

// deniedPart gives the act a value denies as one of its parts: "open not
// contacted" denies "contacted", "unverified" denies "verified"; "" where
// it denies none.
func deniedPart(v string) string {
	toks := strings.Fields(v)
	for i, t := range toks {
		if t == "not" && i+1 < len(toks) && len(toks[i+1]) >= 4 {
			return toks[i+1]
		}
	}
	return ""
}

// namesDeniedPart reports whether a document other than the one at doc
// names the records whose value is w by denying the act w denies as a
// part: the leads that "have not been contacted yet" are those whose
// status is "Open - Not Contacted", not "Working - Contacted". Where
// another value of the field (values) denies the same act, the words name
// neither.
func (ctx *Visible) namesDeniedPart(w string, values []string, doc int) bool {
	act := deniedPart(w)
	if act == "" || slices.ContainsFunc(values, func(v string) bool { return v != w && deniedPart(v) != "" && SameWord(deniedPart(v), act) }) {
		return false
	}
	for i, d := range ctx.Docs {
		if i == doc {
			continue
		}
		toks := strings.Fields(d.text)
		for j, t := range toks {
			if SameWord(t, act) && slices.ContainsFunc(toks[max(0, j-3):j], func(n string) bool { return slices.Contains(negations, n) }) {
				return true
			}
		}
	}
	return false
}

// statePreps are the words before a noun that say a record is in a
// state: "in review", "under review", "on hold".
var statePreps = []string{"in", "under", "on", "at"}

// prepState splits a value of a state word and its noun ("in review");
// ok is false for any other value.
func prepState(v string) (prep, noun string, ok bool) {
	toks := strings.Fields(v)
	if len(toks) != 2 || !slices.Contains(statePreps, toks[0]) || len(toks[1]) < 4 {
		return "", "", false
	}
	return toks[0], toks[1], true
}

// namesPrepState reports whether a document other than the one at doc
// names the records whose value is w, a state word and its noun, by
// another state word before the noun: the issues "under review" are
// those whose status is "In Review". Where another value of the field
// (values) is the noun after a state word, the words name neither.
func (ctx *Visible) namesPrepState(w string, values []string, doc int) bool {
	prep, noun, ok := prepState(w)
	if !ok || slices.ContainsFunc(values, func(v string) bool { _, n, ok := prepState(v); return v != w && ok && SameWord(n, noun) }) {
		return false
	}
	for i, d := range ctx.Docs {
		if i == doc {
			continue
		}
		toks := strings.Fields(d.text)
		for j := 1; j < len(toks); j++ {
			if toks[j-1] != prep && slices.Contains(statePreps, toks[j-1]) && SameWord(toks[j], noun) {
				return true
			}
		}
	}
	return false
}
