package synth

import (
	"testing"
	"time"

	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/state"
)

// TestReferencesByField synthesises Jira, whose comments name their issue
// and whose issues name their project by its key field, not its id:
// every such reference drawn holds a key of a record there, and coherence
// finds no reference that does not resolve.
func TestReferencesByField(t *testing.T) {
	c, servers := readWorld(t, 27, "jira", "confluence", "slack")
	held, bad := 0, 0
	for _, d := range c.Data {
		var colls []*state.Collection
		for app, byName := range d.Records {
			for name, recs := range byName {
				colls = append(colls, state.NewCollection(app+"."+name, servers[app].Collection(name).KeyField(), recs))
			}
		}
		keys := map[string]bool{}
		for _, coll := range []string{"issues", "projects"} {
			for _, r := range d.Records["jira"][coll] {
				keys[coll+"|"+state.Text(r["key"])] = true
			}
		}
		for _, ref := range [][3]string{{"comments", "issue_key", "issues"}, {"issues", "project_key", "projects"}} {
			for _, r := range d.Records["jira"][ref[0]] {
				if v, ok := r[ref[1]]; ok {
					held++
					if !keys[ref[2]+"|"+state.Text(v)] {
						t.Errorf("%s: %s %v holds %q, no %s's key", d.ID, ref[0], r["id"], state.Text(v), ref[2])
					}
				}
			}
		}
		clock, _ := time.Parse(time.RFC3339, d.Clock)
		for _, v := range coherence.CheckWorld(d.ID, servers, state.NewWorld(clock, colls...)) {
			if v.Rule == coherence.RuleRef {
				if bad++; bad <= 5 {
					t.Errorf("%s", v)
				}
			}
		}
	}
	if held < 10 {
		t.Errorf("only %d references by key field drawn", held)
	}
}

// TestListReferencesHoldARecord: a list of references on a record a task
// is about holds a record of its target, as the product's would (a Slack
// channel has a member, a Calendly event a host, a PagerDuty escalation
// policy someone to page), and every one resolves.
func TestListReferencesHoldARecord(t *testing.T) {
	c, servers := readWorld(t, 52, "slack", "calendly", "pagerduty")
	lists := []struct{ app, coll, field string }{
		{"slack", "channels", "member_ids"},
		{"calendly", "scheduled_events", "host_ids"},
		{"pagerduty", "escalation_policies", "user_ids"},
	}
	for _, l := range lists {
		full, all := 0, 0
		for _, d := range c.Data {
			for _, rec := range d.Records[l.app][l.coll] {
				if xs, ok := rec[l.field].([]any); ok {
					if all++; len(xs) > 0 {
						full++
					}
				}
			}
			for _, v := range violationsOf(d, servers, "ref", "") {
				t.Errorf("%s", v)
			}
		}
		if all == 0 || full*10 < all*9 {
			t.Errorf("%s %s: %d of %d %s lists hold a record, want nine in ten or more", l.app, l.coll, full, all, l.field)
		}
	}
}
