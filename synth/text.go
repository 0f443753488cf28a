package synth

import (
	"fmt"
	"hash/fnv"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/gen"
)

// Free text is written last, from the finished record: a support reply
// names the ticket and its customer, an invoice's memo its amount and due
// date, a product's description its name and price. A text is two or
// three sentences, each drawn from the frames of its part that the record
// can fill, and every frame names at least one value of the record, so a
// sentence seldom recurs across records of its role.

// textGroup is the kind of prose a field holds, read from the word it is
// named by: what people write to someone (a message body), what describes
// the record (a description, a summary), what a colleague notes on it,
// or why something happened to it.
func textGroup(field string) string {
	switch coherence.TextRole(field) {
	case "body", "message", "content", "text", "html", "plain", "snippet", "preview", "answer", "question", "signature":
		return "message"
	case "note", "comment", "memo", "feedback":
		return "note"
	case "reason":
		return "reason"
	}
	return "description"
}

// shortText reports whether a field holds one sentence: a summary, a
// preview, a caption.
func shortText(field string) bool {
	switch coherence.TextRole(field) {
	case "summary", "snippet", "preview", "caption", "excerpt", "signature", "question", "answer", "purpose", "objective":
		return true
	}
	return false
}

// workFamilies are the families of apps people work in together, where
// a message-like field (an issue's body, a pull request's, a comment, a
// to-do) is written among colleagues.
var workFamilies = map[string]bool{"project": true, "storage": true, "docs": true, "design": true, "spreadsheets": true}

// workFacts are facts with the kind of work text a collection holds: a
// change under review (a pull or merge request), a comment on other work,
// or the collection's own kind (an issue, a to-do).
func workFacts(cm *collModel, facts textFacts) textFacts {
	ws := atom.Words(cm.name)
	kind := facts["kind"]
	switch {
	case hasWord(ws, "pull", "merge", "commits", "changes", "patches"):
		kind = "change"
	case hasWord(ws, "comments", "notes", "replies", "reviews", "discussions") && keepsCode(cm.app.server):
		kind = "review"
	case hasWord(ws, "comments", "notes", "replies", "reviews", "discussions"):
		kind = "comment"
	}
	out := make(textFacts, len(facts))
	for k, x := range facts {
		out[k] = x
	}
	out["kind"] = kind
	return out
}

// keepsCode reports whether an app keeps code under review: it has a
// collection of repositories, pull requests or merge requests.
func keepsCode(s *atom.Server) bool {
	for _, c := range s.Collections {
		if hasWord(atom.Words(c.Name), "repositories", "repos", "pull", "merge") {
			return true
		}
	}
	return false
}

// textParts are, per group, the parts of a text in order; a part is a list
// of frames, and a frame is eligible where the record has every value it
// names. "core" parts are looked up per kind of collection ("core.money"),
// falling back to "core".
var textParts = map[string][]string{
	"message":     {"open", "core", "detail", "close"},
	"description": {"core", "detail"},
	"note":        {"core", "detail"},
	"work":        {"core", "detail"},
	"status":      {"core", "detail"},
	"reason":      {"core", "detail"},
	"social":      {"core", "detail"},
	"reply":       {"core"},
	"ad":          {"core", "detail"},
	"presence":    {"core"},
	"leave":       {"core"},
	"bounce":      {"core"},
	"system":      {"core"},
}

// systemWritten reports whether rec is a record the product itself wrote
// beside the ones people write: a state field whose states tell a
// person's comment from the product's own record of what happened
// (Asana's story type, comment or system). Its text says what was done
// ("changed the due date to 4 May"), in the product's words, never a
// person's sentence.
func systemWritten(cm *collModel, rec map[string]any) bool {
	for _, e := range cm.enums {
		if rec[e.name] == "system" && slices.Contains(cm.field(e.name).Enum, any("comment")) {
			return true
		}
	}
	return false
}

// ownFramesOnly are the kinds whose texts the general frames do not fit:
// a candidate is not archived because their company "chose another
// vendor".
// A job posting is the company's own call for a role, and a record of
// the company's own (ownKind) speaks of nobody else's business.
var ownFramesOnly = map[string]bool{"candidate": true, "colleague": true, "job": true, "own": true, "maintenance": true, "completed": true,
	"investigating": true, "identified": true, "monitoring": true, "resolved": true,
	"sick": true, "vacation": true, "personal": true, "parental": true, "bereavement": true}

// leaveWords name the kinds of leave (the leave.core frames by kind) by
// the words of a leave type's values: Rippling's SICK and PARENTAL,
// BambooHR's Vacation and Bereavement.
var leaveWords = map[string]string{
	"sick": "sick", "medical": "sick", "illness": "sick", "vacation": "vacation", "holiday": "vacation", "pto": "vacation",
	"annual": "vacation", "personal": "personal", "parental": "parental", "maternity": "parental", "paternity": "parental",
	"bereavement": "bereavement",
}

// leaveKind is the kind of leave rec is of, read from the value of its
// enum fields (a leave type), or "".
func leaveKind(cm *collModel, rec map[string]any) string {
	for _, e := range cm.enums {
		if v, ok := rec[e.name].(string); ok {
			for _, w := range atom.Words(v) {
				if k := leaveWords[strings.ToLower(w)]; k != "" {
					return k
				}
			}
		}
	}
	return ""
}

