package atom

// A support case, an issue or a request is about something that broke (a
// fault), or about money, a delivery or a question that is no fault: a
// refund, a parcel that arrived damaged, an address to change, the annual
// plan. Synthesis writes its text for what its subject says it is, and an
// agrees rule by kind keeps a request to a request type of its kind.

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

// CaseKind is the kind of a case whose subject is name: "fault",
// "billing", "shipping" or "question" where its words say so, else
// "request" (a case whose subject says nothing of the kind, or a request
// without a subject, such as a time-off request).
func CaseKind(name string) string {
	ws := Words(name)
	for _, k := range caseSubjectWords {
		if HasWord(ws, k.words...) {
			return k.kind
		}
	}
	return "request"
}
