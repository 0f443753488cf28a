package automationbench

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/assert"
)

// synthTask builds a task with the given assertions over a small state.
func synthTask(t testing.TB, checks ...map[string]any) []byte {
	t.Helper()
	return synthTaskNamed(t, "grammar", checks...)
}

// synthTaskNamed is synthTask with the task named synthetic.<name>.
func synthTaskNamed(t testing.TB, name string, checks ...map[string]any) []byte {
	t.Helper()
	task := map[string]any{
		"example_id": 9001,
		"task":       "synthetic." + name,
		"prompt":     []any{map[string]any{"role": "user", "content": "Do the thing."}},
		"info": map[string]any{
			"zapier_tools": []any{"gmail_send_email", "slack_send_channel_message", "salesforce_lead_update", "asana_create_project"},
			"initial_state": map[string]any{
				"meta": map[string]any{"current_time": "2026-03-02T10:00:00"},
				"slack": map[string]any{
					"channels": []any{map[string]any{"id": "C_OPS", "name": "operations", "member_ids": []any{}}},
					"users":    []any{map[string]any{"id": "U_ANN", "name": "ann", "email": "ann@acme.example"}},
					"messages": []any{},
				},
				"salesforce": map[string]any{
					"leads":         []any{map[string]any{"id": "00Q1", "last_name": "Lee", "email": "lee@acme.example", "status": "Open"}},
					"opportunities": []any{map[string]any{"id": "006A", "name": "Acme renewal", "stage_name": "Prospecting", "amount": 1200}},
				},
				"google_ads": map[string]any{"customer_lists": []any{map[string]any{"id": "cl1", "name": "Churned", "members": []any{}}}},
				"google_sheets": map[string]any{"spreadsheets": []any{map[string]any{
					"id": "ss_1", "title": "Log", "worksheets": []any{map[string]any{
						"id": "ws_1", "title": "Sheet1", "rows": []any{map[string]any{"row_id": 2, "cells": map[string]any{"Name": "Ann", "Status": "Open"}}},
					}},
				}}},
			},
			"assertions": toAnyMaps(checks),
		},
	}
	b, err := json.Marshal(task)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func toAnyMaps(ms []map[string]any) []any {
	out := make([]any, len(ms))
	for i, m := range ms {
		out[i] = m
	}
	return out
}

// rendered is an assertion's canonical JSON without its label.
func rendered(a assert.Assertion) string {
	a.Label = ""
	b, _ := json.Marshal(a)
	return string(b)
}

// The grammar maps assertion types that are not among the sample's: what
// it knows is the naming pattern and the schema, not a list of types.
func TestGrammarGeneralises(t *testing.T) {
	s := testSchemas(t)
	cases := []struct {
		name  string
		check map[string]any
		want  string // the rendered assertion, or "cel:" and fragments it must contain
	}{
		{"sent with subject", map[string]any{"type": "gmail_message_sent_to_with_subject_contains", "to": "a@x.example", "subject_contains": "Q3"},
			`{"exists":"gmail.messages","where":{"label_ids":{"equals":"SENT"},"subject":{"icontains":"Q3"},"to":{"iequals":"a@x.example"}}}`},
		// A field not changed, its record named by an address: the field
		// keeps its initial value on that record.
		{"field kept, by address", map[string]any{"type": "salesforce_lead_field_not_changed", "email": "lee@acme.example", "field": "status"},
			`cel:lee@acme.example|r.status == "Open"`},
		// A day given for a date-time field is the day it falls on.
		{"day of a date-time", map[string]any{"type": "google_calendar_event_exists", "summary": "Standup", "start_date": "2026-03-05"},
			`{"exists":"google_calendar.events","where":{"start__dateTime":{"contains":"2026-03-05"},"summary":{"iequals":"Standup"}}}`},
		{"not sent with subject", map[string]any{"type": "gmail_email_not_sent_to_with_subject", "to": "a@x.example", "subject": "Hi"},
			`{"not_exists":"gmail.messages","where":{"label_ids":{"equals":"SENT"},"subject":{"icontains":"Hi"},"to":{"iequals":"a@x.example"}}}`},
		{"draft to", map[string]any{"type": "gmail_draft_exists", "to": "a@x.example"},
			`{"exists":"gmail.messages","where":{"label_ids":{"equals":"DRAFT"},"to":{"iequals":"a@x.example"}}}`},
		{"boolean adjective", map[string]any{"type": "gmail_message_is_starred", "message_id": "m1"},
			`{"exists":"gmail.messages","where":{"id":{"equals":"m1"},"is_starred":{"equals":true}}}`},
		{"negated adjective", map[string]any{"type": "gmail_message_not_read", "message_id": "m1"},
			`{"not_exists":"gmail.messages","where":{"id":{"equals":"m1"},"is_read":{"equals":true}}}`},
		{"label by name", map[string]any{"type": "gmail_label_exists", "name": "Urgent"},
			`{"exists":"gmail.labels","where":{"name":{"equals":"Urgent"}}}`},
		{"channel by name", map[string]any{"type": "slack_message_not_posted_in_channel", "channel_name": "#operations", "text_contains": "outage"},
			`{"not_exists":"slack.messages","where":{"channel_id":{"in":["C_OPS","operations","#operations"]},"text":{"icontains":"outage"}}}`},
		{"channel not in the data", map[string]any{"type": "slack_message_exists", "channel": "new-room", "text_contains": "hi"},
			`{"exists":"slack.messages","where":{"channel_id":{"in":["new-room","#new-room"]},"text":{"icontains":"hi"}}}`},
		{"another collection", map[string]any{"type": "slack_channel_exists", "name": "war-room"},
			`{"exists":"slack.channels","where":{"name":{"equals":"war-room"}}}`},
		{"vendor field name", map[string]any{"type": "salesforce_opportunity_field_equals", "record_id": "006A", "field": "StageName", "value": "Closed Won"},
			`{"exists":"salesforce.opportunities","where":{"id":{"equals":"006A"},"stage":{"equals":"Closed Won"}}}`},
		{"op suffix", map[string]any{"type": "salesforce_opportunity_exists", "amount_gt": 1000, "name_contains": "Acme"},
			`{"exists":"salesforce.opportunities","where":{"amount":{"gt":1000},"name":{"icontains":"Acme"}}}`},
		{"key and field in the name", map[string]any{"type": "salesforce_lead_email_equals", "lead_id": "00Q1", "email": "new@acme.example"},
			`{"exists":"salesforce.leads","where":{"email":{"iequals":"new@acme.example"},"id":{"equals":"00Q1"}}}`},
		{"count", map[string]any{"type": "salesforce_lead_count", "count": 2},
			`{"bound":{"equals":2},"count":"salesforce.leads"}`},
		{"field and value, negated", map[string]any{"type": "salesforce_task_not_exists_with_field", "field": "subject", "value_contains": "spam"},
			`{"not_exists":"salesforce.tasks","where":{"subject":{"icontains":"spam"}}}`},
		{"a row's cell", map[string]any{"type": "google_sheets_row_cell_contains", "spreadsheet_id": "ss_1", "worksheet_id": "ws_1", "row_id": 2, "column": "Status", "value": "Done"},
			`{"exists":"google_sheets.rows","where":{"cells.Status":{"icontains":"Done"},"row_id":{"equals":2},"spreadsheet_id":{"equals":"ss_1"},"worksheet_id":{"equals":"ws_1"}}}`},
		{"worksheet", map[string]any{"type": "google_sheets_worksheet_exists", "spreadsheet_id": "ss_1", "title": "Summary"},
			`{"exists":"google_sheets.worksheets","where":{"spreadsheet_id":{"equals":"ss_1"},"title":{"iequals":"Summary"}}}`},
		// A title given plainly is the whole title (summary_contains is the
		// phrase), unless the type says the record was sent.
		{"a title whole", map[string]any{"type": "salesforce_task_not_exists", "subject": "Call Ann"},
			`{"not_exists":"salesforce.tasks","where":{"subject":{"iequals":"Call Ann"}}}`},
		{"a subject sent is a phrase", map[string]any{"type": "gmail_message_sent_to", "to": "a@x.example", "subject": "overload"},
			`{"exists":"gmail.messages","where":{"label_ids":{"equals":"SENT"},"subject":{"icontains":"overload"},"to":{"iequals":"a@x.example"}}}`},
		// null: the field is unset (absent or null).
		{"null", map[string]any{"type": "salesforce_lead_exists", "email": "a@x.example", "company": nil},
			`{"exists":"salesforce.leads","where":{"company":{"present":false},"email":{"iequals":"a@x.example"}}}`},
		{"null, negated", map[string]any{"type": "salesforce_lead_not_exists", "company": nil},
			`{"not_exists":"salesforce.leads","where":{"company":{"present":false}}}`},
		// A reaction is an object; its name field holds the value.
		{"reaction by name", map[string]any{"type": "slack_message_has_reaction", "channel_name": "operations", "reaction": "eyes"},
			`cel:r.reactions.exists(e1, type(e1) == map && (type(e1) == map && "name" in e1|e1.name == "eyes"))))`},
		{"action", map[string]any{"type": "asana_action_exists", "action_key": "create_project", "params": map[string]any{"name_contains": "Q3"}},
			`{"exists":"asana.actions","where":{"action_key":{"equals":"create_project"},"name":{"icontains":"Q3"}}}`},
		{"entity of an action log", map[string]any{"type": "asana_project_not_exists", "name": "Old"},
			`{"not_exists":"asana.actions","where":{"action_key":{"in":["create_project"]},"name":{"iequals":"Old"}}}`},
		{"two phrases", map[string]any{"type": "gmail_message_sent_to_with_body_contains", "to": "a@x.example", "body_contains": []any{"one", "two"}},
			`cel:state["gmail"]["messages"].exists(r,|contains("one")|contains("two")|"SENT"`},
		{"row unchanged", map[string]any{"type": "google_sheets_row_not_updated", "spreadsheet_id": "ss_1", "row_id": 2},
			`cel:!state["google_sheets"]["rows"].exists(r,|r.cells == {"Name": "Ann", "Status": "Open"}`},
		// A field not changed, no value given: that field against its
		// initial value, and no other.
		{"field unchanged", map[string]any{"type": "salesforce_lead_field_not_changed", "lead_id": "00Q1", "field": "status"},
			`cel:!state["salesforce"]["leads"].exists(r,|r.id == "00Q1"|!((type(r) == map && "status" in r && r.status != null && r.status == "Open"))`},
		{"field unset at the start unchanged", map[string]any{"type": "salesforce_lead_field_not_changed", "lead_id": "00Q1", "field": "company"},
			`cel:!state["salesforce"]["leads"].exists(r,|r.id == "00Q1"|!(!(type(r) == map && "company" in r && r.company != null))`},
		// A member of a list given by address: the id of the user with it.
		{"member by address", map[string]any{"type": "slack_channel_has_member", "channel_name": "operations", "email": "ann@acme.example"},
			`{"exists":"slack.channels","where":{"member_ids":{"in":["U_ANN","ann@acme.example"]},"name":{"equals":"operations"}}}`},
		// A member of a list of plain values, not ids, that no record of the
		// app holds: the address itself; the list by the last word of its
		// record's name (gads_exclude_list_from_won_customers).
		{"member of a list of values by address", map[string]any{"type": "google_ads_customer_list_not_has_member", "list_name": "Churned", "email": "ann@acme.example"},
			`{"not_exists":"google_ads.customer_lists","where":{"members":{"iequals":"ann@acme.example"},"name":{"equals":"Churned"}}}`},
		// But an address the record keeps a field for is that field's,
		// not a member of its list (a subscriber's email beside its tags).
		{"address on the record beside a list", map[string]any{"type": "mailchimp_subscriber_has_tag", "email": "new@x.example", "tag": "vip"},
			`{"exists":"mailchimp.subscribers","where":{"email":{"iequals":"new@x.example"},"tags":{"equals":"vip"}}}`},
		// A name beside an optional text field of the same word and a
		// reference the record may not lack is the name of the record the
		// reference points to (a Buffer post's channel_id, not its channel;
		// buffer_queue_published_posts_from_sheet).
		{"name through a reference beside optional text", map[string]any{"type": "buffer_post_exists", "channel_name": "Larkspur LinkedIn", "text_contains": "catalog"},
			`{"exists":"buffer.posts","where":{"channel_id":{"in":["Larkspur LinkedIn","#Larkspur LinkedIn"]},"text":{"icontains":"catalog"}}}`},
	}
	var checks []map[string]any
	for _, c := range cases {
		checks = append(checks, c.check)
	}
	res := Import(s, []Source{{File: "synthetic.json", Data: synthTask(t, checks...)}})
	if len(res.Intents) != 1 {
		t.Fatalf("task not imported: %+v", res.Report.Errors)
	}
	if len(res.Report.Errors) > 0 {
		for _, e := range res.Report.Errors {
			t.Errorf("unexpected error: %v", e)
		}
	}
	goal := res.Intents[0].Goal
	if len(goal) != len(cases) {
		t.Fatalf("%d of %d assertions mapped", len(goal), len(cases))
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := rendered(goal[i])
			if frags, ok := strings.CutPrefix(c.want, "cel:"); ok {
				if goal[i].Type != assert.CEL {
					t.Fatalf("want CEL, got %s", got)
				}
				for _, f := range strings.Split(frags, "|") {
					if !strings.Contains(goal[i].Expr, f) {
						t.Errorf("CEL lacks %q:\n%s", f, goal[i].Expr)
					}
				}
				return
			}
			if got != c.want {
				t.Errorf("\n got %s\nwant %s", got, c.want)
			}
		})
	}
}