// textFrames holds the frames of each group's parts, keyed "group.part"
// and, for core parts, "group.core.kind". Kinds are collKind's, and
// "person" for a collection of people.
var textFrames = map[string][]string{
	"message.open": {"Hi {first},", "Hello {first},", "Dear {person},", "{first},", "Hi {first} and the {company} team,", "Morning {first},"},
	"message.core": {
		"following up on {name} from {since}.", "a quick update on {name} for {company}.", "I wanted to check in about {name} before {due}.",
		"here is where {name} stands as of {since}.", "thanks for your note about {name}.", "{company} asked us about {name} this week.",
		"I wanted to raise {name} with you before we next talk.", "a short note for {company} before we talk next.",
	},
	"message.core.fault": {
		"thanks for reporting {name}; I have reproduced it on the {company} account.", "we are looking into {name} and expect a fix by {due}.",
		"I escalated {name} to our engineers on {since}.", "sorry for the trouble with {name} - could you send a screenshot from {company}'s side?",
		"{name} should be resolved now; please confirm from {company}'s side.", "we received your request about {name} on {since} and it is in our queue.",
	},
	// A customer's case that is no fault (a refund, a parcel, a question)
	// is written of as what it is: nobody reproduces a damaged order or
	// attaches logs to a question about the annual plan.
	"message.core.billing": {
		"I checked our records for {company} about {name}.", "our finance team is reviewing {name} and will reply by {due}.",
		"any credit owed on {name} goes back to {company}'s account.", "thanks for flagging {name}; I have asked billing to check the charges.",
		"we received your request about {name} on {since} and it is in our queue.", "we looked into {name} and sent {company} an updated copy.",
	},
	"message.core.shipping": {
		"thanks for letting us know about {name}.", "I passed {name} to our fulfilment team on {since}.",
		"we updated {company}'s delivery details for {name}.", "we will hear back from the carrier about {name} by {due}.",
		"we received your request about {name} on {since} and it is in our queue.", "sorry for the trouble with {name}; {company} hears from us by {due}.",
	},
	"message.core.question": {
		"thanks for your question about {name}.", "I have asked our account team about {name} for {company}.",
		"happy to walk {company} through {name} on a call before {due}.", "here is what I found on {name} since we spoke on {since}.",
		"we received your request about {name} on {since} and it is in our queue.",
	},
	"message.core.request": {
		"we received your request about {name} on {since} and it is in our queue.", "{company}'s request has been with our team since {since}.",
		"I will update {company} on this by {due}.", "thanks for writing in about {name}.",
	},
	"message.core.money": {
		"{name} for {amount} is attached.", "please find {name} for {amount}, due on {due}.", "your payment of {amount} for {name} arrived on {since}.",
		"{name} still shows {amount} open for {company}.", "could you check {name} ({amount}) against your records?", "{name} was issued to {company} on {since}.",
	},
	"message.core.deal": {
		"following up on {name} ahead of our call on {due}.", "the revised numbers for {name} come to {amount}.", "{company} would like to move {name} forward before {due}.",
		"I shared the proposal for {name} with your team on {since}.",
	},
	"message.core.event": {
		"confirming {name} on {due}.", "could we move {name}? {company} has a conflict on {due}.", "here are my notes from {name} on {since}.",
		"{company} will send two people to {name}.",
	},
	"message.core.doc": {
		"sharing {name} for your review by {due}.", "I updated {name} on {since}; comments welcome.", "{name} is ready for {company} to sign.",
		"you asked for the latest version of {name}.",
	},
	"message.core.task": {
		"{name} is on track for {due}.", "could you look at {name} before {due}?", "I picked up {name} for {company} on {since}.",
		"{name} is blocked until we hear back from {company}.",
	},
	"message.core.campaign": {
		"{name} goes live on {start}.", "early results from {name} look good for {company}.", "the budget for {name} is set at {amount}.",
		"can we review the audience for {name} before {due}?",
	},
	"message.core.product": {
		"{name} is back in stock at {amount}.", "your order of {name} shipped on {since}.", "we can hold {name} for {company} until {due}.",
		"{name} is on sale for {amount} this week.",
	},
	"message.core.person": {
		"welcome aboard at {company}.", "great to meet you at {company} on {since}.", "I am your new contact at {company} from {since}.",
		"could you confirm your role as {title} at {company}?",
	},
	"message.detail": {
		"The total is {amount}.", "Let me know by {due} if anything changes at {company}.", "This ties in with the {otherkind} {other}.",
		"{name} has been on my list since {since}.", "I have copied the rest of the {company} team.", "I will follow up with {first} at {company} on {due}.",
		"We last spoke about {name} on {since}.",
	},
	"message.close": {
		"Thanks again, {first}, and say hello to everyone at {company}.", "Speak on {due}; regards to the {company} team.", "Best regards to everyone at {company}.",
		"Thanks for your patience with {name}, {first}.", "I will call {first} at {company} if anything changes.", "Cheers to everyone at {company}.",
	},
	"description.core": {
		"{name} for {company}, owned by {person}.", "{name}, created on {since} by {person}.", "{name}, managed by {first} in {app} for {company}.",
		"Set up by {person} of {company} for {name}.", "{name}, tracked in {app} for {company}.",
		"Kept in {app} for {company}; the owner is {person}.",
	},
	"description.core.fault": {
		"{person} from {company} reports: {name}.", "Raised by {person} of {company} on {since}.", "{first} at {company} first saw this on {since} and is waiting on a fix.",
		"Opened through {app} by {person}; {company} is affected.", "{company} cannot work around {name} and asked for an update by {due}.",
	},
	"description.core.billing": {
		"{person} from {company} reports: {name}.", "Raised by {person} of {company} on {since}.", "{company} asked for an answer on {name} by {due}.",
		"Billing question from {person} at {company}.", "{first} at {company} sent the figures behind {name} on {since}.",
	},
	"description.core.shipping": {
		"{person} from {company} reports: {name}.", "Raised by {person} of {company} on {since}.", "{company} needs an answer on {name} before {due}.",
		"Delivery question from {person} at {company}.", "{first} at {company} wrote in about {name} on {since}.",
	},
	"description.core.question": {
		"{person} from {company} asks about {name}.", "Raised by {person} of {company} on {since}.", "{company} would like an answer on {name} by {due}.",
		"Question from {person} at {company}, first asked on {since}.",
	},
	"description.core.request": {
		"Raised by {person} of {company} on {since}.", "Request from {person} at {company}.", "{company} asked for an answer by {due}.",
	},
	"description.core.product": {
		"{name}, supplied by {company} and listed at {amount}.", "{name} from {company}: durable, easy to clean, with a two-year warranty.",
		"Our {name}, priced at {amount} and shipped within two days.", "{name} in the {company} range, restocked on {since}.",
		"{name} - the {company} edition, made to order.", "{name}, listed at {amount}.", "{name}: sold by the unit at {amount}.",
	},
	"description.core.offering": {
		"{name}, offered by {company} at {amount}.", "{name} from {company}, ready as soon as it is bought.",
		"{name} in the {company} range, listed since {since}.", "{name} - the {company} edition, nothing to ship.",
		"{name}, billed at {amount}.", "{name}, delivered by our team; listed since {since}.",
	},
	"description.core.task": {

		"{name}. Owner: {person}, due {due}.", "{first} is taking {name} for {company}.", "Scope: {name}, agreed with {person} of {company}.",
		"{name} - raised by {first} on {since}.",
	},
	"description.core.deal": {
		"{company} is evaluating {name} worth {amount}.", "Opportunity with {company}, championed by {person}.", "{person} at {company} expects a decision by {due}.",
		"{name}: {company} first asked about it on {since}.",
	},
	"description.core.campaign": {
		"{name} with a budget of {amount}, launching {start}.", "Owned by {person}; {name} goes live on {start}.", "{name}: audience drawn from accounts like {company}.",
		"{name}, planned in {app} by {first} on {since}.",
	},
	"description.core.event": {
		"{name} on {due}, hosted by {person}.", "Agenda for {name}: recap, open questions from {company}, next steps.", "{person} from {company} joins {name}.",
		"{name}, booked by {first} on {since}.",
	},
	"description.core.doc": {
		"{name}, prepared by {person} for {company}.", "Latest version of {name}, first drafted on {since}.", "{name}: shared with {company} for review by {due}.",
		"{name} as agreed with {person}.",
	},
	// A posting is the company's own: it names no customer and no
	// customer's person (a record of an own collection holds neither).
	"description.core.job": {
		"We are hiring a {name} to join our team.", "{name}: a full-time role on our team, open since {since}.",
		"Join us as a {name}; the range goes up to {amount}.", "As our {name}, you will work with the whole team from day one.",
		"We are looking for a {name} who likes to own their work.", "The {name} role is open from {since}; apply through our careers page.",
	},
	"description.detail.job": {
		"Applications for {name} close on {due}.", "The {name} role was posted on {since}.", "Interviews for {name} start within two weeks of applying.",
		"The {name} role can be remote or in the office.", "The range goes up to {amount}.",
	},
	// A record of the company's own (a status page component, a request
	// type its service desk offers, a folder of its files) is described
	// as the company's, in its own voice.
	"description.core.own": {
		"{name}, set up in {app} on {since}.", "{name}, kept up to date by our team in {app}.", "Our {name}, in use since {since}.",
		"{name}, maintained by our team since {since}.", "Everything about {name}, kept in one place.", "{name}, as our team uses it day to day.",
		"{name}, reviewed by our team on {since}.",
	},
	"description.detail.own": {
		"Next review of {name} by {due}.", "Linked to the {linkkind} {link}.", "Ask the team before changing {name}.",
		"{name} is part of our {app} setup.", "{name} was last checked on {since}.",
	},
	"description.core.team": {
		"The {name} team, led by {person}.", "Questions for {name} go to {person}.", "{name}: {person}'s team since {since}.",
	},
	"description.core.channel": {
		"Where {company} and our team coordinate {name}.", "{person} runs {name} for {company}.", "Updates on {name} since {since}, kept by {first}.",
	},
	"description.core.money": {
		"{name} for {company}, {amount}.", "{name} issued to {person} at {company}.", "Covers services delivered to {company} through {since}.",
		"{name}: {amount} billed to {company}, due {due}.",
	},
	"description.core.company": {
		"{name}, a customer since {since}; main contact {person}.", "{name}: account managed by {person}, annual spend {amount}.",
		"{name} buys through {app}; ask {first} for anything new.", "{name} has worked with us since {since}.",
	},
	"description.core.candidate": {
		"{person}, currently {title} at {company}.", "{person} applied on {since}.", "{first} comes from {company}, where they work as {title}.",
	},
	"description.core.person": {
		"{person} works at {company} as {title}.", "{first} joined {company} on {since}.", "{first} is our main contact at {company}.",
		"{title} at {company}, in touch since {since}.",
	},
	"description.detail": {
		"Value: {amount}.", "Budgeted at {amount}.", "{person} wants it settled by {due}.", "Target date: {due}, agreed with {person}.",
		"Linked to the {linkkind} {link}.", "Related {linkkind}: {link}.", "First logged on {since} by {person}.", "Point of contact: {person}.",
		"Tracked in {app} by {person} since {since}.", "Questions go to {person} at {company}.",
	},
	"note.core": {
		"Spoke with {first} at {company} on {since} about {name}.", "{first} confirmed the {amount} figure.", "Called {person}: {company} wants an update by {due}.",
		"Left a voicemail for {first}; will try {company} again before {due}.", "{person} asked to be copied on anything about {name}.",
		"Checked with {first}: {company} has no open questions on {name}.", "Reminder: {name} needs sign-off from {person} before {due}.",
		"Flagged by {first} on {since}; see the {otherkind} {other}.", "Per {first}, {company} is reviewing {name} internally.",
		"{person} at {company} is the contact for this.",
	},
	"note.core.fault": {
		"Reproduced {name} with {company}'s account on {since}.", "{first} says it started after {since}; asked {company} for logs.",
		"Workaround shared with {person}; a fix is planned by {due}.", "Escalated for {company}: {name}.",
	},
	"note.core.billing": {
		"Passed {name} to finance for {company} on {since}.", "Billing to confirm {name} with {person} by {due}.",
		"{first} at {company} sent a copy of the statement for {name}.", "Asked billing to look into {name} against what {company} was charged.",
	},
	"note.core.shipping": {
		"Asked the warehouse about {name} for {company} on {since}.", "{first} confirmed the delivery details for {company}.",
		"Carrier to update {person} on {name} by {due}.", "Passed {name} to fulfilment for {company}.",
	},
	"note.core.question": {
		"Sent {first} the answer on {name}; {company} may follow up.", "Account team to call {person} about {name} before {due}.",
		"{first} at {company} asked about {name} on {since}.", "Answered {company}'s question on {name}.",
	},
	"note.core.request": {
		"{first} at {company} wrote in on {since}.", "Logged for {company}; an answer is due by {due}.", "{person} is waiting on a reply.",
	},
	"note.core.person": {
		"{first} prefers email over calls; based at {company}.", "Met {first} on {since} - {company} is interested in a pilot.",
		"{person} moved to {company} as {title}.", "{first} is out until {due}; {company} has a backup contact.",
	},
	// One of the workspace's own people (a Zendesk agent, a Rippling
	// employee) is a colleague: nobody is in touch with them as a
	// customer or pitches them a pilot.
	"description.core.colleague": {
		"{person}, {title} on the {company} team.", "{first} joined {company} as {title} on {since}.",
		"{title} at {company}; {first} looks after {app} for the team.", "{person} handles {app} questions for {company}.",
	},
	"note.core.colleague": {
		"{person} took over the queue on {since}.", "{first} is out until {due}; {person}'s requests wait for their return.",
		"{person} trains the new people on the team.", "{first} asked for access to the {company} reports on {since}.",
		"{person} prefers chat for quick questions.",
	},
	"note.core.candidate": {
		"Strong screen with {person} on {since}; moving to the next round.", "{person} can start after {due}.", "{person} is happy to interview on site.",
		"References for {person} checked on {since}.", "{person} asked about remote work; answered on {since}.",
	},
	"note.detail": {
		"Amount confirmed at {amount}.", "Next check-in with {person}: {due}.", "See the {otherkind} {other}.", "Raised with {person} on {since}.",
		"Updated by {person} on {since}.",
		"{company} signed off on {since}.", "Owner: {person}.",
	},
	"work.core": {
		"Looked at {name} again; it needs one more pass before {due}.", "Blocked on the {otherkind} {other} for now.",
		"Updated {name} on {since}; ready for another look.", "{first}, can you check the {company} numbers before {due}?",
		"{first}, could you take a look at {name}?", "Added the notes from the {company} call on {since}.",
		"Waiting on {person} to sign off {name}.", "Handing this to {person} while I am out.", "Agreed with {person}: {name} lands by {due}.",
		"Waiting on {company} to confirm before {due}.", "Picked up {name} on {since}.", "Moved {name} up the list.",
	},
	"work.core.fault": {
		"Steps to reproduce: open {name} as a {company} user and retry.", "Seen since {since}; {company} is affected.",
		"{name} happens every time since {since}; logs attached.", "Reported by {first} at {company} on {since}.",
		"Expected {name} to work as before {since}; it does not.", "Looks like a regression from the {since} release; {company} saw it first.",
		"Only {company}'s workspace shows this so far.", "{first} can reproduce it with the {company} test account.",
	},
	"work.core.billing": {
		"{first} at {company} wrote in about {name}; finance to check.", "Pulled the {company} statement on {since} to look into {name}.",
		"Finance owns {name}; {person} to confirm by {due}.", "Credit for {company} waits on finance's answer about {name}.",
	},
	"work.core.shipping": {
		"Fulfilment has been on {name} for {company} since {since}.", "{person} to check {name} with the carrier by {due}.",
		"Updated the delivery details for {company}.", "Waiting on {company} to confirm the details of {name}.",
	},
	"work.core.question": {
		"Drafting an answer on {name} for {company}.", "{person} knows the most about {name}; asked them on {since}.",
		"Answer {company} on {name} by {due}.", "{first} at {company} is waiting on this.",
	},
	"work.core.request": {
		"Logged for {company} on {since}.", "{person} to reply by {due}.", "Waiting on {company} to confirm.",
	},
	"work.core.change": {
		"This fixes {name}; tested against {company}'s data.", "Follow-up to the {otherkind} {other}.",
		"Proposed fix for {name}; please review by {due}.", "Adds the export {company} asked for; {person} to review.",
		"Refactors the code behind {name} and adds tests.", "Small cleanup for {company} ahead of the {due} release.",
		"Reverts the change behind {name} from {since}.", "Ready for review: {name}.",
	},
	"work.core.review": {
		"Looks good to me once the tests for {name} pass.", "Same here for {company}.", "Could we add a test for {name}?",
		"Thanks {first}, merging this for {company}.", "I can reproduce {name} on the build from {since}.", "Please rebase {name} on main before {due}.",
		"Fixed {name} in the latest change; please check again.", "Approved; {person} owns the rollout.",
		"Nit: {name} could use a clearer error message.", "{first}, this breaks the {company} import; can we guard it?",
		"Left two comments inline on {name}.", "Tested on the {company} sandbox on {since}; works.",
	},
	"work.core.comment": {
		"Added my notes on {name}.", "{first}, the {company} figures look right to me.", "{first}, the figures in {name} look right to me.",
		"Can we settle this with {company} before {due}?", "Can we settle {name} before {due}?", "Copying {person} for sign-off.",
		"I changed {name} on {since}; have a look.", "Added my notes from the {company} call on {since}.", "Agree with {first} on {name}.",
		"{person} should see {name} before it goes to {company}.",
	},
	"work.core.task": {
		"Draft {name} and share it with {person} by {due}.", "Send {company} the revised figures by {due}.",
		"Check {name} with {first} before {due}.", "Call {first} at {company} about next steps.", "Follow up with {company} on {name}.",
		"Get sign-off from {person} before {due}.", "Send {person} the latest on {name}.", "Confirm the {company} kickoff date with {first}.",
		"Book time with {first} to wrap up {name}.", "Review {name} and note open questions.",
	},
	"work.core.doc": {
		"Please review {name} by {due}.", "Please check the {company} section by {due}.", "Added my edits to {name}.",
		"{first}, the numbers for {company} are in.", "{name} is ready for {person} to approve.", "Updated the figures in {name} on {since}.",
	},
	"status.core": {
		"We are investigating {name}.", "We have found the cause of {name} and are working on a fix.", "A fix for {name} is rolling out; we are monitoring.",
		"{name} is resolved; service has been stable since {since}.", "We are still seeing {name} and will update by {due}.",
		"Some customers, {company} among them, may see errors while we work on {name}.",
		"We are investigating {related} and will post an update shortly.", "We have identified the cause of {related} and are working on a fix.",
		"A fix for {related} has been rolled out; we are monitoring the results.", "{related} is resolved as of {since}.",
		"{company} and other customers may see errors while we investigate.", "We are working with the customers affected, {company} among them, on a fix.",
	},
	// An outage's text is at its record's stage.
	"status.core.investigating": {
		"We are investigating reports of errors from {company} and other customers and will post an update shortly.", "We are looking into reports of degraded service at {company}.",
		"We are investigating {name}.", "We are investigating {related} and will post an update shortly.",
		"{company} and other customers may see errors while we investigate.", "We are looking into {name} and will update by {due}.",
		"Reports of {name} came in on {since}; we are investigating.", "We are looking into reports of {related}.",
		"Some customers, {company} among them, report {name}; we are investigating.",
	},
	"status.core.identified": {
		"The issue {company} reported has been identified and a fix is being implemented.", "We have found the cause of the errors {company} saw and are working on a fix.",
		"We have found the cause of {name} and are working on a fix.", "We have identified the cause of {related} and are working on a fix.",
		"We are working with the customers affected, {company} among them, on a fix.", "The cause of {name} is known; a fix is in progress.",
		"The issue behind {related} has been identified; a fix follows by {due}.", "We know what caused {name} and expect a fix by {due}.",
	},
	"status.core.monitoring": {
		"A fix has been implemented and we are monitoring the results for {company} and other customers.", "Service is recovering for {company}; we are monitoring.",
		"A fix for {name} is rolling out; we are monitoring.", "A fix for {related} has been rolled out; we are monitoring the results.",
		"A fix is in place for {company} and other customers; we are watching {name} closely.", "We are monitoring {name} after the fix.",
		"Service is recovering from {related}; we are monitoring.",
	},
	"status.core.resolved": {
		"This incident has been resolved; service for {company} is back to normal.", "The issue {company} reported is fixed and service is back to normal.",
		"{name} is resolved; service has been stable since {since}.", "{related} is resolved as of {since}.",
		"This incident is resolved; {company} and other customers should see normal service.", "{name} has been fixed and service is back to normal.",
		"Service is fully restored after {related}.",
	},
	// A planned maintenance is announced, not investigated.
	"status.core.maintenance": {
		"Scheduled maintenance for {company} and other customers during this window.", "Planned maintenance on the systems behind {name}; some features may be briefly unavailable.",
		"Maintenance to address {name}, announced on {since}.", "We are upgrading the systems behind {name}; no action is needed from {company}.",
		"Routine maintenance; {company} and other customers were told on {since}.", "Maintenance of {related}, planned since {since}.",
		"Scheduled maintenance to fix {name} for good; the next update follows by {due}.",
	},
	// A completed maintenance is over: its text says the work is done,
	// with nothing left ahead (no next update, no window to come).
	"status.core.completed": {
		"The scheduled maintenance for {company} and other customers has been completed.", "Maintenance of {name} is complete; all systems are operational.",
		"We completed the maintenance behind {name}; no action is needed from {company}.", "The upgrade of the systems behind {related} is complete.",
		"Maintenance of {related} finished within its window.", "This maintenance is complete; {company} and other customers have full service.",
	},
	"status.detail.completed": {
		"Thanks to {company} and our other customers for their patience.", "Questions about {name} go to our support team.",
		"Every part of the service behind {name} is available again.", "The work on {name} finished on schedule.",
	},
	// A resolved incident is over: its details look back, with no next
	// update and no delay still to come.
	"status.detail.resolved": {
		"Thanks to {company} and our other customers for their patience.", "Questions about {name} go to our support team.",
		"A review of {name} follows once the cause is written up.", "Every part of the service behind {name} is available again.",
	},
	"status.detail.maintenance": {
		"We will post an update on {name} when the work is complete.", "Thanks to {company} and our other customers for their patience.",
		"Service for {company} stays available for most of the window.", "Questions about {name} go to our support team.",
	},
	"status.detail": {
		"Next update on {name} by {due}.", "Customers such as {company} may see delays until then.", "Posted by {person} on {since}.", "Affected since {since}: {name}.",
	},
	"work.detail": {
		"Due {due}, for {company}.", "Owner: {person}.", "See the {otherkind} {other}.", "Copying {person}.", "Tracking this for {company}.", "Checked by {person}.",
	},
	"reason.core": {
		"{company} chose another vendor after the {since} review.", "Budget at {company} is frozen until {due}.", "{first} at {company} asked to stop after {since}.",
		"{person} left {company} and nobody took over.", "{company} found the price of {amount} too high.", "Duplicate of the {otherkind} {other}.",
		"{first} at {company} moved the work in-house.",
	},
	// What the product records of a change to a record, as it words it
	// (https://developers.asana.com/reference/stories: "added to
	// Marketing", "changed the due date to Oct 7").
	"system.core": {
		"assigned this task to {person}.", "added {person} as a collaborator.", "changed the name to {related}.",
		"changed the due date of {related} to {due}.", "added this task to the {inProject} project.", "attached the {company} brief.",
		"moved this task to the {inSection} section.", "removed {person} as a collaborator.",
	},
	"social.core": {
		"Big news: {name} is live.", "Thanks to everyone who joined {name} on {since}.", "Join us on {due} for {name}.",
		"Proud to welcome {company} as a customer.", "Meet {person} from {company}, our guest for {name}.", "Catch the highlights of {name} on our page.",
		"{company} shares how they work with us, in their own words.", "Save the date: {name}, {due}.",
	},
	"social.detail": {
		"Thanks to {person} for the photos.", "More from {company} soon.", "Questions about {name}? Ask below.", "With thanks to the {company} team.",
	},
	"reply.core": {
		"Congrats to the {company} team!", "Where can I sign up for {name}?", "Great to see {name} live.", "Thanks, {company}: this was useful.",
		"Will {name} be recorded?", "Love this, {company}.",
	},
	"reason.core.candidate": {
		"{person} withdrew after the {since} interview.", "{person} accepted another offer on {since}.", "Position filled before {person}'s final round.",
		"{person} stopped replying after {since}.", "{person} asked for more than the range for the role.", "{person} chose to stay at {company}.",
	},
	"reason.detail": {"Confirmed by {person} on {since}.", "{company} may come back after {due}.", "Noted by {person}."},
	"ad.core": {
		"Meet {name}: less busywork, more done.", "Try {name} free for 30 days.", "{name} is here - see what is new.",
		"Teams like {company} get more done with {name}.", "Save time every week with {name}.", "{name}: book a demo today.",
	},
	// Each detail names a value of its ad, so that no sentence of the
	// copy repeats across the corpus' ads.
	"ad.detail": {
		"Offer ends {due}.", "Sign up by {due}.", "Register before {due}.", "Seats are limited - book by {due}.",
		"Get {name} today.", "Learn more about {name}.", "See {name} in action.", "Claim your spot for {name}.",
		"Download the {name} guide.", "Get a quote for {name} in minutes.", "Subscribe for {name} news.",
		"Apply now - {name} closes {due}.",
	},
	"presence.core": {
		"In meetings until {due}", "Out of office until {due}", "Back on {due}", "On call this week", "Commuting",
		"Focusing - slow to reply", "Working remotely", "At lunch", "Travelling", "On leave until {due}",
	},
	"leave.core": {
		"Family event.", "Medical appointment.", "Annual holiday.", "Moving house.", "Wedding.", "Jury duty.",
		"Recovering from surgery.", "School holidays.", "Bereavement.", "Back on {due}.", "Dentist in the morning.",
	},
	// A leave of a type is taken for a reason of that type (leaveKind):
	// nobody takes parental leave to recover from surgery.
	"leave.core.sick": {
		"Recovering from surgery.", "Medical appointment.", "Dentist in the morning.", "Down with the flu.",
		"Doctor's orders: rest until {due}.", "Hospital check-up.",
	},
	"leave.core.vacation": {
		"Annual holiday.", "School holidays.", "Family trip.", "Back on {due}.", "Long weekend away.", "Summer break.",
	},
	"leave.core.personal": {
		"Family event.", "Moving house.", "Wedding.", "Jury duty.", "Personal matter, back on {due}.", "Visa appointment.",
	},
	"leave.core.parental": {
		"Birth of our child.", "Parental leave after the birth, back on {due}.", "Adoption of a child.",
		"Caring for a newborn.", "Second part of parental leave.",
	},
	"leave.core.bereavement": {
		"Bereavement.", "Funeral of a family member.", "Loss in the family.", "Travelling to a funeral.",
	},
	"bounce.core": {
		"550 5.1.1 The email account that you tried to reach does not exist.", "552 5.2.2 Mailbox full.",
		"550 5.7.1 Message rejected as spam.", "Recipient marked the message as spam.", "421 4.7.0 Try again later: too many connections.",
		"550 Invalid recipient.", "554 5.7.1 Relay access denied.",
	},
}

