package synth

import (
	"maps"
	"reflect"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestRecordsKeepTheirProductsRules: the records of the apps whose
// products gate a value by a state (engagement only on a published post,
// GitHub's state_reason by the state, WooCommerce's stock on hand
// only in stock), order their dates (a post updated after it was
// published, a Box file not edited once trashed, no time off after an
// employee's termination) or write an invoice off unpaid (Stripe's
// uncollectible), gate fields by a record's kind (a private Telegram chat
// has no title, a Slack direct message no name) or keep a meeting's
// attendees between its start and end, post a message only where the
// product takes one (a Discord text channel, not a category), receive a
// message minutes after it was sent (Outlook) or type a workflow state by
// its name (Shortcut) are drawn keeping those rules: the coherence check
// finds no record breaking them.
func TestRecordsKeepTheirProductsRules(t *testing.T) {
	apps := []string{"buffer", "linkedin", "github", "woocommerce", "box", "stripe", "bamboohr", "gusto",
		"telegram", "microsoft_teams", "slack", "wrike", "google_calendar", "gmail", "gotomeeting", "whereby", "zulip", "miro",
		"google_chat", "discord", "squarespace_commerce", "rippling", "shortcut", "outlook"}
	c := synthApps(t, 3, apps...)
	servers := appServers(t, apps...)
	checked := map[string]int{}
	for _, d := range c.Data {
		for app, byName := range d.Records {
			for _, recs := range byName {
				checked[app] += len(recs)
			}
		}
		for _, v := range checkData(t, d, servers) {
			if v.Rule == coherence.RuleInvariant || v.Rule == coherence.RuleFields {
				t.Errorf("%s", v)
			}
		}
	}
	for _, app := range apps {
		if checked[app] < 5 {
			t.Errorf("only %d records of %s checked", checked[app], app)
		}
	}
}

// TestGatedCountsAndValues: a count a state does not allow goes (a
// draft's likes), a value gated by its own values goes where the state
// denies it (completed on an open issue), and a record of no state takes
// the one its value needs.
func TestGatedCountsAndValues(t *testing.T) {
	cm := &collModel{c: &atom.Collection{Fields: map[string]atom.Field{
		"status": {Type: "string", Enum: []any{"draft", "sent"}},
		"state":  {Type: "string", Enum: []any{"open", "closed"}},
	}}}
	likes := atom.Invariant{Rule: "only_when", Fields: []string{"likes", "status"}, In: []string{"sent"}}
	reason := atom.Invariant{Rule: "only_when", Fields: []string{"state_reason", "state"}, In: []string{"closed"}, Values: []string{"completed", "not_planned"}}
	for _, tc := range []struct {
		inv       atom.Invariant
		rec, want map[string]any
	}{
		{likes, map[string]any{"status": "draft", "likes": 12}, map[string]any{"status": "draft"}},
		{likes, map[string]any{"status": "sent", "likes": 12}, map[string]any{"status": "sent", "likes": 12}},
		{likes, map[string]any{"likes": 12}, map[string]any{"status": "sent", "likes": 12}},
		{reason, map[string]any{"state": "open", "state_reason": "completed"}, map[string]any{"state": "open"}},
		{reason, map[string]any{"state": "open", "state_reason": "reopened"}, map[string]any{"state": "open", "state_reason": "reopened"}},
		{reason, map[string]any{"state_reason": "not_planned"}, map[string]any{"state": "closed", "state_reason": "not_planned"}},
	} {
		rec := maps.Clone(tc.rec)
		conformOnlyWhen(cm, tc.inv, rec, false, nil)
		if !reflect.DeepEqual(rec, tc.want) {
			t.Errorf("%v became %v, want %v", tc.rec, rec, tc.want)
		}
	}
}

// TestRequestsInTheirTypesDesk: a Jira Service Management request is
// raised in its request type's service desk; synthesis draws each request
// with the desk of its type, and the coherence check finds none in another.
func TestRequestsInTheirTypesDesk(t *testing.T) {
	c := synthApps(t, 3, "jira_service_management")
	s := builtinServers(t).ServerFor("jira_service_management").MustServer()
	servers := map[string]*atom.Server{"jira_service_management": s}
	requests := 0
	for _, d := range c.Data {
		recs := d.Records["jira_service_management"]
		desk := map[string]any{}
		for _, rt := range recs["request_types"] {
			desk[state.Text(rt["id"])] = rt["serviceDeskId"]
		}
		for _, r := range recs["requests"] {
			if want, ok := desk[state.Text(r["requestTypeId"])]; ok && atom.IsSet(r["serviceDeskId"]) {
				requests++
				if r["serviceDeskId"] != want {
					t.Errorf("%s: request %v of type %v is in desk %v, its type's is %v", d.ID, r["issueKey"], r["requestTypeId"], r["serviceDeskId"], want)
				}
			}
		}
		var colls []*state.Collection
		for name, rs := range recs {
			colls = append(colls, state.NewCollection("jira_service_management."+name, s.Collection(name).KeyField(), rs))
		}
		clock, err := time.Parse(time.RFC3339, d.Clock)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range coherence.CheckWorld(d.ID, servers, state.NewWorld(clock, colls...)) {
			if v.Rule == coherence.RuleInvariant && v.Field == "serviceDeskId" {
				t.Errorf("%s", v)
			}
		}
	}
	if requests < 10 {
		t.Errorf("only %d requests with a desk and a type checked", requests)
	}
}

// TestGatedStateOfARequiredField: a field every record holds, whose
// values the record's name gates (a Shortcut workflow state's type by its
// name), takes the value the name allows instead of going: a state named
// Backlog drawn as done is unstarted, one named Done drawn as started is
// done, and a type a task sets renames the state.
func TestGatedStateOfARequiredField(t *testing.T) {
	invs := []atom.Invariant{
		{Rule: "only_when", Fields: []string{"type", "name"}, In: []string{"Backlog"}, Values: []string{"unstarted"}},
		{Rule: "only_when", Fields: []string{"type", "name"}, In: []string{"In Progress"}, Values: []string{"started"}},
		{Rule: "only_when", Fields: []string{"type", "name"}, In: []string{"Done"}, Values: []string{"done"}},
	}
	cm := &collModel{c: &atom.Collection{Fields: map[string]atom.Field{
		"name": {Type: "string", Role: atom.RoleTitle},
		"type": {Type: "string", Enum: []any{"unstarted", "started", "done"}, Required: true},
	}, Invariants: invs}}
	for _, tc := range []struct {
		rec, set, want map[string]any
	}{
		{map[string]any{"name": "Backlog", "type": "done"}, nil, map[string]any{"name": "Backlog", "type": "unstarted"}},
		{map[string]any{"name": "Done", "type": "started"}, nil, map[string]any{"name": "Done", "type": "done"}},
		{map[string]any{"name": "In Progress", "type": "started"}, nil, map[string]any{"name": "In Progress", "type": "started"}},
		{map[string]any{"name": "Backlog", "type": "done"}, map[string]any{"type": "done"}, map[string]any{"name": "Done", "type": "done"}},
	} {
		rec := maps.Clone(tc.rec)
		gateByState(cm, rec, false, tc.set)
		if !reflect.DeepEqual(rec, tc.want) {
			t.Errorf("%v (set %v) became %v, want %v", tc.rec, tc.set, rec, tc.want)
		}
	}
}

// TestWorkflowStatesTypedByTheirNames: every Shortcut workflow state
// synthesis draws has a type, the one its name says (a state named
// Backlog is unstarted, Deployed done), so a story completed sits in a
// state named as over.
func TestWorkflowStatesTypedByTheirNames(t *testing.T) {
	c := synthApps(t, 3, "shortcut")
	srv := builtinServers(t).ServerFor("shortcut").MustServer()
	coll := srv.Collection("workflow_states")
	typeOfName := map[string]string{"Backlog": "unstarted", "Icebox": "unstarted", "Ready for Development": "unstarted",
		"In Development": "started", "Code Review": "started", "In QA": "started", "Done": "done", "Deployed": "done"}
	n := 0
	for _, d := range c.Data {
		for _, rec := range d.Records["shortcut"]["workflow_states"] {
			n++
			if !atom.IsSet(rec["type"]) {
				t.Errorf("%s: workflow state %v has no type", d.ID, rec)
			}
			for _, p := range coll.RecordProblems(rec) {
				t.Errorf("%s: workflow state %v: %s", d.ID, rec, p.Message)
			}
			if want, ok := typeOfName[state.Text(rec["name"])]; ok && rec["type"] != want {
				t.Errorf("%s: workflow state %q is %v, want %s", d.ID, rec["name"], rec["type"], want)
			}
		}
	}
	if n < 5 {
		t.Errorf("only %d workflow states drawn", n)
	}
}

// TestSentMinutesBeforeReceived: a message drawn as received a week after
// it was sent, or before it, is received minutes after it was sent; where a
// task sets the received time, the sent time moves to minutes before it.
func TestSentMinutesBeforeReceived(t *testing.T) {
	inv := atom.Invariant{Rule: "soon_after", Fields: []string{"sentDateTime", "receivedDateTime"}}
	for _, tc := range []struct {
		sent, received string
		set            map[string]any
		keep           string
	}{
		{"2026-05-03T14:30:00Z", "2026-05-10T14:30:00Z", nil, "sentDateTime"},
		{"2026-05-11T09:00:00Z", "2026-05-10T14:30:00Z", nil, "sentDateTime"},
		{"2026-05-03T14:30:00Z", "2026-05-10T14:30:00Z", map[string]any{"receivedDateTime": "2026-05-10T14:30:00Z"}, "receivedDateTime"},
	} {
		rec := map[string]any{"sentDateTime": tc.sent, "receivedDateTime": tc.received}
		c := &atom.Collection{Invariants: []atom.Invariant{inv}}
		conformSoonAfter(c, inv, rec, tc.set)
		if rec[tc.keep] != map[string]any{"sentDateTime": tc.sent, "receivedDateTime": tc.received}[tc.keep] {
			t.Errorf("%s moved: %v", tc.keep, rec)
		}
		if ps := c.RecordProblems(rec); len(ps) > 0 {
			t.Errorf("sent %s, received %s became %v: %v", tc.sent, tc.received, rec, ps)
		}
	}
}

// TestMessagesReceivedMinutesAfterSending: every Outlook message
// synthesis draws is received within minutes of being sent, never a week
// later (a body dated by the day it arrived then names a day after it was
// written).
func TestMessagesReceivedMinutesAfterSending(t *testing.T) {
	c := synthApps(t, 3, "outlook")
	n := 0
	for _, d := range c.Data {
		for _, rec := range d.Records["outlook"]["messages"] {
			sent, sok := atom.Time(rec["sentDateTime"])
			received, rok := atom.Time(rec["receivedDateTime"])
			if !sok || !rok {
				continue
			}
			n++
			if gap := received.Sub(sent); gap < 0 || gap > time.Hour {
				t.Errorf("%s: message %v sent %s, received %s", d.ID, rec["id"], rec["sentDateTime"], rec["receivedDateTime"])
			}
		}
	}
	if n < 5 {
		t.Errorf("only %d messages with both times drawn", n)
	}
}
