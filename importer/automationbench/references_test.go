package automationbench

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/assert"
	"github.com/legoenv/legoenv/state"
)

// importOne imports a task of the given assertions over initial and
// returns its goal; the task must import whole.
func importOne(t *testing.T, initial map[string]any, checks ...map[string]any) []assert.Assertion {
	t.Helper()
	initial["meta"] = map[string]any{"current_time": "2026-03-02T10:00:00Z"}
	task := map[string]any{"task": "refs.t", "prompt": []any{map[string]any{"role": "user", "content": "x"}},
		"info": map[string]any{"zapier_tools": []any{"hubspot_find_contact"}, "initial_state": initial, "assertions": toAnyMaps(checks)}}
	b, _ := json.Marshal(task)
	res := Import(testSchemas(t), []Source{{File: "refs.json", Data: b}})
	if res.Report.ImportedFully != 1 {
		t.Fatalf("not imported: %v", res.Report.Errors)
	}
	return res.Intents[0].Goal
}

// A parameter naming a record of another collection by its address or
// key goes through the field referring to that collection: an
// engagement's list of contact ids, the role a type names (assigned_to),
// a role field given with _email.
func TestReferenceThroughCollection(t *testing.T) {
	hub := map[string]any{"hubspot": map[string]any{
		"contacts":    []any{map[string]any{"id": "hc1", "email": "jo@acme-labs.example"}, map[string]any{"id": "hc2", "email": "jo@acme.example"}},
		"engagements": []any{}}}
	help := map[string]any{"helpscout": map[string]any{
		"users":         []any{map[string]any{"id": "u1", "first_name": "Rita", "email": "rita@co.example"}},
		"conversations": []any{map[string]any{"id": "c1", "subject": "Login", "status": "active", "customer_email": "pat@client.example"}}}}
	// Where the data keeps addresses in the field, it holds people by
	// address: the role is the address itself.
	helpByAddress := map[string]any{"helpscout": map[string]any{
		"users":         []any{map[string]any{"id": "u1", "first_name": "Rita", "email": "rita@co.example"}},
		"conversations": []any{map[string]any{"id": "c1", "subject": "Login", "status": "active", "customer_email": "pat@client.example", "assigned_to": "sam@co.example"}}}}
	cases := []struct {
		initial map[string]any
		check   map[string]any
		want    string
	}{
		{hub, map[string]any{"type": "hubspot_engagement_exists", "contact_email": "JO@acme.example"}, `"associated_contact_ids":{"in":["hc2","JO@acme.example"]}`},
		{hub, map[string]any{"type": "hubspot_engagement_not_exists", "contact_id": "hc1"}, `"associated_contact_ids":{"equals":"hc1"}`},
		{help, map[string]any{"type": "helpscout_conversation_assigned_to", "customer_email": "pat@client.example", "user_email": "rita@co.example"}, `"assigned_to":{"in":["u1","rita@co.example"]}`},
		{help, map[string]any{"type": "helpscout_conversation_assigned_to", "customer_email": "pat@client.example", "assigned_to_email": "rita@co.example"}, `"assigned_to":{"in":["u1","rita@co.example"]}`},
		{helpByAddress, map[string]any{"type": "helpscout_conversation_assigned_to", "customer_email": "pat@client.example", "assigned_to_email": "rita@co.example"}, `"assigned_to":{"iequals":"rita@co.example"}`},
	}
	for _, c := range cases {
		g, _ := json.Marshal(importOne(t, c.initial, c.check)[0])
		if !strings.Contains(string(g), c.want) {
			t.Errorf("%v: goal lacks %s\n%s", c.check, c.want, g)
		}
	}
}