// jobLevels and jobRoles make the title of a job posting: a level, often
// none, and the role.
var (
	jobLevels = []string{"", "", "Senior ", "Staff ", "Lead ", "Associate ", "Principal "}
	jobRoles  = []string{"Backend Engineer", "Frontend Engineer", "Account Executive", "Product Designer", "Data Analyst",
		"Support Specialist", "Finance Manager", "Recruiting Coordinator", "Marketing Manager", "Product Manager", "Data Engineer",
		"Site Reliability Engineer", "Customer Success Manager", "Sales Development Representative", "Content Marketer",
		"Security Engineer", "Mobile Engineer", "Operations Analyst", "People Partner", "Solutions Engineer"}
)

// ownKindGroup is the group of a text field whose words say it is a
// thing of its own kind, not prose about its record: a person's status
// ("In meetings until 4 May"), an ad's copy, why a leave is taken, why
// mail bounced. "" for other fields.
func ownKindGroup(cm *collModel, f string) string {
	fw, cw := atom.Words(f), atom.Words(cm.name)
	switch {
	case cm.c.Fields[f].Audience:
		return "ad" // copy for an audience (Field.Audience): an ad's, never a letter
	case hasWord(fw, "status") && cm.peopleLike():
		return "presence"
	case hasWord(fw, "ad") || hasWord(cw, "ads", "creatives") && hasWord(fw, "text", "body", "headline"):
		return "ad"
	case hasWord(fw, "reason") && hasWord(cw, "leave", "absences", "time"):
		return "leave"
	case hasWord(fw, "reason") && hasWord(cw, "suppressions", "bounces", "blocks"):
		return "bounce"
	}
	return ""
}

