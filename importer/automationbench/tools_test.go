package automationbench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/episode"
	"github.com/legoenv/legoenv/verify"
)

// Tools are derived from their names and the app's schema; names of tools
// no sample task lists work the same way.
func TestToolDerivation(t *testing.T) {
	s := testSchemas(t).clone()
	prepareApps(s, nil)
	for _, a := range s.Apps {
		a.Collections = append([]*Coll(nil), a.Collections...)
	}
	// Rows hold cells, as the imported data declares.
	s.App("google_sheets").Collection("rows").addField(&Field{Name: "cells", Type: "object"})
	cases := []struct {
		name, kind, coll string
		set              map[string]any // constants the effect must set
		args             []string       // arguments the input must offer
	}{
		{"gmail_send_email", "create", "messages", map[string]any{"label_ids": []any{"SENT"}}, []string{"to", "subject", "body"}},
		{"gmail_create_draft", "create", "messages", map[string]any{"label_ids": []any{"DRAFT"}}, []string{"to"}},
		{"gmail_find_email", "search", "messages", nil, []string{"from", "subject", "limit"}},
		{"gmail_list_emails", "search", "messages", nil, nil},
		{"gmail_get_email_by_id", "get", "messages", nil, []string{"message_id"}},
		// A recording belongs to a meeting: got by its id or by the meeting's.
		{"zoom_get_recording", "search", "recordings", nil, []string{"recording_id", "meeting_id"}},
		// A contact of an account has a name: got by its own id.
		{"salesforce_get_contact", "get", "contacts", nil, []string{"contact_id"}},
		{"gmail_mark_as_read", "update", "messages", map[string]any{"is_read": true}, []string{"message_id"}},
		{"gmail_star_email", "update", "messages", map[string]any{"is_starred": true}, nil},
		{"gmail_delete_email", "delete", "messages", nil, []string{"message_id"}},
		{"gmail_add_label_to_email", "append", "messages", nil, []string{"message_id", "label"}},
		{"gmail_reply_to_email", "starlark", "", nil, []string{"message_id", "body"}},
		// associate <x> with <y>: y holds x in its list of x ids.
		{"hubspot_associate_contact_with_deal", "append", "deals", nil, []string{"contact", "deal_id"}},
		{"slack_send_channel_message", "create", "messages", nil, []string{"channel", "text"}},
		{"slack_send_direct_message", "create", "dms", nil, []string{"recipient_id", "text"}},
		{"slack_create_channel", "create", "channels", nil, []string{"name"}},
		{"slack_list_channels", "search", "channels", nil, []string{"name"}},
		{"slack_archive_channel", "update", "channels", map[string]any{"is_archived": true}, []string{"channel_id"}},
		{"salesforce_lead_create", "create", "leads", nil, []string{"last_name", "email"}},
		// entity_verb whose entity words hold a verb: a case comment created.
		{"salesforce_case_comment_create", "create", "case_comments", nil, []string{"parent_id"}},
		{"salesforce_contact_update", "update", "contacts", nil, []string{"contact_id", "email"}},
		{"salesforce_opportunity_delete", "delete", "opportunities", nil, nil},
		{"salesforce_contact_add_to_campaign", "create", "campaign_members", nil, []string{"CampaignId", "ContactId"}},
		{"salesforce_find_records", "starlark", "", nil, []string{"object_type", "query"}},
		{"salesforce_query", "starlark", "", nil, []string{"query"}},
		{"salesforce_case_close", "update", "cases", map[string]any{"status": "closed"}, nil},
		{"salesforce_set_lead_status", "update", "leads", nil, []string{"lead_id", "status"}},
		{"google_sheets_add_row", "create", "rows", nil, []string{"spreadsheet", "worksheet", "cells"}},
		{"google_sheets_get_many_rows", "search", "rows", nil, []string{"spreadsheet_id", "worksheet_id"}},
		{"google_sheets_update_row", "starlark", "rows", nil, []string{"spreadsheet_id", "worksheet_id", "row_id", "cells"}},
		{"google_sheets_find_worksheet", "search", "worksheets", nil, []string{"title"}},
		{"asana_create_task", "create", "actions", map[string]any{"action_key": "create_task"}, nil},
		{"asana_find_section", "starlark", "", nil, nil},
		// A first word that is no verb of the table but names the record
		// its act makes: a like, a retweet, a connection (-ion).
		{"twitter_like_tweet", "create", "likes", nil, []string{"tweet_id"}},
		{"twitter_retweet_tweet", "create", "retweets", nil, []string{"original_tweet_id"}},
		{"linkedin_connect_with_profile", "create", "connections", nil, []string{"connected_profile_id"}},
		// A lone word is not read as an act.
		{"twitter_like", "unresolved", "", nil, nil},
		// invite a user to a channel: the channel's one list of ids.
		{"slack_invite_user_to_channel", "append", "channels", nil, []string{"channel_id", "user"}},
		// add <x> to <y> where x is no record of the app: y's one list of
		// plain values (a customer list's members).
		{"google_ads_add_contact_to_customer_list", "append", "customer_lists", nil, nil},
		{"gmail_frobnicate", "unresolved", "", nil, nil},
		{"slack_channel", "unresolved", "", nil, nil},
		{"salesforce_widget_create", "unresolved", "", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			app, rest, ok := s.AppOf(c.name)
			if !ok {
				t.Fatal("no app")
			}
			tb := &toolBuilder{app: s.App(app)}
			tl := tb.Tool(c.name, rest)
			if tl.Effect.Kind != c.kind || tl.Effect.Collection != c.coll {
				t.Fatalf("effect %s on %q, want %s on %q (%s)", tl.Effect.Kind, tl.Effect.Collection, c.kind, c.coll, tl.Description)
			}
			for k, v := range c.set {
				if got := jsonText(tl.Effect.Set[k]); got != jsonText(v) {
					t.Errorf("sets %s = %s, want %s", k, got, jsonText(v))
				}
			}
			props := atom.InputProperties(tl.Input)
			for _, a := range c.args {
				if !props[a] {
					t.Errorf("input lacks %s (has %v)", a, props)
				}
			}
			if strings.HasPrefix(rest, "set_") && len(props) != len(c.args) {
				t.Errorf("a set_<entity>_<field> tool takes the record and the field only, not %v", props)
			}
			if err := atom.CheckInputSchema(tl.Input); err != nil {
				t.Errorf("input: %v", err)
			}
			if tl.Description == "" || c.kind == "unresolved" && !strings.Contains(tl.Description, "could not be derived") {
				t.Errorf("description %q", tl.Description)
			}
		})
	}
}

