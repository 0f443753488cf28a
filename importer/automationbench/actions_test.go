package automationbench

import (
	"sort"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
)

// zapierAction is what a Zapier action of the sample takes: the arguments
// a user sets, named as the action names them (takes), and the arguments
// the derived tool still offers that the action does not take (extra: the
// known gaps, listed in docs/automationbench.md, each a field the state
// keeps that no word rule yet tells from a user's). open: the action is
// known only by name, so its tool accepts any argument.
type zapierAction struct {
	takes, extra []string
	open         bool
}

// zapierActions holds every write action the sample's tasks list, written
// from the actions' Zapier field lists (Gmail's Send Email: to, cc, bcc,
// from, from name, reply to, subject, body, attachments; Slack's Send
// Channel Message: channel, text, bot name and icon, schedule, thread;
// Twilio's Send SMS: from, to, message; ...) and the parameters the
// benchmark's action logs record for the apps that only log.
var zapierActions = map[string]zapierAction{
	"airtable_create_record":                 {takes: []string{"applicationId", "fields", "tableName"}},
	"airtable_updateRecord":                  {open: true},
	"asana_add_task_to_section":              {takes: []string{"projects", "section", "task_id", "workspace"}},
	"asana_create_task":                      {takes: []string{"dueDate", "name", "notes", "workspace"}},
	"buffer_add_to_queue":                    {takes: []string{"channel", "comments", "day", "due_at", "hour", "method", "needs_approval", "post_type", "shared_now", "tags", "text"}, extra: []string{"channel_id", "status"}},
	"calendly_book_meeting":                  {takes: []string{"description", "duration", "end_time", "event_guests", "event_type_id", "invitee_email", "invitee_first_name", "invitee_last_name", "invitee_name", "invitee_timezone", "location", "location_additional_info", "location_kind", "name", "start_time", "timezone"}, extra: []string{"booking_url", "host_ids", "status"}},
	"calendly_mark_no_show":                  {takes: []string{"invitee_id"}},
	"chatgpt_send_prompt":                    {takes: []string{"assistant", "memory_key"}, extra: []string{"metadata"}},
	"docusign_create_envelope_from_template": {takes: []string{"cc_recipients", "custom_fields", "email_blurb", "email_subject", "signers", "status", "template"}, extra: []string{"allow_comments", "allow_markup", "allow_view_history", "description", "documents", "is_signature_provider_envelope", "signer_can_sign_on_mobile"}},
	"freshdesk_add_note_to_ticket":           {takes: []string{"body", "private", "ticket_id"}},
	"freshdesk_update_ticket":                {takes: []string{"company", "description", "group_id", "priority", "requester_id", "responder_id", "source", "status", "subject", "tags", "ticket_id", "ticket_type"}, extra: []string{"notes"}},
	"gmail_create_draft":                     {takes: []string{"attachment_ids", "bcc", "body", "body_html", "cc", "from", "from_name", "reply_to", "subject", "to"}},
	"gmail_mark_as_read":                     {takes: []string{"message_id"}},
	"gmail_reply_to_email":                   {takes: []string{"bcc", "body", "cc", "message_id", "subject"}},
	"gmail_send_email":                       {takes: []string{"attachment_ids", "bcc", "body", "body_html", "cc", "from", "from_name", "reply_to", "subject", "to"}},
	"google_ads_set_campaign_status":         {takes: []string{"campaign_id", "status"}},
	"google_calendar_create_detailed_event":  {takes: []string{"all_day", "attendees", "calendarid", "colorId", "conferencing", "description", "end__dateTime", "eventType", "guestsCanModify", "location", "recurrence_frequency", "recurrence_until", "recurring", "reminders__useDefault", "reminders_methods", "reminders_minutes", "start__dateTime", "summary", "transparency", "visibility"}, extra: []string{"organizer_email", "status"}},
	"google_sheets_add_row":                  {takes: []string{"cells", "spreadsheet", "worksheet"}, extra: []string{"timezone"}},
	"google_sheets_delete_row":               {takes: []string{"id"}},
	"google_sheets_update_row":               {takes: []string{"cells", "id", "row_id", "spreadsheet_id", "worksheet_id"}, extra: []string{"timezone"}},
	"gorgias_create_ticket":                  {takes: []string{"assignee_user_id", "channel", "customer_email", "messages", "status", "subject", "tags"}},
	"gorgias_create_ticket_message":          {takes: []string{"body_html", "body_text", "channel", "sender_email", "sender_name", "sender_type", "ticket_id"}},
	"helpscout_add_note":                     {takes: []string{"body", "conversation_id"}, extra: []string{"author_email", "author_name"}},
	"hubspot_create_contact":                 {takes: []string{"company", "company_size", "csm_email", "demo_requested", "demo_scheduled", "email", "firstname", "industry", "jobtitle", "lastname", "lifecycle_stage", "linkedin_url", "notes", "nps_score", "payment_status", "phone", "properties", "utm_campaign", "utm_medium", "utm_source"}, extra: []string{"lead_score", "lifetime_value", "support_tickets_30d"}},
	"intercom_add_note":                      {takes: []string{"admin_id", "body", "contact"}},
	"intercom_add_tag_to_contact":            {takes: []string{"contact_id", "tag"}},
	"intercom_create_ticket":                 {takes: []string{"assignee_id", "contact_ids", "description", "state", "team_assignee_id", "ticket_type_id", "title"}},
	"jira_create_issue":                      {takes: []string{"assignee", "description", "issuetype", "labels", "priority", "project", "summary"}, extra: []string{"key", "status"}},
	"monday_change_date_column_value":        {takes: []string{"board_id", "column_id", "item_id", "value_date"}},
	"monday_change_status_column_value":      {takes: []string{"board_id", "column_id", "item_id", "value_label"}},
	"monday_create_item":                     {takes: []string{"board_id", "item_name", "name"}},
	"notion_create_page":                     {takes: []string{"parent_page", "title"}},
	"pipefy_move_card":                       {takes: []string{"card_id", "phase_id"}, extra: []string{"amount", "assignee_id", "fields", "labels", "opportunity_id", "phase", "phase_changed", "pipe_id", "title"}},
	"pipefy_update_card_field":               {takes: []string{"card_id", "field_id", "value"}, extra: []string{"amount", "assignee_id", "fields", "labels", "opportunity_id", "phase", "phase_changed", "pipe_id", "title"}},
	"reamaze_add_message":                    {takes: []string{"author_email", "author_name", "author_type", "body", "conversation_id", "visibility"}},
	"reamaze_update_conversation":            {takes: []string{"assignee_email", "brand", "category", "contact_email", "contact_name", "conversation_id", "status", "subject", "tags"}, extra: []string{"messages"}},
	"salesforce_account_update":              {takes: []string{"account_id", "account_name", "account_type", "annual_revenue", "auto_renew", "billing_city", "billing_country", "billing_postal_code", "billing_state", "billing_street", "contract_end", "contract_renewal_date", "country", "currency", "description", "do_not_contact", "domain", "email", "fax", "health_score", "health_status", "industry", "number_of_employees", "owner_id", "parent_id", "payment_terms", "phone", "priority", "rating", "region", "shipping_city", "shipping_country", "shipping_postal_code", "shipping_state", "shipping_street", "tier", "website"}},
	"salesforce_case_create":                 {takes: []string{"account_id", "contact", "description", "origin", "owner_id", "parent_id", "priority", "reason", "status", "subject", "supplied_name", "type"}},
	"salesforce_contact_add_to_campaign":     {takes: []string{"CampaignId", "ContactId", "LeadId", "Status"}, extra: []string{"owner_id"}},
	"salesforce_contact_update":              {takes: []string{"account_id", "account_name", "assistant_email", "assistant_name", "contact_id", "delegate_email", "department", "description", "email", "email_opt_out", "engagement_score", "fax", "first_name", "industry", "is_primary", "last_name", "lead_score", "lead_source", "mailing_city", "mailing_country", "mailing_postal_code", "mailing_state", "mailing_street", "mobile_phone", "nda_status", "notes", "owner_id", "phone", "role", "seniority_level", "status", "timezone", "title", "webinar_registered", "years_at_company"}},
	"salesforce_lead_create":                 {takes: []string{"annual_revenue", "city", "company", "country", "description", "email", "estimated_value", "first_name", "first_touch_date", "industry", "last_name", "lead_score", "lead_source", "linkedin_url", "mobile_phone", "number_of_employees", "owner_id", "phone", "postal_code", "rating", "state", "status", "street", "title"}},
	"salesforce_lead_update":                 {takes: []string{"annual_revenue", "city", "company", "country", "description", "email", "estimated_value", "first_name", "first_touch_date", "industry", "last_name", "lead_id", "lead_score", "lead_source", "linkedin_url", "mobile_phone", "number_of_employees", "owner_id", "phone", "postal_code", "rating", "state", "status", "street", "title"}},
	"salesforce_note_create":                 {takes: []string{"body", "custom_type", "is_private", "owner_id", "parent_id", "title"}},
	"salesforce_opportunity_create":          {takes: []string{"account_id", "amount", "campaign_id", "close_date", "competitor", "contact", "contract_end_date", "currency", "description", "lead_source", "name", "next_step", "owner_id", "probability", "product_type", "quote_number", "quote_special_terms", "quote_status", "quote_term_months", "risk_level", "stage", "trial_end_date", "type"}, extra: []string{"is_won"}},
	"salesforce_opportunity_update":          {takes: []string{"account_id", "amount", "campaign_id", "close_date", "competitor", "contact", "contract_end_date", "currency", "description", "lead_source", "name", "next_step", "opportunity_id", "owner_id", "probability", "product_type", "quote_number", "quote_special_terms", "quote_status", "quote_term_months", "risk_level", "stage", "trial_end_date", "type"}, extra: []string{"is_won"}},
	"salesforce_task_create":                 {takes: []string{"assigned_to_id", "contact", "description", "due_date", "owner_id", "priority", "related_to_id", "status", "subject"}},
	"slack_send_channel_message":             {takes: []string{"attachments", "bot_icon", "bot_name", "channel", "post_at", "text", "thread_ts"}},
	"slack_send_direct_message":              {takes: []string{"recipient_id", "text"}},
	"twilio_send_sms":                        {takes: []string{"body", "from_number", "to_number"}},
	"xero_create_bank_transaction":           {takes: []string{"bank_account_id", "bank_account_name", "contact", "contact_name", "currency_code", "line_amount", "line_description", "reference", "status", "total", "type"}},
	"zendesk_delete_user":                    {takes: []string{"user_id"}},
	"zendesk_update_ticket":                  {takes: []string{"assignee_id", "channel", "external_id", "group", "organization", "priority", "requester_id", "status", "subject", "tags", "ticket_id", "ticket_type"}, extra: []string{"comments", "description"}},
	"zoho_desk_add_comment":                  {takes: []string{"content", "is_public", "ticket_id"}, extra: []string{"author", "commenter_id"}},
}

