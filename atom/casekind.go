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
var caseSubjectWords = []wordGroup{
	{"fault", []string{"fail", "fails", "failing", "failure", "failures", "failover", "error", "errors", "5xx", "broken", "crash", "crashes",
		"stopped", "cannot", "missing", "slow", "times", "timeout", "bug", "regression", "outage", "stalled", "delayed", "unavailable",
		"latency", "loop", "flaky", "drops", "stale", "degraded", "strict", "expiry", "backlog", "down", "fix"}},
	{"billing", []string{"refund", "refunds", "invoice", "invoices", "charge", "charges", "charged", "payment", "payments", "billing", "bill",
		"amount", "overcharged", "receipt", "credit"}},
	{"shipping", []string{"order", "orders", "shipping", "shipment", "delivery", "damaged", "address", "package", "parcel", "arrived",
		"tracking", "return", "returns"}},
	{"question", []string{"question", "questions", "asks", "ask", "plan", "setup", "onboarding", "call", "seats", "pricing", "renewal", "demo", "training"}},
}

// caseTopicWords are, per topic, the words of a subject or a request
// type's name that say what it is about, in the order they are asked:
// within one kind of case, a login fault is not a printer's, a parcel that
// arrived damaged is no address to change, an order's refund is no
// invoice's amount. A name of none of them is of its kind at large ("Report
// a bug", "Ask a question", "Request a change").
var caseTopicWords = []wordGroup{
	{"access", []string{"login", "logins", "password", "passwords", "sso", "vpn", "access", "permission", "permissions", "2fa", "mfa"}},
	{"hardware", []string{"printer", "printers", "laptop", "laptops", "phone", "phones", "mobile", "hardware", "device", "devices", "monitor"}},
	{"mail", []string{"alias", "aliases", "mailbox", "mailboxes"}},
	{"room", []string{"room", "rooms"}},
	{"staff", []string{"employee", "employees", "onboard", "offboard", "payroll", "hire"}},
	{"legal", []string{"legal", "contract", "contracts", "nda"}},
	{"purchase", []string{"purchase", "purchases", "license", "licenses", "licence", "subscription"}},
	{"security", []string{"security", "phishing", "breach", "malware"}},
	{"link", []string{"link", "links", "url"}},
	{"refund", []string{"refund", "refunds"}},
	{"invoice", []string{"invoice", "invoices", "charge", "charges", "charged", "overcharged", "amount", "receipt"}},
	{"delivery", []string{"delivery", "damaged", "arrived", "parcel", "package", "tracking", "return", "returns", "shipment"}},
	{"address", []string{"address", "addresses"}},
	{"pricing", []string{"pricing", "price", "prices", "plan", "plans", "annual", "renewal", "seats", "quote"}},
	{"data", []string{"export", "exports", "import", "imports", "sync", "api", "webhook", "webhooks", "integration", "erp", "columns"}},
}

// CaseTopic is what a case whose subject is name is about within its
// kind (caseTopicWords): "access" for a login that fails, "delivery" for
// a parcel that arrived damaged; "" where its words name no topic.
func CaseTopic(name string) string { return firstGroup(name, caseTopicWords, "") }

// CaseFits reports whether a case whose subject is subject fits a form
// (a request type) named name, as a person reads the two: the name says
// the subject's kind of case, and it names no topic other than the
// subject's ("Report a bug" takes any fault, "Fix a printer" only a
// printer's; "Change a shipping address" takes no parcel that arrived
// damaged).
func CaseFits(subject, name string) bool {
	if CaseKind(subject) != CaseKind(name) {
		return false
	}
	t := CaseTopic(name)
	return t == "" || t == CaseTopic(subject)
}

// CaseFitsAmong reports whether a case whose subject is subject fits a
// form named name offered beside forms named others (the request types a
// Jira Service Management instance offers, each named by its service desk
// for what it takes:
// https://developer.atlassian.com/cloud/jira/service-desk/rest/api-group-requesttype/):
// it fits the form (CaseFits), and a form at large, naming no topic, takes
// a case of a topic only where none of the others fits it naming that
// topic, as a customer picks the form of their topic where one is offered
// ("Ask about an order" takes no parcel that arrived damaged beside
// "Report a delivery problem").
func CaseFitsAmong(subject, name string, others []string) bool {
	if !CaseFits(subject, name) {
		return false
	}
	if CaseTopic(name) != "" || CaseTopic(subject) == "" {
		return true
	}
	for _, o := range others {
		if CaseTopic(o) != "" && CaseFits(subject, o) {
			return false
		}
	}
	return true
}

// CaseKind is the kind of a case whose subject is name: "fault",
// "billing", "shipping" or "question" where its words say so, else
// "request" (a case whose subject says nothing of the kind, or a request
// without a subject, such as a time-off request).
func CaseKind(name string) string { return firstGroup(name, caseSubjectWords, "request") }

// wordGroup is a name and the words that say a text is of it.
type wordGroup struct {
	name  string
	words []string
}

// firstGroup is the name of the first of groups whose words name holds,
// else none.
func firstGroup(name string, groups []wordGroup, none string) string {
	ws := Words(name)
	for _, g := range groups {
		if HasWord(ws, g.words...) {
			return g.name
		}
	}
	return none
}
