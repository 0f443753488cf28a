package automationbench

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/verify"
)

// Rules made from the twenty-second batch's working half
// (testdata/made_up/batch22.txt; docs/automationbench.md).

// verifyOneTask imports and verifies, as imported, one task of the
// benchmark's format built from its prompt, tools, state and assertions.
func verifyOneTask(t *testing.T, name, prompt string, tools []any, state map[string]any, assertions []any) verify.Verdict {
	t.Helper()
	state["meta"] = map[string]any{"current_time": "2026-12-09T10:00:00Z"}
	b, err := json.Marshal(map[string]any{"task": "made_up." + name,
		"prompt": []any{map[string]any{"role": "user", "content": prompt}},
		"info":   map[string]any{"zapier_tools": tools, "initial_state": state, "assertions": assertions}})
	if err != nil {
		t.Fatal(err)
	}
	vs, _ := verifyImported(t, testSchemas(t), []Source{{File: name + ".json", Data: b}})
	return vs["made_up."+name]
}

// A count one record's text states of a thing, at the price another
// record holds for that thing, is that count times the price (the
// twenty-second batch's qb_invoice_crates_from_zendesk_ticket_at_item_price,
// xero_quote_trestle_tables_from_mail_at_item_price and
// gmail_total_for_filters_from_freshdesk_ticket_at_item_price): a ticket
// asking for "thirty-two maple trays", and an instruction to invoice them
// "at the Maple tray item's unit price", ground 32 times the item's 15,
// 480, and not the look-alike ticket's count or item's price.
func TestDeriveACountARecordStatesAtAnotherRecordsPrice(t *testing.T) {
	state := map[string]any{
		"zendesk": map[string]any{"tickets": []any{
			map[string]any{"id": "zt-trays", "subject": "Trays for the market stall", "description": "Please send thirty-two maple trays for the stall.", "status": "open", "requester_id": "zu-a"},
			map[string]any{"id": "zt-trays-b", "subject": "Trays for the back room", "description": "We need six maple trays for the back room.", "status": "open", "requester_id": "zu-b"}},
			"users": []any{}, "organizations": []any{}},
		"quickbooks": map[string]any{
			"customers": []any{map[string]any{"id": "qc-corn", "display_name": "Cornmill Deli"}, map[string]any{"id": "qc-corn-b", "display_name": "Cornmill Deli Bakery"}},
			"items":     []any{map[string]any{"id": "qi-tray", "name": "Maple tray", "type": "Inventory", "unit_price": 15}, map[string]any{"id": "qi-tray-lid", "name": "Maple tray lid", "type": "Inventory", "unit_price": 4}},
			"invoices":  []any{}}}
	v := verifyOneTask(t, "qb_invoice_trays_from_ticket",
		"Invoice Cornmill Deli in QuickBooks for the number of trays their Zendesk ticket 'Trays for the market stall' asks for, at the Maple tray item's unit price.",
		[]any{"zendesk_find_ticket", "quickbooks_find_item", "quickbooks_find_customer", "quickbooks_create_invoice"}, state,
		[]any{map[string]any{"type": "quickbooks_invoice_exists", "customer_name": "Cornmill Deli", "total_amt": 480},
			map[string]any{"type": "quickbooks_invoice_not_exists", "customer_name": "Cornmill Deli Bakery"}})
	if !v.Verified {
		t.Fatalf("not verified: %s", verdictReason(v))
	}
}

