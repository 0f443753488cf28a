package automationbench

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/assert"
)

// Rules made from the third batch's working half (testdata/made_up/batch3.txt).

// A role's id field given by address where no initial record holds the
// address (a contact the task creates): the one collection of the app that
// keeps people by address, joined where the check runs
// (freshdesk_contact_then_ticket).
func TestRoleByAddressOfCreatedPerson(t *testing.T) {
	initial := map[string]any{"freshdesk": map[string]any{
		"contacts": []any{map[string]any{"id": "c1", "name": "Noor Azim", "email": "noor.azim@gh.example"}},
		"tickets":  []any{}}}
	goal := importOne(t, initial, map[string]any{"type": "freshdesk_ticket_exists", "subject": "Shipment missing", "requester_email": "noor@gh.example"})
	g, _ := json.Marshal(goal[0])
	for _, want := range []string{`r.requester_id`, `state[\"freshdesk\"][\"contacts\"].exists(t1`, `\"noor@gh.example\"`} {
		if !strings.Contains(string(g), want) {
			t.Errorf("goal lacks %s\n%s", want, g)
		}
	}
}

// A reference by name goes through the one id field whose description
// names the collection, read as words ("ID of the linked Account,
// Opportunity, ..."), and finds the record by its own name field
// (account_name) (sf_event_for_account).
func TestReferenceThroughDescribedField(t *testing.T) {
	initial := map[string]any{"salesforce": map[string]any{
		"accounts": []any{map[string]any{"id": "001BH", "account_name": "Bramble Health"}, map[string]any{"id": "001BC", "account_name": "Bramble Care"}},
		"events":   []any{}}}
	goal := importOne(t, initial, map[string]any{"type": "salesforce_event_exists", "subject": "Site visit", "account_name": "Bramble Health"})
	g, _ := json.Marshal(goal[0])
	if want := `"what_id":{"in":["001BH","Bramble Health"`; !strings.Contains(string(g), want) {
		t.Errorf("goal lacks %s\n%s", want, g)
	}
}

// "<child> count" counts the elements of a list the record holds, not
// records of the collection (zendesk_comment_count).
func TestCountOfAChildList(t *testing.T) {
	initial := map[string]any{"zendesk": map[string]any{
		"tickets": []any{map[string]any{"id": "880", "subject": "Scale", "status": "open", "comments": []any{map[string]any{"id": "c1", "body": "drift"}}}}}}
	goal := importOne(t, initial,
		map[string]any{"type": "zendesk_ticket_comment_count", "ticket_id": "880", "count": 2},
		map[string]any{"type": "zendesk_ticket_tag_count", "ticket_id": "880", "count": 0})
	want := []string{`size(r.comments) == 2`, `size(r.tags) == 0`}
	for i, a := range goal {
		if a.Type != assert.CEL || !strings.Contains(a.Expr, want[i]) || !strings.Contains(a.Expr, `r.id == "880"`) {
			t.Errorf("goal[%d] = %s %s %s, want a cel check on ticket 880 with %s", i, a.Type, a.Target, a.Expr, want[i])
		}
	}
}

// "<x> in <y>" where y's records keep the membership is y's has-member
// check (slack_user_in_channel_by_email); a record that refers to y (a
// message in a channel) is read as written.
func TestMemberInACollectionThatKeepsIt(t *testing.T) {
	initial := map[string]any{"slack": map[string]any{
		"users":    []any{map[string]any{"id": "U_T", "name": "tomas", "email": "tomas@l.example"}, map[string]any{"id": "U_Z", "name": "tomasz", "email": "tomasz@l.example"}},
		"channels": []any{map[string]any{"id": "C_D", "name": "dispatch", "member_ids": []any{"U_Z"}}},
		"messages": []any{}}}
	goal := importOne(t, initial,
		map[string]any{"type": "slack_user_in_channel", "user_email": "tomas@l.example", "channel_name": "dispatch"},
		map[string]any{"type": "slack_user_not_in_channel", "user_email": "tomas@l.example", "channel_name": "dispatch"},
		map[string]any{"type": "slack_message_in_channel", "channel_name": "dispatch", "text_contains": "hi"})
	want := []struct{ typ, target, frag string }{
		{"exists", "slack.channels", `"member_ids":{"in":["U_T","tomas@l.example"]}`},
		{"not_exists", "slack.channels", `"member_ids":{"in":["U_T","tomas@l.example"]}`},
		{"exists", "slack.messages", `"channel_id":{"in":["C_D"`},
	}
	for i, a := range goal {
		g, _ := json.Marshal(a)
		if string(a.Type) != want[i].typ || a.Target != want[i].target || !strings.Contains(string(g), want[i].frag) {
			t.Errorf("goal[%d] = %s, want %s on %s with %s", i, g, want[i].typ, want[i].target, want[i].frag)
		}
	}
}
