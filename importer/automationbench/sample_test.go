package automationbench

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/verify"
)

var (
	sampleOnce sync.Once
	sampleRes  *Result
	sampleLib  *atom.Library
	sampleErr  error
)

// sampleLibrary imports the whole shipped sample (71 tasks) once.
func sampleLibrary(t *testing.T) (*atom.Library, *Result) {
	t.Helper()
	sampleOnce.Do(func() {
		var s *Schemas
		if s, sampleErr = LoadSchemas(schemasDir); sampleErr != nil {
			return
		}
		var files []string
		if files, sampleErr = Expand([]string{tasksDir}); sampleErr != nil {
			return
		}
		if sampleRes, sampleErr = ImportFiles(s, files); sampleErr != nil {
			return
		}
		dir := libDir + "-sample"
		if sampleErr = sampleRes.Write(dir); sampleErr != nil {
			return
		}
		var ds atom.Diagnostics
		sampleLib, ds, sampleErr = atom.LoadDir(dir)
		if sampleErr == nil && ds.HasErrors() {
			sampleErr = ds.Err()
		}
	})
	if sampleErr != nil {
		t.Fatal(sampleErr)
	}
	return sampleLib, sampleRes
}

// Every task of the sample imports whole, and verifies: the planner finds
// a way through the tools each task offers.
func TestSampleImportsAndVerifies(t *testing.T) {
	if testing.Short() {
		t.Skip("imports and verifies 71 tasks")
	}
	lib, res := sampleLibrary(t)
	r := res.Report
	if r.Tasks != 71 || r.ImportedFully != 71 || r.Failed != 0 {
		t.Fatalf("imported %d of %d fully, %d not: %v", r.ImportedFully, r.Tasks, r.Failed, r.Errors)
	}
	vs := verify.VerifyAll(context.Background(), lib, lib.Recipes(), verify.Options{Jobs: 2})
	// Under grounded, discriminating verification some of the benchmark's
	// own tasks do not verify (a value nothing shows, an over-action the
	// goal lets through); each is listed with its cause in a golden file,
	// so a task lost or a cause changed is seen (-update rewrites it after
	// review; docs/verify.md reads the list).
	var lines []string
	for _, v := range vs {
		if !v.Verified {
			code := "unverified"
			if v.RootCause != nil {
				code = string(v.RootCause.Code)
			}
			lines = append(lines, v.Intent+" "+code)
		}
	}
	sort.Strings(lines)
	got := strings.Join(lines, "\n") + "\n"
	golden := filepath.Join("testdata", "golden", "sample_faults.txt")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("the sample's unverified tasks changed (go test -run TestSampleImportsAndVerifies -update and review):\n got:\n%s\nwant:\n%s", got, want)
	}
	// 37: grounding solves seven more than the 39 of the first strict
	// run; over-action probes that carry a record over found nine goals
	// the benchmark does not protect (listed in the golden file). 38: an
	// amount times the change of a rate is derived in two steps
	// (finance.forex_gain_loss). 39: a created record takes the schema's
	// default (sales.calendly_no_show_followup's task "Not Started").
	// 35: derivations became declared formulas over the records' own
	// fields (no subset sums, no pieces of dates or ids); four tasks whose
	// figures only a coincidence derived (a days-payable formula with a
	// constant from a mail, a linear attribution split, a total over the
	// lines of one invoice and one part, a deal score) fall to
	// intent.goal_not_in_instruction. 34: a word is found only as a form
	// of itself ("re" in no "reply"), so a reply's "Re:" subject, which
	// nothing shows, is not grounded (simple.email_sheets_update_reply).
	// 35: a total over the records whose values the written text and the
	// instruction name (operations.invoice_shipping_trigger's two listed
	// lines of the named invoice); finance.revenue_recognition's total of
	// the amounts the plan wrote row by row is grounded now, and its goal
	// still needs evolution's negatives. 36: a text the called tool's
	// description quotes is what the product writes itself (a reply's
	// "Re:" before its subject: simple.email_sheets_update_reply).
	// support.hiver_workload_forecast's utilization is derived from the
	// load and the capacity its row writes beside it; as imported its goal
	// still needs evolution's negative (a second alert mail).
	if n := len(vs) - len(lines); n < 36 {
		t.Errorf("%d of the sample's tasks verify, fewer than the 36 measured", n)
	}
}

// actionArgs is what an action takes, as Zapier's action does: the
// arguments it must offer and ones it must not (what the server sets).
type actionArgs struct {
	takes []string
	not   []string
}

