package automationbench

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Tasks of the benchmark's grammar that the sample does not show
// (testdata/unseen): parameters named otherwise than the fields they test,
// values inside lists of records, a cancel that takes its reason, goals the
// planner once called contradictory (a row count and a row with a value,
// one tag on two customers). Each imports whole and verifies.
func TestUnseenTasks(t *testing.T) {
	s := testSchemas(t)
	files, err := filepath.Glob(filepath.Join("testdata", "unseen", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no unseen tasks: %v", err)
	}
	var srcs []Source
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, Source{File: filepath.Base(f), Data: b})
	}
	vs, res := verifyImported(t, s, srcs)
	if res.Report.ImportedFully != len(files) {
		t.Fatalf("imported %d of %d fully: %v", res.Report.ImportedFully, len(files), res.Report.Errors)
	}
	for id, v := range vs {
		if !v.Verified {
			t.Errorf("%s not verified: %+v", id, v.RootCause)
		}
	}
	// The fields the parameters were read as.
	goals := map[string]string{}
	for _, in := range res.Intents {
		b, _ := json.Marshal(in.Goal)
		goals[strings.TrimPrefix(in.ID, "unseen.")] = string(b)
	}
	for task, frags := range map[string][]string{
		"jira_title_is_summary":  {`"summary":{"icontains":"printer"}`},
		"calendly_cancel_reason": {`"cancel_reason":{"icontains":"conflict"}`},
		"lead_by_profile_url":    {`"linkedin_url":{"equals":"https://www.linkedin.com/in/annlee"}`},
		"envelope_signer_order":  {`r.signers.exists(e1`, `e1.routing_order`, `e1.role_name`, `e1.email.lowerAscii() == \"legal@acme.example\"`},
		"hubspot_deal_stage":     {`"dealname":{"equals":"Acme renewal"}`, `"dealstage":{"equals":"closedwon"}`},
		"mailchimp_subscribe":    {`"list_id":{"in":["aud_1","Newsletter"`},
		"qb_invoice_amount":      {`"total_amt":{"gte":1000}`, `"message":{"icontains":"March"}`},
		"linkedin_invite_by_url": {`"recipient_profile_url":{"equals":"https://www.linkedin.com/in/annlee"}`},
		"twilio_sms_to":          {`"to_number":{"matches":"^\\D*1\\D*4`},
	} {
		for _, f := range frags {
			if !strings.Contains(goals[task], f) {
				t.Errorf("%s: goal lacks %s\n%s", task, f, goals[task])
			}
		}
	}
}

// A parameter no field answers to is reported with the closest fields.
func TestUnmappedParameterNamesCandidates(t *testing.T) {
	s := testSchemas(t)
	data := synthTask(t, map[string]any{"type": "salesforce_lead_exists", "emial_adress": "lee@acme.example"})
	res := Import(s, []Source{{File: "t.json", Data: data}})
	for _, e := range res.Report.Errors {
		if strings.Contains(e.Message, `no field of salesforce.leads for "emial_adress"`) {
			if !strings.Contains(e.Message, "closest: ") || !strings.Contains(e.Message, "email") {
				t.Errorf("no candidates in %q", e.Message)
			}
			return
		}
	}
	t.Fatalf("no error for the parameter: %v", res.Report.Errors)
}
