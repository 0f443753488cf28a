package synth

import "github.com/legoenv/legoenv/atom"

// A support case, an issue or a request is about something that broke (a
// fault), or about money, a delivery or a question that is no fault: a
// refund, a parcel that arrived damaged, an address to change, the annual
// plan. Its text is written for what its subject says it is: steps to
// reproduce, logs and regressions belong to a fault, never to a refund.

// caseSubjectWords are, per kind of case, the words of a subject that say
// it is of that kind, in the order they are asked: a fault first ("Billing
// sync fails" is a fault, not a billing question), then money, then a
// delivery, then a question.
var caseSubjectWords = []struct {
	kind  string
	words []string
}{
	{"fault", []string{"fail", "fails", "failing", "failure", "failures", "failover", "error", "errors", "5xx", "broken", "crash", "crashes",
		"stopped", "cannot", "missing", "slow", "times", "timeout", "bug", "regression", "outage", "stalled", "delayed", "unavailable",
		"latency", "loop", "flaky", "drops", "stale", "degraded", "strict", "expiry", "backlog", "down", "fix"}},
	{"billing", []string{"refund", "refunds", "invoice", "invoices", "charge", "charges", "charged", "payment", "payments", "billing", "bill",
		"amount", "overcharged", "receipt", "credit"}},
	{"shipping", []string{"order", "orders", "shipping", "shipment", "delivery", "damaged", "address", "package", "parcel", "arrived",
		"tracking", "return", "returns"}},
	{"question", []string{"question", "questions", "asks", "ask", "plan", "setup", "onboarding", "call", "seats", "pricing", "renewal", "demo", "training"}},
}

// caseKinds are the kinds caseKind gives: a case of a person, written
// into a private record's text as much as a fault is.
var caseKinds = map[string]bool{"fault": true, "billing": true, "shipping": true, "question": true, "request": true}

// caseKind is the kind of a case whose subject is name: "fault",
// "billing", "shipping" or "question" where its words say so, else
// "request" (a case whose subject says nothing of the kind, or a request
// without a subject, such as a time-off request).
func caseKind(name string) string {
	ws := atom.Words(name)
	for _, k := range caseSubjectWords {
		if hasWord(ws, k.words...) {
			return k.kind
		}
	}
	return "request"
}