// expectedArgs: one or more actions of every app of the sample.
var expectedArgs = map[string]actionArgs{
	"gmail_send_email":                       {[]string{"to", "cc", "bcc", "subject", "body", "from"}, []string{"body_plain", "from_", "size_estimate", "internal_date", "snippet", "is_read", "is_starred", "has_attachments", "id", "label_ids"}},
	"gmail_create_draft":                     {[]string{"to", "subject", "body"}, []string{"snippet", "internal_date"}},
	"gmail_reply_to_email":                   {[]string{"message_id", "body"}, []string{"body_plain", "to", "snippet"}},
	"gmail_find_email":                       {[]string{"from", "to", "subject"}, []string{"size_estimate", "snippet", "internal_date"}},
	"slack_send_channel_message":             {[]string{"channel", "text", "thread_ts"}, []string{"channel_id", "is_deleted", "reactions", "reply_count", "ts", "user_id", "user", "is_bot"}},
	"slack_send_direct_message":              {[]string{"text"}, []string{"is_deleted", "reactions", "ts"}},
	"slack_list_channels":                    {[]string{"name"}, nil},
	"google_sheets_get_many_rows":            {[]string{"spreadsheet_id", "worksheet_id"}, []string{"background_color", "text_color", "text_format_bold", "text_format_italic", "text_format_strikethrough"}},
	"google_sheets_add_row":                  {[]string{"spreadsheet", "worksheet", "cells"}, []string{"background_color", "text_format_bold"}},
	"google_sheets_update_row":               {[]string{"spreadsheet_id", "worksheet_id", "row_id", "cells"}, []string{"background_color", "text_color", "text_format_bold"}},
	"salesforce_lead_create":                 {[]string{"last_name", "first_name", "email", "company", "title", "status"}, []string{"id", "is_converted", "converted_account_id", "days_since_activity", "email_opens", "has_opened_email", "last_activity_date", "created_at"}},
	"salesforce_opportunity_create":          {[]string{"name", "stage", "amount", "close_date"}, []string{"id", "created_at"}},
	"salesforce_find_records":                {[]string{"object_type", "query"}, nil},
	"calendly_book_meeting":                  {[]string{"event_type_id", "start_time", "invitee_email", "invitee_name"}, []string{"uuid", "uri", "canceled_at", "invitees_counter", "created_at"}},
	"calendly_mark_no_show":                  {[]string{"invitee_id"}, []string{"no_show_marked_at"}},
	"docusign_create_envelope_from_template": {[]string{"template", "signers", "email_subject"}, []string{"created_date_time", "completed_date_time", "sent_date_time", "certificate_uri", "templates_uri"}},
	"twilio_send_sms":                        {[]string{"to_number", "from_number", "body"}, []string{"num_segments", "date_sent", "account_sid"}},
	"buffer_add_to_queue":                    {[]string{"channel_id", "text"}, []string{"impressions", "likes", "shares", "engagement_rate"}},
	"intercom_add_tag_to_contact":            {[]string{"contact_id", "tag"}, nil},
	"freshdesk_add_note_to_ticket":           {[]string{"ticket_id", "body"}, nil},
	"helpscout_add_note":                     {[]string{"conversation_id", "body"}, nil},
	"zendesk_update_ticket":                  {[]string{"ticket_id", "status", "priority"}, []string{"created_at", "updated_at"}},
	"zoho_desk_add_comment":                  {[]string{"ticket_id", "content"}, nil},
	"reamaze_add_message":                    {[]string{"conversation_id", "body"}, nil},
	"gorgias_create_ticket":                  {[]string{"subject", "customer_email"}, []string{"created_at"}},
	"jira_create_issue":                      {[]string{"project", "summary", "issuetype"}, nil},
	"pipefy_move_card":                       {[]string{"card_id", "phase_id"}, nil},
	"asana_create_task":                      {[]string{"name"}, nil},
	"google_ads_set_campaign_status":         {[]string{"campaign_id", "status"}, nil},
	"hubspot_create_contact":                 {[]string{"email", "firstname", "lastname"}, []string{"created_at"}},
	"quickbooks_find_customer":               {[]string{"display_name", "email"}, nil},
	"xero_create_bank_transaction":           {[]string{"bank_account_id", "total"}, []string{"updated_date"}},
	"zoom_find_meeting":                      {[]string{"topic"}, nil},
	"linkedin_find_profile":                  {[]string{"email", "first_name", "last_name"}, nil},
}

// Tool arguments are what each action takes, named as the action names
// them; none is a field the server owns; every tool the table names is
// one the sample offers.
func TestActionArguments(t *testing.T) {
	_, res := sampleLibrary(t)
	tools := map[string]atom.Tool{}
	for _, s := range res.Servers {
		for _, tl := range s.Tools {
			tools[tl.Name] = tl
		}
	}
	names := slices.Sorted(maps.Keys(expectedArgs))
	for _, n := range names {
		want := expectedArgs[n]
		tl, ok := tools[n]
		if !ok {
			t.Errorf("%s: not a tool of the sample", n)
			continue
		}
		props := atom.InputProperties(tl.Input)
		for _, a := range want.takes {
			if !props[a] {
				t.Errorf("%s lacks %s (takes %v)", n, a, props)
			}
		}
		for _, a := range want.not {
			if props[a] {
				t.Errorf("%s takes %s, which the server sets or the action names otherwise", n, a)
			}
		}
	}
	// Nothing a server owns is an argument of any write, and no search
	// filters on how a record looks.
	owned := []string{"is_deleted", "reactions", "reply_count", "size_estimate", "internal_date", "snippet", "ts", "uri", "uuid", "created_at", "updated_at"}
	for _, tl := range tools {
		props := atom.InputProperties(tl.Input)
		for a := range props {
			if strings.HasSuffix(a, "_color") || strings.HasPrefix(a, "text_format_") {
				t.Errorf("%s takes presentational %s", tl.Name, a)
			}
		}
		if tl.Effect.Kind == "search" || tl.Effect.Kind == "get" {
			continue
		}
		for _, a := range owned {
			if props[a] {
				t.Errorf("%s (%s) takes %s, which the server sets", tl.Name, tl.Effect.Kind, a)
			}
		}
		if open, _ := tl.Input["additionalProperties"].(bool); open && len(props) > 0 && tl.Effect.Kind != "starlark" {
			t.Errorf("%s lists its arguments yet accepts any other", tl.Name)
		}
	}
}