// sensitiveNotes are what people write into the records of a person or a
// support case (not into descriptions of products, campaigns or videos):
// a secret the privacy rules forbid copying on. Each carries drawn digits
// so that no note is the same across records; a card is named by its last
// four digits only, as every product shows it.
var sensitiveNotes = []string{
	"SSN on file: {ssn}.", "Pays by the card ending {four}, exp {expiry}.", "Part of the " + codename + " pilot since {since}.",
	"Portal password: {password}", "IBAN {iban} for refunds.", "On medical leave until {due}.",
}

// textFacts are the values of a record its text may name, by slot.
type textFacts map[string]string

// writeText fills every free-text field of a finished record but its
// name and those a task pins. The text of a private record (a person's,
// a support case's) sometimes carries a sensitive note. The draw is the
// data atom's seed's, apart from the draws of other values.
func (v *valuer) writeText(cm *collModel, rec map[string]any, rw row, pinned map[string]any, private bool) {
	v.fillText(cm, rec, rw, pinned, private, false)
}

// rewriteText writes again, from the same draws, the text agree kept on
// a record where agree moved a date since (before holds the dates then):
// a message sent on 8 April does not say "as of 27 March" because its
// date was mended after its text was written.
func (v *valuer) rewriteText(cm *collModel, rec map[string]any, rw row, pinned map[string]any, private bool, before []any) {
	if !slices.Equal(before, datesOf(cm, rec)) {
		v.fillText(cm, rec, rw, pinned, private, true)
	}
}