// readVerbs name the actions that only read.
var readVerbs = set("find", "list", "query", "get", "lookup", "search", "project")

// TestZapierActionArguments compares every write tool of the sample with
// the table: the arguments are exactly what the action takes plus the
// known extras, so a new server-owned argument, a lost one or a renamed
// one fails here by tool and argument.
func TestZapierActionArguments(t *testing.T) {
	_, res := sampleLibrary(t)
	seen := map[string]bool{}
	for _, s := range res.Servers {
		for _, tl := range s.Tools {
			if tl.Effect.Kind == "search" || tl.Effect.Kind == "get" || readsOnly(tl.Name) {
				continue
			}
			seen[tl.Name] = true
			want, ok := zapierActions[tl.Name]
			if !ok {
				t.Errorf("%s: a write action the table lacks (args %v)", tl.Name, sortedArgs(tl))
				continue
			}
			compareArgs(t, tl, want)
		}
	}
	for n := range zapierActions {
		if !seen[n] {
			t.Errorf("%s: in the table but no write tool of the sample", n)
		}
	}
}

func readsOnly(name string) bool {
	for _, w := range strings.Split(name, "_") {
		if readVerbs[w] {
			return true
		}
	}
	return false
}

func sortedArgs(tl atom.Tool) []string {
	var out []string
	for a := range atom.InputProperties(tl.Input) {
		out = append(out, a)
	}
	sort.Strings(out)
	return out
}

func compareArgs(t *testing.T, tl atom.Tool, want zapierAction) {
	t.Helper()
	got := atom.InputProperties(tl.Input)
	exp := map[string]bool{}
	for _, a := range append(append([]string(nil), want.takes...), want.extra...) {
		exp[a] = true
		if !got[a] {
			t.Errorf("%s does not take %s", tl.Name, a)
		}
	}
	for _, a := range sortedArgs(tl) {
		if !exp[a] {
			t.Errorf("%s takes %s, which the action does not", tl.Name, a)
		}
	}
	if open, _ := tl.Input["additionalProperties"].(bool); open != want.open {
		t.Errorf("%s: additionalProperties %v, want %v", tl.Name, open, want.open)
	}
}
