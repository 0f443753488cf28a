package synth

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestEventsAndFiguresThatDisagreeAreFound: a built-in app's record whose
// stamps tell its events out of order (a Slack message edited before it
// was posted, a Teams message changed after it was deleted, a DocuSign
// envelope voided before it was sent), whose state is of another
// lifecycle (a PandaDoc draft that was sent, a real-time Statuspage
// incident with a maintenance window), whose kind has no name (a group
// message named as a channel), or whose figures disagree with its money
// parts (a Zoho Books balance that is not the total less the payments, a
// refunded Shopify order whose refunds fall short), whose kind takes no
// such field or reference (a threaded Google Chat direct message, a
// Discord message in a category, a pending Squarespace order with a
// tracking number, an active Rippling employee with an end date) breaks a
// rule its server atom declares, and the coherence check names the field.
func TestEventsAndFiguresThatDisagreeAreFound(t *testing.T) {
	src := builtinServers(t)
	pay := func(id, inv string, amount float64) state.Record {
		return rec("payment_id", id, "invoice_id", inv, "customer_id", "c1", "amount", amount)
	}
	payments := func(ps ...state.Record) map[string][]state.Record {
		return map[string][]state.Record{"customer_payments": ps}
	}
	for _, c := range []struct {
		name, app, coll string
		recs            []state.Record
		field           string
		others          map[string][]state.Record
	}{
		{"a draft that was sent", "pandadoc", "documents", recs(rec("id", "msF1", "status", "document.draft", "date_sent", "2026-03-02T10:00:00Z")), "date_sent", nil},
		{"a document sent before it was created", "pandadoc", "documents", recs(rec("id", "msF1", "status", "document.sent", "date_created", "2026-03-05T10:00:00Z", "date_sent", "2026-03-02T10:00:00Z")), "date_sent", nil},
		{"an incident under investigation with a window", "statuspage", "incidents", recs(rec("id", "p31", "status", "investigating", "scheduled_for", "2026-03-30T10:00:00Z")), "scheduled_for", nil},
		{"a maintenance resolved before it began", "statuspage", "incidents", recs(rec("id", "p31", "status", "completed", "scheduled_for", "2026-03-10T10:00:00Z", "scheduled_until", "2026-03-10T12:00:00Z", "resolved_at", "2026-03-08T10:00:00Z")), "resolved_at", nil},
		{"a message edited before it was posted", "slack", "messages", recs(rec("id", "1712.1", "created_at", "2026-03-02T10:00:00Z", "post_at", "2026-03-12T10:00:00Z", "edited_at", "2026-03-05T10:00:00Z")), "edited_at", nil},
		{"a group message named as a channel", "slack", "channels", recs(rec("id", "C01", "channel_type", "mpim", "name", "proj-polaris")), "name", nil},
		{"a group message with a topic", "slack", "channels", recs(rec("id", "C01", "channel_type", "mpim", "topic", "Launch plan")), "topic", nil},
		{"a group channel named as a channel", "mattermost", "channels", recs(rec("id", "ch1", "team_id", "t1", "type", "G", "name", "escalations")), "name", nil},
		{"a direct channel with a header", "mattermost", "channels", recs(rec("id", "ch1", "team_id", "t1", "type", "D", "header", "Escalations")), "header", nil},
		{"a message changed after it was deleted", "microsoft_teams", "channel_messages", recs(rec("id", "16905", "createdDateTime", "2026-03-01T10:00:00Z", "deletedDateTime", "2026-03-02T10:00:00Z", "lastModifiedDateTime", "2026-03-09T10:00:00Z")), "deletedDateTime", nil},
		{"an envelope voided before it was sent", "docusign", "envelopes", recs(rec("id", "4b7a9c3e-1", "sent_date_time", "2026-03-05T10:00:00Z", "voided_date_time", "2026-03-03T10:00:00Z")), "voided_date_time", nil},
		{"a draft invoice with less than its total due", "zoho_books", "invoices", recs(rec("invoice_id", "4602000001", "status", "draft", "total", 2253.55, "balance", 269.75)), "balance", nil},
		{"a balance that is not the total less the payments", "zoho_books", "invoices", recs(rec("invoice_id", "4602000001", "status", "sent", "total", 11014.91, "balance", 1113.91)), "balance", payments(pay("p1", "4602000001", 2658.79))},
		{"a balance above the total", "zoho_books", "invoices", recs(rec("invoice_id", "4602000001", "status", "sent", "total", 100.0, "balance", 150.0)), "balance", nil},
		{"a paid invoice with a balance", "zoho_books", "invoices", recs(rec("invoice_id", "4602000001", "status", "paid", "total", 100.0, "balance", 40.0)), "balance", nil},
		{"a paid invoice whose payments fall short", "zoho_books", "invoices", recs(rec("invoice_id", "4602000001", "status", "paid", "total", 27966.87, "balance", 0.0)), "total", payments(pay("p1", "4602000001", 5000.0), pay("p2", "4602000001", 333.43))},
		{"a refunded order whose refunds fall short", "shopify", "orders", recs(rec("id", "gid://shopify/Order/1", "financial_status", "refunded", "total_price", 9976.18)), "total_price", map[string][]state.Record{"refunds": recs(rec("id", "gid://shopify/Refund/91", "order_id", "gid://shopify/Order/1", "amount", 2882.71))}},
		{"an invoice for a vendor", "zoho_books", "invoices", recs(rec("invoice_id", "4602000001", "customer_id", "c1", "status", "sent", "total", 100.0)), "customer_id", map[string][]state.Record{"contacts": recs(rec("contact_id", "c1", "contact_type", "vendor"))}},
		{"a story in a done state not completed", "shortcut", "stories", recs(rec("id", "160205", "workflow_state_id", "500001", "completed", false)), "completed", map[string][]state.Record{"workflow_states": recs(rec("id", "500001", "name", "Verified", "type", "done"))}},
		{"a story completed in a started state", "shortcut", "stories", recs(rec("id", "160205", "workflow_state_id", "500001", "completed", true)), "completed", map[string][]state.Record{"workflow_states": recs(rec("id", "500001", "name", "In Progress", "type", "started"))}},
		{"a QuickBooks balance above the total", "quickbooks", "invoices", recs(rec("id", "1301", "customer_id", "c1", "total_amt", 100.0, "balance", 180.0)), "balance", nil},
		{"a Xero amount due above the total", "xero", "invoices", recs(rec("invoice_id", "8e3a4b5c-1", "contact_id", "c1", "total", 100.0, "amount_due", 120.0)), "amount_due", nil},
		{"a threaded direct message", "google_chat", "spaces", recs(rec("name", "spaces/AAQA1", "spaceType", "DIRECT_MESSAGE", "spaceThreadingState", "THREADED_MESSAGES")), "spaceThreadingState", nil},
		{"a message in a category", "discord", "messages", recs(rec("id", "1194279241", "channel_id", "1087569084", "content", "Applied.")), "channel_id", map[string][]state.Record{"channels": recs(rec("id", "1087569084", "name", "audit-tasks", "type", 4))}},
		{"a message in a forum", "discord", "messages", recs(rec("id", "1194279241", "channel_id", "1087543207", "content", "Applied.")), "channel_id", map[string][]state.Record{"channels": recs(rec("id", "1087543207", "name", "maple-support", "type", 15))}},
		{"a pending order with a tracking number", "squarespace_commerce", "orders", recs(rec("id", "6232f81310", "fulfillment_status", "PENDING", "tracking_number", "1Z999AA10123456784")), "tracking_number", nil},
		{"a cancelled order that was fulfilled", "squarespace_commerce", "orders", recs(rec("id", "6232f34929", "fulfillment_status", "CANCELED", "fulfilled_on", "2026-03-08T10:30:00Z")), "fulfilled_on", nil},
		{"an active employee with an end date", "rippling", "employees", recs(rec("id", "5f0b16100", "role_state", "ACTIVE", "start_date", "2026-01-15", "end_date", "2026-07-27")), "end_date", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			invariantBroken(t, src, c.app, c.coll, c.recs, c.others, c.field)
		})
	}
}