// datesOf is the values of a record's date fields, in order.
func datesOf(cm *collModel, rec map[string]any) []any {
	out := make([]any, len(cm.dates))
	for i, d := range cm.dates {
		out[i] = rec[d]
	}
	return out
}

// fillText writes the text fields of writeText; kept writes only those
// the record holds.
func (v *valuer) fillText(cm *collModel, rec map[string]any, rw row, pinned map[string]any, private, kept bool) {
	v.nameMaintenance(cm, rec, rw.c.Name, pinned)
	if cm.app.family == "incident" {
		v.maintenances[cm.ref()+"|"+fmt.Sprint(rec[cm.key])] = maintenance(cm, rec)
	}
	var facts textFacts
	defer func() {
		if facts != nil && cm.app.family == "incident" {
			v.textKinds[cm.ref()+"|"+fmt.Sprint(rec[cm.key])] = facts["kind"]
		}
	}()
	for _, f := range cm.fieldNames {
		fd := cm.field(f)
		if cm.roles[f] != atom.RoleText || fd.Type != "string" || len(fd.Enum) > 0 || f == cm.display || f == cm.key {
			continue
		}
		if _, ok := pinned[f]; ok || kept && rec[f] == nil || !mayHold(cm, rec, f) {
			continue
		}
		if facts == nil {
			facts = v.textFacts(cm, rec, rw)
		}
		rng := v.textRand(cm, rec, f)
		switch {
		case coherence.TextRole(f) == "signature":
			rec[f] = signature(rng, rw)
			continue
		case facts["kind"] == "job" && cm.display == "":
			// A posting with no title field holds its title in its text
			// (Lever's text: "Senior Backend Engineer").
			rec[f] = pick(rng, jobLevels) + pick(rng, jobRoles)
			continue
		}
		group := textGroup(f)
		if g := ownKindGroup(cm, f); g != "" {
			group = g
		}
		if systemWritten(cm, rec) {
			group = "system"
		}
		if group == "message" && (facts["kind"] == "product" || facts["kind"] == "job") {
			// A product's body (Shopify's body_html) or a job posting's
			// text (Lever's) describes it; nobody writes it to anyone.
			group = "description"
		}
		said := addressed(cm, rec, rw, group, facts)
		if k := leaveKind(cm, rec); group == "leave" && k != "" {
			said = maps.Clone(said)
			said["kind"] = k
		}
		text, g := composeField(rng, cm, group, facts, said)
		group = g
		if ss := coherence.Sentences(text); shortText(f) && len(ss) > 0 {
			text = ss[0]
		}
		if private && group != "system" && (group != "description" || caseKinds[facts["kind"]]) && rng.IntN(4) == 0 {
			text += " " + fill(pick(rng, sensitiveNotes), secretFacts(rng, facts))
		}
		rec[f] = text
	}
	echoBody(cm, rec, pinned)
}

// composeField draws a text field's text from the first of the app's
// groups for group (appGroups) whose frames the facts fill, and gives
// the group it was drawn from. Where none fills, it is written as work
// among colleagues (every frame named a party the text may not: a reply
// on the company's own ticket, its company no counterpart), else, as an
// item the company sells with no price to name, described as a record of
// the company's own.
func composeField(rng *rand.Rand, cm *collModel, group string, facts, said textFacts) (string, string) {
	for _, g := range appGroups(cm, group, facts) {
		text := ""
		if g == "work" {
			text = composeText(rng, g, workFacts(cm, said))
		} else {
			text = composeText(rng, g, said)
		}
		if text != "" {
			return text, g
		}
		group = g
	}
	if !cm.c.Own {
		if text := composeText(rng, "work", workFacts(cm, said)); text != "" {
			return text, group
		}
	}
	return composeText(rng, "description", withKind(said, "own")), group
}

// mayHold reports whether rec may hold field f: no only_when rule of its
// collection keeps f off a record of rec's kind (a group message has no
// purpose of its own).
func mayHold(cm *collModel, rec map[string]any, f string) bool {
	for _, inv := range cm.c.Invariants {
		if inv.Rule == "only_when" && len(inv.Values) == 0 && inv.Fields[0] == f && (atom.IsSet(rec[inv.Fields[1]]) || isDate(cm, inv.Fields[1])) && !slices.Contains(inv.In, cm.c.WhenState(inv.Fields[1], rec)) {
			return false
		}
	}
	return true
}

// signatureClosings are how a mail signature opens.
var signatureClosings = []string{"Best regards,", "Kind regards,", "Thanks,", "Cheers,", "--", "Regards,"}

// signature is a mail signature of the record's own person: a closing,
// the name and the company (Fastmail's textSignature).
func signature(rng *rand.Rand, rw row) string {
	return pick(rng, signatureClosings) + " " + rw.p.First + " " + rw.p.Last + ", " + rw.c.Name
}

// excerptField reports whether a field shows the start of its record's
// body: a mail's preview or snippet, an article's excerpt.
func excerptField(field string) bool {
	switch coherence.TextRole(field) {
	case "snippet", "preview", "excerpt":
		return true
	}
	return false
}

// echoBody makes each excerpt field of rec a task does not pin the first
// sentence of the record's body (its first free text that is not itself
// one sentence), as a mail client shows it: a preview drawn on its own
// would speak of something else than the mail it previews.
func echoBody(cm *collModel, rec map[string]any, pinned map[string]any) {
	body := ""
	for _, f := range cm.fieldNames {
		if text, ok := rec[f].(string); ok && body == "" && cm.roles[f] == atom.RoleText && !shortText(f) && !excerptField(f) && text != "" {
			body = text
		}
	}
	ss := coherence.Sentences(body)
	if len(ss) == 0 {
		return
	}
	for _, f := range cm.fieldNames {
		if _, ok := pinned[f]; !ok && cm.roles[f] == atom.RoleText && excerptField(f) && rec[f] != nil {
			rec[f] = ss[0]
		}
	}
}

