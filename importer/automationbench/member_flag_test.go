package automationbench

import (
	"testing"
)

// A list of ids asked by one element: a parameter <x>_id where x names a
// collection whose ids the entity's list holds is that list's element,
// whatever the list is called (a channel's member_ids holding users, a
// deal's associated_contact_ids), in the "has" shape and the "in" shape.
func TestListMemberByTheIDOfItsRecord(t *testing.T) {
	slack := map[string]any{"slack": map[string]any{
		"users":    []any{map[string]any{"id": "U_T", "name": "tomas"}, map[string]any{"id": "U_Z", "name": "tomasz"}},
		"channels": []any{map[string]any{"id": "C_D", "name": "dispatch", "member_ids": []any{"U_Z"}}},
		"messages": []any{}}}
	hub := map[string]any{"hubspot": map[string]any{
		"contacts":  []any{map[string]any{"id": "101", "email": "a@b.example"}},
		"companies": []any{map[string]any{"id": "201", "name": "Acme"}},
		"deals":     []any{map[string]any{"id": "301", "dealname": "Big", "associated_contact_ids": []any{}, "associated_company_ids": []any{"201"}}}}}
	cases := []struct {
		name    string
		initial map[string]any
		check   map[string]any
		want    string
	}{
		{"has member by user id", slack, map[string]any{"type": "slack_channel_has_member", "channel_name": "dispatch", "user_id": "U_T"},
			`{"exists":"slack.channels","where":{"member_ids":{"equals":"U_T"},"name":{"equals":"dispatch"}}}`},
		{"not has member by user id", slack, map[string]any{"type": "slack_channel_not_has_member", "channel_id": "C_D", "user_id": "U_T"},
			`{"not_exists":"slack.channels","where":{"id":{"equals":"C_D"},"member_ids":{"equals":"U_T"}}}`},
		{"user in channel by id", slack, map[string]any{"type": "slack_user_in_channel", "channel_id": "C_D", "user_id": "U_T"},
			`{"exists":"slack.channels","where":{"id":{"equals":"C_D"},"member_ids":{"equals":"U_T"}}}`},
		{"contact in deal, a list named for a role", hub, map[string]any{"type": "hubspot_contact_in_deal", "deal_id": "301", "contact_id": "101"},
			`{"exists":"hubspot.deals","where":{"associated_contact_ids":{"equals":"101"},"id":{"equals":"301"}}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			goal := importOne(t, c.initial, c.check)
			if got := rendered(goal[0]); got != c.want {
				t.Errorf("\n got %s\nwant %s", got, c.want)
			}
		})
	}
}

// A flag asked by its negation in the type's words ("unread", "inactive",
// "unverified") is that flag false; a state the record keeps under the
// negated word itself is still that state.
func TestFlagDeniedByItsWord(t *testing.T) {
	cases := []struct {
		name    string
		initial map[string]any
		check   map[string]any
		want    string
	}{
		{"unread over is_read", map[string]any{"gmail": map[string]any{"messages": []any{map[string]any{"id": "m1", "subject": "x", "is_read": true}}}},
			map[string]any{"type": "gmail_message_is_unread", "message_id": "m1"},
			`{"exists":"gmail.messages","where":{"id":{"equals":"m1"},"is_read":{"equals":false}}}`},
		{"not unread", map[string]any{"gmail": map[string]any{"messages": []any{map[string]any{"id": "m1", "subject": "x", "is_read": false}}}},
			map[string]any{"type": "gmail_message_not_unread", "message_id": "m1"},
			`{"not_exists":"gmail.messages","where":{"id":{"equals":"m1"},"is_read":{"equals":false}}}`},
		{"unread over read", map[string]any{"twitter": map[string]any{"direct_messages": []any{map[string]any{"id": "dm1", "text": "hi", "read": true}}}},
			map[string]any{"type": "twitter_direct_message_is_unread", "id": "dm1"},
			`{"exists":"twitter.direct_messages","where":{"id":{"equals":"dm1"},"read":{"equals":false}}}`},
		{"inactive over active", map[string]any{"quickbooks": map[string]any{"customers": []any{map[string]any{"id": "q1", "display_name": "Acme", "active": true}}}},
			map[string]any{"type": "quickbooks_customer_is_inactive", "customer_id": "q1"},
			`{"exists":"quickbooks.customers","where":{"active":{"equals":false},"id":{"equals":"q1"}}}`},
		{"a state of the negated word", map[string]any{"mailchimp": map[string]any{"subscribers": []any{map[string]any{"id": "s1", "email": "a@b.example", "status": "subscribed"}}}},
			map[string]any{"type": "mailchimp_subscriber_is_unsubscribed", "email": "a@b.example"},
			`{"exists":"mailchimp.subscribers","where":{"email":{"iequals":"a@b.example"},"status":{"iequals":"unsubscribed"}}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			goal := importOne(t, c.initial, c.check)
			if got := rendered(goal[0]); got != c.want {
				t.Errorf("\n got %s\nwant %s", got, c.want)
			}
		})
	}
}