// A contact the task creates is not in the initial data: the deal's
// contact is looked up by address in the state the check reads.
func TestReferenceToCreatedRecord(t *testing.T) {
	initial := map[string]any{"hubspot": map[string]any{
		"contacts": []any{map[string]any{"id": "hc1", "email": "kim@nw.example"}},
		"deals":    []any{map[string]any{"id": "d1", "dealname": "Expansion", "associated_contact_ids": []any{"hc1"}}}}}
	goal := importOne(t, initial,
		map[string]any{"type": "hubspot_deal_has_contact", "deal_name": "Expansion", "contact_email": "lee@nw.example"},
		map[string]any{"type": "hubspot_deal_not_has_contact", "deal_name": "Expansion", "contact_email": "lee@nw.example"})
	for i, a := range goal {
		if a.Type != assert.CEL {
			t.Fatalf("goal[%d] is %s, want a cel check", i, a.Type)
		}
	}
	has, err := assert.Compile(goal[0])
	if err != nil {
		t.Fatal(err)
	}
	hasNot, err := assert.Compile(goal[1])
	if err != nil {
		t.Fatal(err)
	}
	world := func(contacts []state.Record, assoc ...any) *state.State {
		return state.New(state.NewWorld(time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC),
			state.NewCollection("hubspot.contacts", "id", contacts),
			state.NewCollection("hubspot.deals", "id", []state.Record{{"id": "d1", "dealname": "Expansion", "associated_contact_ids": assoc}})))
	}
	kim := state.Record{"id": "hc1", "email": "kim@nw.example"}
	lee := state.Record{"id": "c-9", "email": "Lee@nw.example"}
	for _, c := range []struct {
		name string
		st   *state.State
		want bool
	}{
		{"created and associated", world([]state.Record{kim, lee}, "hc1", "c-9"), true},
		{"created, not associated", world([]state.Record{kim, lee}, "hc1"), false},
		{"associated, another address", world([]state.Record{kim, {"id": "c-9", "email": "leo@nw.example"}}, "hc1", "c-9"), false},
		{"not created", world([]state.Record{kim}, "hc1"), false},
	} {
		if got := has.Eval(assert.Input{State: c.st}).Holds; got != c.want {
			t.Errorf("%s: has_contact holds %v, want %v", c.name, got, c.want)
		}
		if got := hasNot.Eval(assert.Input{State: c.st}).Holds; got == c.want {
			t.Errorf("%s: not_has_contact holds %v, want %v", c.name, got, !c.want)
		}
	}
}

// A parameter naming a field of a record the entity refers to goes
// through the field holding that record's id (a registrant's
// meeting_topic: its meeting_id; a comment's case_subject: the parent_id
// its description says is the case's; a message's recipient_email: the
// recipient_profile_id of a profile); an order the type names over a
// list's records puts each value's record at its place; a list of
// addresses is named by what it holds.
func TestRelatedRecordsOrderAndAddressLists(t *testing.T) {
	cases := []struct {
		name    string
		initial map[string]any
		check   map[string]any
		want    []string
	}{
		{"registrant by meeting topic", map[string]any{"zoom": map[string]any{
			"meetings":    []any{map[string]any{"id": "881", "topic": "Q2 Webinar"}, map[string]any{"id": "882", "topic": "Q3 Review"}},
			"registrants": []any{}}},
			map[string]any{"type": "zoom_registrant_exists", "meeting_topic": "Q2 Webinar", "email": "a@x.example"},
			[]string{`"meeting_id":{"in":["881"]}`}},
		{"comment by case subject", map[string]any{"salesforce": map[string]any{
			"cases": []any{map[string]any{"id": "500A", "subject": "Login loop"}, map[string]any{"id": "500B", "subject": "Login loop (closed)"}}}},
			map[string]any{"type": "salesforce_case_comment_exists", "case_subject": "Login loop"},
			[]string{`"parent_id":{"in":["500A"]}`}},
		{"message by recipient email", map[string]any{"linkedin": map[string]any{
			"profiles": []any{map[string]any{"id": "p1", "email": "zo@x.example"}, map[string]any{"id": "p2", "email": "w@x.example"}}}},
			map[string]any{"type": "linkedin_message_sent", "recipient_email": "zo@x.example"},
			[]string{`"recipient_profile_id":{"in":["p1"]}`}},
		{"signing order", map[string]any{"docusign": map[string]any{"envelopes": []any{}}},
			map[string]any{"type": "docusign_envelope_signing_order", "signer_emails": []any{"b@x.example", "a@x.example"}},
			[]string{`e1.routing_order == \"1\"`, `e1.routing_order == \"2\"`}},
		{"attendee by address", map[string]any{"google_calendar": map[string]any{
			"events": []any{map[string]any{"id": "ev1", "summary": "Sync", "attendees": []any{"me@x.example"}}}}},
			map[string]any{"type": "google_calendar_event_has_attendee", "summary": "Sync", "attendee_email": "ola@x.example"},
			[]string{`"attendees":{"iequals":"ola@x.example"}`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, _ := json.Marshal(importOne(t, c.initial, c.check))
			for _, w := range c.want {
				if !strings.Contains(string(g), w) {
					t.Errorf("goal lacks %s\n%s", w, g)
				}
			}
		})
	}
	// The order is each value's place: b first, then a.
	goal := importOne(t, map[string]any{"docusign": map[string]any{"envelopes": []any{}}},
		map[string]any{"type": "docusign_envelope_signing_order", "signer_emails": []any{"b@x.example", "a@x.example"}})
	places := map[string]string{}
	for _, seg := range strings.Split(goal[0].Expr, "r.signers.exists(")[1:] {
		for _, who := range []string{"a@x.example", "b@x.example"} {
			if strings.Contains(seg, who) {
				for _, n := range []string{"1", "2"} {
					if strings.Contains(seg, `routing_order == "`+n+`"`) {
						places[who] = n
					}
				}
			}
		}
	}
	if places["b@x.example"] != "1" || places["a@x.example"] != "2" {
		t.Errorf("places %v, want b at 1 and a at 2: %s", places, goal[0].Expr)
	}
}