// A share asked of the records a period and a flag qualify is the share
// of those holding a further flag among them (the twenty-second batch's
// slack_sf_opportunities_closed_this_month_won_share): of the
// opportunities closed this month, 12 won of 16 is 75%, neither the won
// share of every closed one nor that of every one of this month.
func TestShareOfAFlagAmongTheRecordsAPeriodQualifies(t *testing.T) {
	var opps []any
	add := func(n int, close string, closed, won bool) {
		for i := range n {
			id := fmt.Sprintf("op-%c%c", 'a'+len(opps)%26, 'a'+len(opps)/26)
			stage := map[bool]string{true: "Closed Won", false: "Closed Lost"}[won]
			if !closed {
				stage = "Proposal"
			}
			opps = append(opps, map[string]any{"id": id, "name": "Depot shelving " + id, "amount": 1000 + 10*i,
				"close_date": fmt.Sprintf(close, 1+i%8), "stage": stage, "is_closed": closed, "is_won": won})
		}
	}
	add(12, "2026-12-%02d", true, true)
	add(4, "2026-12-%02d", true, false)
	add(4, "2026-12-%02d", false, false)
	add(4, "2026-11-%02d", true, true)
	add(6, "2026-11-%02d", true, false)
	state := map[string]any{"salesforce": map[string]any{"opportunities": opps},
		"slack": map[string]any{"channels": []any{map[string]any{"id": "C-sales", "name": "sales", "is_channel": true}}, "users": []any{}, "messages": []any{}}}
	v := verifyOneTask(t, "sf_closed_this_month_won_share",
		"Of the Salesforce opportunities that closed this month, what share did we win? Post it in #sales as 'Won: N%' (rounded to a whole percent).",
		[]any{"salesforce_find_records", "slack_send_channel_message"}, state,
		[]any{map[string]any{"type": "slack_message_in_channel", "channel_name": "sales", "text_contains": "Won: 75%"},
			map[string]any{"type": "slack_message_not_in_channel", "channel_name": "sales", "text_contains": "Won: 62%"},
			map[string]any{"type": "slack_message_not_in_channel", "channel_name": "sales", "text_contains": "Won: 60%"}})
	if !v.Verified {
		t.Fatalf("not verified: %s", verdictReason(v))
	}
}

// Payment terms count their days from the document's own date: "net 45"
// on an invoice the agent saw dated 2026-11-02 falls due 2026-12-17, not
// 45 days from today (the twenty-second batch's
// gmail_due_date_on_sixty_day_terms_from_xero_invoice).
func TestTermsCountFromTheDocumentsDate(t *testing.T) {
	state := map[string]any{
		"xero": map[string]any{
			"contacts": []any{map[string]any{"contact_id": "xc-ord", "name": "Ordley Farms", "email_address": "accounts@ordley.example", "is_customer": true},
				map[string]any{"contact_id": "xc-ord-b", "name": "Ordley Farm Shop", "email_address": "shop@ordley.example", "is_customer": true}},
			"invoices": []any{map[string]any{"invoice_id": "xi-ord", "invoice_number": "INV-ORDLEY", "type": "ACCREC", "contact_id": "xc-ord", "contact_name": "Ordley Farms", "status": "AUTHORISED", "date": "2026-11-02", "total": 900, "amount_due": 900},
				map[string]any{"invoice_id": "xi-ord-b", "invoice_number": "INV-ORDLEY-SHOP", "type": "ACCREC", "contact_id": "xc-ord-b", "contact_name": "Ordley Farm Shop", "status": "AUTHORISED", "date": "2026-11-20", "total": 120, "amount_due": 120}}},
		"gmail": map[string]any{"messages": []any{}, "labels": []any{}, "drafts": []any{}}}
	v := verifyOneTask(t, "xero_invoice_net_terms_mail",
		"Email the contact on Xero invoice INV-ORDLEY at their address on file with its due date on net 45 terms, written as 'Due on YYYY-MM-DD'.",
		[]any{"xero_find_invoice", "xero_find_contact", "gmail_send_email"}, state,
		[]any{map[string]any{"type": "gmail_message_sent_to_with_body_contains", "to": "accounts@ordley.example", "body_contains": "Due on 2026-12-17"},
			map[string]any{"type": "gmail_message_not_sent_to_with_body_contains", "to": "accounts@ordley.example", "body_contains": "Due on 2027-01-23"},
			map[string]any{"type": "gmail_message_not_sent_to", "to": "shop@ordley.example"}})
	if !v.Verified {
		t.Fatalf("not verified: %s", verdictReason(v))
	}
	if last := v.Plan[len(v.Plan)-1]; !strings.Contains(string(last.Args), "2026-12-17") {
		t.Errorf("the mail does not give the due date counted from the invoice's: %s", last.Args)
	}
}