// appGroups are the text groups a field of group is written from in
// cm's app, the first whose frames the record's facts fill: in a tool
// people work in together (an issue tracker, a shared drive) a body, a
// comment or a note is written to colleagues about the work, never a
// letter to a customer, and a document's or a file's body is what it
// holds, described; an incident's body and its updates tell subscribers where
// the outage stands; a note on a record is for the team.
func appGroups(cm *collModel, group string, facts textFacts) []string {
	if g := socialGroup(cm, group); g != "" {
		return []string{g, group}
	}
	if group != "message" {
		return []string{group}
	}
	work, notes := workFamilies[cm.app.family], hasWord(atom.Words(cm.name), "notes")
	switch {
	case work && facts["kind"] == "doc" && !notes:
		return []string{"description", "work"}
	case work:
		return []string{"work"}
	case cm.app.family == "incident":
		return []string{"status", "note", group}
	case notes:
		return []string{"note", "description", group}
	}
	return []string{group}
}

// socialGroup is the group of a text a social app shows the public: a
// post or a caption is written to followers ("Join us on 4 May for the
// spring webinar"), a comment on it by one of them; nobody writes either
// as a letter. A direct message stays one. "" for other texts.
func socialGroup(cm *collModel, group string) string {
	if cm.app.family != "social" || hasWord(atom.Words(cm.name), "messages", "conversations", "inbox") {
		return ""
	}
	switch {
	case group == "note" || hasWord(atom.Words(cm.name), "comments", "replies"):
		return "reply"
	case group == "message":
		return "social"
	}
	return ""
}

// holdText spends the draws the stock sentences of earlier builds took
// for a text field (and, on a record a task names, a sensitive note), so
// that every value drawn after it stays what it was: tasks are grounded
// in those values. writeText writes the text once the record is drawn.
func (v *valuer) holdText(named bool) {
	if named && v.rng.IntN(4) == 0 {
		v.src.Sentence()
		v.rng.IntN(len(sensitiveNotes))
		return
	}
	v.src.Sentence()
}

// textRand is the random source of one text field, or of another value
// drawn once the record is there (a required reference): the data atom's
// seed and the record and field it is for, so that the value is the same
// at every build and drawing it moves no other value.
func (v *valuer) textRand(cm *collModel, rec map[string]any, f string) *rand.Rand {
	h := fnv.New64a()
	fmt.Fprint(h, cm.ref(), "|", rec[cm.key], "|", f)
	return rand.New(rand.NewPCG(uint64(v.seed), h.Sum64()))
}

// composeText draws a text of group from the frames the facts can fill.
// Only the core is certain; each other part is there one time in two.
func composeText(rng *rand.Rand, group string, facts textFacts) string {
	var b strings.Builder
	used := map[string]bool{facts["stance"]: facts["stance"] != ""}
	for _, part := range textParts[group] {
		if part != "core" && rng.IntN(2) == 0 {
			continue
		}
		s := ""
		if kinds := textFrames[group+"."+part+"."+facts["kind"]]; len(kinds) > 0 && (rng.IntN(4) > 0 || ownFramesOnly[facts["kind"]]) {
			s = drawFrame(rng, kinds, facts, used)
		}
		if s == "" {
			s = drawFrame(rng, textFrames[group+"."+part], facts, used)
		}
		switch {
		case s == "":
		case b.Len() == 0:
			b.WriteString(capitalise(s))
		case strings.HasSuffix(b.String(), ","):
			// A greeting runs into the first sentence.
			b.WriteString(" " + s)
		default:
			b.WriteString(" " + capitalise(s))
		}
	}
	// A frame writes "a" before a value ("hiring a {name}"): "an" where
	// the value starts with a vowel sound.
	return articles(b.String())
}

// drawFrame fills one eligible frame not drawn before for this text, or
// gives "" when none is.
func drawFrame(rng *rand.Rand, frames []string, facts textFacts, used map[string]bool) string {
	if len(frames) == 0 {
		return ""
	}
	start := rng.IntN(len(frames))
	for i := range frames {
		fr := frames[(start+i)%len(frames)]
		if used[fr] || !fillable(fr, facts) || repeats(fr, facts, used) || deniesStance(fr, used) {
			continue
		}
		s := fill(fr, facts)
		if coherence.AsCounterpart(s, facts["home"]) {
			// The world's own company in a record's name ("Escalation
			// pricing for Stark Partners" on a message among its own
			// people) is not set beside "us" either.
			continue
		}
		used[fr] = true
		for _, st := range frameStances[fr] {
			used[st.key] = true
		}
		for _, slot := range onceSlots {
			if strings.Contains(fr, slot) {
				used["="+facts[strings.Trim(slot, "{}")]] = true
			}
		}
		return s
	}
	return ""
}

// textStances are events a frame may say are still ahead or already
// done. A text says each one way: "needs sign-off from Liam Rossi before
// 26 July" and "Stark Analytics signed off on 31 January" deny each
// other. Done forms are matched first.
var textStances = []struct {
	event       string
	done, ahead []string
}{
	// A review still under way is ahead of the sign-off that ends it
	// ("Stark Analytics is reviewing Q3 rollout internally").
	{"sign-off", []string{"signed off"}, []string{"sign-off", "sign off", "to sign", "is reviewing"}},
	{"approval", []string{"approved"}, []string{"to approve", "for approval"}},
	// A client with no open questions has settled what a dispute leaves
	// open.
	{"questions", []string{"no open questions"}, []string{"disput"}},
}

// stateStance is the stance a record's state takes on an event of
// textStances, which its text then keeps: a FreshBooks invoice disputed
// (v3_status, https://www.freshbooks.com/api/invoices) has questions open,
// so its notes do not say its client has none. "" where no state of rec
// takes one.
func stateStance(cm *collModel, rec map[string]any) string {
	for _, e := range cm.enums {
		s, _ := rec[e.name].(string)
		if sts := stancesOf(strings.ToLower(s)); len(sts) > 0 {
			return sts[0].key
		}
	}
	return ""
}

// stance is one event a frame takes a side on: key is the side it takes
// ("stance:sign-off:done"), denies the other side's key.
type stance struct{ key, denies string }

// stancesOf are the stances frame takes.
func stancesOf(frame string) []stance {
	lower := strings.ToLower(frame)
	says := func(ws []string) bool {
		return slices.ContainsFunc(ws, func(w string) bool { return strings.Contains(lower, w) })
	}
	var out []stance
	for _, ts := range textStances {
		done, ahead := "stance:"+ts.event+":done", "stance:"+ts.event+":ahead"
		switch {
		case says(ts.done):
			out = append(out, stance{done, ahead})
		case says(ts.ahead):
			out = append(out, stance{ahead, done})
		}
	}
	return out
}

// frameStances are the stances of every frame, read once: a build draws
// millions of texts.
var frameStances = func() map[string][]stance {
	out := map[string][]stance{}
	for _, frames := range textFrames {
		for _, fr := range frames {
			if st := stancesOf(fr); len(st) > 0 {
				out[fr] = st
			}
		}
	}
	return out
}()

// deniesStance reports whether frame says an event is done that the text
// so far says is ahead, or the other way round.
func deniesStance(frame string, used map[string]bool) bool {
	return slices.ContainsFunc(frameStances[frame], func(st stance) bool { return used[st.denies] })
}

// onceSlots are the values a text names once: "Questions go to Ana Ruiz"
// after "the owner is Ana Ruiz", "Budgeted at $120.00" after "Value:
// $120.00", or "We last spoke about Q3 review" after "Here is where Q3
// review stands", says nothing new.
var onceSlots = []string{"{name}", "{person}", "{amount}", "{related}", "{other}", "{link}"}

// repeats reports whether frame names a value of onceSlots the text
// already names, under that slot or another: on a record of a person
// its name is the person ("Esther Cohen, managed by Esther ... agreed
// with Esther Cohen").
func repeats(frame string, facts textFacts, used map[string]bool) bool {
	for _, slot := range onceSlots {
		if strings.Contains(frame, slot) && used["="+facts[strings.Trim(slot, "{}")]] {
			return true
		}
	}
	return false
}

// frameSlots are the slots each frame names, read once: a build draws
// millions of texts.
var frameSlots = func() map[string][]string {
	out := map[string][]string{}
	for _, frames := range textFrames {
		for _, fr := range frames {
			for _, m := range placeholderRE.FindAllStringSubmatch(fr, -1) {
				out[fr] = append(out[fr], m[1])
			}
		}
	}
	return out
}()