// A create whose object names no collection of the app creates the one
// collection the goals of the tasks offering it count; with two counted
// it stays unresolved. On a record the type says was sent, a person id
// the parameter names without saying sender is the recipient.
func TestCountedCreateAndAddressee(t *testing.T) {
	task := func(name string, tools []any, initial map[string]any, checks ...map[string]any) Source {
		initial["meta"] = map[string]any{"current_time": "2026-03-02T10:00:00Z"}
		b, _ := json.Marshal(map[string]any{"task": "c." + name, "prompt": []any{map[string]any{"role": "user", "content": "x"}},
			"info": map[string]any{"zapier_tools": tools, "initial_state": initial, "assertions": toAnyMaps(checks)}})
		return Source{File: name + ".json", Data: b}
	}
	res := Import(testSchemas(t), []Source{
		task("photo", []any{"instagram_publish_photo"}, map[string]any{"instagram": map[string]any{"media": []any{}}},
			map[string]any{"type": "instagram_media_exists", "caption_contains": "Spring"}),
		task("share", []any{"linkedin_create_share_update"}, map[string]any{"linkedin": map[string]any{"posts": []any{}, "messages": []any{}}},
			map[string]any{"type": "linkedin_post_exists", "text_contains": "Lisbon"},
			map[string]any{"type": "linkedin_message_exists", "text_contains": "Lisbon"}),
		task("dm", []any{"slack_send_direct_message"}, map[string]any{"slack": map[string]any{"users": []any{map[string]any{"id": "U7", "name": "a"}}}},
			map[string]any{"type": "slack_direct_message_sent", "user_id": "U7", "text_contains": "hi"}),
	})
	if res.Report.ImportedFully != 3 {
		t.Fatalf("imported %d: %v", res.Report.ImportedFully, res.Report.Errors)
	}
	effects := map[string]string{}
	for _, srv := range res.Servers {
		for _, tl := range srv.Tools {
			effects[tl.Name] = tl.Effect.Kind + " " + tl.Effect.Collection
		}
	}
	if effects["instagram_publish_photo"] != "create media" {
		t.Errorf("instagram_publish_photo: %q, want a create of media", effects["instagram_publish_photo"])
	}
	if effects["linkedin_create_share_update"] != "unresolved " {
		t.Errorf("linkedin_create_share_update with two collections counted: %q, want unresolved", effects["linkedin_create_share_update"])
	}
	for _, in := range res.Intents {
		if in.ID != "c.dm" {
			continue
		}
		if g, _ := json.Marshal(in.Goal); !strings.Contains(string(g), `"recipient_id":{"equals":"U7"}`) {
			t.Errorf("dm goal: %s, want the recipient U7", g)
		}
	}
}