// The authored initial state is flattened the way the benchmark's models
// load it: nested worksheets and rows become collections that refer to
// their parents, keys under another name become the key, fields spelled
// another way take the schema's name, action logs become records.
func TestNormalise(t *testing.T) {
	s := testSchemas(t).clone()
	st := map[string]any{
		"spreadsheets": []any{map[string]any{
			"spreadsheet_id": "ss_1", "title": "Budget",
			"worksheets": []any{
				map[string]any{"worksheet_id": "ws_a", "title": "A", "rows": []any{
					map[string]any{"row_id": 1.0, "cells": map[string]any{"X": "1"}},
					map[string]any{"row_id": 2.0, "Name": "Ann"},
				}},
				map[string]any{"id": "ws_b", "title": "B", "rows": []any{map[string]any{"row_id": 1.0, "cells": map[string]any{"X": "2"}}}},
			},
		}},
	}
	bags := map[string]string{"rows": "cells"}
	d, errs := normaliseApp(s.App("google_sheets"), st, "t.json", "info.initial_state.google_sheets", newExtraFields(), bags)
	if len(errs) != 0 {
		t.Fatalf("errors %v", errs)
	}
	ss := d.records["spreadsheets"]
	if len(ss) != 1 || ss[0]["id"] != "ss_1" || ss[0]["worksheets"] != nil {
		t.Errorf("spreadsheets %v", ss)
	}
	ws := d.records["worksheets"]
	if len(ws) != 2 || ws[0]["id"] != "ws_a" || ws[0]["spreadsheet_id"] != "ss_1" || ws[1]["spreadsheet_id"] != "ss_1" {
		t.Errorf("worksheets %v", ws)
	}
	rows := d.records["rows"]
	if len(rows) != 3 {
		t.Fatalf("rows %v", rows)
	}
	keys := map[any]bool{}
	for _, r := range rows {
		keys[r["id"]] = true
		if r["spreadsheet_id"] != "ss_1" {
			t.Errorf("row without its spreadsheet: %v", r)
		}
	}
	if len(keys) != 3 {
		t.Errorf("row keys not unique: %v", rows)
	}
	if cells, _ := rows[1]["cells"].(map[string]any); cells["Name"] != "Ann" || rows[1]["Name"] != nil {
		t.Errorf("a stray cell is not moved into cells: %v", rows[1])
	}
	if rows[2]["worksheet_id"] != "ws_b" {
		t.Errorf("row of worksheet B: %v", rows[2])
	}

	acts := map[string]any{"actions": map[string]any{"find_section": []any{
		map[string]any{"id": "a1", "params": map[string]any{"section": "sec_1", "name": "Backlog"}},
	}}}
	d, errs = normaliseApp(s.App("asana"), acts, "t.json", "x", newExtraFields(), nil)
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	if r := d.records["actions"][0]; r["action_key"] != "find_section" || r["section"] != "sec_1" || r["params"] != nil {
		t.Errorf("action record %v", r)
	}

	sf := map[string]any{
		"accounts":      []any{map[string]any{"id": "001", "name": "Acme"}},
		"opportunities": []any{map[string]any{"id": "006", "stage_name": "Prospecting"}},
		"leads":         []any{map[string]any{"id": "00Q", "Email": "a@x"}, map[string]any{"id": "00Q", "last_name": "Dup"}},
		"widgets":       "nope",
	}
	d, errs = normaliseApp(s.App("salesforce"), sf, "t.json", "info.initial_state.salesforce", newExtraFields(), nil)
	if d.records["accounts"][0]["account_name"] != "Acme" || d.records["opportunities"][0]["stage"] != "Prospecting" || d.records["leads"][0]["email"] != "a@x" {
		t.Errorf("aliases not applied: %v", d.records)
	}
	paths := map[string]bool{}
	for _, e := range errs {
		paths[e.Path] = true
	}
	if !paths["info.initial_state.salesforce.leads[1].id"] || !paths["info.initial_state.salesforce.widgets"] {
		t.Errorf("errors %v", errs)
	}
	if d.records["leads"][1]["id"] == "00Q" {
		t.Error("a duplicate key was kept")
	}
}

