package automationbench

import "testing"

// Rules made from the twenty-third batch's working half
// (testdata/made_up/batch23.txt; docs/automationbench.md).

// A count one record's text states of a thing, at a price the instruction
// states for each of that thing, is their product (the twenty-third
// batch's gmail_total_for_hinges_from_zendesk_ticket_at_given_price): a
// ticket asking for "twenty-five coach bolts", priced "at $2.40 a bolt",
// grounds 60, and not the look-alike ticket's count.
func TestDeriveACountARecordStatesAtAPriceForEachThing(t *testing.T) {
	state := map[string]any{
		"zendesk": map[string]any{"tickets": []any{
			map[string]any{"id": "zt-bolts", "subject": "Spare coach bolts", "description": "We need twenty-five coach bolts for the barn doors.", "status": "open", "requester_id": "zu-a"},
			map[string]any{"id": "zt-nuts", "subject": "Spare wing nuts", "description": "Please send eight wing nuts.", "status": "open", "requester_id": "zu-b"}},
			"users": []any{map[string]any{"id": "zu-a", "name": "Ada Rill", "email": "ada.rill@barnworks.example"},
				map[string]any{"id": "zu-b", "name": "Bo Senn", "email": "bo.senn@yardhouse.example"}},
			"organizations": []any{}},
		"gmail": map[string]any{"messages": []any{}, "labels": []any{}, "drafts": []any{}}}
	v := verifyOneTask(t, "gmail_total_bolts_from_ticket",
		"Email the requester of the Zendesk ticket 'Spare coach bolts' the price of the bolts they asked for, at $2.40 a bolt, written as 'Total: $N'.",
		[]any{"zendesk_find_ticket", "zendesk_get_user", "gmail_send_email"}, state,
		[]any{map[string]any{"type": "gmail_message_sent_to_with_body_contains", "to": "ada.rill@barnworks.example", "body_contains": "Total: $60"},
			map[string]any{"type": "gmail_message_not_sent_to", "to": "bo.senn@yardhouse.example"}})
	if !v.Verified {
		t.Fatalf("not verified: %s", verdictReason(v))
	}
}

// A price a record holds may be named by the thing after it: "at the unit
// price of the Wave product 'Linen apron'" prices the "twelve linen
// aprons" a Gorgias message asks for at that product's price, 264 (the
// twenty-third batch's
// slack_order_value_from_gorgias_ticket_at_wave_product_price).
func TestDeriveACountAtThePriceOfAThingNamedAfterIt(t *testing.T) {
	state := map[string]any{
		"gorgias": map[string]any{"tickets": []any{
			map[string]any{"id": "gt-aprons", "subject": "Aprons for the deli", "status": "open", "channel": "email", "customer_email": "deli@marketrow.example",
				"messages": []any{map[string]any{"id": "gm-aprons", "body_text": "Please send twelve linen aprons for the deli staff.", "channel": "email", "sender_type": "customer", "sender_email": "deli@marketrow.example"}}}},
			"customers": []any{map[string]any{"id": "gc-deli", "email": "deli@marketrow.example", "name": "Market Row Deli"}}},
		"wave": map[string]any{"products": []any{
			map[string]any{"id": "wp-apron", "name": "Linen apron", "unit_price": 22, "is_sold": true},
			map[string]any{"id": "wp-apron-set", "name": "Linen apron set", "unit_price": 60, "is_sold": true}},
			"customers": []any{}, "invoices": []any{}},
		"slack": map[string]any{"channels": []any{map[string]any{"id": "C-orders", "name": "orders", "is_channel": true}}, "users": []any{}, "messages": []any{}}}
	v := verifyOneTask(t, "slack_aprons_value_from_gorgias",
		"Post in #orders the value of the linen aprons asked for in the Gorgias ticket 'Aprons for the deli', at the unit price of the Wave product 'Linen apron', as 'Order value: $N'.",
		[]any{"gorgias_get_tickets", "wave_list_products", "slack_send_channel_message"}, state,
		[]any{map[string]any{"type": "slack_message_in_channel", "channel_name": "orders", "text_contains": "Order value: $264"},
			map[string]any{"type": "slack_message_not_in_channel", "channel_name": "orders", "text_contains": "Order value: $720"}})
	if !v.Verified {
		t.Fatalf("not verified: %s", verdictReason(v))
	}
}