// TestLaterDateStaysBeforeTheClock: the later of two events drawn out of
// order is put after the earlier one, and no later than the clock where
// the earlier one was before it (an Outlook message is received after it
// was sent, not after now); an lte rule's raised bound is above the value
// it bounds but no fixed multiple of it.
func TestLaterDateStaysBeforeTheClock(t *testing.T) {
	clock := time.Date(2026, 6, 26, 9, 0, 0, 0, time.UTC)
	for _, sent := range []string{"2026-06-25T09:00:00Z", "2026-05-01T09:00:00Z", "2026-07-10T09:00:00Z"} {
		s, _ := atom.Time(sent)
		got, ok := atom.Time(laterDate(sent, s, clock))
		if !ok || got.Before(s) || s.Before(clock) && got.After(clock) {
			t.Errorf("after %s: %v, want after it and, for a past date, not after the clock %v", sent, got, clock)
		}
	}
	if got := laterDate("2026-06-26", clock, clock); got != "2026-06-26" {
		t.Errorf("a date on the clock's day: %s, want the same day", got)
	}
	factors := map[float64]bool{}
	for _, x := range []float64{38872.47, 120.5, 999.99} {
		b, _ := state.Number(raisedBound(1.0, x, false))
		if b <= x {
			t.Errorf("bound %v is not above %v", b, x)
		}
		factors[b/x] = true
	}
	if len(factors) < 2 {
		t.Errorf("every bound is the same multiple of its value: %v", factors)
	}
	if b, _ := state.Number(raisedBound(1.0, 60.0, true)); b != float64(int(b)) || b <= 60 {
		t.Errorf("a count's bound is %v, want a whole number above 60", b)
	}
}
