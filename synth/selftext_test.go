package synth

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/state"
)

// TestTextsAreTheirRecordsOwn: over the texts of apps that keep comments,
// notes, updates or messages on a parent (ClickUp tasks, Figma files,
// Shortcut stories, Google Docs documents, Asana tasks, Freshservice
// tickets, QuickBooks customers, Slack channels, and more), no text speaks of the record it is on as
// another ("Blocked on the task X" on X), none names a record made after
// it ("This ties in with the ticket X" on a note older than X), none
// greets, copies or names its writer, and an Asana story of type system says what the product
// did, never a person's sentence, and names only the section or project
// its task is in; some comments still speak of another
// record of their parent's kind ("Blocked on the task Y").
func TestTextsAreTheirRecordsOwn(t *testing.T) {
	groups := [][]string{{"clickup", "figma", "asana"}, {"shortcut", "google_docs", "box"}, {"confluence", "linear", "wrike"},
		{"jira_service_management", "freshservice", "happyfox"}, {"quickbooks", "shopify", "workable"}, {"gitlab", "cal_com", "monday"},
		{"slack", "front", "smartsheet"}}
	if testing.Short() {
		groups = groups[:1]
	}
	lib := builtinServers(t)
	person := regexp.MustCompile(`\b(I|my|me|we|Copying|Checked by|Blocked on|Hi|Thanks)\b|^[A-Z][a-z]+, |^Call |^Confirm `)
	container := regexp.MustCompile(`to the (.+) (project|section)\.$`)
	records, others, system, contained := 0, 0, 0, 0
	for _, apps := range groups {
		c := synthApps(t, 3, apps...)
		servers := map[string]*atom.Server{}
		for _, app := range apps {
			servers[app] = lib.ServerFor(app).MustServer()
		}
		for _, d := range c.Data {
			for _, v := range checkData(t, d, servers) {
				if v.Rule == "ref" && (strings.Contains(v.Message, "as another") || strings.Contains(v.Message, "who wrote it") || strings.Contains(v.Message, "made after it")) {
					t.Errorf("%s: %s", d.ID, v)
				}
			}
			for _, colls := range d.Records {
				for _, recs := range colls {
					records += len(recs)
					for _, rec := range recs {
						for _, f := range []string{"comment_text", "message", "text", "content", "body"} {
							if s, ok := rec[f].(string); ok && strings.Contains(s, "Blocked on the ") {
								others++
							}
						}
					}
				}
			}
			for _, s := range d.Records["asana"]["stories"] {
				if s["type"] != "system" {
					continue
				}
				system++
				if text := state.Text(s["text"]); person.MatchString(text) {
					t.Errorf("%s: asana system story %v reads as a person's words: %q", d.ID, s["id"], text)
				}
				if m := container.FindStringSubmatch(state.Text(s["text"])); m != nil {
					contained++
					if in := asanaContainers(d, state.Text(s["task"])); in[m[2]] != m[1] {
						t.Errorf("%s: asana system story %v names the %s %q; its task is in %v", d.ID, s["id"], m[2], m[1], in)
					}
				}
			}
		}
	}
	t.Logf("%d records; %d texts blocked on another record, %d asana system stories, %d naming their task's section or project", records, others, system, contained)
	if others == 0 || system == 0 {
		t.Errorf("drawn: %d texts blocked on another record, %d asana system stories; want some of each", others, system)
	}
}

// asanaContainers are the names of the section the Asana task key is in and
// of that section's project, by "section" and "project".
func asanaContainers(d *atom.Data, key string) map[string]string {
	out := map[string]string{}
	recs := d.Records["asana"]
	for _, task := range recs["tasks"] {
		if task["id"] != key {
			continue
		}
		for _, sec := range recs["sections"] {
			if sec["id"] != task["section"] {
				continue
			}
			out["section"] = state.Text(sec["name"])
			for _, p := range recs["projects"] {
				if p["id"] == sec["project"] {
					out["project"] = state.Text(p["name"])
				}
			}
		}
	}
	return out
}

