package synth

import (
	"slices"
	"strings"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestRecordsNoOlderThanTheirs synthesises the worlds of apps whose records
// are no older than the records they name (a Help Scout conversation than
// its mailbox and customer, a Rippling employee's start than their
// manager's, a Statuspage update than its incident), whose incidents are
// resolved by now and whose updates resolve only resolved incidents, and
// whose Gmail threads each hold a message; coherence finds no rule broken
// in them.
func TestRecordsNoOlderThanTheirs(t *testing.T) {
	checked := map[string]int{}
	worlds := 0
	for _, seed := range []int64{55, 7} {
		c, servers := readWorld(t, seed, "helpscout", "rippling", "statuspage", "gmail")
		worlds += len(c.Data)
		for _, d := range c.Data {
			// No rule broken: none of these, nor one their moves could break
			// (a maintenance resolved before it was scheduled for).
			for _, v := range violationsOf(d, servers, "", "") {
				t.Errorf("%s", v)
			}
			byKey := map[string]map[string]any{}
			for _, e := range d.Records["rippling"]["employees"] {
				byKey[state.Text(e["id"])] = e
			}
			for _, e := range d.Records["rippling"]["employees"] {
				if m := byKey[state.Text(e["manager_id"])]; m != nil {
					checked["manager"]++
					if state.Text(m["start_date"]) > state.Text(e["start_date"]) {
						t.Errorf("%s: employee %v started %v under %v, who started %v", d.ID, e["id"], e["start_date"], m["id"], m["start_date"])
					}
				}
			}
			checked["conversation"] += len(d.Records["helpscout"]["conversations"])
			checked["thread"] += len(d.Records["gmail"]["threads"])
			checked["update"] += len(d.Records["statuspage"]["incident_updates"])
			for _, in := range d.Records["statuspage"]["incidents"] {
				if state.Text(in["resolved_at"]) != "" {
					checked["resolved incident"]++
				}
			}
		}
	}
	t.Logf("checked over %d worlds: %v", worlds, checked)
	for _, k := range []string{"manager", "conversation", "thread", "update", "resolved incident"} {
		if checked[k] < 5 {
			t.Errorf("%d %s records drawn, want more", checked[k], k)
		}
	}
}

// TestUpdatesResolveResolvedIncidents synthesises Statuspage worlds: an
// update that resolves is on a resolved incident, and one on an incident
// that is not is of a status its field holds (not the incident's
// verifying, which updates do not have).
func TestUpdatesResolveResolvedIncidents(t *testing.T) {
	resolving, open := 0, 0
	for _, seed := range []int64{1, 2, 3} {
		c, servers := readWorld(t, seed, "statuspage")
		for _, d := range c.Data {
			for _, v := range violationsOf(d, servers, "", "") {
				if strings.Contains(v.Collection, "incident_updates") && (strings.Contains(v.Message, "does not agree") || v.Rule == coherence.RuleEnum) {
					t.Errorf("%s", v)
				}
			}
			status := map[string]string{}
			for _, in := range d.Records["statuspage"]["incidents"] {
				status[state.Text(in["id"])] = state.Text(in["status"])
			}
			for _, u := range d.Records["statuspage"]["incident_updates"] {
				if state.Text(u["status"]) == "resolved" {
					resolving++
				} else if s := status[state.Text(u["incident_id"])]; s != "" && s != "resolved" {
					open++
				}
			}
		}
	}
	t.Logf("%d resolving updates, %d on incidents not resolved", resolving, open)
	if resolving+open < 5 {
		t.Errorf("%d updates drawn, want more", resolving+open)
	}
}

// TestPartiesBeforeTheirRecords synthesises apps whose records are made
// for a party that exists then (a ticket's contact or requester, an
// invoice's customer, a list member's lead, a post's author): coherence
// finds no record older than its party, nor any other rule broken (a
// retweet older than the post it is of, once the post moved).
func TestPartiesBeforeTheirRecords(t *testing.T) {
	for _, apps := range [][]string{{"zoho_desk", "quickbooks", "twitter"}, {"salesforce", "wave", "zendesk"}, {"marketo", "convertkit"}} {
		c, servers := readWorld(t, 55, apps...)
		n := 0
		for _, d := range c.Data {
			n += countWhere(d, servers, func(col *atom.Collection) bool {
				return slices.ContainsFunc(col.Invariants, func(inv atom.Invariant) bool { return inv.Rule == "since" })
			})
			for _, v := range violationsOf(d, servers, "", "") {
				t.Errorf("%s", v)
			}
		}
		t.Logf("%v: %d records under since rules over %d worlds", apps, n, len(c.Data))
		if n < 10 {
			t.Errorf("%v: %d records under since rules, want more", apps, n)
		}
	}
}

// TestLeaveReasonsOfTheirType synthesises the leave requests of Rippling
// and BambooHR: a reason is one of its leave type's (no parental leave
// "Recovering from surgery.", no sick leave "Bereavement.").
func TestLeaveReasonsOfTheirType(t *testing.T) {
	c, _ := readWorld(t, 55, "rippling", "bamboohr")
	n := 0
	for _, d := range c.Data {
		for app, byName := range d.Records {
			for name, recs := range byName {
				for _, rec := range recs {
					reason, ok := rec["reason"].(string)
					if !ok || !strings.Contains(name, "leave") && !strings.Contains(name, "time_off") {
						continue
					}
					kind := ""
					for _, f := range []string{"leave_type", "type"} {
						for _, w := range strings.Fields(strings.ToLower(state.Text(rec[f]))) {
							if k := leaveWords[w]; k != "" {
								kind = k
							}
						}
					}
					if kind == "" {
						continue
					}
					n++
					for other, frames := range textFrames {
						if !strings.HasPrefix(other, "leave.core.") || other == "leave.core."+kind {
							continue
						}
						if slices.Contains(frames, reason) && !slices.Contains(textFrames["leave.core."+kind], reason) {
							t.Errorf("%s: %s.%s %v of type %s gives the reason %q, one of %s", d.ID, app, name, rec, kind, reason, other)
						}
					}
				}
			}
		}
	}
	t.Logf("%d leave reasons of a known type", n)
	if n < 5 {
		t.Errorf("%d leave reasons of a known type, want more", n)
	}
}

// TestMaintenancesAreNoOutages synthesises Statuspage worlds: a
// maintenance (a record in scheduled, in_progress, verifying or
// completed) carries no outage's impact, every incident has an impact,
// and an update is in its incident's kind of status: a maintenance is
// never investigated, an outage never scheduled; a maintenance is named
// for the work, not as an outage; coherence finds no rule of either
// collection broken.
func TestMaintenancesAreNoOutages(t *testing.T) {
	maint := []string{"scheduled", "in_progress", "verifying", "completed"}
	maintenances, onMaintenance := 0, 0
	for _, seed := range []int64{1, 2, 3} {
		c, servers := readWorld(t, seed, "statuspage")
		for _, d := range c.Data {
			for _, v := range violationsOf(d, servers, coherence.RuleInvariant, "") {
				if strings.Contains(v.Collection, "incident") {
					t.Errorf("%s", v)
				}
			}
			isMaint := map[string]bool{}
			for _, in := range d.Records["statuspage"]["incidents"] {
				m := slices.Contains(maint, state.Text(in["status"]))
				isMaint[state.Text(in["id"])] = m
				if m {
					maintenances++
				}
				if imp := state.Text(in["impact"]); imp == "" || m && imp != "none" {
					t.Errorf("%s: incident %v (%v) has impact %q", d.ID, in["id"], in["status"], imp)
				}
				if name := state.Text(in["name"]); m && outageName(name) {
					t.Errorf("%s: maintenance %v (%v) is named as an outage: %q", d.ID, in["id"], in["status"], name)
				}
			}
			for _, u := range d.Records["statuspage"]["incident_updates"] {
				m, ok := isMaint[state.Text(u["incident_id"])]
				if !ok {
					continue
				}
				if m {
					onMaintenance++
				}
				if slices.Contains(maint, state.Text(u["status"])) != m {
					t.Errorf("%s: update %v in status %v on incident %v, a maintenance: %v", d.ID, u["id"], u["status"], u["incident_id"], m)
				}
			}
		}
	}
	t.Logf("%d maintenances, %d updates on them", maintenances, onMaintenance)
	if maintenances < 5 || onMaintenance < 3 {
		t.Errorf("%d maintenances and %d updates on them drawn, want more", maintenances, onMaintenance)
	}
}

// outageName reports whether name is drawn from an outage's phrases.
func outageName(name string) bool {
	return slices.ContainsFunc(slices.Concat(outagePhrases, outageCodePhrases), func(p string) bool {
		pre, _, _ := strings.Cut(p, "%s")
		return pre != "" && strings.HasPrefix(name, pre)
	})
}

// stageWords are words only a text at one stage of an outage writes.
var stageWords = map[string][]string{
	"investigating": {"investigat", "looking into"},
	"identified":    {"cause of", "what caused"},
	"monitoring":    {"monitoring"},
	"resolved":      {"is resolved", "resolved as of", "fully restored", "back to normal"},
}

// aheadWords are words of a text written before or during a maintenance
// (the next update, a window to come, a service briefly down), which a
// completed one no longer writes.
var aheadWords = []string{"next update", "will post an update", "may be briefly", "during this window", "we are upgrading",
	"stays available", "until then", "will update by"}

// TestStatusTextsAtTheirStage synthesises Statuspage worlds: an incident's
// or an update's body is written at the stage its status is in (no "is
// resolved" on an incident still investigated, no investigation on an
// update identifying the cause), and an update on a maintenance announces
// the work, investigating nothing; a completed maintenance's or a
// resolved incident's text looks ahead no more.
func TestStatusTextsAtTheirStage(t *testing.T) {
	checked, completed := 0, 0
	for _, seed := range []int64{1, 2, 3} {
		c, _ := readWorld(t, seed, "statuspage")
		for _, d := range c.Data {
			maint := map[string]bool{}
			for _, in := range d.Records["statuspage"]["incidents"] {
				maint[state.Text(in["id"])] = atom.IsSet(in["scheduled_for"])
			}
			for _, coll := range []string{"incidents", "incident_updates"} {
				for _, rec := range d.Records["statuspage"][coll] {
					body, status := strings.ToLower(state.Text(rec["body"])), state.Text(rec["status"])
					if body == "" {
						continue
					}
					if m, ok := maint[state.Text(rec["incident_id"])]; ok && m == !strings.Contains(body, "maintenance") && !strings.Contains(body, "upgrad") {
						t.Errorf("%s: update %v on incident %v (a maintenance: %v) reads %q", d.ID, rec["id"], rec["incident_id"], m, body)
					}
					if m, ok := maint[state.Text(rec["incident_id"])]; ok && m && strings.Contains(body, "investigat") {
						t.Errorf("%s: update %v on maintenance %v investigates: %q", d.ID, rec["id"], rec["incident_id"], body)
					}
					if status == "completed" || status == "resolved" {
						completed++
						for _, w := range aheadWords {
							if strings.Contains(body, w) {
								t.Errorf("%s: %s %v is completed but its text looks ahead (%q): %q", d.ID, coll, rec["id"], w, body)
							}
						}
					}
					if _, ok := stageWords[status]; !ok {
						continue
					}
					checked++
					for stage, words := range stageWords {
						for _, w := range words {
							if stage != status && strings.Contains(body, w) {
								t.Errorf("%s: %s %v is %s but its text is %s: %q", d.ID, coll, rec["id"], status, stage, body)
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d texts of an outage's stage read, %d of a completed maintenance or a resolved incident", checked, completed)
	if checked < 20 || completed < 3 {
		t.Errorf("%d texts of an outage's stage and %d of a completed maintenance read, want more", checked, completed)
	}
}
