package ground

import "testing"

// A phrase names the value a product stores its state's meaning as (the
// eighteenth batch's working tasks): registrants "turned down" are the
// denied ones, calls "nobody picked up" the no-answer ones (beside busy),
// envelopes "fully executed" and meetings that "took place" the
// completed ones, estimates the customer "said yes to" the accepted ones.
// A field holding two values of the sense ("declined" beside "denied") is
// named by neither, a denied phrase names none, and a text without the
// phrase names no group.
func TestDeriveCountOfAStateNamedByWhatItMeans(t *testing.T) {
	registrants := records("status", "denied", 11, "approved", 6, "pending", 4)
	calls := records("status", "no-answer", 11, "completed", 6, "busy", 4)
	envelopes := records("status", "completed", 14, "delivered", 4, "sent", 3, "declined", 2)
	meetings := records("status", "completed", 13, "canceled", 5, "active", 3)
	estimates := records("txn_status", "Accepted", 11, "Pending", 5, "Rejected", 3)
	checkCounts(t, []countCase{
		{"Email how many registrants were turned down, as 'Turned down: N'.", "registrants", registrants, "11", true},
		{"Email how many registrants there are by status.", "registrants", registrants, "11", false},
		{"Email how many registrants were turned down.", "registrants", records("status", "denied", 11, "declined", 3, "approved", 6), "11", false},
		{"Text how many of our calls nobody picked up.", "calls", calls, "11", true},
		{"Text how many of our calls went through.", "calls", calls, "11", false},
		{"Email how many of our envelopes are fully executed.", "envelopes", envelopes, "14", true},
		{"How many of our meetings actually took place?", "meetings", meetings, "13", true},
		{"How many of our meetings never took place?", "meetings", meetings, "13", false},
		{"Email how many estimates the customer has said yes to.", "estimates", estimates, "11", true},
	})
}