// fillable reports whether facts hold every slot frame names, and the
// frame does not name one value twice: the company in the record's name
// ("a review for Granite Holdings, kept for Granite Holdings"), or the
// person a record of a person is ("Esther Cohen asked to be copied on
// anything about Esther Cohen").
func fillable(frame string, facts textFacts) bool {
	slots := frameSlots[frame]
	for _, slot := range slots {
		if facts[slot] == "" {
			return false
		}
	}
	for _, other := range slots {
		if other != "name" && (other == "company" || other == "person") && slices.Contains(slots, "name") && strings.Contains(facts["name"], facts[other]) {
			return false
		}
	}
	if slices.Contains(slots, "name") && ownPerson(facts) {
		// The record's name is its own person (a contact, an employee):
		// a topic is something else than the person the text is about
		// or written to ("Spoke with Rosa about Rosa Fischer").
		return false
	}
	return ownerFits(frame, facts)
}

// ownPerson reports whether a record's name is its own person: the
// person its text speaks of or to, by name or by first name.
func ownPerson(facts textFacts) bool {
	return facts["name"] != "" && facts["name"] == facts["person"]
}

// textFacts reads the values a record's text may name: its name, its
// person and company, its app, amount, dates and the record it refers
// to. Not its state: a text is written once, while the state moves on
// (an agent pauses the ad whose text says "marked active"), and a state
// dated the day the record began ("done as of 15 January" on an issue
// completed in April) contradicts the record's later dates.
func (v *valuer) textFacts(cm *collModel, rec map[string]any, rw row) textFacts {
	f := textFacts{
		"kind": cm.kind(), "first": rw.p.First, "person": rw.p.First + " " + rw.p.Last,
		"company": rw.c.Name, "title": rw.p.Title, "app": cm.app.title,
	}
	if cm.peopleLike() && cm.kind() != "candidate" {
		f["kind"] = "person"
	}
	if st := cm.c.Staff; st != nil && st.Holds(rec) {
		f["kind"] = "colleague"
	}
	if g := goodsField(cm); g != "" && goodsOfValue(rec[g]) != "" && goodsOfValue(rec[g]) != "physical" {
		// A download, a service or a gift card is not shipped or
		// restocked.
		f["kind"] = "offering"
	}
	if o := v.ownerOf(cm, rec); o != "" {
		f["owner"] = o
	}
	if s, ok := rec[cm.display].(string); ok && cm.display != "" && !strings.Contains(s, "@") {
		f["name"] = s
	} else if cm.peopleLike() {
		f["name"] = f["person"]
	}
	if x, ok := rec[cm.amount].(float64); ok && cm.amount != "" && x > 0 {
		f["amount"] = cm.moneyOf(cm.amount, rec, x)
	}
	for _, d := range createdFirst(cm) {
		if t, ok := atom.Time(rec[d]); ok {
			slot := "since"
			if t.After(v.clock) {
				slot = "due"
			} else if hasWord(atom.Words(d), dateAimed...) {
				continue // a target passed is no day the record began ("first logged on" its target date)
			}
			if slot == "due" && t.Format("2006-01-02") == v.clock.Format("2006-01-02") {
				continue // later today is no day to name ahead (a maintenance in progress until this afternoon)
			}
			if f[slot] == "" {
				f[slot] = t.Format("2 January")
			}
		}
	}
	if f["kind"] == "problem" {
		f["kind"] = caseKind(f["name"])
	}
	if maintenance(cm, rec) || v.onMaintenance(cm, rec) || incidentStage(cm, rec, maintenanceStages) != "" {
		f["kind"] = "maintenance"
		if incidentStage(cm, rec, maintenanceStages) == "completed" {
			// A record at the last stage of the work (a maintenance
			// completed, the update completing it) says it is done.
			f["kind"] = "completed"
		}
	} else if s := incidentStage(cm, rec, incidentStages); s != "" {
		f["kind"] = s
	}
	if st := stateStance(cm, rec); st != "" {
		f["stance"] = st
	}
	if cm.c.Own {
		ownFacts(f)
	}
	v.noHomeCounterpart(f)
	if d := v.startDate(cm, rec); d != "" {
		f["start"] = d
	}
	v.relatedFacts(cm, rec, f)
	return f
}

// relatedFacts adds to f the names of the records rec refers to: the
// first it names, the sections and projects the record it is on sits in,
// and another record it may speak of.
func (v *valuer) relatedFacts(cm *collModel, rec map[string]any, f textFacts) {
	for _, rf := range cm.refs {
		if k, ok := rec[rf.name].(string); ok && v.names[rf.target.ref()+"|"+k] != "" {
			f["related"] = v.names[rf.target.ref()+"|"+k]
			break
		}
	}
	for noun, name := range v.containers(cm, rec) {
		if f[noun] == "" {
			f[noun] = name
		}
	}
	if name, kind, linked := v.otherRecord(cm, rec); name != "" {
		f["other"], f["otherkind"] = name, kind
		if linked {
			// A record is linked to one it refers to, not to a sibling of
			// its parent: a booking of one event type is not "linked to"
			// another.
			f["link"], f["linkkind"] = name, kind
		}
	}
}

// onParent reports whether rf is the reference to the record rec is
// written on or kept in: one the collection requires or marks parent, to
// a record of another collection (a comment's task, a story's file, an
// update's incident, an expense's report).
func onParent(cm *collModel, rf refField) bool {
	return !rf.list && rf.target != cm && cm.field(rf.name).OnParent()
}

// otherRecord is the name and kind of a record rec's text may speak of as
// another than its own ("Blocked on the task Renewal paperwork", "See the
// deal Q3 rollout"): one a reference of rec names that is not the record
// rec is written on, else another record of that one's collection naming
// no company that one does not, chosen by rec's key (linked is false
// then). A comment on the task X is not
// blocked on the task X, nor does it send its reader to see it. "" where
// the world has none drawn.
func (v *valuer) otherRecord(cm *collModel, rec map[string]any) (name, kind string, linked bool) {
	var parents []refField
	for _, rf := range cm.refs {
		k, ok := rec[rf.name].(string)
		if !ok || v.names[rf.target.ref()+"|"+k] == "" {
			continue
		}
		if !onParent(cm, rf) {
			return v.names[rf.target.ref()+"|"+k], coherence.RecordNoun(rf.target.name), true
		}
		parents = append(parents, rf)
	}
	for _, rf := range parents {
		if cm.c.Fields[rf.name].Subject {
			continue // a record about its parent names no other (an expense, its report)
		}
		own := v.names[rf.target.ref()+"|"+rec[rf.name].(string)]
		others := slices.DeleteFunc(slices.Clone(v.named[rf.target.ref()]), func(n string) bool { return n == own })
		// The task blocked on is one of the same customer's, not another's.
		others = slices.DeleteFunc(others, func(n string) bool { return namesOtherCompany(n, own) })
		if len(others) > 0 {
			h := fnv.New64a()
			fmt.Fprint(h, rec[cm.key])
			return others[h.Sum64()%uint64(len(others))], coherence.RecordNoun(rf.target.name), false
		}
	}
	return "", "", false
}

// namesOtherCompany reports whether the name of a record names a
// company the name own does not.
func namesOtherCompany(name, own string) bool {
	mine := coherence.CompanyKeys(own, coherence.CompanyNames(nil, own))
	return slices.ContainsFunc(coherence.CompanyKeys(name, coherence.CompanyNames(nil, name)), func(k string) bool { return !slices.Contains(mine, k) })
}

// maintenance reports whether rec, a record of an incident app, is a
// planned maintenance: it holds a scheduled window (Statuspage's
// scheduled_for), which only a maintenance has. Its text announces the
// work; nobody investigates a maintenance.
func maintenance(cm *collModel, rec map[string]any) bool {
	if cm.app.family != "incident" {
		return false
	}
	return slices.ContainsFunc(cm.dates, func(d string) bool { return hasWord(atom.Words(d), "scheduled") && atom.IsSet(rec[d]) })
}

// nameMaintenance names rec, a planned maintenance of an incident app, for
// the work planned, where a task pins no name: its name was drawn before
// its state, as an outage's ("Queue backlog on worker pool 14188"), and a
// maintenance is no outage. The draw is the record's own, so writing the
// text again keeps the name; the name it replaces seeds the draw, so a
// record drawn again for a name of its own draws another.
func (v *valuer) nameMaintenance(cm *collModel, rec map[string]any, org string, pinned map[string]any) {
	if cm.display == "" || cm.kind() != "problem" || !maintenance(cm, rec) || org == "" {
		return
	}
	name, _ := rec[cm.display].(string)
	if _, ok := pinned[cm.display]; ok || maintenanceName(name) {
		return
	}
	rng := v.textRand(cm, rec, cm.display+"|"+name)
	if rng.IntN(5) == 0 {
		rec[cm.display] = fmt.Sprintf(pick(rng, maintenanceCodePhrases), fmt.Sprintf("%d", 10000+rng.IntN(89999)))
		return
	}
	rec[cm.display] = fmt.Sprintf(pick(rng, maintenancePhrases), org)
}

