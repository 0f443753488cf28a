package automationbench

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// Rules made from the sixth batch's working half (testdata/made_up/batch6.txt).

// verifiedAsImported imports one task, written as the benchmark writes
// them, and reports its verdict as imported, with the root cause's text.
func verifiedAsImported(t *testing.T, task map[string]any) (bool, string) {
	t.Helper()
	dir := t.TempDir()
	b, err := json.Marshal(task)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "task.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	fig, err := measureHalf(testSchemas(t), dir)
	if err != nil {
		t.Fatal(err)
	}
	if fig.Imported != 1 {
		t.Fatalf("not imported: %v", fig.importErrs)
	}
	v, ok := fig.verdictsBefore[task["task"].(string)]
	if !ok {
		t.Fatalf("no verdict for %s", task["task"])
	}
	return v.Verified, verdictReason(v)
}

// madeUpTask is a task in the benchmark's format.
func madeUpTask(name, prompt string, tools []string, initial map[string]any, checks ...map[string]any) map[string]any {
	return map[string]any{"task": "made_up." + name,
		"prompt": []any{map[string]any{"role": "user", "content": prompt}},
		"info":   map[string]any{"zapier_tools": tools, "initial_state": initial, "assertions": checks}}
}

// A name the instruction composes from a quoted template and a value only
// a listing shows ("<the account's name> - Renewal") is grounded by
// listing the app's collections, where a generic "create record" tool
// called with a collection's name writes and so is no listing; and the
// generic create's record argument ({"fields": {...}}) is perturbed field
// by field against the goal, so that the goal is seen to tell a wrong
// opportunity from the right one (sf_opportunity_from_intro_email).
func TestComposedNameThroughGenericRecordTools(t *testing.T) {
	initial := map[string]any{
		"salesforce": map[string]any{
			"accounts":      []any{map[string]any{"id": "001B", "account_name": "Bramble Health"}, map[string]any{"id": "001C", "account_name": "Bramble Care"}},
			"contacts":      []any{map[string]any{"id": "003A", "first_name": "Ana", "last_name": "Lee", "email": "ana@bramble.example", "account_id": "001B"}},
			"opportunities": []any{}},
		"meta": map[string]any{"current_time": "2026-05-06T09:00:00Z"}}
	task := madeUpTask("sf_renewal_for_contact_account",
		`Create a Salesforce opportunity named "<the account of ana@bramble.example> - Renewal", stage Prospecting, amount 5000.`,
		[]string{"salesforce_find_records", "salesforce_create_record"}, initial,
		map[string]any{"type": "salesforce_opportunity_exists", "name": "Bramble Health - Renewal", "stage": "Prospecting", "amount": 5000})
	if ok, why := verifiedAsImported(t, task); !ok {
		t.Errorf("not verified as imported: %s", why)
	}
}

// A value only a get by key returns, whose key the agent must read first,
// is shown by two reads: a message naming its author's user id, then the
// user by that id, with the address (asana_task_from_slack_request).
func TestValueBehindAKeyTheAgentReadsFirst(t *testing.T) {
	initial := map[string]any{
		"slack": map[string]any{
			"channels": []any{map[string]any{"id": "C1", "name": "ops", "is_channel": true, "member_ids": []any{}}},
			"users": []any{map[string]any{"id": "U7", "name": "Rhea Dunn", "email": "rhea@depot.example"},
				map[string]any{"id": "U8", "name": "Otto Brand", "email": "otto@depot.example"}},
			"messages": []any{map[string]any{"id": "m1", "channel_id": "C1", "user_id": "U7", "text": "Conveyor 2 is down again.", "ts": "1778050800.000100"}}},
		"gmail": map[string]any{"messages": []any{}, "labels": []any{}, "drafts": []any{}},
		"meta":  map[string]any{"current_time": "2026-05-06T09:00:00Z"}}
	task := madeUpTask("gmail_thank_conveyor_reporter",
		`Email whoever reported the conveyor fault in #ops that the repair is booked for Friday.`,
		[]string{"slack_get_channel_messages", "slack_find_user_by_id", "gmail_send_email"}, initial,
		map[string]any{"type": "gmail_message_sent_to_with_body_contains", "to": "rhea@depot.example", "body_contains": []any{"Friday"}},
		map[string]any{"type": "gmail_message_not_sent_to", "to": "otto@depot.example"})
	if ok, why := verifiedAsImported(t, task); !ok {
		t.Errorf("not verified as imported: %s", why)
	}
}

// A second mail to a recipient the plan already mails is a duplicate, not
// the task done for someone it leaves out: the over-action probe sends the
// mail to someone else the data holds (zoom_webinar_thanks_attendees,
// where the duplicate kept full reward and no negative could forbid it).
func TestOverActionIsNotADuplicate(t *testing.T) {
	initial := map[string]any{
		"gmail": map[string]any{"labels": []any{}, "drafts": []any{}, "messages": []any{}},
		"hubspot": map[string]any{"contacts": []any{
			map[string]any{"id": "h1", "email": "ana@ridge.example", "firstname": "Ana"},
			map[string]any{"id": "h2", "email": "ben@ridge.example", "firstname": "Ben"},
			map[string]any{"id": "h3", "email": "cy@loft.example", "firstname": "Cy"}}},
		"meta": map[string]any{"current_time": "2026-05-06T09:00:00Z"}}
	task := madeUpTask("gmail_slides_two_speakers",
		`Email the slides link https://slides.example/q2 to ana@ridge.example and to cy@loft.example. Ben is not a speaker: do not send it to him.`,
		[]string{"gmail_send_email", "hubspot_find_contact"}, initial,
		map[string]any{"type": "gmail_message_sent_to_with_body_contains", "to": "ana@ridge.example", "body_contains": []any{"https://slides.example/q2"}},
		map[string]any{"type": "gmail_message_sent_to_with_body_contains", "to": "cy@loft.example", "body_contains": []any{"https://slides.example/q2"}},
		map[string]any{"type": "gmail_message_not_sent_to", "to": "ben@ridge.example"})
	if ok, why := verifiedAsImported(t, task); !ok {
		t.Errorf("not verified as imported: %s", why)
	}
}
