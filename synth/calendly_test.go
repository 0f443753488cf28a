package synth

import (
	"maps"
	"regexp"
	"slices"
	"testing"

	"github.com/legoenv/legoenv/atom"
	"github.com/legoenv/legoenv/coherence"
	"github.com/legoenv/legoenv/gen"
)

// TestCalendlyRecordsAgree: the Calendly records drawn break no rule of
// their server (a no-show stamp only on a no-show, a cancellation only on
// a canceled booking, an event ending after it starts, a location kind of
// the product's), an invitee's text reminder goes to a phone number, and
// every scheduled event has its start and end.
func TestCalendlyRecordsAgree(t *testing.T) {
	c, servers := readWorld(t, 52, "calendly")
	phone := regexp.MustCompile(`^\+?[0-9][0-9 ()-]{6,}$`)
	events, reminders := 0, 0
	for _, d := range c.Data {
		for _, v := range violationsOf(d, servers, "", "") {
			t.Errorf("%s", v)
		}
		for _, rec := range d.Records["calendly"]["scheduled_events"] {
			if events++; !atom.IsSet(rec["start_time"]) || !atom.IsSet(rec["end_time"]) {
				t.Errorf("%s: scheduled event %v has no start or end: %v, %v", d.ID, rec["id"], rec["start_time"], rec["end_time"])
			}
		}
		for _, rec := range d.Records["calendly"]["invitees"] {
			if n, ok := rec["text_reminder_number"].(string); ok {
				if reminders++; !phone.MatchString(n) {
					t.Errorf("%s: invitee %v's text reminder number %q is no phone number", d.ID, rec["id"], n)
				}
			}
		}
	}
	if events < 10 || reminders < 10 {
		t.Errorf("%d scheduled events and %d text reminder numbers drawn, want more", events, reminders)
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

// TestOwnersWorkAtTheCompany: the owner or assignee of a record in the
// company's own tools (an Asana task's assignee, a Box file's owned_by, a
// Google Docs document's owner) is one of its people, on its domain.
func TestOwnersWorkAtTheCompany(t *testing.T) {
	c, servers := readWorld(t, 52, "asana", "box", "google_docs", "expensify")
	owners := 0
	for _, d := range c.Data {
		for app, colls := range d.Records {
			for name, recs := range colls {
				sh := coherence.ShapeOf(servers[app], servers[app].Collection(name))
				for _, rec := range recs {
					for _, f := range coherence.OwnerAddressFields(sh) {
						if atom.IsSet(rec[f]) {
							owners++
						}
					}
				}
			}
		}
		for _, v := range violationsOf(d, servers, coherence.RuleIdentity, "") {
			t.Errorf("%s", v)
		}
	}
	if owners < 30 {
		t.Errorf("%d owners' addresses drawn, want more", owners)
	}
}

// TestStaffTextSpeaksOfTheCompany: a record that is one of the
// workspace's own people by its value (a Zendesk agent or admin among end
// users) speaks of the company it works at: the texts of a world's staff
// name one company at most, the world's own, never the customers a row
// drew for them.
func TestStaffTextSpeaksOfTheCompany(t *testing.T) {
	c, servers := readWorld(t, 52, "zendesk")
	users := servers["zendesk"].Collection("users")
	staff, worlds := 0, 0
	for _, d := range c.Data {
		named := map[string]bool{}
		for _, rec := range d.Records["zendesk"]["users"] {
			if !users.Staff.Holds(rec) {
				continue
			}
			staff++
			for f, fd := range users.Fields {
				if s, ok := rec[f].(string); ok && fd.Role == atom.RoleText {
					for _, n := range gen.CompaniesNamed(s) {
						named[n] = true
					}
				}
			}
		}
		if len(named) > 1 {
			t.Errorf("%s: the staff's texts name %d companies: %v", d.ID, len(named), slices.Sorted(maps.Keys(named)))
		}
		worlds++
	}
	if staff < 10 {
		t.Errorf("%d staff users drawn in %d worlds, want more", staff, worlds)
	}
}