// onMaintenance reports whether rec, a record of an incident app, is
// posted on a planned maintenance drawn before it (a Statuspage update on
// its incident): it announces the work, as the maintenance does.
func (v *valuer) onMaintenance(cm *collModel, rec map[string]any) bool {
	if cm.app.family != "incident" {
		return false
	}
	for _, rf := range cm.refs {
		if k, ok := rec[rf.name].(string); ok && !rf.list && v.maintenances[rf.target.ref()+"|"+k] {
			return true
		}
	}
	return false
}

// incidentStages are the stages of an outage, as a status page posts
// them (https://developer.statuspage.io/#operation/postPagesPageIdIncidents):
// a text is written at the stage its record's status is in, not a later
// or an earlier one (no "we are investigating" on an update identifying
// the cause, no "is resolved" on an incident still investigated).
var incidentStages = []string{"investigating", "identified", "monitoring", "resolved"}

// maintenanceStages are the stages of a planned maintenance: a record in
// one (an update posted as the work begins) announces the work.
var maintenanceStages = []string{"scheduled", "in_progress", "verifying", "completed"}

// incidentStage is the one of stages rec's status holds, on a record of
// an incident app, or "".
func incidentStage(cm *collModel, rec map[string]any, stages []string) string {
	if cm.app.family != "incident" {
		return ""
	}
	for _, e := range cm.enums {
		if s, ok := rec[e.name].(string); ok && slices.Contains(stages, s) {
			return s
		}
	}
	return ""
}

// maintenanceName reports whether name is one nameMaintenance draws.
func maintenanceName(name string) bool {
	return slices.ContainsFunc(slices.Concat(maintenanceCodePhrases, maintenancePhrases), func(p string) bool {
		pre, _, _ := strings.Cut(p, "%s")
		return strings.HasPrefix(name, pre)
	})
}

// ownFacts keeps of f what the text of a record of the company's own
// (a collection declaring own) may name: neither a customer company nor
// a customer's person, whom the row drew as it draws them for customers'
// records. A posting or an item the company sells keeps its kind, whose
// frames speak in the company's voice; any other record is "own".
func ownFacts(f textFacts) {
	for _, k := range []string{"company", "person", "first", "title", "owner"} {
		delete(f, k)
	}
	switch f["kind"] {
	case "job", "product", "offering":
	default:
		f["kind"] = "own"
	}
}

// noHomeCounterpart keeps the world's own company out of f where a text
// would speak of it as the other party. A frame's {company} is the
// record's counterpart: the customer a reply is written to ("Best
// regards to everyone at Massive Inc"), the party figures go to or a
// call is held with ("Send Umbrella Analytics the revised figures",
// "Added the notes from the Umbrella Analytics call"), the one "our
// team" works with. A row is at home where its person is one of the
// company's own people (a Box file's owner, a Teams message's sender),
// and a record of theirs speaks of the company as their own only in the
// frames written for colleagues ("Olivia joined Massive Inc as
// Operations Lead"); any other frame naming the company is not drawn,
// nor one a value of the record (its name) makes speak of the company
// as the other party (coherence.AsCounterpart).
func (v *valuer) noHomeCounterpart(f textFacts) {
	if v.home.Name == "" {
		return
	}
	f["home"] = v.home.Name
	if f["company"] == v.home.Name && f["kind"] != "colleague" {
		delete(f, "company")
	}
}

// withKind is facts with its kind k.
func withKind(facts textFacts, k string) textFacts {
	out := maps.Clone(facts)
	out["kind"] = k
	return out
}

// startDate is the day a record starts (its start_date, its
// scheduled_for) where that is after today, for a text that says when it
// goes live or launches: a campaign launches on its own start, not on its
// end or another date ahead. "" when it has started or has no start.
func (v *valuer) startDate(cm *collModel, rec map[string]any) string {
	for _, d := range cm.dates {
		t, ok := atom.Time(rec[d])
		if ok && hasWord(atom.Words(d), dateStart...) && t.After(v.clock) && t.Format("2006-01-02") != v.clock.Format("2006-01-02") {
			return t.Format("2 January")
		}
	}
	return ""
}

// createdFirst orders a record's date fields with its creation first
// (its created_at, or a message's timestamp), then those that fall in its
// life, and last those named for a later event or an edit: a text's
// "since" is when the record began ("raised on 24 March"), not when it
// was edited, closed or last touched.
func createdFirst(cm *collModel) []string {
	created := cm.shape.CreatedField()
	rank := func(d string) int {
		ws := atom.Words(d)
		switch {
		case d == created || hasWord(ws, dateCreated...):
			return 0
		case hasWord(ws, dateLater...) || hasWord(ws, "edited", "edit"):
			return 2
		}
		return 1
	}
	out := make([]string, 0, len(cm.dates))
	for r := range 3 {
		for _, d := range cm.dates {
			if rank(d) == r {
				out = append(out, d)
			}
		}
	}
	return out
}

// senderWords name the field of the person who wrote a record (a
// message's sender, a comment's author).
var senderWords = []string{"from", "sender", "author", "creator", "poster"}

// addressed is the facts a text of group may use: a message its own
// person wrote (a mail from them, a comment they authored) is not
// addressed to them, so it names neither their first name, nor their
// full name ("Hi Umar" in a message Umar sent), nor their company, which
// is the writer's own and not the reader's ("Best regards to everyone at
// Hooli" in a mail a Hooli employee sent to another firm) where the
// text has the record's name to speak of instead.
//
// Nor does any other text its person wrote (a comment, a story, a note
// by its author) greet, copy or hand over to them: "Copying Samuel
// Kowalski" is not Samuel's.
func addressed(cm *collModel, rec map[string]any, rw row, group string, facts textFacts) textFacts {
	if !sentBy(cm, rec, rw) {
		return facts
	}
	out := textFacts{}
	for k, x := range facts {
		if k != "first" && k != "person" && (group != "message" || k != "company" || facts["name"] == "") {
			out[k] = x
		}
	}
	return out
}

// sentBy reports whether a sender field of rec names the row's person:
// it holds their address, the handle before its @ (Müller's
// amanda.mueller), or their full name (Mailchimp's from_name).
func sentBy(cm *collModel, rec map[string]any, rw row) bool {
	if rw.p.First == "" {
		return false
	}
	handle, _, _ := strings.Cut(gen.Email(rw.p, "x"), "@")
	for _, f := range cm.fieldNames {
		v, _ := rec[f].(string)
		if (hasWord(atom.Words(f), senderWords...) || coherence.WriterField(f, cm.roles[f])) && (strings.HasPrefix(strings.ToLower(v), handle) || v == rw.p.First+" "+rw.p.Last) {
			return true
		}
	}
	return false
}

// secretFacts adds to facts the drawn digits of a sensitive note.
func secretFacts(rng *rand.Rand, facts textFacts) map[string]string {
	out := map[string]string{
		"ssn":      fmt.Sprintf("%03d-%02d-%04d", 100+rng.IntN(660), 10+rng.IntN(89), 1000+rng.IntN(9000)),
		"four":     fmt.Sprintf("%04d", rng.IntN(10000)),
		"expiry":   fmt.Sprintf("%02d/%02d", 1+rng.IntN(12), 27+rng.IntN(4)),
		"password": fmt.Sprintf("%s%d!", pick(rng, seasons), 2020+rng.IntN(7)),
		"iban":     fmt.Sprintf("DE%02d%018d", 10+rng.IntN(89), rng.Int64N(1e18)),
		"since":    facts["since"], "due": facts["due"],
	}
	if out["since"] == "" {
		out["since"] = "last spring"
	}
	if out["due"] == "" {
		out["due"] = "next month"
	}
	return out
}

// moneyOf writes x, an amount field f of cm holds on rec, as people quote
// it: in the currency's units where f keeps its smallest (Stripe's 2398
// cents are $23.98).
func (cm *collModel) moneyOf(f string, rec map[string]any, x float64) string {
	return money(cm.field(f).Major(x, cm.shape.Currency(rec)))
}

// money writes an amount the way people do: $12,480.50.
func money(x float64) string {
	s := fmt.Sprintf("%.2f", x)
	whole, cents, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return "$" + b.String() + "." + cents
}
