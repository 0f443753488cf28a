package automationbench

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify"
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

// lastArgs is the arguments of the last call of a verdict's plan.
func lastArgs(t *testing.T, v verify.Verdict) map[string]any {
	t.Helper()
	if len(v.Plan) == 0 {
		t.Fatalf("no plan: %s", verdictReason(v))
	}
	var args map[string]any
	if err := json.Unmarshal(v.Plan[len(v.Plan)-1].Args, &args); err != nil {
		t.Fatal(err)
	}
	return args
}

// A required argument no goal checks takes what the task gives, never a
// placeholder: the id the instruction states for it by its word ("account
// 412-555-0199"), else the account the app's other records are on (the
// campaigns'), else the account the collection's other records are on.
func TestRequiredArgumentFromTheTask(t *testing.T) {
	campaign := func(id, account string) map[string]any {
		return map[string]any{"id": id, "name": "Campaign " + id, "account_id": account, "status": "ENABLED"}
	}
	post := func(id, account, caption string) map[string]any {
		return map[string]any{"id": id, "account_id": account, "caption": caption, "media_type": "IMAGE", "shortcode": id}
	}
	meta := map[string]any{"current_time": "2026-03-02T10:00:00Z"}
	for _, c := range []struct {
		name, prompt string
		tools        []string
		initial      map[string]any
		check        map[string]any
		want         string
	}{
		{"stated", "Upload a 'Closed Won' offline conversion to Google Ads (account 412-555-0199) for dana@kiteworks.example.",
			[]string{"google_ads_create_offline_conversion"},
			map[string]any{"google_ads": map[string]any{"campaigns": []any{}, "conversions": []any{}}, "meta": meta},
			map[string]any{"type": "google_ads_conversion_exists", "conversion_name": "Closed Won", "email": "dana@kiteworks.example"}, "412-555-0199"},
		{"the app's other records", "Upload a 'Closed Won' offline conversion to Google Ads for dana@kiteworks.example.",
			[]string{"google_ads_create_offline_conversion"},
			map[string]any{"google_ads": map[string]any{"campaigns": []any{campaign("c1", "977-555-0100")}, "conversions": []any{}}, "meta": meta},
			map[string]any{"type": "google_ads_conversion_exists", "conversion_name": "Closed Won", "email": "dana@kiteworks.example"}, "977-555-0100"},
		{"the collection's other records", "Publish the photo https://cdn.example/p9.jpg on our Instagram with the caption 'Winter menu'.",
			[]string{"instagram_publish_photo"},
			map[string]any{"instagram": map[string]any{"media": []any{post("m1", "acc_north", "Autumn menu")}}, "meta": meta},
			map[string]any{"type": "instagram_media_exists", "caption_contains": "Winter menu", "media_type": "IMAGE"}, "acc_north"},
	} {
		t.Run(c.name, func(t *testing.T) {
			task := madeUpTask("required_from_task", c.prompt, c.tools, c.initial, c.check)
			b, _ := json.Marshal(task)
			vs, _ := verifyImported(t, testSchemas(t), []Source{{File: "t.json", Data: b}})
			if args := lastArgs(t, vs["made_up.required_from_task"]); args["account_id"] != c.want {
				t.Errorf("plan %v, want account_id %s", args, c.want)
			}
		})
	}
}

// A record named for an act (a follow) names its doer by the act's agent
// noun (follower_id, follower_username): the caller does the act, so the
// create sets them to the signed-in user's settings and takes no argument
// for them; and a required attribute of the record a reference the call
// gives names (following_username beside following_id), or the reference
// to the record an attribute the call gives names (following_id beside
// following_username), is that record's, never a placeholder.
func TestActsDoneByTheCallerAndAttributesOfTheirRecord(t *testing.T) {
	for _, c := range []struct {
		name  string
		check map[string]any
		arg   string
		want  string
	}{
		{"by id", map[string]any{"type": "twitter_follow_exists", "following_id": "u_hl"}, "following_username", "harbourlights"},
		{"by username", map[string]any{"type": "twitter_follow_exists", "following_username": "harbourlights"}, "following_id", "u_hl"},
	} {
		t.Run(c.name, func(t *testing.T) {
			task := madeUpTask("twitter_follow_from_world", "Follow the Harbour Lights account (@harbourlights) from our Twitter.",
				[]string{"twitter_find_user", "twitter_follow_user"},
				map[string]any{"twitter": map[string]any{
					"authenticated_user_id": "u_me", "authenticated_username": "brindle",
					"users":   []any{map[string]any{"id": "u_me", "username": "brindle", "name": "Brindle"}, map[string]any{"id": "u_hl", "username": "harbourlights", "name": "Harbour Lights"}},
					"follows": []any{}}, "meta": map[string]any{"current_time": "2026-03-02T10:00:00Z"}},
				c.check)
			b, _ := json.Marshal(task)
			vs, lib := verifyImported(t, testSchemas(t), []Source{{File: "t.json", Data: b}})
			e := lib.ServerFor("twitter")
			if e == nil {
				t.Fatal("no twitter server")
			}
			for _, tool := range e.MustServer().Tools {
				if tool.Name != "twitter_follow_user" {
					continue
				}
				for _, f := range []string{"follower_id", "follower_username"} {
					if _, ok := tool.Input["properties"].(map[string]any)[f]; ok {
						t.Errorf("%s takes %s, want it set to the caller", tool.Name, f)
					}
				}
				if got := tool.Effect.Set["follower_id"]; got != atom.SettingConstant("authenticated_user_id") {
					t.Errorf("follower_id set to %v, want the signed-in user", got)
				}
				if got := tool.Effect.Set["follower_username"]; got != atom.SettingConstant("authenticated_username") {
					t.Errorf("follower_username set to %v, want the signed-in user's username", got)
				}
			}
			v := vs["made_up.twitter_follow_from_world"]
			if r := verdictReason(v); strings.Contains(r, `"Done"`) {
				t.Errorf("verdict %s, want no placeholder", r)
			}
			if args := lastArgs(t, v); args[c.arg] != c.want {
				t.Errorf("plan %v, want %s %s", args, c.arg, c.want)
			}
		})
	}
}
