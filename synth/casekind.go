package synth

import "github.com/legoenv/legoenv/atom"

// A support case, an issue or a request is about something that broke (a
// fault), or about money, a delivery or a question that is no fault: a
// refund, a parcel that arrived damaged, an address to change, the annual
// plan. Its text is written for what its subject says it is: steps to
// reproduce, logs and regressions belong to a fault, never to a refund.

// caseKinds are the kinds caseKind gives: a case of a person, written
// into a private record's text as much as a fault is.
var caseKinds = map[string]bool{"fault": true, "billing": true, "shipping": true, "question": true, "request": true}

// caseKind is the kind of a case whose subject is name (atom.CaseKind).
func caseKind(name string) string { return atom.CaseKind(name) }