// What the grammar cannot explain is reported by type, with the task's
// file and the assertion's JSON path, and the task is not imported: a goal
// with fewer assertions would be another task.
func TestUnmappedReported(t *testing.T) {
	s := testSchemas(t)
	data := synthTask(t,
		map[string]any{"type": "gmail_message_sent_to", "to": "a@x.example"},
		map[string]any{"type": "gmail_message_frobnicated", "message_id": "m1"},
		map[string]any{"type": "salesforce_widget_exists", "name": "w"},
		map[string]any{"type": "gmail_message_sent_to", "to": "a@x.example", "vibe": "warm"},
		map[string]any{"type": "gmail_message_frobnicated", "message_id": "m2"},
	)
	res := Import(s, []Source{{File: "t.json", Data: data}})
	r := res.Report
	if r.ImportedFully != 0 || r.Failed != 1 || len(res.Intents) != 0 || len(res.Data) != 0 || len(res.Recipes) != 0 {
		t.Fatalf("report %+v; %d intents", r, len(res.Intents))
	}
	want := map[string]int{"gmail_message_frobnicated": 2, "salesforce_widget_exists": 1, "gmail_message_sent_to": 1}
	if len(r.UnmappedTypes) != len(want) {
		t.Fatalf("unmapped types %v, want %v", r.UnmappedTypes, want)
	}
	for k, n := range want {
		if r.UnmappedTypes[k] != n {
			t.Errorf("unmapped %s = %d, want %d", k, r.UnmappedTypes[k], n)
		}
	}
	paths := map[string]bool{}
	for _, e := range r.Errors {
		if e.File != "t.json" {
			t.Errorf("error names file %q", e.File)
		}
		paths[e.Path] = true
	}
	for _, p := range []string{"info.assertions[1]", "info.assertions[2]", "info.assertions[3]", "info.assertions[4]"} {
		if !paths[p] {
			t.Errorf("no error at %s (have %v)", p, paths)
		}
	}
	if pt := r.PerTask[0]; pt.Status != StatusFailed || pt.Mapped != 1 || pt.Assertions != 5 || len(pt.Unmapped) != 4 {
		t.Errorf("per task %+v", pt)
	}
}