// ImportServers gives server atoms for tool names alone, for libraries that
// serve the benchmark's apps without its tasks.
func TestImportServers(t *testing.T) {
	s := testSchemas(t)
	servers, errs := ImportServers(s, []string{"gmail_send_email", "slack_list_channels", "gmail_find_email", "gmail_send_email", "frob_do", "asana_create_task"})
	if len(errs) != 1 || !strings.Contains(errs[0].Message, "frob_do") || errs[0].Path != "[4]" {
		t.Fatalf("errors %v", errs)
	}
	dir := t.TempDir()
	var ids []string
	for _, srv := range servers {
		ids = append(ids, srv.ID)
		b, err := MarshalYAML(srv)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, srv.ID+".yaml"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if strings.Join(ids, ",") != "asana,gmail,slack" {
		t.Fatalf("servers %v", ids)
	}
	if n := len(servers[1].Tools); n != 2 {
		t.Errorf("gmail has %d tools, want 2 (duplicates folded)", n)
	}
	lib, ds, err := atom.LoadDir(dir)
	if err != nil || ds.HasErrors() {
		t.Fatalf("servers do not lint: %v %v", err, ds)
	}
	if lib.ServerFor("gmail") == nil {
		t.Fatal("no gmail server")
	}
}

// Verbs the sample never lists: "remove <x> from <y>" takes a value off
// y's list (no record is deleted); sending a record that is no message
// sets its sent flag or status instead of creating one; a send of a
// message still creates it.
func TestUnseenToolVerbs(t *testing.T) {
	s := testSchemas(t)
	tools := importedTools(t, s, "gmail_remove_label_from_email", "xero_email_invoice", "wave_send_invoice", "linkedin_send_invitation", "twilio_send_sms")
	rm := tools["gmail_remove_label_from_email"]
	if rm.Effect.Kind != "starlark" || !strings.Contains(rm.Effect.Code, `"label_ids"`) || strings.Join(sortedArgs(rm), ",") != "label,message_id" {
		t.Errorf("remove label: %s %v", rm.Effect.Kind, sortedArgs(rm))
	}
	if x := tools["xero_email_invoice"]; x.Effect.Kind != "update" || x.Effect.Set["sent_to_contact"] != true {
		t.Errorf("xero_email_invoice: %s %v", x.Effect.Kind, x.Effect.Set)
	}
	if w := tools["wave_send_invoice"]; w.Effect.Kind != "update" || w.Effect.Set["status"] != "sent" {
		t.Errorf("wave_send_invoice: %s %v", w.Effect.Kind, w.Effect.Set)
	}
	for _, n := range []string{"linkedin_send_invitation", "twilio_send_sms"} {
		if k := tools[n].Effect.Kind; k != "create" {
			t.Errorf("%s: %s, want create", n, k)
		}
	}
}

// importedTools derives the named tools from the schemas, by name.
func importedTools(t *testing.T, s *Schemas, names ...string) map[string]atom.Tool {
	t.Helper()
	srvs, errs := ImportServers(s, names)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	tools := map[string]atom.Tool{}
	for _, sv := range srvs {
		for _, tl := range sv.Tools {
			tools[tl.Name] = tl
		}
	}
	return tools
}

// Sending a record whose status starts done (an offline conversion's
// "success") creates it: it is an event the send makes, not a draft the
// send moves on; a record that starts as a draft is still sent in place.
func TestSendOfAnEventCreatesIt(t *testing.T) {
	tools := importedTools(t, testSchemas(t), "google_ads_send_offline_conversion", "wave_send_invoice")
	g := tools["google_ads_send_offline_conversion"]
	if g.Effect.Kind != "create" || g.Effect.Collection != "conversions" {
		t.Errorf("google_ads_send_offline_conversion: %s of %q, want a create of conversions", g.Effect.Kind, g.Effect.Collection)
	}
	if args := strings.Join(sortedArgs(g), ","); !strings.Contains(args, "conversion_name") || !strings.Contains(args, "email") {
		t.Errorf("google_ads_send_offline_conversion takes %s, want the conversion's fields", args)
	}
	if w := tools["wave_send_invoice"]; w.Effect.Kind != "update" {
		t.Errorf("wave_send_invoice: %s, want an update of the invoice", w.Effect.Kind)
	}
}

// A write of "record" itself takes any type of the app's state; an app
// that only logs actions keeps its log tool.
func TestAnyRecordWrite(t *testing.T) {
	s := testSchemas(t)
	srvs, errs := ImportServers(s, []string{"salesforce_update_record", "salesforce_create_record", "airtable_create_record"})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, sv := range srvs {
		for _, tl := range sv.Tools {
			args := strings.Join(sortedArgs(tl), ",")
			switch tl.Name {
			case "salesforce_update_record":
				if tl.Effect.Kind != "starlark" || args != "fields,object_type,record_id" || !strings.Contains(tl.Effect.Code, `"Opportunity"`) {
					t.Errorf("%s: %s %s", tl.Name, tl.Effect.Kind, args)
				}
			case "salesforce_create_record":
				if tl.Effect.Kind != "starlark" || args != "fields,object_type" {
					t.Errorf("%s: %s %s", tl.Name, tl.Effect.Kind, args)
				}
			case "airtable_create_record":
				if tl.Effect.Kind == "starlark" || tl.Effect.Collection != actionsColl {
					t.Errorf("%s: %s %s", tl.Name, tl.Effect.Kind, tl.Effect.Collection)
				}
			}
		}
	}
}

// An agent that found the meeting gets its recording through the meeting,
// as Zoom's API does (the recordings of a meeting), without the recording's
// id, which no listing the task offers shows; the other meeting's recording
// is not in the answer, and the link the mail must hold is then grounded.
func TestGetOwnedRecordByOwner(t *testing.T) {
	const file = "sales_zoom_recording_distribution_basic.json"
	data, err := os.ReadFile(filepath.Join(tasksDir, file))
	if err != nil {
		t.Fatal(err)
	}
	vs, lib := verifyImported(t, testSchemas(t), []Source{{File: file, Data: data}})
	const intent = "sales.zoom_recording_distribution_basic"
	if c := vs[intent].RootCause; c == nil || c.Code == verify.IntentGoalNotInInstruction {
		t.Errorf("verdict %+v: the share link should be grounded, leaving the weak goal", c)
	}
	s := session(t, lib, intent, episode.ToolsetNamed)
	obs := s.Call(call{"zoom_get_recording", map[string]any{"meeting_id": 2001}}.toolCall())
	if obs.IsError || !strings.Contains(obs.Content, "demo123") || strings.Contains(obs.Content, "old456") {
		t.Fatalf("zoom_get_recording by meeting 2001: %s", obs.Content)
	}
	obs = s.Call(call{"zoom_get_recording", map[string]any{"recording_id": "rec_old"}}.toolCall())
	if obs.IsError || !strings.Contains(obs.Content, "old456") || strings.Contains(obs.Content, "demo123") {
		t.Fatalf("zoom_get_recording by its id: %s", obs.Content)
	}
}