// TestSelfTextsTakesOutTheSentence: a comment whose task or writer moved
// after its text was written loses the sentence that speaks of its own
// task as another or copies its writer, and keeps the rest; one left with
// no sentence goes, where no task names it; a text a task pins stays.
func TestSelfTextsTakesOutTheSentence(t *testing.T) {
	m := newAppModel(builtinServers(t).ServerFor("figma"), nil)
	d := &atom.Data{Records: map[string]map[string][]map[string]any{"figma": {
		"files": {{"key": "FgK1", "name": "Renewal plan"}, {"key": "FgK2", "name": "Launch deck"}},
		"comments": {
			{"id": "1", "file_key": "FgK1", "user_handle": "ana.ruiz", "message": "Looks right to me. Blocked on the file Renewal plan for now."},
			{"id": "2", "file_key": "FgK1", "user_handle": "ana.ruiz", "message": "Copying Ana Ruiz for sign-off. Blocked on the file Launch deck for now."},
			{"id": "3", "file_key": "FgK2", "user_handle": "ana.ruiz", "message": "See the file Launch deck."},
		},
	}}}
	db := &dataBuilder{val: newValuer(1, "b", time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)), p: &plan{}, d: d, keys: map[*collModel]map[string]string{}, used: map[string]bool{}}
	db.selfTexts([]*appModel{m})
	got := map[string]string{}
	for _, c := range d.Records["figma"]["comments"] {
		got[state.Text(c["id"])] = state.Text(c["message"])
	}
	want := map[string]string{"1": "Looks right to me.", "2": "Blocked on the file Launch deck for now."}
	if len(got) != len(want) || got["1"] != want["1"] || got["2"] != want["2"] {
		t.Errorf("comments %v, want %v", got, want)
	}
}

// TestSelfTextsKeepsRecordsOfAnAmount: a refund whose note named only its
// own order loses the note, not itself: the order's refunds still add up
// to what it was refunded.
func TestSelfTextsKeepsRecordsOfAnAmount(t *testing.T) {
	m := newAppModel(builtinServers(t).ServerFor("shopify"), nil)
	d := &atom.Data{Records: map[string]map[string][]map[string]any{"shopify": {
		"orders": {{"id": "gid://shopify/Order/51", "name": "#1001", "total_price": 90.0, "financial_status": "refunded"}},
		"refunds": {
			{"id": "gid://shopify/Refund/91", "order_id": "gid://shopify/Order/51", "amount": 40.0, "note": "See the order #1001."},
			{"id": "gid://shopify/Refund/92", "order_id": "gid://shopify/Order/51", "amount": 50.0, "note": "Damaged in transit."},
		},
	}}}
	db := &dataBuilder{val: newValuer(1, "b", time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)), p: &plan{}, d: d, keys: map[*collModel]map[string]string{}, used: map[string]bool{}}
	db.selfTexts([]*appModel{m})
	refunds := d.Records["shopify"]["refunds"]
	if len(refunds) != 2 {
		t.Fatalf("refunds %v, want both kept", refunds)
	}
	if note, ok := refunds[0]["note"]; ok {
		t.Errorf("refund's note %q names its own order, want it gone", note)
	}
	if refunds[1]["note"] != "Damaged in transit." {
		t.Errorf("other refund's note %v, want it as it was", refunds[1]["note"])
	}
}

// TestExpensesNameNotTheirReportAsAnother: an Expensify expense is kept in
// its report (reportID, declared parent and subject): no drawn comment
// speaks of the expense's own report as another ("See the report X" on an
// expense of X), nor sends its reader to another report (the eleventh
// reading's "See the report REP-6992" on an expense of REP-8772).
func TestExpensesNameNotTheirReportAsAnother(t *testing.T) {
	c := synthApps(t, 3, "expensify")
	servers := map[string]*atom.Server{"expensify": builtinServers(t).ServerFor("expensify").MustServer()}
	expenses := 0
	for _, d := range c.Data {
		for _, v := range checkData(t, d, servers) {
			if v.Rule == "ref" && (strings.Contains(v.Message, "as another") || strings.Contains(v.Message, "not the one")) {
				t.Errorf("%s: %s", d.ID, v)
			}
		}
		name := map[string]string{}
		for _, r := range d.Records["expensify"]["reports"] {
			name[state.Text(r["reportID"])] = state.Text(r["reportName"])
		}
		for _, e := range d.Records["expensify"]["expenses"] {
			expenses++
			if own := name[state.Text(e["reportID"])]; own != "" && strings.Contains(state.Text(e["comment"]), "the report ") {
				t.Errorf("%s: expense %v of the report %q: %q", d.ID, e["transactionID"], own, e["comment"])
			}
		}
	}
	if expenses == 0 {
		t.Errorf("no expense drawn; want some")
	}
}
